import type { Formatter, JsontError, Predicate, RenderContext } from '../../src/plugin.js';

/** A minimal render context for calling plugin formatters and predicates directly. */
export function fakeContext(
  init: { locale?: string; timeZone?: string; now?: number; node?: unknown; root?: unknown } = {},
): RenderContext & { errors: Pick<JsontError, 'type' | 'message'>[] } {
  const root = (init.root ?? {}) as Record<string, unknown>;
  const errors: Pick<JsontError, 'type' | 'message'>[] = [];
  return {
    locale: init.locale ?? 'en-US',
    timeZone: init.timeZone ?? 'America/New_York',
    now: init.now ?? 0,
    root,
    node: init.node ?? root,
    resolve(path) {
      let cur: unknown = path === '@' ? init.node : root;
      if (path === '@') return cur;
      for (const key of path.split('.')) {
        cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
      }
      return cur;
    },
    renderPartial: () => undefined,
    renderSource: () => '',
    error(type, message) {
      errors.push({ type, message });
    },
    options: {},
    errors,
  };
}

/** Applies a formatter the way the engine does (validate once, then apply) and returns the result. */
export function run(f: Formatter, ctx: RenderContext, args: string[], ...values: unknown[]): unknown {
  const parsed = f.validate?.(args);
  const vars = values.map((value) => ({ value }));
  f.apply(ctx, args, vars, parsed);
  return vars[0].value;
}

export const check = (p: Predicate, ctx: RenderContext, args: string[] = []): boolean =>
  p.test(ctx, args, p.validate?.(args));
