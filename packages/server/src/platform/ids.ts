import crypto from 'node:crypto';

/**
 * Bytes drawn from the system's CSPRNG at a time: ids, tokens, crumbs and CSP nonces are cut from
 * one draw (as Node's randomUUID does), instead of one system call each, several per request.
 */
const RANDOM_POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** `bytes` fresh random bytes (a view: encode it at once, it is not copied). */
export function randomBytes(bytes: number): Buffer {
  if (bytes > RANDOM_POOL_BYTES) return crypto.randomBytes(bytes);
  if (used + bytes > pool.length) {
    pool = crypto.randomBytes(RANDOM_POOL_BYTES);
    used = 0;
  }
  used += bytes;
  return pool.subarray(used - bytes, used);
}

/** Random ids and tokens; a prefix says what an id names when it turns up in a log. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

export function newToken(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}
