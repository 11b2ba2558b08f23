import type { Pos } from './ast.js';
import type { JsontError, JsontErrorType } from './plugin.js';

export function makeError(type: JsontErrorType, message: string, pos: Pos): JsontError {
  return { type, message, line: pos.line, column: pos.column };
}

/** The message of a thrown value. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
