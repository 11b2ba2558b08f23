import type { CommerceProduct, CommerceVariant } from '@storefront/commerce';

/** Spec §4 "Add-to-cart button" states; 'failed' keeps the button busy while the error shows. */
export type ButtonPhase = 'idle' | 'select-option' | 'adding' | 'added' | 'failed';

/** How the additional-fields form ended. */
export type FormOutcome =
  | { kind: 'submitted'; values: string }
  | { kind: 'cancelled' }
  | { kind: 'load-failed' };

/** What one add attempt needs from the form: its data now and the ways to show progress. */
export interface AddAttempt {
  product: CommerceProduct;
  selection: Record<string, string>;
  selectedVariant: CommerceVariant | null;
  /** The quantity field's text; undefined when no quantity input is shown. */
  quantityInput: string | undefined;
  parsedQuantity: number | null;
  expressCheckout: boolean;
  /** A donation's checked amount (decimal, major units); undefined for other products. */
  amount?: string;
  subscriptionOptionId: string | null;
  addToCartText: string;
  setPhase: (phase: ButtonPhase) => void;
  setMessage: (message: string) => void;
  setAlert: (alert: { title: string; message: string } | null) => void;
  openCustomForm: (formId: string) => Promise<FormOutcome>;
  /** Resolves after `ms` unless the form cancels its timers first. */
  wait: (ms: number) => Promise<void>;
  clearTimers: () => void;
  /** False once a newer attempt started; a stale attempt stops at its next step. */
  isCurrent: () => boolean;
}
