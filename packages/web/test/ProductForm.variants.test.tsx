import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../src/cart-store';
import { resetAddedPopover } from '../src/islands/AddedPopover';
import { ProductForm, type ProductFormProps, productFormStateFromMarkup } from '../src/islands/ProductForm';
import { resetProductSelections } from '../src/product-store';
import { jsonResponse, makeCart, markupShape, setCrumbCookie, stubFetch } from './helpers';

const variant = (sku: string, Size: string, Color: string, qtyInStock: number, unlimited = false) => ({
  sku,
  attributes: { Size, Color },
  priceCents: 3000,
  salePriceCents: 0,
  onSale: false,
  qtyInStock,
  unlimited,
});

/** Size L exists only in Black and is sold out; S White is sold out; M Black never runs out. */
const SHIRT: ProductFormProps = {
  itemId: 'item-shirt',
  productType: 1,
  name: 'Oxford Shirt',
  currency: 'USD',
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Color', values: ['Black', 'White'] },
  ],
  variants: [
    variant('SH-S-BLK', 'S', 'Black', 5),
    variant('SH-S-WHT', 'S', 'White', 0),
    variant('SH-M-BLK', 'M', 'Black', 0, true),
    variant('SH-M-WHT', 'M', 'White', 2),
    variant('SH-L-BLK', 'L', 'Black', 0),
  ],
  addButtonText: 'Add To Cart',
  soldOut: false,
  showQuantity: true,
};

const RADIO: ProductFormProps = { ...SHIRT, variantSelector: 'radio' };

const FORM_START =
  '<form class="product-form" method="post" action="/api/commerce/shopping-cart/entries"><input type="hidden" name="crumb" value="x"><input type="hidden" name="itemId" value="item-shirt">';
const FORM_END =
  '<div class="product-quantity-input"><label for="quantity">Quantity</label><input id="quantity" type="number" name="quantity" min="1" max="9999" step="1" value="1"></div><button type="submit" class="sqs-add-to-cart-button">Add To Cart</button><p class="product-form-message" role="alert"></p></form>';

/** The server's no-JS markup for SHIRT with dropdowns (README.md). */
const SERVER_DROPDOWNS = `${FORM_START}<div class="variant-option"><label for="variant-option-Size">Size</label><select id="variant-option-Size" name="variant-option-Size" class="variant-select"><option value="">Select Size</option><option value="S">S</option><option value="M">M</option><option value="L" data-unavailable>L (sold out)</option></select></div><div class="variant-option"><label for="variant-option-Color">Color</label><select id="variant-option-Color" name="variant-option-Color" class="variant-select"><option value="">Select Color</option><option value="Black">Black</option><option value="White">White</option></select></div>${FORM_END}`;

/** The server's no-JS markup for SHIRT with radios (docs/product-form.md), L marked sold out. */
const SERVER_RADIOS = `${FORM_START}<fieldset class="variant-option variant-option--radio"><legend>Size</legend><label class="variant-radio"><input type="radio" name="variant-option-Size" value="S"> S</label><label class="variant-radio"><input type="radio" name="variant-option-Size" value="M"> M</label><label class="variant-radio" data-unavailable><input type="radio" name="variant-option-Size" value="L"> L<span class="variant-radio-mark"> (sold out)</span></label></fieldset><fieldset class="variant-option variant-option--radio"><legend>Color</legend><label class="variant-radio"><input type="radio" name="variant-option-Color" value="Black"> Black</label><label class="variant-radio"><input type="radio" name="variant-option-Color" value="White"> White</label></fieldset>${FORM_END}`;

function serverForm(markup: string): Element {
  const el = document.createElement('div');
  el.innerHTML = markup;
  return el.firstElementChild!;
}

/** markupShape without ids: each island instance has its own, the server's are plain. */
function shapeWithoutIds(el: Element): unknown {
  const copy = el.cloneNode(true) as Element;
  for (const node of copy.querySelectorAll('[id], [for]')) {
    node.removeAttribute('id');
    node.removeAttribute('for');
  }
  return markupShape(copy);
}

