import type { CommerceVariant } from '@storefront/commerce';
import { useSyncExternalStore } from 'react';

/** What a product form has chosen right now; other islands (price, installments) follow it. */
export interface ProductSelection {
  itemId: string;
  /** The variant the chosen options name, or null while an option is unselected or unavailable. */
  selectedVariant: CommerceVariant | null;
  /** The quantity field as a whole number, or null while it does not parse. */
  quantity: number | null;
}

/** Keyed by item id: a quick view may show another product beside the page's own form. */
const selections = new Map<string, ProductSelection>();
const listeners = new Map<string, Set<() => void>>();

export function getProductSelection(itemId: string): ProductSelection | null {
  return selections.get(itemId) ?? null;
}

/** Stores the selection and notifies that item's subscribers, unless nothing changed. */
export function publishProductSelection(next: ProductSelection): void {
  const prev = selections.get(next.itemId);
  if (prev && prev.selectedVariant === next.selectedVariant && prev.quantity === next.quantity) return;
  selections.set(next.itemId, next);
  for (const listener of listeners.get(next.itemId) ?? []) listener();
}

export function subscribeProductSelection(itemId: string, listener: () => void): () => void {
  let set = listeners.get(itemId);
  if (!set) {
    set = new Set();
    listeners.set(itemId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Forgets every selection without notifying, e.g. between tests. */
export function resetProductSelections(): void {
  selections.clear();
}

/** The item's current selection, or null before its form has published one. */
export function useProductSelection(itemId: string): ProductSelection | null {
  return useSyncExternalStore(
    (listener) => subscribeProductSelection(itemId, listener),
    () => getProductSelection(itemId),
    () => getProductSelection(itemId),
  );
}
