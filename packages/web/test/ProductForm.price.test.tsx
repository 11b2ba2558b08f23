import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCart } from '../src/cart-store';
import { ProductForm, type ProductFormProps } from '../src/islands/ProductForm';
import { getProductSelection, resetProductSelections, subscribeProductSelection } from '../src/product-store';

const variant = (sku: string, size: string, priceCents: number, salePriceCents = 0) => ({
  sku,
  attributes: { Size: size },
  priceCents,
  salePriceCents,
  onSale: salePriceCents > 0,
  qtyInStock: 5,
  unlimited: false,
});

const TEE: ProductFormProps = {
  itemId: 'item-tee',
  productType: 1,
  name: 'Classic Tee',
  currency: 'USD',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variants: [variant('S', 'S', 7800), variant('M', 'M', 6400, 4800), variant('L', 'L', 7800)],
  addButtonText: 'Add To Cart',
  soldOut: false,
  showQuantity: true,
};

/** The server's price block for TEE before a size is chosen (docs/product-form.md). */
const SERVER_PRICE = 'from <span class="sale-price">$48.00</span>';

function choose(value: string) {
  fireEvent.change(screen.getByLabelText('Size'), { target: { value } });
}

const priceBlock = () => document.querySelector('.product-price')!;

beforeEach(() => {
  resetCart();
  resetProductSelections();
  const block = document.createElement('div');
  block.className = 'product-price';
  block.setAttribute('data-item-price', 'item-tee');
  block.innerHTML = SERVER_PRICE;
  document.body.append(block);
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('ProductForm selected variant', () => {
  it('publishes the selected variant and quantity for the other islands', () => {
    const seen: unknown[] = [];
    subscribeProductSelection('item-tee', () => seen.push(getProductSelection('item-tee')));
    render(<ProductForm {...TEE} />);
    expect(getProductSelection('item-tee')).toEqual({
      itemId: 'item-tee',
      selectedVariant: null,
      quantity: 1,
    });
    choose('M');
    expect(getProductSelection('item-tee')?.selectedVariant).toBe(TEE.variants[1]);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    expect(getProductSelection('item-tee')?.quantity).toBe(3);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
    expect(getProductSelection('item-tee')?.quantity).toBeNull();
    expect(seen).toHaveLength(4);
  });
});

describe('ProductForm price block', () => {
  it('shows the plain price of the selected variant', () => {
    render(<ProductForm {...TEE} />);
    choose('S');
    expect(priceBlock().innerHTML).toBe('$78.00');
  });

  it('shows a sale with its visually hidden labels, as the server renders it', () => {
    render(<ProductForm {...TEE} />);
    choose('M');
    expect(priceBlock().innerHTML).toBe(
      '<span class="visually-hidden">Sale Price:</span> <span class="sale-price">$48.00</span> <span class="visually-hidden">Original Price:</span> <del class="original-price">$64.00</del>',
    );
    expect(priceBlock().textContent).toBe('Sale Price: $48.00 Original Price: $64.00');
  });

  it("restores the server's text when no variant is selected and when the form goes away", () => {
    const { unmount } = render(<ProductForm {...TEE} />);
    choose('L');
    expect(priceBlock().innerHTML).toBe('$78.00');
    choose('');
    expect(priceBlock().innerHTML).toBe(SERVER_PRICE);
    choose('S');
    act(() => unmount());
    expect(priceBlock().innerHTML).toBe(SERVER_PRICE);
  });

  it("leaves another item's price block alone", () => {
    const other = document.createElement('div');
    other.className = 'product-price';
    other.setAttribute('data-item-price', 'item-mug');
    other.textContent = '$12.00';
    document.body.append(other);
    render(<ProductForm {...TEE} />);
    choose('S');
    expect(other.innerHTML).toBe('$12.00');
  });

  it('keeps the subscription wording of subscribable products', () => {
    priceBlock().innerHTML = '$78.00 every month';
    render(<ProductForm {...TEE} isSubscribable />);
    choose('M');
    expect(priceBlock().innerHTML).toBe('$78.00 every month');
  });
});
