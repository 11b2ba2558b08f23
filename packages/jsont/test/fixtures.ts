import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HAS_SHARED, sharedPath } from '../../../test-support/shared.js';
import { parseJson } from '../src/json.js';

/** The shared conformance fixtures, read in place (they are never copied into the repo). */
export const FIXTURE_ROOT = sharedPath('jsont-conformance/');

export interface Fixture {
  /** Path below the fixture root without extension, e.g. 'core/eval-1' or 'plugins/i18n/f-decimal-1'. */
  name: string;
  template: string;
  json: unknown;
  output: string;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  params: Record<string, unknown>;
}

/** Splits a fixture file into its `:NAME` sections. */
export function parseSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | null = null;
  let buf: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^:([A-Z]+)\s*$/.exec(line);
    if (m) {
      if (current) sections.set(current, buf.join('\n'));
      current = m[1];
      buf = [];
    } else if (current) buf.push(line);
  }
  if (current) sections.set(current, buf.join('\n'));
  return sections;
}

function parseProperties(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([^=:\s]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = /^-?\d+$/.test(m[2]) ? Number(m[2]) : m[2];
  }
  return out;
}

const jsonOr = (text: string | undefined, fallback: unknown): unknown =>
  text === undefined || text.trim() === '' ? fallback : parseJson(text);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/** Unit conversion cases: `X-in.html` is a bare template over `_numbers.json`, `X-out-<locale>.html` its output. */
function unitFixtures(dir: string, files: string[]): Fixture[] {
  const out: Fixture[] = [];
  const numbers = parseJson(readFileSync(join(dir, '_numbers.json'), 'utf8'));
  for (const file of files) {
    const m = /^(.*)-out-([a-zA-Z]{2}-[a-zA-Z]{2})\.html$/.exec(file.slice(dir.length + 1));
    if (!m) continue;
    const template = readFileSync(join(dir, `${m[1]}-in.html`), 'utf8');
    out.push({
      name: relative(FIXTURE_ROOT, file).replace(/\.html$/, ''),
      template,
      json: numbers,
      output: readFileSync(file, 'utf8'),
      params: { locale: m[2] },
    });
  }
  return out;
}

/** Every fixture; none where `../shared` is missing (the tests that need them skip there). */
export function loadFixtures(): Fixture[] {
  const fixtures: Fixture[] = [];
  if (!HAS_SHARED) return fixtures;
  const files = walk(FIXTURE_ROOT);
  const unitsDir = join(FIXTURE_ROOT, 'plugins', 'i18n', 'units');
  for (const file of files) {
    if (!/\.(html|txt)$/.test(file) || /\/ast-[^/]*$/.test(file)) continue;
    if (file.startsWith(unitsDir)) continue;
    const s = parseSections(readFileSync(file, 'utf8'));
    const template = s.get('TEMPLATE');
    const output = s.get('OUTPUT');
    if (template === undefined || output === undefined) continue;
    fixtures.push({
      name: relative(FIXTURE_ROOT, file).replace(/\.(html|txt)$/, ''),
      template,
      json: jsonOr(s.get('JSON'), {}),
      output,
      partials: jsonOr(s.get('PARTIALS'), undefined) as Record<string, string> | undefined,
      injects: jsonOr(s.get('INJECT'), undefined) as Record<string, unknown> | undefined,
      params: {
        ...(jsonOr(s.get('PARAMS'), {}) as Record<string, unknown>),
        ...parseProperties(s.get('PROPERTIES') ?? ''),
      },
    });
  }
  fixtures.push(
    ...unitFixtures(
      unitsDir,
      files.filter((f) => f.startsWith(unitsDir)),
    ),
  );
  return fixtures;
}
