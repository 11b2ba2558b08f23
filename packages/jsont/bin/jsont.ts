#!/usr/bin/env -S npx tsx
/**
 * jsont render TEMPLATE_FILE JSON_FILE [--partials FILE] [--locale L] [--now MS] [--time-zone TZ]
 *   prints the output; errors go to stderr and the exit code is 1 if there were any.
 * jsont render --jsonl
 *   reads one request per line from stdin:
 *   {"template","json","partials","locale","now","timeZone","injects"}
 *   and writes one line per request: {"output","errors":[{"type","message","line","column"}]}.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { compileCached, type JsontError, type RenderOptions } from '../src/index.js';
import { parseJson } from '../src/json.js';

const USAGE =
  'usage: jsont render TEMPLATE_FILE JSON_FILE [--partials FILE] [--locale L] [--now MS] [--time-zone TZ]\n' +
  '       jsont render --jsonl < requests.jsonl\n';

interface Request {
  template?: unknown;
  json?: unknown;
  partials?: unknown;
  locale?: unknown;
  now?: unknown;
  timeZone?: unknown;
  injects?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stringRecord(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, s] of Object.entries(v)) if (typeof s === 'string') out[k] = s;
  return out;
}

function renderRequest(req: Request): { output: string; errors: JsontError[] } {
  const template = compileCached(typeof req.template === 'string' ? req.template : '', {
    partials: stringRecord(req.partials),
  });
  const options: RenderOptions = {};
  if (typeof req.locale === 'string') options.locale = req.locale;
  if (typeof req.now === 'number') options.now = req.now;
  if (typeof req.timeZone === 'string') options.timeZone = req.timeZone;
  if (isRecord(req.injects)) options.injects = req.injects;
  const r = template.render(req.json, options);
  return { output: r.output, errors: [...template.errors, ...r.errors] };
}

const errorLine = (e: JsontError) => ({ type: e.type, message: e.message, line: e.line, column: e.column });

async function jsonl(): Promise<number> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    let result: { output: string; errors: JsontError[] };
    try {
      const req: unknown = parseJson(line);
      result = renderRequest(isRecord(req) ? req : {});
    } catch (e) {
      const message = `Invalid request: ${e instanceof Error ? e.message : String(e)}`;
      result = { output: '', errors: [{ type: 'INTERNAL', message, line: 0, column: 0 }] };
    }
    process.stdout.write(
      `${JSON.stringify({ output: result.output, errors: result.errors.map(errorLine) })}\n`,
    );
  }
  return 0;
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  if (v === undefined) throw new Error(`${name} needs a value`);
  return v;
}

function renderFiles(args: string[]): number {
  const partialsFile = flag(args, '--partials');
  const locale = flag(args, '--locale');
  const now = flag(args, '--now');
  const timeZone = flag(args, '--time-zone');
  if (args.length !== 2) {
    process.stderr.write(USAGE);
    return 2;
  }
  const [templateFile, jsonFile] = args;
  const req: Request = {
    template: readFileSync(templateFile, 'utf8'),
    json: parseJson(readFileSync(jsonFile, 'utf8')),
    partials: partialsFile ? JSON.parse(readFileSync(partialsFile, 'utf8')) : undefined,
    locale,
    now: now === undefined ? undefined : Number(now),
    timeZone,
  };
  const { output, errors } = renderRequest(req);
  process.stdout.write(output);
  for (const e of errors)
    process.stderr.write(`${templateFile}:${e.line}:${e.column}: ${e.type}: ${e.message}\n`);
  return errors.length ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'render') {
    process.stderr.write(USAGE);
    return 2;
  }
  if (args.includes('--jsonl')) return jsonl();
  try {
    return renderFiles(args);
  } catch (e) {
    process.stderr.write(`jsont: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
