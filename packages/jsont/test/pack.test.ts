/**
 * The package as someone outside this repository gets it: `npm pack`, then install the tarball
 * into an empty folder that has no TypeScript tooling, import it with plain node and run its CLI
 * through npx.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const PKG = fileURLToPath(new URL('..', import.meta.url));
// Only what a stranger's machine has: no tsx loader, no repository packages on the path.
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), npm_config_fund: 'false' };

let app = '';

beforeAll(() => {
  const out = mkdtempSync(join(tmpdir(), 'jsont-pack-'));
  // prepack builds dist/ first.
  execFileSync('npm', ['pack', '--pack-destination', out], { cwd: PKG, env, stdio: 'ignore' });
  const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz')) ?? 'missing.tgz');
  app = mkdtempSync(join(tmpdir(), 'jsont-app-'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: app, env });
}, 180_000);

describe('packed @storefront/jsont', () => {
  it('installs with no dependencies and no TypeScript tooling', () => {
    expect(readdirSync(join(app, 'node_modules')).sort()).toEqual([
      '.bin',
      '.package-lock.json',
      '@storefront',
    ]);
    expect(readdirSync(join(app, 'node_modules/@storefront'))).toEqual(['jsont']);
    const installed = join(app, 'node_modules/@storefront/jsont');
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(existsSync(join(installed, 'dist/types/index.d.ts'))).toBe(true);
    expect(existsSync(join(installed, 'CHANGELOG.md'))).toBe(true);
  });

  it('renders through the import, with the JSON reader entry', () => {
    writeFileSync(
      join(app, 'main.js'),
      `import { compile } from '@storefront/jsont';
import { parseJson } from '@storefront/jsont/json';
const t = compile('{.repeated section items}{title|html} {price|decimal group}{.alternates with}, {.end}');
const data = parseJson('{"items":[{"title":"A & B","price":1234.5678},{"title":"C","price":2.50}]}');
for (let i = 0; i < 3; i++) process.stdout.write(t.render(data).output + '\\n');`,
    );
    const r = spawnSync(process.execPath, ['main.js'], { cwd: app, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('A &amp; B 1,234.568, C 2.5\n'.repeat(3));
  });

  it('gives browsers the entry without generated code, and it renders', () => {
    const installed = join(app, 'node_modules/@storefront/jsont/dist');
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const m of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g))
        visit(resolve(dirname(file), m[1]));
    };
    visit(join(installed, 'browser.js'));
    expect([...reached].filter((f) => readFileSync(f, 'utf8').includes('new Function'))).toEqual([]);
    // Node resolves the same entry under the browser condition.
    const r = spawnSync(
      process.execPath,
      [
        '--conditions=browser',
        '--input-type=module',
        '-e',
        "import { compile } from '@storefront/jsont'; process.stdout.write(compile('{a|html}').render({ a: '<b>' }).output);",
      ],
      { cwd: app, env, encoding: 'utf8' },
    );
    expect(r.stdout).toBe('&lt;b&gt;');
  });

  it('renders through `npx jsont render`', () => {
    writeFileSync(join(app, 't.html'), '<h1>{title|html}</h1>{.section tags}{@|json}{.end}\n{missing|nope}');
    writeFileSync(join(app, 'd.json'), '{"title":"Tea & Cake","tags":["a","b"]}');
    const r = spawnSync('npx', ['--no-install', 'jsont', 'render', 't.html', 'd.json'], {
      cwd: app,
      env,
      encoding: 'utf8',
    });
    expect(r.stdout).toBe('<h1>Tea &amp; Cake</h1>["a","b"]\n{missing|nope}');
    expect(r.stderr).toBe("t.html:2:1: UNKNOWN_FORMATTER: Formatter 'nope' is unknown\n");
    expect(r.status).toBe(1);
  });
});
