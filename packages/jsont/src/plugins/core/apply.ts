import { ArgumentsError, type Formatter } from '../../plugin.js';

/**
 * `{node|apply name k=v private}` renders the macro or partial `name` with the value as `@`.
 * `k=v` arguments become `@args`; `private` hides the caller's scope from the partial.
 */
export const applyFormatter: Formatter = {
  validate(args) {
    if (args.length === 0) throw new ArgumentsError('a partial or macro name is required');
    const named: Record<string, string> = {};
    let any = false;
    let isolated = false;
    for (const a of args.slice(1)) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        named[a.slice(0, eq)] = a.slice(eq + 1);
        any = true;
      } else if (a === 'private') isolated = true;
    }
    return { name: args[0], args: any ? named : undefined, isolated };
  },
  apply(ctx, _args, vars, parsed) {
    const p = parsed as { name: string; args: Record<string, string> | undefined; isolated: boolean };
    // The validated arguments are the partial options as they are (no object per call).
    vars[0].value = ctx.renderPartial(p.name, vars[0].value, p);
  },
};
