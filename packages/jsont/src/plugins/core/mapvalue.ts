import type { Formatter, RenderContext } from '../../plugin.js';

/** A formatter that replaces its value with `fn(value, args, ctx)`. */
export const mapValue = (
  fn: (value: unknown, args: readonly string[], ctx: RenderContext) => unknown,
): Formatter => ({
  apply(ctx, args, vars) {
    vars[0].value = fn(vars[0].value, args, ctx);
  },
});
