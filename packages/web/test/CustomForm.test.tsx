import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../src/cart-store';
import { resetAddedPopover } from '../src/islands/AddedPopover';
import CustomFormModal from '../src/islands/CustomFormModal';
import { ProductForm, type ProductFormProps } from '../src/islands/ProductForm';
import { ADD_TO_CART_EVENT, type AddToCartEventDetail } from '../src/islands/product-form/events';
import { resetProductSelections } from '../src/product-store';
import { jsonResponse, makeCart, type RecordedRequest, setCrumbCookie, stubFetch } from './helpers';

const MUG: ProductFormProps = {
  itemId: 'item-mug',
  productType: 1,
  name: 'Custom Mug',
  currency: 'USD',
  options: [],
  variants: [
    {
      sku: 'MUG-1',
      attributes: {},
      priceCents: 1800,
      salePriceCents: 0,
      onSale: false,
      qtyInStock: 10,
      unlimited: false,
    },
  ],
  addButtonText: 'Add To Cart',
  soldOut: false,
  showQuantity: true,
  additionalFieldsFormId: 'form-1',
};

const SCHEMA = {
  id: 'form-1',
  name: 'Personalise your mug',
  fields: [
    { id: 'f-name', type: 'name', title: 'Your Name', required: true },
    { id: 'f-email', type: 'email', title: 'Email', required: true },
    { id: 'f-addr', type: 'address', title: 'Shipping Address' },
    { id: 'f-date', type: 'date', title: 'Delivery Date' },
    { id: 'f-time', type: 'time', title: 'Delivery Time' },
    { id: 'f-phone', type: 'phone', title: 'Phone' },
    { id: 'f-extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'], required: true },
    { id: 'f-ribbon', type: 'radio', title: 'Ribbon', options: ['Red', 'Blue'] },
    { id: 'f-box', type: 'select', title: 'Box', options: ['Small', 'Large'], required: true },
    {
      id: 'f-survey',
      type: 'likert',
      title: 'Survey',
      options: ['I like mugs', 'I drink tea'],
      required: true,
    },
    {
      id: 'f-more',
      type: 'section',
      title: 'A little more',
      required: true,
      description: 'Optional extras.',
    },
    { id: 'f-note', type: 'textarea', title: 'Note', maxLength: 20 },
  ],
};

const SCHEMA_URL = '/api/template/GetTemplateSchema?type=form&formId=form-1';
const STOCK = { results: [{ sku: 'MUG-1', unlimited: false, qtyInStock: 10 }] };

interface Answers {
  stock?: unknown;
  schema?: () => Response;
  validate?: () => Response;
  entries?: () => Response;
  subscription?: () => Response;
}

function serve(answers: Answers = {}) {
  return stubFetch((request: RecordedRequest) => {
    const { url } = request;
    if (url.startsWith('/api/commerce/inventory/stock/')) return jsonResponse(answers.stock ?? STOCK);
    if (url === SCHEMA_URL) return answers.schema?.() ?? jsonResponse(SCHEMA);
    if (url === '/api/rest/forms/validate/form-1') return answers.validate?.() ?? jsonResponse({});
    if (url === '/api/3/commerce/cart/subscription') {
      return answers.subscription?.() ?? jsonResponse({ data: { cartToken: 'tok' } });
    }
    return answers.entries?.() ?? jsonResponse({ shoppingCart: makeCart(), newlyAdded: null });
  });
}

const events: AddToCartEventDetail[] = [];
function record(event: Event) {
  events.push((event as CustomEvent<AddToCartEventDetail>).detail);
}

const addButton = () => document.querySelector<HTMLButtonElement>('.sqs-add-to-cart-button')!;
const dialog = () => screen.getByRole('dialog', { name: 'Personalise your mug' });
const alertMessage = () =>
  screen.getByRole('alertdialog').querySelector('.sf-alert-dialog-message')!.textContent;
const fieldError = (id: string) => document.getElementById(`custom-form-${id}-error`)?.textContent ?? null;

/** Lets chunks, fetches and renders settle. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

async function openForm(props: Partial<ProductFormProps> = {}) {
  render(<ProductForm {...MUG} {...props} />);
  addButton().focus();
  await act(async () => {
    fireEvent.click(addButton());
  });
  await settle();
}

async function submitForm() {
  await act(async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add To Cart' }));
  });
  await settle();
}

/** Label text without the required marker, which is hidden from assistive technology. */
const withoutMarker = (text: string) => text.replace(/\s*\*$/, '').trim();

function control(label: string) {
  return within(dialog()).getByLabelText(label, { normalizer: withoutMarker });
}

function type(label: string, value: string) {
  fireEvent.change(control(label), { target: { value } });
}

