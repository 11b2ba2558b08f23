import type { Formatter, RenderContext } from '../../plugin.js';

export type ValueMap = (value: unknown, args: readonly string[], ctx: RenderContext) => unknown;

/**
 * The function behind each formatter built here. The engine calls it directly on the value,
 * skipping the `vars` array: most formatters in real templates are these simple maps.
 */
const maps = new WeakMap<Formatter, ValueMap>();

export const valueMapOf = (f: Formatter): ValueMap | undefined => maps.get(f);

/** A formatter that replaces its value with `fn(value, args, ctx)`. */
export const mapValue = (fn: ValueMap): Formatter => {
  const f: Formatter = {
    apply(ctx, args, vars) {
      vars[0].value = fn(vars[0].value, args, ctx);
    },
  };
  maps.set(f, fn);
  return f;
};

/** Gives a formatter built here another function (the Node entry's memo versions, memo.ts). */
export function remap(f: Formatter, fn: ValueMap): void {
  maps.set(f, fn);
  f.apply = (ctx, args, vars) => {
    vars[0].value = fn(vars[0].value, args, ctx);
  };
}
