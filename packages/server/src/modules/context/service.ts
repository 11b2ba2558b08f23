import { CART_URL, type InstallmentContext } from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import type { SiteContext } from '../../services.js';
import { DEFAULT_INSTALLMENTS } from './installments.js';
import { findInstallmentSettings } from './repo.js';
import type { ContextConfig } from './schema.js';

/** The store's installment context (spec §3), or the defaults when the store has no settings row. */
export async function getInstallmentContext(ctx: RequestContext): Promise<InstallmentContext> {
  const row = await findInstallmentSettings(ctx.db, ctx.websiteId);
  if (!row) return { ...DEFAULT_INSTALLMENTS };
  return {
    afterPayAvailable: !!row.installments_available,
    afterPayMin: row.installments_min_cents,
    afterPayMax: row.installments_max_cents,
    shopperLanguage: row.installments_shopper_language,
    stripeAccountCountry: row.installments_account_country,
  };
}

/** GET /api/context/config: what the browser needs about the site before any page data. */
export async function getContextConfig(ctx: SiteContext): Promise<ContextConfig> {
  const { website } = ctx.site;
  const { restockAutoSend: _, ...storeSettings } = ctx.site.storeSettings;
  return {
    websiteId: website.id,
    currency: website.currency,
    locale: website.locale,
    timeZone: website.timeZone,
    storeSettings,
    // Spec §2: "The cart link is always /cart."
    cartUrl: CART_URL,
    installments: await getInstallmentContext(ctx),
  };
}