function fillRequired() {
  type('First Name', 'Ada');
  type('Last Name', 'Lovelace');
  type('Email', 'ada@example.com');
  fireEvent.click(within(dialog()).getByLabelText('Card'));
  type('Box', 'Large');
  const survey = within(dialog()).getByRole('group', { name: 'Survey' });
  fireEvent.click(
    within(within(survey).getByRole('group', { name: 'I like mugs' })).getByLabelText('Strongly Agree'),
  );
  fireEvent.click(
    within(within(survey).getByRole('group', { name: 'I drink tea' })).getByLabelText('Disagree'),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  resetCart();
  resetProductSelections();
  setCrumbCookie('0123456789abcdef0123456789abcdef');
  document.addEventListener(ADD_TO_CART_EVENT, record);
});

afterEach(() => {
  cleanup();
  act(() => resetAddedPopover());
  document.removeEventListener(ADD_TO_CART_EVENT, record);
  events.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('additional-fields form (spec §4 step 5)', () => {
  it('checks stock first, then opens the form in a modal lightbox with focus inside', async () => {
    const { requests } = serve();
    await openForm();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/commerce/inventory/stock/?itemId=item-mug',
      SCHEMA_URL,
    ]);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(within(dialog()).getByRole('heading', { name: 'A little more' })).toBeTruthy();
    expect(within(dialog()).getByText('Optional extras.')).toBeTruthy();
    expect(within(dialog()).getByText('0 / 20')).toBeTruthy();
    expect(addButton().textContent).toBe('Adding…');
  });

  it("marks required fields 'Required' and a required likert with the survey message, without calling the server", async () => {
    const { requests } = serve();
    await openForm();
    await submitForm();
    expect(fieldError('f-name')).toBe('Required');
    expect(fieldError('f-email')).toBe('Required');
    expect(fieldError('f-extras')).toBe('Required');
    expect(fieldError('f-box')).toBe('Required');
    expect(fieldError('f-survey')).toBe('Survey is not valid. Missing a required question.');
    expect(fieldError('f-addr')).toBeNull();
    expect(fieldError('f-more')).toBeNull();
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('First Name'));
    expect(requests.map((r) => r.url)).toEqual([
      '/api/commerce/inventory/stock/?itemId=item-mug',
      SCHEMA_URL,
    ]);
  });

  it('sends the values to server validation, then adds the entry with them as a JSON string', async () => {
    const { requests } = serve();
    await openForm();
    fillRequired();
    type('Address 1', '1 Main St');
    type('City', 'London');
    // One native date input; its value travels as the parts the server checks.
    expect(control('Delivery Date').getAttribute('type')).toBe('date');
    type('Delivery Date', '2026-11-03');
    type('Hour', '9');
    type('Minute', '15');
    expect(Array.from((control('AM/PM') as HTMLSelectElement).options, (o) => o.text)).toEqual([
      'Choose…',
      'AM',
      'PM',
    ]);
    expect((control('Box') as HTMLSelectElement).options[0]?.text).toBe('Choose…');
    type('AM/PM', 'am');
    type('Country Code', '44');
    type('Number', '2079460000');
    fireEvent.click(within(dialog()).getByLabelText('Blue'));
    type('Note', 'Hi');
    await submitForm();

    const values = {
      'f-name': { first: 'Ada', last: 'Lovelace' },
      'f-email': 'ada@example.com',
      'f-addr': { line1: '1 Main St', line2: '', city: 'London', region: '', postalCode: '', country: '' },
      'f-date': { month: '11', day: '3', year: '2026' },
      'f-time': { hour: '9', minute: '15', ampm: 'am' },
      'f-phone': { country: '44', number: '2079460000' },
      'f-extras': ['Card'],
      'f-ribbon': 'Blue',
      'f-box': 'Large',
      'f-survey': { 'I like mugs': 2, 'I drink tea': -1 },
      'f-note': 'Hi',
    };
    const validate = requests[2];
    expect(validate).toMatchObject({
      url: '/api/rest/forms/validate/form-1',
      method: 'POST',
      headers: { 'X-CSRF-Token': '0123456789abcdef0123456789abcdef' },
      body: values,
    });
    const entry = requests[3];
    expect(entry.url).toBe('/api/commerce/shopping-cart/entries');
    expect(entry.body).toMatchObject({ itemId: 'item-mug', sku: 'MUG-1', quantity: 1 });
    expect(JSON.parse((entry.body as { additionalFields: string }).additionalFields)).toEqual(values);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(addButton());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(addButton().textContent).toBe('Added!');
  });

  it("shows the server's per-field messages and adds nothing", async () => {
    const { requests } = serve({
      validate: () => jsonResponse({ errors: { 'f-email': 'Email is invalid' } }, 400),
    });
    await openForm();
    fillRequired();
    await submitForm();
    expect(fieldError('f-email')).toBe('Email is invalid');
    expect(control('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url === '/api/commerce/shopping-cart/entries')).toBe(false);
    type('Email', 'ada@example.org');
    expect(fieldError('f-email')).toBeNull();
  });

  it('closes on Escape without adding; the button is idle and focused again', async () => {
    const { requests } = serve();
    await openForm();
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(addButton().textContent).toBe('Add To Cart');
    expect(document.activeElement).toBe(addButton());
    expect(requests).toHaveLength(2);
  });

  it("reports 'Unable to open form' when the form cannot be loaded", async () => {
    serve({ schema: () => jsonResponse({ message: 'No such form.' }, 404) });
    await openForm();
    // One message: the alert's, not the same text again in the page.
    expect(document.querySelector('.product-form-message')!.textContent).toBe('');
    expect(screen.getByRole('alertdialog', { name: 'Unable to Add Item' }).textContent).toContain(
      'Unable to open form',
    );
    expect(events.at(-1)?.errorType).toBe('CUSTOM_FORM_RENDER_ERROR');
  });

  it('tracks an out-of-stock product with a form as CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK and never loads the form', async () => {
    const { requests } = serve({ stock: { results: [{ sku: 'MUG-1', unlimited: false, qtyInStock: 0 }] } });
    await openForm();
    expect(alertMessage()).toBe('Sorry, we do not have enough of that item available.');
    expect(events.at(-1)?.errorType).toBe('CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK');
    expect(requests.map((r) => r.url)).toEqual(['/api/commerce/inventory/stock/?itemId=item-mug']);
  });

  it('sends the values with the subscription call instead of a quantity', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { requests } = serve();
    await openForm({
      isSubscribable: true,
      subscriptionOptionId: 'opt-1',
      showQuantity: false,
      addButtonText: '',
    });
    fillRequired();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Subscribe' }));
    });
    await settle();
    const call = requests.find((r) => r.url === '/api/3/commerce/cart/subscription')!;
    const body = call.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['additionalFields', 'itemId', 'sku', 'subscriptionOptionId']);
    expect(JSON.parse(body.additionalFields as string)['f-box']).toBe('Large');
    expect(window.location.assign).toHaveBeenCalledWith('/checkout/subscribe?cartToken=tok');
  });

  it('tracks a failed subscription call after the form as SUB_WITH_FORM_FAILURE', async () => {
    serve({ subscription: () => jsonResponse({ data: { message: 'Plan unavailable.' } }, 400) });
    await openForm({ isSubscribable: true, showQuantity: false });
    fillRequired();
    await submitForm();
    expect(alertMessage()).toBe('Plan unavailable.');
    expect(events.at(-1)?.errorType).toBe('SUB_WITH_FORM_FAILURE');
  });
});

