/**
 * The reference implementation (@squarespace/template-engine, a devDependency) as the differential
 * test and bench/jsont-render.ts run it: with the CLDR locale data of @phensley/cldr, without
 * which its number, money, date and message formatters print nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

interface Cldr {
  readonly __cldr: unique symbol;
}
interface Framework {
  get(locale: string): Cldr;
}
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (language: string) => string }) => Framework;
};
const PACKS = join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
const framework = new CLDRFramework({
  loader: (language) => readFileSync(join(PACKS, `${language}.json`), 'utf8'),
});

export interface ReferenceCode {
  readonly __code: unique symbol;
}
export interface ReferenceCompiler {
  parse(source: string): { code: ReferenceCode; errors: unknown[] };
  execute(props: {
    code: string | ReferenceCode;
    json?: unknown;
    partials?: Record<string, string>;
    cldr?: Cldr;
    now?: number;
    enableExpr?: boolean;
    enableInclude?: boolean;
  }): { ctx: { render(): string }; errors: unknown[] };
}
const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };

export const reference = new Compiler();

/** CLDR data for one locale (loaded once per language). */
export const cldrFor = (locale: string): Cldr => framework.get(locale);

/** Renders with the reference: expressions on, en-US CLDR data unless another locale is given. */
export function referenceRender(
  code: string | ReferenceCode,
  json: unknown,
  options: { now?: number; locale?: string; partials?: Record<string, string> } = {},
): string {
  return reference
    .execute({
      code,
      json,
      cldr: cldrFor(options.locale ?? 'en-US'),
      now: options.now,
      partials: options.partials,
      enableExpr: true,
    })
    .ctx.render();
}
