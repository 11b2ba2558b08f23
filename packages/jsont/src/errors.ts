import type { Pos } from './ast.js';
import type { JsontError, JsontErrorType } from './plugin.js';

export function makeError(type: JsontErrorType, message: string, pos: Pos): JsontError {
  return { type, message, line: pos.line, column: pos.column };
}

/** The message of a thrown value. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** `what` names a formatter or predicate call in messages. */
type Callee = 'Formatter' | 'Predicate';

export const messages = {
  unknown: (what: Callee, name: string) => `${what} '${name}' is unknown`,
  invalidArgs: (what: Callee, name: string, why: string) =>
    `Invalid arguments for ${what.toLowerCase()} '${name}': ${why}`,
  notImplemented: (what: Callee, name: string) => `${what} '${name}' is not yet implemented`,
  failed: (what: Callee, name: string, why: string) => `${what} '${name}' failed: ${why}`,
  unclosed: (block: string) => `Reached EOF in the middle of ${block}`,
  notAllowedAtRoot: (inst: string) => `Instruction ${inst} not allowed at root`,
  notAllowedInBlock: (inst: string, block: string) =>
    `${inst} instruction is not allowed inside ${block} block.`,
  deadCode: (inst: string) => `This ${inst} block will never execute.`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParse: (name: string, why: string) => `Failed to parse partial '${name}': ${why}`,
  partialRecursion: (name: string, limit: number) =>
    `Recursion into partial '${name}' exceeded the maximum depth of ${limit}`,
  exprParse: (expr: string, why: string) => `Error parsing expression: ${expr}: ${why}`,
  exprReduce: (expr: string, why: string) => `Error reducing expression: ${expr}: ${why}`,
  outputLimit: (limit: number) => `Render output exceeded the maximum of ${limit} characters`,
  stepLimit: (limit: number) => `Render exceeded the maximum of ${limit} steps`,
  internal: (why: string) => `Unexpected error: ${why}`,
};
