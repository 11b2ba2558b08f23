import crypto from 'node:crypto';

/** Random ids and tokens; a prefix says what an id names when it turns up in a log. */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(10).toString('hex')}`;
}

export function newToken(bytes = 16): string {
  return crypto.randomBytes(bytes).toString('hex');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
