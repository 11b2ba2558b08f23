import { ROLE_NAMES, SITE_ROLE_NUMBERS } from '@storefront/commerce';
import type { Option } from '../../../components/Field';

/** Spec §6 roles, by number, as a merchant reads them ("Store manager"). */
export const ROLE_OPTIONS: readonly Option[] = SITE_ROLE_NUMBERS.map((role) => ({
  value: String(role),
  label: ROLE_NAMES[role].charAt(0).toUpperCase() + ROLE_NAMES[role].slice(1),
}));
