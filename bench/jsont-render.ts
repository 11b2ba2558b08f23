/**
 * JSON-T engine vs the reference implementation (@squarespace/template-engine, given its CLDR
 * locale data so its number, money, date and message formatters do the same work as ours), in one
 * process on the same templates and data: the realistic suite (bench/jsont-suite.ts) and the older
 * scenarios (bench/jsont-fixtures.ts). Our engine is measured as it is installed: the built
 * package (dist/), not the sources through tsx, whose transform wraps every closure the engine
 * builds in a naming helper and so slows the first render.
 * Run: npm run build -w @storefront/jsont && node --import tsx bench/jsont-render.ts [--rounds N] [--only NAME] [--clock cpu|wall]
 * Rounds are timed on this process's CPU time by default (`--clock wall` for elapsed time): on a
 * machine shared with other work, time spent waiting for a core is no work of either engine.
 */
import { existsSync } from 'node:fs';
import { cldrFor, reference } from '../packages/jsont/test/support/reference.js';
import { type Scenario, scenarios } from './jsont-fixtures.js';
import { suite } from './jsont-suite.js';

if (!existsSync(new URL('../packages/jsont/dist/index.js', import.meta.url))) {
  console.error('packages/jsont/dist is missing: run `npm run build -w @storefront/jsont` first');
  process.exit(1);
}
// Without the "storefront-source" condition the package resolves to its built dist/.
const { compile } = await import('@storefront/jsont');
const cldr = cldrFor('en-US');
const NOW = Date.UTC(2026, 10, 22, 12);
/** Time one measurement round runs for, and how many rounds give the median. */
const ROUND_MS = 300;
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROUNDS = Number(flag('--rounds') ?? 7);
const only = flag('--only');
const CLOCK = flag('--clock') ?? 'cpu';
if (CLOCK !== 'cpu' && CLOCK !== 'wall') {
  console.error('--clock is cpu or wall');
  process.exit(1);
}
/** Milliseconds on the chosen clock. */
const now =
  CLOCK === 'wall'
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

let sink = 0;
/** µs per call of `fn`, over one round of ROUND_MS (batches grow until a batch is measurable). */
function round(fn: () => unknown): number {
  let batch = 1;
  let calls = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < batch; i++) sink ^= fn() ? 1 : 0;
    calls += batch;
    elapsed = now() - start;
    if (elapsed < ROUND_MS / 20) batch *= 2;
  }
  return (elapsed * 1000) / calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Median µs per call of each of two functions. Rounds alternate between them after one warm-up
 * round each, so load from other processes on the machine falls on both alike.
 */
function measurePair(a: () => unknown, b: () => unknown): [number, number] {
  round(a);
  round(b);
  const as: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    as.push(round(a));
    bs.push(round(b));
  }
  return [median(as), median(bs)];
}

const ours = (s: Scenario) => {
  const t = compile(s.template);
  return () => t.render(s.json, { now: NOW }).output;
};
const theirs = (s: Scenario) => {
  const { code } = reference.parse(s.template);
  return () => reference.execute({ code, json: s.json, now: NOW, cldr, enableExpr: true }).ctx.render();
};

/** Where two outputs part, with a little context, for the report. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 30), i + 50));
  return `at character ${i}: ours ${show(a)} vs reference ${show(b)}`;
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 2 : 0 });
const rows: string[] = [];
for (const s of [...suite, ...scenarios]) {
  if (only && !s.name.includes(only)) continue;
  const a = ours(s)();
  const b = theirs(s)();
  const match =
    a === b ? 'identical' : `differ ${firstDifference(a, b)}\n  why: ${s.whyDifferent ?? 'unexplained'}`;
  const [renderOurs, renderRef] = measurePair(ours(s), theirs(s));
  const [compileOurs, compileRef] = measurePair(
    () => compile(s.template),
    () => reference.parse(s.template),
  );
  // Our closure program is built on a template's first render, so also time both steps together.
  const [coldOurs, coldRef] = measurePair(
    () => compile(s.template).render(s.json, { now: NOW }).output,
    () =>
      reference
        .execute({ code: reference.parse(s.template).code, json: s.json, now: NOW, cldr, enableExpr: true })
        .ctx.render(),
  );
  const line = (what: string, o: number, r: number) =>
    `| ${s.name} | ${what} | ${fmt(1e6 / o)} | ${fmt(o)} | ${fmt(1e6 / r)} | ${fmt(r)} | ${(r / o).toFixed(1)}× |`;
  rows.push(
    line('render', renderOurs, renderRef),
    line('compile', compileOurs, compileRef),
    line('compile + first render', coldOurs, coldRef),
  );
  console.log(`${s.name}: outputs ${match} (${a.length} / ${b.length} chars)`);
}
console.log(
  `\n${CLOCK === 'cpu' ? 'CPU' : 'elapsed'} time per call, medians of ${ROUNDS} alternating rounds of ${ROUND_MS} ms`,
);
console.log('\n| scenario | step | ours ops/s | ours µs/op | reference ops/s | reference µs/op | ratio |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
if (sink === 2) console.log('');
