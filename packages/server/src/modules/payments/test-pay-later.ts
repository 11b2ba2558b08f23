import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthorizeInput, AuthorizeResult, PaymentNotice, PaymentProvider } from './provider.js';

/** Where the built-in pay-later provider's approval page is served (it stands in for the provider's site). */
export const TEST_PAY_LATER_PATH = '/checkout/pay-later/test';

/** The body the provider's callback carries: what happened to which payment, signed. */
export interface PaymentNoticeBody extends PaymentNotice {
  signature: string;
}

export interface TestPayLaterProvider extends PaymentProvider {
  kind: 'pay-later';
  /** The callback the provider sends once the shopper approves or declines on its page. */
  notice(reference: string, outcome: PaymentNotice['outcome']): PaymentNoticeBody;
}

export function isTestPayLaterProvider(p: PaymentProvider | null): p is TestPayLaterProvider {
  return !!p && p.kind === 'pay-later' && typeof (p as Partial<TestPayLaterProvider>).notice === 'function';
}

const OUTCOMES = new Set<string>(['approved', 'declined']);

/**
 * The built-in pay-later provider: no money moves, orders are test orders. Authorizing answers a
 * pending payment and the address of the provider's approval page; the shopper approves or
 * declines there, and the provider's signed notice (HMAC of the store's secret) settles it.
 */
export function createTestPayLaterProvider(options: { secret: string }): TestPayLaterProvider {
  const sign = (reference: string, outcome: string) =>
    createHmac('sha256', options.secret).update(`pay-later:${reference}:${outcome}`).digest('hex');
  return {
    name: 'test-pay-later',
    kind: 'pay-later',
    testMode: true,
    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const reference = `tpl_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return {
        ok: true,
        reference,
        status: 'pending',
        redirectUrl: `${TEST_PAY_LATER_PATH}/${reference}`,
      };
    },
    async capture() {},
    async refund() {},
    notice(reference, outcome) {
      return { reference, outcome, signature: sign(reference, outcome) };
    },
    verifyNotice(body) {
      const b = body as Partial<PaymentNoticeBody> | null;
      if (!b || typeof b.reference !== 'string' || typeof b.signature !== 'string') return null;
      if (typeof b.outcome !== 'string' || !OUTCOMES.has(b.outcome)) return null;
      const expected = Buffer.from(sign(b.reference, b.outcome));
      const given = Buffer.from(b.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { reference: b.reference, outcome: b.outcome as PaymentNotice['outcome'] };
    },
  };
}
