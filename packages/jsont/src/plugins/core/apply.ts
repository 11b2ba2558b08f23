import { ArgumentsError, type Formatter } from '../../plugin.js';

/**
 * `{node|apply name k=v private}` renders the macro or partial `name` with the value as `@`.
 * `k=v` arguments become `@args`; `private` hides the caller's scope from the partial.
 */
export const applyFormatter: Formatter = {
  validate(args) {
    if (args.length === 0) throw new ArgumentsError('a partial or macro name is required');
    let named: Record<string, string> | undefined;
    for (const a of args.slice(1)) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        named ??= {};
        named[a.slice(0, eq)] = a.slice(eq + 1);
      }
    }
    return { name: args[0], args: named, isolated: args.includes('private', 1) };
  },
  apply(ctx, _args, vars, parsed) {
    const p = parsed as { name: string; args: Record<string, string> | undefined; isolated: boolean };
    // The validated arguments are the partial options as they are (no object per call).
    vars[0].value = ctx.renderPartial(p.name, vars[0].value, p);
  },
};
