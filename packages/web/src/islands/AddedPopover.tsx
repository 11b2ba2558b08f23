import {
  ADDED_POPOVER_HIDE_MS,
  ADDED_POPOVER_OFFSETS_PX,
  addedPopoverText,
  EXPRESS_CHECKOUT_URL,
} from '@storefront/commerce';
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { pageContext } from '../context';
import { Popover, type PopoverPlacement } from '../ui';

/** Text of the popover's button (spec §2 "with a Close button"). */
export const ADDED_POPOVER_CLOSE_TEXT = 'Close';
/** The ways on from the popover, as shoppers know them from other stores. */
export const ADDED_POPOVER_CART_TEXT = 'View cart';
export const ADDED_POPOVER_CHECKOUT_TEXT = 'Checkout';

/** Cart indicators, most specific first: the pill cart, then the theme's cart link in the nav. */
const CART_INDICATORS = ['.pill-cart', '.site-nav-cart'];

function isShown(el: Element): boolean {
  return el.closest('[hidden]') === null && (el as HTMLElement).style.display !== 'none';
}

/** Spec §2: anchored to the cart indicator, or null (the top-right of the window) without one. */
export function findCartIndicator(doc: Document = document): Element | null {
  for (const selector of CART_INDICATORS) {
    const el = Array.from(doc.querySelectorAll(selector)).find(isShown);
    if (el) return el;
  }
  return null;
}

/**
 * Spec §9 offsets: with no indicator, 16 px from the top and 33 px from the right of the window;
 * beside an indicator, 16 px from it (above one in the lower half of the window, e.g. the pill)
 * with the right edges lined up.
 */
export function addedPopoverPlacement(anchor: Element | null): PopoverPlacement {
  if (!anchor) {
    return {
      side: 'bottom',
      align: 'end',
      sideOffset: ADDED_POPOVER_OFFSETS_PX.top,
      alignOffset: ADDED_POPOVER_OFFSETS_PX.right,
    };
  }
  const rect = anchor.getBoundingClientRect();
  const lowerHalf = (rect.top + rect.bottom) / 2 > window.innerHeight / 2;
  return {
    side: lowerHalf ? 'top' : 'bottom',
    align: 'end',
    sideOffset: ADDED_POPOVER_OFFSETS_PX.top,
    alignOffset: 0,
  };
}

export interface AddedPopoverProps {
  productName: string;
}

/**
 * Spec §2 product-added popover: a status message with Close (and the ways on to the cart and
 * checkout); hides itself after 3000 ms.
 */
export function AddedPopover({ productName }: AddedPopoverProps) {
  const [open, setOpen] = useState(true);
  const [anchor] = useState(() => findCartIndicator());
  // The text goes in after the status region exists: screen readers announce changes to a live
  // region, not a region that arrives with its text.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    setAnnounced(true);
    const id = setTimeout(() => setOpen(false), ADDED_POPOVER_HIDE_MS);
    return () => clearTimeout(id);
  }, []);
  return (
    <Popover
      open={open}
      onClose={() => setOpen(false)}
      anchor={anchor}
      placement={addedPopoverPlacement(anchor)}
      role="status"
      className="added-popover"
    >
      <p className="added-popover-text">{announced ? addedPopoverText(productName) : ''}</p>
      <div className="added-popover-actions">
        <a className="added-popover-cart" href={pageContext().cartUrl}>
          {ADDED_POPOVER_CART_TEXT}
        </a>
        <a className="added-popover-checkout" href={EXPRESS_CHECKOUT_URL}>
          {ADDED_POPOVER_CHECKOUT_TEXT}
        </a>
        <button type="button" className="added-popover-close" onClick={() => setOpen(false)}>
          {ADDED_POPOVER_CLOSE_TEXT}
        </button>
      </div>
    </Popover>
  );
}

/** One popover root per page, whichever product form (page or quick view) reports the add. */
let root: Root | null = null;
let shown = 0;

/** Shows the popover for a fresh add, replacing one still open. */
export function showAddedPopover(productName: string): void {
  if (!root) {
    // The popover itself portals to body with fixed position; this holder takes no space.
    const holder = document.createElement('div');
    holder.hidden = true;
    document.body.append(holder);
    root = createRoot(holder);
  }
  shown += 1;
  root.render(<AddedPopover key={shown} productName={productName} />);
}

/** Removes the page's popover root, e.g. between tests. */
export function resetAddedPopover(): void {
  root?.unmount();
  root = null;
}
