import { parseArgs } from 'node:util';
import { parseRole, ROLE_NAMES, roleName, SITE_ROLE_NUMBERS } from '@storefront/commerce';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../platform/errors.js';
import { ownerBaseUrl } from '../../platform/owner-auth.js';
import { contributorEmail, newPassword } from './schema.js';
import { addContributor, LINK_VALIDITY, type OwnerContext, setPasswordLink } from './service.js';

export const USER_ADD_USAGE =
  'Usage: storefront user add EMAIL --role ROLE [--name NAME]  (password on standard input, or none for a set-password link)';

/** What `npm start` prints while nobody can sign in to the owner's area. */
export const FIRST_ADMIN_HINT =
  'No contributors yet: create the first admin with `npx storefront user add you@example.com --role admin`, then sign in at /config.';

const ROLE_LIST = SITE_ROLE_NUMBERS.map((r) => `${r} ${ROLE_NAMES[r]}`).join(', ');

/**
 * `storefront user add EMAIL --role ROLE [--name NAME]`: adds a contributor with the password
 * given (read from standard input by the bin), or without one and prints a one-time link that
 * sets it. Answers the exit code and the lines to print.
 */
export async function userAdd(
  ctx: OwnerContext,
  config: AppConfig,
  args: string[],
  password: string | undefined,
): Promise<{ code: number; lines: string[] }> {
  let parsed: ReturnType<typeof parseUserAdd>;
  try {
    parsed = parseUserAdd(args);
  } catch (err) {
    return { code: 2, lines: [(err as Error).message, USER_ADD_USAGE] };
  }
  const email = contributorEmail.safeParse(parsed.positionals[0] ?? '');
  if (!email.success)
    return {
      code: 2,
      lines: [`${parsed.positionals[0] ?? '(no email)'}: ${email.error.issues[0].message}`, USER_ADD_USAGE],
    };
  const role = parsed.values.role === undefined ? null : parseRole(parsed.values.role);
  if (role === null) {
    const given = parsed.values.role ?? '(none)';
    return {
      code: 2,
      lines: [`--role ${given} is not one of the expected options: ${ROLE_LIST}`, USER_ADD_USAGE],
    };
  }
  if (password !== undefined) {
    const checked = newPassword.safeParse(password);
    if (!checked.success) return { code: 2, lines: [`Password: ${checked.error.issues[0].message}`] };
  }
  const name = parsed.values.name?.trim() || email.data.split('@')[0];
  try {
    const { contributor, setPasswordToken } = await addContributor(ctx, {
      email: email.data,
      name,
      role,
      password,
    });
    const base = ownerBaseUrl(config);
    const added = `Added ${contributor.email} as ${roleName(role)}.`;
    if (!setPasswordToken) return { code: 0, lines: [`${added} Sign in at ${base}/config`] };
    return {
      code: 0,
      lines: [
        `${added} No password was given: open this link within ${LINK_VALIDITY['set-password'].words} to set it (it works once):`,
        setPasswordLink(base, setPasswordToken),
      ],
    };
  } catch (err) {
    if (err instanceof HttpError) return { code: 1, lines: [err.message] };
    throw err;
  }
}

function parseUserAdd(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' } },
  });
}
