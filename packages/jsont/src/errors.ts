import type { Pos } from './ast.js';
import type { JsontError, JsontErrorType } from './plugin.js';

export function makeError(type: JsontErrorType, message: string, pos: Pos): JsontError {
  return { type, message, line: pos.line, column: pos.column };
}

export const messages = {
  unknownFormatter: (name: string) => `Formatter '${name}' is unknown`,
  unknownPredicate: (name: string) => `Predicate '${name}' is unknown`,
  formatterArgs: (name: string, why: string) => `Invalid arguments for formatter '${name}': ${why}`,
  predicateArgs: (name: string, why: string) => `Invalid arguments for predicate '${name}': ${why}`,
  unclosed: (block: string) => `Reached EOF in the middle of ${block}`,
  notAllowedAtRoot: (inst: string) => `Instruction ${inst} not allowed at root`,
  notAllowedInBlock: (inst: string, block: string) =>
    `${inst} instruction is not allowed inside ${block} block.`,
  deadCode: (inst: string) => `This ${inst} block will never execute.`,
  formatterNotImplemented: (name: string) => `Formatter '${name}' is not yet implemented`,
  predicateNotImplemented: (name: string) => `Predicate '${name}' is not yet implemented`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParse: (name: string, why: string) => `Failed to parse partial '${name}': ${why}`,
  partialRecursion: (name: string, limit: number) =>
    `Recursion into partial '${name}' exceeded the maximum depth of ${limit}`,
  exprParse: (expr: string, why: string) => `Error parsing expression: ${expr}: ${why}`,
  exprReduce: (expr: string, why: string) => `Error reducing expression: ${expr}: ${why}`,
  formatterFailed: (name: string, why: string) => `Formatter '${name}' failed: ${why}`,
  predicateFailed: (name: string, why: string) => `Predicate '${name}' failed: ${why}`,
  outputLimit: (limit: number) => `Render output exceeded the maximum of ${limit} characters`,
  stepLimit: (limit: number) => `Render exceeded the maximum of ${limit} steps`,
  injectMissing: (file: string) => `Inject '${file}' was not provided`,
  internal: (why: string) => `Unexpected error: ${why}`,
};
