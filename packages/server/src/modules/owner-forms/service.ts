import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { createForm, deleteForm, type FormInput, type FormSettings, updateForm } from '../forms/service.js';

/** Runs a change and its audit entry in one transaction. */
function audited<T>(
  ctx: SiteContext,
  actor: AuditActor,
  change: (t: SiteContext) => Promise<T>,
  entry: (result: T) => { action: string; target: string; detail?: object },
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    const result = await change(tctx);
    const e = entry(result);
    await recordAudit(tctx, actor, e.action, e.target, e.detail);
    return result;
  });
}

export function addForm(ctx: SiteContext, actor: AuditActor, input: FormInput): Promise<FormSettings> {
  return audited(
    ctx,
    actor,
    (t) => createForm(t, input),
    (f) => ({ action: 'form.create', target: `form:${f.id}`, detail: { name: f.name } }),
  );
}

export function changeForm(
  ctx: SiteContext,
  actor: AuditActor,
  id: string,
  input: FormInput,
): Promise<FormSettings> {
  return audited(
    ctx,
    actor,
    (t) => updateForm(t, id, input),
    (f) => ({ action: 'form.update', target: `form:${f.id}`, detail: { name: f.name } }),
  );
}

export function removeForm(ctx: SiteContext, actor: AuditActor, id: string): Promise<void> {
  return audited(
    ctx,
    actor,
    (t) => deleteForm(t, id),
    () => ({ action: 'form.delete', target: `form:${id}` }),
  );
}
