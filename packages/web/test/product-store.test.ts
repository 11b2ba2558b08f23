import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getProductSelection,
  publishProductSelection,
  resetProductSelections,
  subscribeProductSelection,
  useProductSelection,
} from '../src/product-store';

const VARIANT = {
  sku: 'TEE-S',
  attributes: { Size: 'S' },
  priceCents: 2500,
  salePriceCents: 0,
  onSale: false,
  qtyInStock: 3,
  unlimited: false,
};

afterEach(() => resetProductSelections());

describe('product store', () => {
  it('keeps one selection per item and notifies only that item', () => {
    const tee = vi.fn();
    const mug = vi.fn();
    const stopTee = subscribeProductSelection('tee', tee);
    subscribeProductSelection('mug', mug);
    publishProductSelection({ itemId: 'tee', selectedVariant: VARIANT, quantity: 2 });
    expect(getProductSelection('tee')).toEqual({ itemId: 'tee', selectedVariant: VARIANT, quantity: 2 });
    expect(getProductSelection('mug')).toBeNull();
    expect(tee).toHaveBeenCalledTimes(1);
    expect(mug).not.toHaveBeenCalled();
    stopTee();
    publishProductSelection({ itemId: 'tee', selectedVariant: null, quantity: 2 });
    expect(tee).toHaveBeenCalledTimes(1);
  });

  it('does not notify when neither the variant nor the quantity changed', () => {
    const listener = vi.fn();
    subscribeProductSelection('tee', listener);
    publishProductSelection({ itemId: 'tee', selectedVariant: VARIANT, quantity: 1 });
    publishProductSelection({ itemId: 'tee', selectedVariant: VARIANT, quantity: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    publishProductSelection({ itemId: 'tee', selectedVariant: VARIANT, quantity: null });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives React islands the current selection and re-renders them on change', () => {
    const { result } = renderHook(() => useProductSelection('tee'));
    expect(result.current).toBeNull();
    act(() => publishProductSelection({ itemId: 'tee', selectedVariant: VARIANT, quantity: 4 }));
    expect(result.current).toEqual({ itemId: 'tee', selectedVariant: VARIANT, quantity: 4 });
  });
});