/** Every label with `for` names one control in its own form. */
function expectLabelsInForm(form: Element) {
  const labels = Array.from(form.querySelectorAll('label[for]'));
  for (const label of labels) {
    const matches = document.querySelectorAll(`[id="${CSS.escape(label.getAttribute('for')!)}"]`);
    expect(matches).toHaveLength(1);
    expect(form.contains(matches[0])).toBe(true);
    expect(['SELECT', 'INPUT']).toContain(matches[0].tagName);
  }
  return labels.length;
}

const button = () => document.querySelector<HTMLButtonElement>('.sqs-add-to-cart-button')!;
/** The failure message the shopper sees: the alert's when one is open, else the page's. */
const alertText = () =>
  (document.querySelector('.sf-alert-dialog-message') ?? document.querySelector('.product-form-message'))!
    .textContent;
const radio = (group: string, value: string) =>
  within(screen.getByRole('group', { name: group })).getByDisplayValue(value) as HTMLInputElement;
const marked = (group: string) =>
  Array.from(
    screen.getByRole('group', { name: group }).querySelectorAll('label[data-unavailable]'),
    (label) => label.querySelector('input')!.value,
  );

function pick(group: string, value: string) {
  fireEvent.click(radio(group, value));
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function click() {
  await act(async () => {
    fireEvent.click(button());
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetCart();
  resetProductSelections();
  setCrumbCookie('0123456789abcdef0123456789abcdef');
});

afterEach(() => {
  cleanup();
  resetAddedPopover();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProductForm dropdown selectors', () => {
  it('reproduces the server no-JS markup element for element, apart from the ids', () => {
    const { container } = render(<ProductForm {...SHIRT} />);
    const form = container.firstElementChild!;
    expect(shapeWithoutIds(form)).toEqual(shapeWithoutIds(serverForm(SERVER_DROPDOWNS)));
    expect(expectLabelsInForm(form)).toBe(3);
    expect(screen.getByLabelText<HTMLSelectElement>('Size').name).toBe('variant-option-Size');
  });

  it("marks sold-out and unavailable choices in the dropdowns and says 'Sold Out' once the chosen variant is out", async () => {
    const optionTexts = (label: string) =>
      Array.from(screen.getByLabelText<HTMLSelectElement>(label).options, (o) => o.text);
    stubFetch(() =>
      jsonResponse({
        results: SHIRT.variants.map(({ sku, unlimited, qtyInStock }) => ({ sku, unlimited, qtyInStock })),
      }),
    );
    render(<ProductForm {...SHIRT} />);
    expect(optionTexts('Size')).toEqual(['Select Size', 'S', 'M', 'L (sold out)']);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'S' } });
    expect(optionTexts('Color')).toEqual(['Select Color', 'Black', 'White (sold out)']);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'L' } });
    expect(optionTexts('Color')).toEqual(['Select Color', 'Black (sold out)', 'White (unavailable)']);
    expect(button().textContent).toBe('Add To Cart');
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'Black' } });
    // Before any add: the button says so, and still checks fresh stock when pressed.
    expect(button().textContent).toBe('Sold Out');
    expect(button().disabled).toBe(false);
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'M' } });
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
  });
});

