import { isValidEmail } from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { CompanionWrite } from '../../db/companion.js';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { insertOutbox, listOutboxByRef, outboxCompanion } from './repo.js';
import { EMAIL_TEMPLATES, type EmailTemplateData, type EmailTemplateName } from './templates.js';

export interface EmailRequest<T extends EmailTemplateName = EmailTemplateName> {
  to: string;
  template: T;
  data: EmailTemplateData<T>;
  /** What the mail is about ('order:{id}'), so it can be listed with it later. */
  ref?: string;
  /** Not sent before this time (ms); a campaign spreads its mails out with it. */
  notBefore?: number;
}

/** What the outbox row's payload holds: enough to render and send the mail later. */
export interface OutboxPayload {
  to: string;
  template: EmailTemplateName;
  data: unknown;
}

/** Any one mail: an `EmailRequest` of one of the templates, as a list of mails of several holds them. */
export type AnyEmailRequest = { [T in EmailTemplateName]: EmailRequest<T> }[EmailTemplateName];

/**
 * The outbox row of a mail, its address and template data checked now (a bad mail fails the
 * caller, not the worker).
 */
function outboxRow<T extends EmailTemplateName>(ctx: RequestContext, email: EmailRequest<T>) {
  const to = email.to.trim();
  if (!isValidEmail(to)) throw new Error(`Cannot queue an email to an invalid address: "${email.to}"`);
  const data = EMAIL_TEMPLATES[email.template].data.parse(email.data);
  const now = ctx.clock.now();
  const payload: OutboxPayload = { to, template: email.template, data };
  return {
    id: newId('m'),
    website_id: ctx.websiteId,
    kind: email.template,
    payload: JSON.stringify(payload),
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: Math.max(now, email.notBefore ?? now),
    locked_until: null,
    claim_token: null,
    created_at: now,
    sent_at: null,
    last_error: null,
    ref: email.ref ?? null,
  };
}

/**
 * Queues a transactional email in the caller's transaction (`trx`), so the mail exists exactly
 * when the business change (an order, a gift card) commits; the outbox worker sends it. The
 * address and the template data are checked now, so a bad mail fails the caller, not the worker.
 * Returns the outbox row id.
 */
export async function enqueueEmail<T extends EmailTemplateName>(
  ctx: RequestContext,
  trx: Kysely<DB>,
  email: EmailRequest<T>,
): Promise<string> {
  const row = outboxRow(ctx, email);
  await insertOutbox(trx, [row]);
  return row.id;
}

/** Queues several mails as `enqueueEmail` does, in one statement (a paid order's mails). */
export async function enqueueEmails(
  ctx: RequestContext,
  trx: Kysely<DB>,
  emails: readonly AnyEmailRequest[],
): Promise<void> {
  if (emails.length > 0)
    await insertOutbox(
      trx,
      emails.map((email) => outboxRow(ctx, email)),
    );
}

/**
 * Queues mails as `enqueueEmails` does, as companion writes of another module's statement
 * (PostgreSQL): they exist exactly when its write does. `numberSlot`, where a mail's data holds
 * it, becomes the number that write gave (an order's confirmation shows the number it got).
 */
export function enqueueEmailsAlong(
  ctx: RequestContext,
  emails: readonly AnyEmailRequest[],
  numberSlot: string,
): CompanionWrite[] {
  return emails.map((email) => outboxCompanion(outboxRow(ctx, email), numberSlot));
}

/** A queued or sent mail as the owner's area lists it. */
export interface SentEmailView {
  id: string;
  template: EmailTemplateName;
  to: string;
  status: 'pending' | 'sent' | 'failed';
  created: number;
  sent: number | null;
}

/** The mails about `ref` ('order:{id}'), oldest first. */
export async function listEmailsAbout(ctx: RequestContext, ref: string): Promise<SentEmailView[]> {
  const rows = await listOutboxByRef(ctx.db, ctx.websiteId, ref);
  return rows.map((r) => {
    const payload = JSON.parse(r.payload) as OutboxPayload;
    return {
      id: r.id,
      template: payload.template,
      to: payload.to,
      status: r.status,
      created: r.created_at,
      sent: r.sent_at,
    };
  });
}
