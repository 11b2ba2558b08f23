import { createHash } from 'node:crypto';
import {
  type AuthorizeInput,
  type AuthorizeResult,
  PAYMENT_MESSAGES,
  type PaymentProvider,
} from './provider.js';

/** Test card numbers with a fixed outcome; any other valid number is authorized. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
} as const;

/**
 * The built-in provider: no money moves, orders are test orders. The reference is derived from
 * the idempotency key, so a retried authorization answers the same reference.
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const number = input.card?.number ?? '';
      if (number === TEST_CARDS.declined)
        return { ok: false, code: 'declined', message: PAYMENT_MESSAGES.declined };
      if (number === TEST_CARDS.insufficientFunds) {
        return { ok: false, code: 'declined', message: PAYMENT_MESSAGES.insufficientFunds };
      }
      if (number === TEST_CARDS.processingError) {
        return { ok: false, code: 'retry', message: PAYMENT_MESSAGES.processingError };
      }
      if (!input.card && !input.token)
        return { ok: false, code: 'declined', message: PAYMENT_MESSAGES.declined };
      const reference = `test_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { ok: true, reference, status: 'authorized' };
    },
    async capture() {},
    async refund() {},
  };
}
