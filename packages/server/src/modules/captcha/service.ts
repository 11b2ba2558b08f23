import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VerifiedAnswer } from './provider.js';
import { deleteExpiredAnswers, spendAnswer } from './repo.js';

export type { CaptchaProvider, CaptchaWidget, VerifiedAnswer } from './provider.js';

/**
 * Uses up a verified answer inside the caller's transaction: false when it was used already,
 * so one solved captcha lets one submission through.
 */
export async function spendCaptchaAnswer(
  trx: Kysely<DB>,
  websiteId: string,
  answer: VerifiedAnswer,
  now: number,
): Promise<boolean> {
  await deleteExpiredAnswers(trx, now);
  return spendAnswer(trx, { answer_hash: answer.id, website_id: websiteId, expires_at: answer.expiresAt });
}
