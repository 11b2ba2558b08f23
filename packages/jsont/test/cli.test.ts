import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const CLI = fileURLToPath(new URL('../bin/jsont.ts', import.meta.url));

function jsont(args: string[], input?: string) {
  const r = spawnSync(TSX, [CLI, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function files(entries: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-cli-'));
  for (const [name, text] of Object.entries(entries)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('jsont CLI', () => {
  it('renders a template file against a JSON file', () => {
    const dir = files({
      't.html': '{.section a}{b|html}{.end} {@|apply p}',
      'd.json': '{"a":{"b":"<x>"},"n":0}',
      'p.json': '{"p":"partial"}',
    });
    const r = jsont([
      'render',
      join(dir, 't.html'),
      join(dir, 'd.json'),
      '--partials',
      join(dir, 'p.json'),
      '--locale',
      'en-US',
      '--now',
      '0',
      '--time-zone',
      'UTC',
    ]);
    expect(r).toMatchObject({ stdout: '&lt;x&gt; partial', status: 0 });
  });

  it('keeps decimals as written in the JSON file and in --jsonl requests', () => {
    const dir = files({
      't.html': '{n} {m|message n}',
      'd.json': '{"n": 1.0, "m": "{0 plural one{one} other{other}}"}',
    });
    expect(jsont(['render', join(dir, 't.html'), join(dir, 'd.json')])).toMatchObject({
      stdout: '1.0 other',
      status: 0,
    });
    const r = jsont(['render', '--jsonl'], '{"template": "{n}", "json": {"n": 2.50}}\n');
    expect(JSON.parse(r.stdout)).toEqual({ output: '2.50', errors: [] });
  });

  it('prints errors to stderr and exits 1', () => {
    const dir = files({ 't.html': 'x\n{a|nope}', 'd.json': '{}' });
    const r = jsont(['render', join(dir, 't.html'), join(dir, 'd.json')]);
    expect(r.stdout).toBe('x\n{a|nope}');
    expect(r.stderr).toContain("2:1: UNKNOWN_FORMATTER: Formatter 'nope' is unknown");
    expect(r.status).toBe(1);
  });

  it('answers one JSON line per request with --jsonl', () => {
    const requests = [
      { template: '{a}', json: { a: 1 } },
      { template: '{@|apply p}{.inject @i f}{@i.k}', partials: { p: 'P' }, injects: { f: '{"k":2}' } },
      { template: '\n  {.section a}' },
    ];
    const r = jsont(
      ['render', '--jsonl'],
      `${requests.map((q) => JSON.stringify(q)).join('\n')}\nnot json\n`,
    );
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, 3)).toEqual([
      { output: '1', errors: [] },
      { output: 'P2', errors: [] },
      {
        output: '\n  ',
        errors: [
          { type: 'UNCLOSED_BLOCK', message: 'Reached EOF in the middle of SECTION', line: 2, column: 3 },
        ],
      },
    ]);
    expect(lines[3].errors[0].type).toBe('INTERNAL');
  });

  it('prints usage for an unknown command', () => {
    const r = jsont(['frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: jsont render');
  });
});
