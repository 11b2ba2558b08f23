/**
 * ALTCHA proof of work (altcha-lib): the server signs a challenge, the visitor's browser finds
 * the counter whose SHA-256 key has the challenge's prefix, the server checks signature, expiry
 * and key. No third party sees the visitor.
 */
import crypto from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sha256 } from '../../platform/ids.js';
import { CAPTCHA_CHALLENGE_PATH, type CaptchaProvider, type VerifiedAnswer } from './provider.js';

const ALGORITHM = 'SHA-256';
/**
 * Cost of the work: SHA-256 iterations per try. With a one-byte prefix a browser makes ~256
 * tries on average, a fraction of a second on a phone; a bot pays it for every submission.
 */
export const ALTCHA_COST = 100;
/** A challenge is answered within this long of being fetched (a visitor filling a long form). */
export const ALTCHA_CHALLENGE_TTL_MS = 20 * 60_000;
/** Longest payload the widget sends (base64 JSON of the challenge and its solution). */
const MAX_PAYLOAD_LENGTH = 4_000;

interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function decode(answer: string): Payload | null {
  if (answer.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const value = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof value?.challenge?.parameters === 'object' &&
      typeof value.challenge.signature === 'string' &&
      Number.isSafeInteger(value.solution?.counter) &&
      typeof value.solution.derivedKey === 'string';
    return ok ? value : null;
  } catch {
    return null;
  }
}

/** `secret` signs the challenges: derived from the session secret, never sent anywhere. */
export function createAltchaProvider(sessionSecret: string): CaptchaProvider & {
  challenge(now: number): Promise<Challenge>;
} {
  const hmacSecret = crypto.createHmac('sha256', sessionSecret).update('altcha-challenge').digest('hex');
  return {
    widget: { kind: 'altcha', challengeUrl: CAPTCHA_CHALLENGE_PATH },
    challenge(now) {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: ALTCHA_COST,
        deriveKey,
        expiresAt: Math.floor((now + ALTCHA_CHALLENGE_TTL_MS) / 1000),
        hmacSignatureSecret: hmacSecret,
      });
    },
    async verify(answer, now): Promise<VerifiedAnswer | null> {
      const payload = decode(answer);
      if (!payload) return null;
      const expiresAtSeconds = payload.challenge.parameters.expiresAt;
      // Expiry by our clock (tests move it); the library checks the wall clock as well.
      if (typeof expiresAtSeconds !== 'number' || expiresAtSeconds * 1000 <= now) return null;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacSecret,
        });
        if (!result.verified) return null;
      } catch {
        return null;
      }
      return { id: sha256(`altcha:${payload.challenge.signature}`), expiresAt: expiresAtSeconds * 1000 };
    },
  };
}
