/**
 * The payment seam of checkout. Checkout only ever talks to a `PaymentProvider`; a real card
 * processor or a pay-later provider is another implementation passed to buildApp
 * (`checkout.paymentProvider`), with no change to checkout.
 */
/** What shoppers are told when a payment fails: the test provider's outcomes, and a provider that cannot be reached. */
export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  processingError: 'We could not process your payment. Please try again.',
} as const;

export interface CardDetails {
  /** Digits only (spaces removed). */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface AuthorizeInput {
  amountCents: number;
  currency: string;
  /** Raw card details (the built-in test provider), or a token a provider's own browser form made. */
  card?: CardDetails;
  token?: string;
  /** The checkout's idempotency key: a provider must not charge twice for the same key. */
  idempotencyKey: string;
  /** Keep the payment method for later charges (a subscription's renewals): the result then carries `reusableToken`. */
  reuse?: boolean;
}

/** A later charge of a kept payment method, without the shopper present (subscription renewals). */
export interface ChargeInput {
  /** The `reusableToken` an authorization answered. */
  token: string;
  amountCents: number;
  currency: string;
  /** One key per renewal attempt: a retried call with the same key charges once. */
  idempotencyKey: string;
}

export type AuthorizeResult =
  | {
      ok: true;
      reference: string;
      /** 'pending' when the money settles later (pay-later methods): the order is received, not confirmed. */
      status?: 'authorized' | 'pending';
      /** With `reuse`: the token `charge` takes; absent when the provider keeps nothing. */
      reusableToken?: string;
      /** Pay-later: where the shopper approves the plan at the provider; its notice settles the order. */
      redirectUrl?: string;
    }
  | { ok: false; code: 'declined' | 'retry'; message: string };

/** A provider's word that a pending payment settled (its callback), once its signature is checked. */
export interface PaymentNotice {
  reference: string;
  outcome: 'approved' | 'declined';
}

export interface PaymentProvider {
  name: string;
  /** 'pay-later' providers take no card: the shopper approves the plan on the provider's page. */
  kind?: 'card' | 'pay-later';
  /** Orders paid through this provider are test orders (spec §3 Order testMode). */
  testMode: boolean;
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  capture?(reference: string, amountCents: number): Promise<void>;
  /** Charges a kept payment method; providers without it cannot renew subscriptions. */
  charge?(input: ChargeInput): Promise<AuthorizeResult>;
  /** Releases an authorization; checkout calls it when the order could not be written after authorizing. */
  refund?(reference: string, amountCents: number): Promise<void>;
  /** Pay-later: reads the provider's callback body; null when it is not genuinely the provider's. */
  verifyNotice?(body: unknown): PaymentNotice | null;
}
