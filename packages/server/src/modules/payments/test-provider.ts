import { createHash } from 'node:crypto';
import {
  type AuthorizeInput,
  type AuthorizeResult,
  type ChargeInput,
  PAYMENT_MESSAGES,
  type PaymentProvider,
} from './provider.js';

/** Test card numbers with a fixed outcome; any other valid number is authorized. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
  /** Authorized at checkout; every later charge of its kept token is declined (subscription renewals). */
  renewalDeclined: '4000000000000341',
} as const;

/** Prefixes of the test provider's kept-card tokens: the token says how its later charges end. */
const TOKEN_PREFIX = { charges: 'test_pm_ok_', declines: 'test_pm_declines_' } as const;

function referenceFor(idempotencyKey: string): string {
  return `test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

export interface TestProviderOptions {
  /** Each authorization and charge answers after this long, as a real processor's round trip does. */
  latencyMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The built-in provider: no money moves, orders are test orders. The reference is derived from
 * the idempotency key, so a retried authorization answers the same reference.
 */
export function createTestPaymentProvider(options: TestProviderOptions = {}): PaymentProvider {
  const latencyMs = options.latencyMs ?? 0;
  return {
    name: 'test',
    testMode: true,
    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      if (latencyMs > 0) await wait(latencyMs);
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
      const reference = referenceFor(input.idempotencyKey);
      if (!input.reuse) return { ok: true, reference, status: 'authorized' };
      const prefix = number === TEST_CARDS.renewalDeclined ? TOKEN_PREFIX.declines : TOKEN_PREFIX.charges;
      return { ok: true, reference, status: 'authorized', reusableToken: `${prefix}${reference.slice(5)}` };
    },
    async charge(input: ChargeInput): Promise<AuthorizeResult> {
      if (latencyMs > 0) await wait(latencyMs);
      if (!input.token.startsWith(TOKEN_PREFIX.charges))
        return { ok: false, code: 'declined', message: PAYMENT_MESSAGES.declined };
      return { ok: true, reference: referenceFor(input.idempotencyKey), status: 'authorized' };
    },
    async capture() {},
    async refund() {},
  };
}
