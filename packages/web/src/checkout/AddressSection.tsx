import { regionsFor, zipStateWarning } from '@storefront/commerce';
import { useMemo } from 'react';
import { postalLabel, regionLabel, shippingCountries } from './address';
import { Field } from './Field';
import { type AddressKind, type AddressState, type Errors, fieldId, LABELS } from './form';

export const ADDRESS_TEXT = {
  heading: 'Shipping address',
  billingHeading: 'Billing address',
  chooseRegion: (word: string) => `Select ${word}`,
} as const;

export interface AddressSectionProps {
  /** Which address of the order this is: its errors and field ids are keyed by it. */
  kind?: AddressKind;
  address: AddressState;
  errors: Errors;
  locale: string;
  onChange: (next: AddressState) => void;
  /** A field was left or a choice made: the moment to ask for a new quote. */
  onCommit: (address: AddressState) => void;
}

const TEXT_FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['line1', 'address-line1'],
  ['line2', 'address-line2'],
  ['city', 'address-level2'],
] as const;

/** Spec §3 address wording: the region and postal words, list and rule follow the country. */
export function AddressSection({
  kind = 'shippingAddress',
  address,
  errors,
  locale,
  onChange,
  onCommit,
}: AddressSectionProps) {
  const countries = useMemo(() => shippingCountries(locale), [locale]);
  const regions = regionsFor(address.country);
  const set = (field: keyof AddressState, value: string) => onChange({ ...address, [field]: value });
  const key = (field: keyof AddressState) => `${kind}.${field}`;
  // The browser fills a billing address from the card's details, not the shipping one.
  const section = kind === 'billingAddress' ? 'billing ' : '';
  const region = regionLabel(address.country);
  const regionName = regions.find((r) => r.code === address.region)?.name;
  // US only: a ZIP whose prefix belongs to another state is worth a second look.
  const zipWarning =
    address.country === 'US' && regionName
      ? zipStateWarning(address.postalCode, address.region, regionName)
      : null;
  return (
    <section
      className={
        kind === 'billingAddress' ? 'checkout-section checkout-billing' : 'checkout-section checkout-shipping'
      }
    >
      <h2>{kind === 'billingAddress' ? ADDRESS_TEXT.billingHeading : ADDRESS_TEXT.heading}</h2>
      {TEXT_FIELDS.map(([field, autoComplete]) => (
        <Field key={field} id={fieldId(key(field))} label={LABELS[field]} error={errors[key(field)]}>
          {(control) => (
            <input
              {...control}
              name={`${kind}.${field}`}
              autoComplete={section + autoComplete}
              value={address[field]}
              onChange={(event) => set(field, event.target.value)}
              onBlur={() => onCommit(address)}
            />
          )}
        </Field>
      ))}
      <Field id={fieldId(key('country'))} label={LABELS.country} error={errors[key('country')]}>
        {(control) => (
          <select
            {...control}
            name={key('country')}
            autoComplete={`${section}country`}
            value={address.country}
            onChange={(event) => {
              const next = { ...address, country: event.target.value, region: '' };
              onChange(next);
              onCommit(next);
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {regions.length > 0 && (
        <Field id={fieldId(key('region'))} label={region} error={errors[key('region')]}>
          {(control) => (
            <select
              {...control}
              name={key('region')}
              autoComplete={`${section}address-level1`}
              value={address.region}
              onChange={(event) => {
                const next = { ...address, region: event.target.value };
                onChange(next);
                onCommit(next);
              }}
            >
              <option value="">{ADDRESS_TEXT.chooseRegion(region)}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        id={fieldId(key('postalCode'))}
        label={postalLabel(address.country)}
        error={errors[key('postalCode')]}
        warning={zipWarning}
      >
        {(control) => (
          <input
            {...control}
            name={key('postalCode')}
            autoComplete={`${section}postal-code`}
            value={address.postalCode}
            onChange={(event) => set('postalCode', event.target.value)}
            onBlur={() => onCommit(address)}
          />
        )}
      </Field>
    </section>
  );
}
