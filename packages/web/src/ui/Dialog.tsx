import { MODAL_ANIMATION_MS } from '@storefront/commerce';
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { currentFocus, restoreFocus, tabbables } from './focus';
import { isInLayerAbove, isTopLayer, type Layer, pushLayer } from './layers';
import { usePresence } from './presence';
import { lockBodyScroll } from './scroll-lock';
import './ui.css';

/** Accessible name of the dialog's close button. */
export const DIALOG_CLOSE_LABEL = 'Close';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, an outside click (unless disabled) and the close button. */
  onClose: () => void;
  /** Names the dialog (`aria-labelledby`); rendered as its `<h2>`. */
  title: ReactNode;
  /** Keeps the title for assistive technology only. */
  hideTitle?: boolean;
  children?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** A click on the backdrop closes the dialog; default true. */
  closeOnOutsideClick?: boolean;
  /** Renders the × close button (named "Close"); default true. */
  showCloseButton?: boolean;
  /** Receives focus on open; default the first tabbable element, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Receives focus on close; default the element that had focus when the dialog opened. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (`aria-describedby`). */
  describedBy?: string;
  /** Extra class on the dialog panel, for the theme. */
  className?: string;
}

/**
 * Modal dialog in a portal on `body`: focus moves in on open and stays in (Tab and Shift+Tab
 * wrap), Escape and a backdrop click close it, focus goes back to the opener, the page behind
 * cannot scroll, and it fades in and out over the spec's modal animation time.
 */
export function Dialog(props: DialogProps) {
  const { open, title, hideTitle, children, role = 'dialog', className, describedBy } = props;
  const showCloseButton = props.showCloseButton ?? true;
  const presence = usePresence(open, MODAL_ANIMATION_MS);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Latest props for the effect below, which only re-runs when `open` changes.
  const latest = useRef(props);
  latest.current = props;
  const backdropRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const backdrop = backdropRef.current;
    if (!panel || !backdrop) return;
    const opener = currentFocus();
    const layer: Layer = { element: () => panel, onEscape: () => latest.current.onClose() };
    const popLayer = pushLayer(layer);
    const unlockScroll = lockBodyScroll();
    (latest.current.initialFocus?.current ?? tabbables(panel)[0] ?? panel).focus();

    // Tab and Shift+Tab wrap around inside the topmost dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !isTopLayer(layer)) return;
      const items = tabbables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active !== null && panel.contains(active);
      if (!first) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (!inside || active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };

    // Focus that escapes by other means than Tab (a click on the page, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (!target || panel.contains(target) || isInLayerAbove(layer, target)) return;
      (tabbables(panel)[0] ?? panel).focus();
    };

    // Closing only when the press both started and ended on the backdrop, so a text selection
    // dragged out of the dialog does not close it.
    let pressStartedOnBackdrop = false;
    const onPointerDown = (event: PointerEvent) => {
      pressStartedOnBackdrop = event.target === backdrop;
    };
    const onClick = (event: MouseEvent) => {
      const fromBackdrop = pressStartedOnBackdrop;
      pressStartedOnBackdrop = false;
      if (fromBackdrop && event.target === backdrop && (latest.current.closeOnOutsideClick ?? true)) {
        latest.current.onClose();
      }
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    backdrop.addEventListener('pointerdown', onPointerDown);
    backdrop.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      backdrop.removeEventListener('pointerdown', onPointerDown);
      backdrop.removeEventListener('click', onClick);
      popLayer();
      unlockScroll();
      restoreFocus(latest.current.returnFocus?.current ?? opener);
    };
  }, [open]);

  if (presence === 'closed') return null;

  const style = { '--sf-modal-animation-duration': `${MODAL_ANIMATION_MS}ms` } as CSSProperties;

  return createPortal(
    <div
      className="sf-dialog-backdrop"
      data-state={presence}
      style={style}
      ref={backdropRef}
      inert={presence === 'closing'}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal roles */}
      <div
        ref={panelRef}
        className={className ? `sf-dialog ${className}` : 'sf-dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className={hideTitle ? 'sf-dialog-title sf-visually-hidden' : 'sf-dialog-title'}>
          {title}
        </h2>
        {children}
        {showCloseButton && (
          <button
            type="button"
            className="sf-dialog-close"
            aria-label={DIALOG_CLOSE_LABEL}
            onClick={() => props.onClose()}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
