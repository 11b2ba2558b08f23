#!/usr/bin/env node
// Runs every test project once and closes with one plain summary line CI can read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const banner = (text) => console.log(`\n${'!'.repeat(78)}\n${text}\n${'!'.repeat(78)}\n`);

if (!process.env.TEST_DATABASE_URL) {
  banner(
    'TEST_DATABASE_URL is not set: the PostgreSQL suite is SKIPPED; only SQLite runs.\n' +
      'Set it to run both, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
  );
}

// Third-party test data (spec text, JSON-T conformance fixtures) is read from ../shared beside the
// repository; a plain clone has none, and the tests that need it skip (test-support/shared.ts).
const sharedMissing = !fs.existsSync(new URL('../../shared/', import.meta.url));
if (sharedMissing) {
  banner(
    '../shared is missing beside the repository: the tests that read the spec text and the\n' +
      'JSON-T conformance fixtures are SKIPPED (they run in CI, which has ../shared).',
  );
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sf-vitest-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
  skipped = json.numPendingTests + json.numTodoTests;
  if (json.numFailedTestSuites > 0 && failed === 0) failed = json.numFailedTestSuites;
} catch {
  failed = Math.max(failed, 1);
  console.error('No test report was written: the test run itself failed.');
}
const code = run.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
if (passed === 0 && failed === 0) console.error('No test ran.');
if (!process.env.TEST_DATABASE_URL) console.log('PostgreSQL suite: SKIPPED (TEST_DATABASE_URL not set)');
if (sharedMissing) console.log('Tests that read ../shared: SKIPPED (../shared is missing)');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
