import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody } from '../../../../server/src/modules/owner-settings/schema';
import { api } from './client';

export interface StoreSettings {
  useLightCart: boolean;
  restockNotificationsSuccessText: string | null;
  displayNativeProductReviewsEnabled: boolean;
  displayImportedProductReviewsEnabled: boolean;
  multipleQuantityAllowedForServices: boolean;
  restockAutoSend: boolean;
}

export interface Settings {
  siteTitle: string;
  currency: string;
  timeZone: string;
  mailFrom: string | null;
  publicUrl: string | null;
  storeSettings: StoreSettings;
  /** The bar above every page; null: none. */
  announcement: { text: string; url?: string } | null;
  /** Every page's footer (its policy and social links are kept as they are by the form). */
  footer: {
    policies: { title: string; url: string }[];
    contactEmail?: string;
    contactPhone?: string;
    contactAddress?: string;
    socialAccounts: { serviceName: string; userName: string; profileUrl: string }[];
    /** The footer offers the site's first newsletter form. */
    newsletterSignUp: boolean;
  };
  /** Every storefront page asks for the site password (spec §2 lock screen). */
  sitePasswordSet: boolean;
  /** What mails use now: the owner's value, else the server's MAIL_FROM / PUBLIC_URL. */
  effective: { mailFrom: string; publicUrl: string };
}

const PATH = '/api/config/settings';

export const settingsKeys = {
  all: ['settings'] as const,
  detail: () => [...settingsKeys.all, 'detail'] as const,
};

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail(),
    queryFn: async () => (await api<{ settings: Settings }>('GET', PATH)).settings,
  });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsBody) =>
      (await api<{ settings: Settings }>('PATCH', PATH, body)).settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.detail(), settings),
  });
}
