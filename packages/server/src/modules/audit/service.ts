import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { insertAuditEntry, listAuditEntries } from './repo.js';

/** Entries per page of GET /api/config/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** What recording needs: the database (or the caller's transaction) and the time. */
export type AuditContext = Pick<RequestContext, 'db' | 'clock'>;

/** Who made a change; null for the command line, which has no signed-in contributor. */
export type AuditActor = { id: string; email: string } | null;

export interface AuditEntry {
  id: string;
  /** ms since epoch. */
  at: number;
  contributor: { id: string; email: string } | null;
  action: string;
  target: string;
  detail: Record<string, unknown> | null;
}

/**
 * Records one owner change. Pass the transaction of the change as `ctx.db`, so the entry exists
 * exactly when the change commits.
 */
export async function recordAudit(
  ctx: AuditContext,
  contributor: AuditActor,
  action: string,
  target: string,
  detail?: object,
): Promise<void> {
  await insertAuditEntry(ctx.db, {
    id: newId('au'),
    at: ctx.clock.now(),
    contributor_id: contributor?.id ?? null,
    contributor_email: contributor?.email ?? null,
    action,
    target,
    detail: detail ? JSON.stringify(detail) : null,
  });
}

const BAD_CURSOR = 'That page of the audit log does not exist.';

function encodeCursor(at: number, id: string): string {
  return Buffer.from(`${at}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: number; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!/^\d+$/.test(at ?? '') || !id) throw new HttpError(400, BAD_CURSOR);
  return { at: Number(at), id };
}

/** One page of the log, newest first, with the cursor of the next (older) page. */
export async function listAudit(
  ctx: AuditContext,
  cursor?: string,
): Promise<{ entries: AuditEntry[]; hasNextPage: boolean; nextPageCursor: string | null }> {
  const rows = await listAuditEntries(ctx.db, AUDIT_PAGE_SIZE + 1, cursor ? decodeCursor(cursor) : undefined);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  const hasNextPage = rows.length > AUDIT_PAGE_SIZE;
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at,
      contributor: r.contributor_id ? { id: r.contributor_id, email: r.contributor_email ?? '' } : null,
      action: r.action,
      target: r.target,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor(last.at, last.id) : null,
  };
}