describe('ProductForm radio selectors', () => {
  it('reproduces the documented server markup, nothing chosen and nothing disabled', () => {
    const { container } = render(<ProductForm {...RADIO} />);
    const form = container.firstElementChild!;
    expect(shapeWithoutIds(form)).toEqual(shapeWithoutIds(serverForm(SERVER_RADIOS)));
    expect(form.querySelector('select')).toBeNull();
    const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(radios).toHaveLength(5);
    expect(radios.filter((r) => r.checked || r.disabled || r.hasAttribute('tabindex'))).toEqual([]);
  });

  it('groups each option under its legend, in the order of the options prop', () => {
    render(<ProductForm {...RADIO} options={[...RADIO.options].reverse()} />);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')!.textContent)).toEqual([
      'Color',
      'Size',
    ]);
    // One name per group: the browser moves between its radios with the arrow keys.
    expect(
      new Set(
        Array.from(screen.getByRole('group', { name: 'Size' }).querySelectorAll('input'), (i) => i.name),
      ),
    ).toEqual(new Set(['variant-option-Size']));
  });

  it('shows Select Option for 2 s and names the options still unchosen', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...RADIO} />);
    await click();
    expect(button().textContent).toBe('Select Option');
    expect(alertText()).toBe('Please select the Size and Color options.');
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
    pick('Size', 'S');
    expect(radio('Size', 'S').checked).toBe(true);
    expect(alertText()).toBe('');
    await click();
    expect(alertText()).toBe('Please select the Color option.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a combination with no variant before asking for stock', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...RADIO} />);
    pick('Size', 'L');
    pick('Color', 'White');
    await click();
    expect(alertText()).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the variant the radios name', async () => {
    const cart = makeCart();
    const { requests } = stubFetch((request) =>
      request.method === 'GET'
        ? jsonResponse({
            results: SHIRT.variants.map(({ sku, unlimited, qtyInStock }) => ({ sku, unlimited, qtyInStock })),
          })
        : jsonResponse({ shoppingCart: cart, newlyAdded: cart.entries[0] }),
    );
    render(<ProductForm {...RADIO} />);
    pick('Size', 'M');
    pick('Color', 'White');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await click();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/commerce/inventory/stock/?itemId=item-shirt',
      'POST /api/commerce/shopping-cart/entries',
    ]);
    expect(requests[1].body).toEqual({
      itemId: 'item-shirt',
      sku: 'SH-M-WHT',
      quantity: 2,
      additionalFields: null,
    });
    await advance(1000);
    expect(button().textContent).toBe('Added!');
  });

  it('marks the values that lead to no variant in stock given the other choices, and keeps them choosable', () => {
    render(<ProductForm {...RADIO} />);
    expect(marked('Size')).toEqual(['L']);
    expect(marked('Color')).toEqual([]);
    expect(screen.getByRole('radio', { name: 'L (sold out)' })).toBe(radio('Size', 'L'));
    pick('Size', 'S');
    expect(marked('Color')).toEqual(['White']);
    expect((screen.getByRole('radio', { name: 'White (sold out)' }) as HTMLInputElement).disabled).toBe(
      false,
    );
    pick('Color', 'White');
    expect(radio('Color', 'White').checked).toBe(true);
    expect(marked('Size')).toEqual(['S', 'L']);
    pick('Size', 'M');
    expect(marked('Size')).toEqual(['S', 'L']);
    expect(marked('Color')).toEqual([]);
    expect((screen.getByRole('radio', { name: 'M' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks nothing for a digital product (unlimited by type)', () => {
    render(<ProductForm {...RADIO} productType={2} />);
    expect([...marked('Size'), ...marked('Color')]).toEqual([]);
  });

  it('keeps the radios the shopper checked in the server form before the swap', () => {
    const server = document.createElement('div');
    server.innerHTML = SERVER_RADIOS;
    server.querySelector<HTMLInputElement>('input[value="M"]')!.checked = true;
    server.querySelector<HTMLInputElement>('input[value="White"]')!.checked = true;
    server.querySelector<HTMLInputElement>('input[name="quantity"]')!.value = '3';
    const state = productFormStateFromMarkup(server);
    expect(state).toEqual({
      initialMessage: '',
      initialSelection: { Size: 'M', Color: 'White' },
      initialQuantity: '3',
    });
    render(<ProductForm {...RADIO} {...state} />);
    expect(radio('Size', 'M').checked).toBe(true);
    expect(radio('Color', 'White').checked).toBe(true);
  });
});

describe('ProductForm ids', () => {
  it('gives a second form on the page its own ids, each label still naming its control', () => {
    const { container } = render(
      <>
        <ProductForm {...SHIRT} />
        <ProductForm {...SHIRT} itemId="item-other" />
      </>,
    );
    const forms = container.querySelectorAll('form');
    const ids = Array.from(container.querySelectorAll('[id]'), (el) => el.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(expectLabelsInForm(forms[0]) + expectLabelsInForm(forms[1])).toBe(6);
    const [first, second] = screen.getAllByLabelText<HTMLInputElement>('Quantity');
    fireEvent.change(second, { target: { value: '4' } });
    expect([first.value, second.value]).toEqual(['1', '4']);
    const [size] = screen.getAllByLabelText<HTMLSelectElement>('Size');
    expect(forms[0].contains(size)).toBe(true);
  });
});

describe('ProductForm scarcity message', () => {
  const TEMPLATE = 'Only {qtyInStock} left in stock';

  function scarcityBlock(itemId: string, text: string, hidden: boolean): HTMLElement {
    const el = document.createElement('p');
    el.className = 'product-scarcity';
    el.setAttribute('data-item-scarcity', itemId);
    el.textContent = text;
    el.hidden = hidden;
    document.body.append(el);
    return el;
  }

  const state = (el: HTMLElement) => [el.textContent, el.hidden];

  it("shows the selected variant's units left and hides it for an unlimited or empty variant", () => {
    const blocks = [
      scarcityBlock('item-shirt', 'Only 7 left in stock', true),
      scarcityBlock('item-shirt', 'Only 7 left in stock', true),
    ];
    render(<ProductForm {...RADIO} scarcity={{ template: TEMPLATE, shownByDefault: false }} />);
    expect(blocks.map(state)).toEqual([
      ['Only 7 left in stock', true],
      ['Only 7 left in stock', true],
    ]);
    pick('Size', 'S');
    expect(state(blocks[0])).toEqual(['Only 7 left in stock', true]);
    pick('Color', 'Black');
    expect(blocks.map(state)).toEqual([
      ['Only 5 left in stock', false],
      ['Only 5 left in stock', false],
    ]);
    pick('Color', 'White');
    expect(blocks[0].hidden).toBe(true);
    pick('Size', 'M');
    expect(state(blocks[1])).toEqual(['Only 2 left in stock', false]);
    pick('Color', 'Black');
    expect(blocks[1].hidden).toBe(true);
  });

  it("puts back the server's message when no variant is selected and when the form goes away", () => {
    const block = scarcityBlock('item-shirt', 'Only 7 left in stock', false);
    const { unmount } = render(
      <ProductForm {...SHIRT} scarcity={{ template: TEMPLATE, shownByDefault: true }} />,
    );
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'M' } });
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'White' } });
    expect(state(block)).toEqual(['Only 2 left in stock', false]);
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: '' } });
    expect(state(block)).toEqual(['Only 7 left in stock', false]);
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'Black' } });
    expect(block.hidden).toBe(true);
    act(() => unmount());
    expect(state(block)).toEqual(['Only 7 left in stock', false]);
  });

  it('keeps an empty server message hidden while no variant is selected', () => {
    const block = scarcityBlock('item-shirt', '', true);
    render(<ProductForm {...SHIRT} scarcity={{ template: TEMPLATE, shownByDefault: true }} />);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'S' } });
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'Black' } });
    expect(state(block)).toEqual(['Only 5 left in stock', false]);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '' } });
    expect(state(block)).toEqual(['', true]);
  });

  it("leaves the message alone without the prop, for digital products and for another item's block", () => {
    const own = scarcityBlock('item-shirt', 'Only 7 left in stock', true);
    const other = scarcityBlock('item-mug', 'Only 1 left in stock', true);
    const { unmount } = render(<ProductForm {...RADIO} />);
    pick('Size', 'S');
    pick('Color', 'Black');
    expect(state(own)).toEqual(['Only 7 left in stock', true]);
    act(() => unmount());
    render(
      <ProductForm {...RADIO} productType={2} scarcity={{ template: TEMPLATE, shownByDefault: false }} />,
    );
    pick('Size', 'S');
    pick('Color', 'Black');
    expect(state(own)).toEqual(['Only 7 left in stock', true]);
    cleanup();
    render(<ProductForm {...RADIO} scarcity={{ template: TEMPLATE, shownByDefault: false }} />);
    pick('Size', 'S');
    pick('Color', 'Black');
    expect(state(own)).toEqual(['Only 5 left in stock', false]);
    expect(state(other)).toEqual(['Only 1 left in stock', true]);
  });
});
