import { MESSAGES, selectOptionMessage, validateWaitlistEmail } from '@storefront/commerce';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { pageContext } from '../context';
import { readCrumb } from '../cookies';
import { useProductSelection } from '../product-store';
import { recaptchaToken } from './site-form/RecaptchaCaptcha';

/** Spec §3 "Waitlist signup (form)"; docs/restock.md. */
export const RESTOCK_NOTIFICATIONS_PATH = '/api/commerce/restock-notifications';

export interface RestockVariant {
  sku: string;
  variantId: string;
  attributes: Record<string, string>;
  soldOut: boolean;
}

export interface RestockFormProps {
  productId: string;
  variants: RestockVariant[];
  /** Spec §3 merchandising context `restockNotificationMessages`. */
  messages: { buttonText: string; CTAText: string; placeholderText: string; mailingListDescription: string };
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  /** The store's `restockNotificationsSuccessText`, shown when the answer carries no message. */
  successText: string;
  /** Spec §4 "hidden by default when configured": false puts the form behind the CTA. */
  shownByDefault: boolean;
  /** What the shopper entered in the server markup before the island took over. */
  entered?: { email: string; joinMailingList?: boolean; revealed?: boolean };
}

/** Spec §3 waitlist payload, field names as given. */
export interface RestockSignUp {
  isJoinMailingList: boolean;
  productId: string;
  siteVisitorEmail: string;
  variantId: string;
  /** A reCAPTCHA token when the site verifies with reCAPTCHA (the server then checks it), else null. */
  recaptchaEnterpriseV3Token: string | null;
}

/**
 * Posts the signup. Resolves to the server's success message (or null without one); rejects
 * with the server's message, or spec §8 'Unable to submit form. Please try again later.' when it
 * gave none or did not answer.
 */
export async function signUpForRestock(body: RestockSignUp): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(RESTOCK_NOTIFICATIONS_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-CSRF-Token': readCrumb(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(MESSAGES.waitlistFailure);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const raw = (data as { message?: unknown } | null)?.message;
  const message = typeof raw === 'string' && raw !== '' ? raw : null;
  if (!response.ok) throw new Error(message ?? MESSAGES.waitlistFailure);
  return message;
}

type Phase = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; text: string };

/**
 * Spec §4 restock form: shown when the product, or the variant the product form has chosen, is
 * sold out. States: idle, error message shown, success message replacing the form content.
 */
export function RestockForm(props: RestockFormProps) {
  const { productId, variants } = props;
  const selection = useProductSelection(productId);
  const chosenSku = selection?.selectedVariant?.sku;
  const chosen = chosenSku === undefined ? null : (variants.find((v) => v.sku === chosenSku) ?? null);
  const allSoldOut = variants.length > 0 && variants.every((v) => v.soldOut);
  const visible = chosen ? chosen.soldOut : allSoldOut;
  const target = chosen ?? (variants.length === 1 ? variants[0] : null);
  // What the shopper typed, ticked and opened outlives a change of variant: choosing the size
  // the form asked for must not erase the email or fold the form away.
  const [email, setEmail] = useState(props.entered?.email ?? '');
  const [joinMailingList, setJoinMailingList] = useState(
    props.entered?.joinMailingList ?? props.mailingListOptInByDefault,
  );
  const [revealed, setRevealed] = useState(props.entered?.revealed ?? props.shownByDefault);
  if (!visible) return null;
  // A new variant starts a fresh submission: a success for one size says nothing about another.
  return (
    <RestockFormBody
      key={target?.variantId ?? ''}
      {...props}
      target={target}
      kept={{ email, setEmail, joinMailingList, setJoinMailingList, revealed, setRevealed }}
    />
  );
}

/** The shopper's entries, kept by RestockForm across variants. */
interface KeptEntries {
  email: string;
  setEmail: (email: string) => void;
  joinMailingList: boolean;
  setJoinMailingList: (join: boolean) => void;
  revealed: boolean;
  setRevealed: (revealed: boolean) => void;
}

function RestockFormBody(props: RestockFormProps & { target: RestockVariant | null; kept: KeptEntries }) {
  const { productId, variants, messages, target } = props;
  const { email, setEmail, joinMailingList, setJoinMailingList, revealed, setRevealed } = props.kept;
  const [error, setError] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const emailRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const revealedByShopper = useRef(false);
  // Fixed so the server can render the same id (docs/restock.md).
  const errorId = `restock-message-${productId}`;

  useEffect(() => {
    if (revealed && revealedByShopper.current) emailRef.current?.focus();
  }, [revealed]);

  useEffect(() => {
    if (phase.kind === 'success') successRef.current?.focus();
  }, [phase.kind]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== 'idle') return;
    const check = validateWaitlistEmail(email);
    if (!check.ok) {
      setError(check.message);
      emailRef.current?.focus();
      return;
    }
    if (!target) {
      setError(selectOptionMessage(Object.keys(variants[0]?.attributes ?? {})));
      return;
    }
    setError('');
    setPhase({ kind: 'submitting' });
    const siteKey = pageContext().captchaSettings?.siteKey;
    try {
      const message = await signUpForRestock({
        isJoinMailingList: props.mailingListSignUpEnabled && joinMailingList,
        productId,
        siteVisitorEmail: check.email,
        variantId: target.variantId,
        recaptchaEnterpriseV3Token: siteKey ? await recaptchaToken(siteKey) : null,
      });
      setPhase({ kind: 'success', text: message ?? props.successText });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.waitlistFailure);
      setPhase({ kind: 'idle' });
    }
  }

  const form =
    phase.kind === 'success' ? (
      <p ref={successRef} className="product-restock-success" tabIndex={-1}>
        {phase.text}
      </p>
    ) : (
      <form
        className="product-restock-form"
        method="post"
        action={RESTOCK_NOTIFICATIONS_PATH}
        onSubmit={submit}
        noValidate
      >
        <input type="hidden" name="crumb" value={readCrumb()} />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="variantId" value={target?.variantId ?? ''} />
        <div className="product-restock-fields">
          <input
            ref={emailRef}
            type="text"
            name="email"
            className="product-restock-email"
            placeholder={messages.placeholderText}
            aria-label={messages.placeholderText}
            autoComplete="email"
            inputMode="email"
            value={email}
            aria-invalid={error !== '' || undefined}
            aria-describedby={errorId}
            onChange={(e) => {
              setEmail(e.target.value);
              setError('');
            }}
          />
          <button
            type="submit"
            className="product-restock-submit"
            aria-disabled={phase.kind === 'submitting' || undefined}
          >
            {messages.buttonText}
          </button>
        </div>
        {props.mailingListSignUpEnabled && (
          <label className="product-restock-mailing-list">
            <input
              type="checkbox"
              name="isJoinMailingList"
              value="true"
              checked={joinMailingList}
              onChange={(e) => setJoinMailingList(e.target.checked)}
            />{' '}
            {messages.mailingListDescription}
          </label>
        )}
        <p id={errorId} className="product-restock-message" role="alert">
          {error}
        </p>
      </form>
    );

  if (props.shownByDefault) return <div className="product-restock">{form}</div>;
  return (
    <div className="product-restock">
      <details
        className="product-restock-disclosure"
        open={revealed}
        onToggle={(event) => {
          revealedByShopper.current = true;
          setRevealed(event.currentTarget.open);
        }}
      >
        <summary className="product-restock-cta">{messages.CTAText}</summary>
        {form}
      </details>
    </div>
  );
}
