import type { AppConfig } from '../../config.js';
import { hashPassword } from '../../platform/passwords.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { DEFAULT_MAIL_FROM } from '../email/worker.js';
import { type Site, saveSiteSettings } from '../site/service.js';
import type { SettingsBody } from './schema.js';

/** The settings screen: what the owner set, and what is in force where the owner set nothing. */
export function settingsView(site: Site, config: Pick<AppConfig, 'mailFrom' | 'publicUrl'>) {
  const w = site.website;
  return {
    settings: {
      siteTitle: w.siteTitle,
      currency: w.currency,
      timeZone: w.timeZone,
      mailFrom: w.mailFrom,
      publicUrl: w.publicUrl,
      announcement: w.announcement,
      footer: w.footer,
      storeSettings: site.storeSettings,
      /** The storefront asks visitors for the site password (never shown back). */
      sitePasswordSet: site.lock.passwordHash !== null,
      /** The sender and address mails use now (the override, else MAIL_FROM / PUBLIC_URL). */
      effective: {
        mailFrom: w.mailFrom ?? config.mailFrom ?? DEFAULT_MAIL_FROM,
        publicUrl: w.publicUrl ?? config.publicUrl ?? null,
      },
    },
  };
}

/** Saves the settings given, with their audit entry, in one transaction. */
export async function saveSettings(ctx: SiteContext, actor: AuditActor, body: SettingsBody): Promise<void> {
  const { sitePassword, ...rest } = body;
  const sitePasswordHash =
    sitePassword === undefined ? undefined : sitePassword ? await hashPassword(sitePassword) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await saveSiteSettings(trx, ctx.site, { ...rest, sitePasswordHash });
    // The audit log says that the password changed, never what it is.
    const audited =
      sitePassword === undefined ? rest : { ...rest, sitePassword: sitePassword ? 'set' : 'removed' };
    await recordAudit({ ...ctx, db: trx }, actor, 'settings.update', `website:${ctx.websiteId}`, audited);
  });
}
