import { useSyncExternalStore } from 'react';
import type { Cart, CartSummary } from './types';

/**
 * The one cart the islands of a page share. It starts empty; islands pass their server props as
 * the fallback, and any island that learns a newer cart (an add, a cart page change) sets it.
 */
let cart: Cart | null = null;
const listeners = new Set<() => void>();

export function getCart(): Cart | null {
  return cart;
}

export function setCart(next: Cart): void {
  cart = next;
  for (const listener of listeners) listener();
}

/** Forgets the cart without notifying, e.g. between tests or when a page's islands are rebuilt. */
export function resetCart(): void {
  cart = null;
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function summarize(value: Cart): CartSummary {
  return { totalQuantity: value.totalQuantity, subtotalCents: value.subtotalCents, currency: value.currency };
}

/** The latest cart, or `fallback` (the island's server props) until one is known. */
export function useCart<T>(select: (value: Cart) => T, fallback: T): T {
  const current = useSyncExternalStore(subscribeCart, getCart, getCart);
  return current ? select(current) : fallback;
}
