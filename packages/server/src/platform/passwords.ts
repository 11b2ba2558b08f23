import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 30 ms a hash on
 * one core, so a sign-in stays quick while offline guessing stays expensive.
 */
const ARGON2_MEMORY_KIB = 19_456;
const ARGON2_PASSES = 2;
const ARGON2_LANES = 1;
/** Algorithm.Argon2id: the package declares a const enum, which isolated modules cannot read at run time. */
const ARGON2ID = 2 as Algorithm;

const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: ARGON2_MEMORY_KIB,
  timeCost: ARGON2_PASSES,
  parallelism: ARGON2_LANES,
};

/** A PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash) with its own random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Hashed once at start, so an unknown account costs the same time to refuse as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** False for a wrong password, for no hash (no account, or no password yet) and for a malformed hash. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not a password of anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
