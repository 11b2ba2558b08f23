import crypto from 'node:crypto';

/** 32 symbols without look-alikes (no 0/O, 1/I): 5 random bits each, so 16 of them carry 80 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;
const GROUP = 4;

/** A new random code, stored form (no dashes). */
export function newGiftCardCode(): string {
  const bytes = crypto.randomBytes(GIFT_CARD_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return code;
}

/** What a shopper types (any case, spaces or dashes) → the stored form, or null when it cannot be a code. */
export function normalizeGiftCardCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

/** The printed form: four groups of four, 'ABCD-EFGH-JKLM-NPQR'. */
export function formatGiftCardCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
}
