import { readFileSync } from 'node:fs';
import { sharedPath } from '../../../../test-support/shared.js';
import type { Plugin, RenderContext, Variable } from '../../src/plugin.js';

/** The shared conformance fixtures, read in place (never copied into the repository). */
const FIXTURES = sharedPath('jsont-conformance/plugins/');

export interface Fixture {
  json: unknown;
  template: string;
  output: string;
}

export function loadFixture(name: string): Fixture {
  const sections: Record<string, string> = {};
  let current = '';
  for (const line of readFileSync(`${FIXTURES}${name}.html`, 'utf8').split('\n')) {
    const header = /^:([A-Z]+)\s*$/.exec(line);
    if (header) current = header[1]!;
    else sections[current] = `${sections[current] ?? ''}${line}\n`;
  }
  return {
    json: JSON.parse(sections.JSON ?? '{}'),
    template: (sections.TEMPLATE ?? '').trim(),
    output: (sections.OUTPUT ?? '').trim(),
  };
}

/** A stand-in for the engine's render context: `scopes` run outermost first, the last is `@`. */
export function fakeContext(scopes: unknown[], locals: Record<string, unknown> = {}): RenderContext {
  const node = scopes[scopes.length - 1];
  return {
    locale: 'en-US',
    timeZone: 'America/New_York',
    now: 0,
    root: scopes[0],
    node,
    resolve(path) {
      if (path === '@') return node;
      if (path in locals) return locals[path];
      const [head, ...rest] = path.split('.');
      const scope = [...scopes].reverse().find((s) => typeof s === 'object' && s !== null && head! in s);
      let value = scope === undefined ? undefined : (scope as Record<string, unknown>)[head!];
      for (const key of rest)
        value = typeof value === 'object' && value !== null ? (value as never)[key] : undefined;
      return value;
    },
    renderPartial: () => undefined,
    renderSource: () => '',
    error() {},
    options: {},
  };
}

/** Applies one formatter the way `{path|name args}` would, with the root as `@`. */
export function format(
  plugin: Plugin,
  name: string,
  json: unknown,
  path = '@',
  args: string[] = [],
  locals = {},
) {
  const ctx = fakeContext([json], locals);
  const formatter = plugin.formatters![name];
  if (!formatter) throw new Error(`${plugin.name} has no formatter ${name}`);
  formatter.validate?.(args);
  const vars: Variable[] = [{ value: ctx.resolve(path) }];
  formatter.apply(ctx, args, vars, undefined);
  return vars[0]!.value;
}

/** Runs a fixture whose template is a single `{path|formatter args}`; returns [actual, expected]. */
export function runFormatterFixture(plugin: Plugin, fixtureName: string): [string, string] {
  const fixture = loadFixture(fixtureName);
  const match = /^\{([^|}]+)\|([\w-]+)((?: [^}]*)?)\}$/.exec(fixture.template);
  if (!match) throw new Error(`${fixtureName}: not a single-formatter template`);
  const args = match[3]!.trim() ? match[3]!.trim().split(' ') : [];
  return [String(format(plugin, match[2]!, fixture.json, match[1]!, args) ?? '').trim(), fixture.output];
}

/** Tests a predicate (named without its '?') against a node, with the enclosing scopes outermost first. */
export function check(
  plugin: Plugin,
  name: string,
  node: unknown,
  args: string[] = [],
  outer: unknown[] = [],
) {
  const predicate = plugin.predicates![`${name}?`];
  if (!predicate) throw new Error(`${plugin.name} has no predicate ${name}`);
  return predicate.test(fakeContext([...outer, node]), args, predicate.validate?.(args));
}
