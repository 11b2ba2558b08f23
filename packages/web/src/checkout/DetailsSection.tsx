import { GIFT_MESSAGE_MAX_LENGTH, ORDER_NOTE_MAX_LENGTH } from '@storefront/commerce';
import { AddressSection } from './AddressSection';
import { Field } from './Field';
import { type AddressState, type DetailsState, type Errors, fieldId, LABELS } from './form';

export const DETAILS_TEXT = {
  giftHeading: 'Send the gift card to',
  giftIntro: 'We email the card to the recipient; leave the email empty to receive it yourself.',
  noteHeading: 'Order note',
} as const;

export interface BillingSectionProps {
  same: boolean;
  address: AddressState;
  errors: Errors;
  locale: string;
  onSameChange: (same: boolean) => void;
  onChange: (next: AddressState) => void;
}

/** Billing is the shipping address unless the shopper says otherwise, as most stores ask. */
export function BillingSection({
  same,
  address,
  errors,
  locale,
  onSameChange,
  onChange,
}: BillingSectionProps) {
  return (
    <>
      <label className="checkout-check">
        <input type="checkbox" checked={same} onChange={(event) => onSameChange(event.target.checked)} />{' '}
        {LABELS.sameBilling}
      </label>
      {!same && (
        <AddressSection
          kind="billingAddress"
          address={address}
          errors={errors}
          locale={locale}
          onChange={onChange}
          onCommit={() => {}}
        />
      )}
    </>
  );
}

interface DetailFieldProps {
  details: DetailsState;
  errors: Errors;
  onChange: (next: DetailsState) => void;
}

/** The contact phone, beside the email. */
export function PhoneField({ details, errors, onChange }: DetailFieldProps) {
  return (
    <Field id={fieldId('phone')} label={LABELS.phone} error={errors.phone}>
      {(control) => (
        <input
          {...control}
          type="tel"
          name="phone"
          autoComplete="tel"
          value={details.phone}
          onChange={(event) => onChange({ ...details, phone: event.target.value })}
        />
      )}
    </Field>
  );
}

/** How many characters are left, said as the shopper types (the limit is the server's). */
function Counter({ id, text, max }: { id: string; text: string; max: number }) {
  const left = max - text.trim().length;
  return (
    <p id={id} className={left < 0 ? 'checkout-counter checkout-counter-over' : 'checkout-counter'}>
      {left < 0 ? `${-left} characters too many` : `${left} characters left`}
    </p>
  );
}

export function NoteSection({ details, errors, onChange }: DetailFieldProps) {
  return (
    <section className="checkout-section checkout-note">
      <h2>{DETAILS_TEXT.noteHeading}</h2>
      <Field id={fieldId('note')} label={LABELS.note} error={errors.note}>
        {(control) => (
          <>
            <textarea
              {...control}
              name="note"
              rows={3}
              value={details.note}
              aria-describedby={[control['aria-describedby'], `${fieldId('note')}-count`]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => onChange({ ...details, note: event.target.value })}
            />
            <Counter id={`${fieldId('note')}-count`} text={details.note} max={ORDER_NOTE_MAX_LENGTH} />
          </>
        )}
      </Field>
    </section>
  );
}

/** Who receives a gift card bought here: the card's email goes to them, with the message. */
export function GiftRecipientSection({ details, errors, onChange }: DetailFieldProps) {
  const messageId = fieldId('source.message');
  return (
    <section className="checkout-section checkout-gift-recipient">
      <h2>{DETAILS_TEXT.giftHeading}</h2>
      <p className="checkout-hint">{DETAILS_TEXT.giftIntro}</p>
      <Field
        id={fieldId('source.recipientName')}
        label={LABELS.recipientName}
        error={errors['source.recipientName']}
      >
        {(control) => (
          <input
            {...control}
            name="recipientName"
            autoComplete="off"
            value={details.recipientName}
            onChange={(event) => onChange({ ...details, recipientName: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={fieldId('source.recipientEmail')}
        label={LABELS.recipientEmail}
        error={errors['source.recipientEmail']}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="recipientEmail"
            autoComplete="off"
            value={details.recipientEmail}
            onChange={(event) => onChange({ ...details, recipientEmail: event.target.value })}
          />
        )}
      </Field>
      <Field id={messageId} label={LABELS.giftMessage} error={errors['source.message']}>
        {(control) => (
          <>
            <textarea
              {...control}
              name="giftMessage"
              rows={3}
              value={details.giftMessage}
              aria-describedby={[control['aria-describedby'], `${messageId}-count`].filter(Boolean).join(' ')}
              onChange={(event) => onChange({ ...details, giftMessage: event.target.value })}
            />
            <Counter id={`${messageId}-count`} text={details.giftMessage} max={GIFT_MESSAGE_MAX_LENGTH} />
          </>
        )}
      </Field>
    </section>
  );
}