describe('CustomFormModal lightbox', () => {
  it('keeps a 50 px margin when the content is taller than the window', async () => {
    serve();
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(window.innerHeight + 1);
    const returnFocus = { current: null };
    render(
      <CustomFormModal
        formId="form-1"
        submitText="Add To Cart"
        returnFocus={returnFocus}
        onSubmit={() => {}}
        onCancel={() => {}}
        onLoadError={() => {}}
      />,
    );
    await settle();
    const panel = dialog();
    expect(panel.style.marginBlock).toBe('50px');
    expect(panel.style.maxHeight).toBe('calc(100% - 100px)');
  });

  it('keeps no margin when the content fits', async () => {
    serve();
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(100);
    render(
      <CustomFormModal
        formId="form-1"
        submitText="Add To Cart"
        returnFocus={{ current: null }}
        onSubmit={() => {}}
        onCancel={() => {}}
        onLoadError={() => {}}
      />,
    );
    await settle();
    expect(dialog().style.marginBlock).toBe('');
  });

  it('counts textarea characters against the maximum', async () => {
    serve();
    render(
      <CustomFormModal
        formId="form-1"
        submitText="Add To Cart"
        returnFocus={{ current: null }}
        onSubmit={() => {}}
        onCancel={() => {}}
        onLoadError={() => {}}
      />,
    );
    await settle();
    type('Note', 'x'.repeat(20));
    expect(within(dialog()).getByText('20 / 20').getAttribute('data-over')).toBeNull();
    expect(fieldError('f-note')).toBeNull();
    control('Note').focus();
    type('Note', 'x'.repeat(21));
    const counter = within(dialog()).getByText('21 / 20');
    expect(counter.getAttribute('data-over')).toBe('true');
    // Marked as the shopper types, before any submit, without moving focus away.
    expect(fieldError('f-note')).toBe('You have exceeded the character limit.');
    expect(control('Note').getAttribute('aria-invalid')).toBe('true');
    expect(control('Note').getAttribute('aria-describedby')).toContain(counter.id);
    expect(document.activeElement).toBe(control('Note'));
    type('Note', 'x'.repeat(19));
    expect(fieldError('f-note')).toBeNull();
    type('Note', 'x'.repeat(21));
    await submitForm();
    expect(fieldError('f-note')).toBe('You have exceeded the character limit.');
  });
});
