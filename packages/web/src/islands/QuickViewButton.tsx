import { DEFAULT_TEXTS } from '@storefront/commerce';
import { type ComponentType, type MouseEvent, useRef, useState } from 'react';
import type { QuickViewDialogProps } from './quick-view/QuickViewDialog';

export interface QuickViewButtonProps {
  itemId: string;
  /** Button text; spec §9 fallback 'Quick View'. */
  text?: string;
}

const loadDialog = () => import('./quick-view/QuickViewDialog').then((m) => m.QuickViewDialog);

/**
 * The product card's Quick View button (spec §2). The server renders it `hidden` (it needs
 * JavaScript); the island shows it and loads the overlay's code when the shopper points at it
 * or opens it.
 */
export function QuickViewButton({ itemId, text }: QuickViewButtonProps) {
  const [open, setOpen] = useState(false);
  const [Overlay, setOverlay] = useState<ComponentType<QuickViewDialogProps> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function prefetch() {
    if (Overlay) return;
    loadDialog().then(
      (component) => setOverlay(() => component),
      () => {
        // A failed chunk load is retried on the next pointer or click.
      },
    );
  }

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // The card around the button may be a link or have its own click handler.
    event.preventDefault();
    event.stopPropagation();
    prefetch();
    setOpen(true);
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="product-quick-view-button"
        data-item-id={itemId}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={onClick}
      >
        {text || DEFAULT_TEXTS.quickView}
      </button>
      {Overlay && (
        <Overlay itemId={itemId} open={open} onClose={() => setOpen(false)} returnFocus={buttonRef} />
      )}
    </>
  );
}
