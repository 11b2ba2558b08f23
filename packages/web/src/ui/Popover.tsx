import { MODAL_ANIMATION_MS } from '@storefront/commerce';
import {
  type AriaRole,
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { currentFocus, restoreFocus } from './focus';
import { type Layer, pushLayer } from './layers';
import { usePresence } from './presence';
import './ui.css';

export interface PopoverPlacement {
  /** Which side of the anchor the popover sits on. */
  side: 'top' | 'bottom';
  /** Which anchor edge the popover lines up with: its left ('start') or right ('end') edge. */
  align: 'start' | 'end';
  /** Gap between the anchor's side and the popover, px. */
  sideOffset: number;
  /** Inset from the aligned edge towards the anchor's middle, px. */
  alignOffset: number;
}

export const DEFAULT_POPOVER_PLACEMENT: PopoverPlacement = {
  side: 'bottom',
  align: 'end',
  sideOffset: 0,
  alignOffset: 0,
};

export interface PopoverProps {
  open: boolean;
  /** Called for Escape and a press outside the popover and its anchor. */
  onClose: () => void;
  /**
   * The element it is anchored to. `null` anchors it to the top edge of the viewport, so
   * `{ side: 'bottom', align: 'end', sideOffset: 16, alignOffset: 33 }` puts it 16 px from the
   * top and 33 px from the right of the window.
   */
  anchor: Element | null;
  placement?: Partial<PopoverPlacement>;
  /** Default 'dialog'; 'status' or 'region' for announcements that take no input. */
  role?: AriaRole;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** A press outside closes the popover; default true. */
  closeOnOutsideClick?: boolean;
  /** Moves focus in on open (non-modal: by default focus stays where it is). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children?: ReactNode;
}

type Position = Pick<CSSProperties, 'top' | 'bottom' | 'left' | 'right'>;

function computePosition(anchor: Element | null, placement: PopoverPlacement): Position {
  const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
  const viewportHeight = document.documentElement.clientHeight || window.innerHeight;
  const rect = anchor ? anchor.getBoundingClientRect() : { top: 0, bottom: 0, left: 0, right: viewportWidth };
  const vertical: Position =
    placement.side === 'bottom'
      ? { top: rect.bottom + placement.sideOffset }
      : { bottom: viewportHeight - rect.top + placement.sideOffset };
  const horizontal: Position =
    placement.align === 'end'
      ? { right: viewportWidth - rect.right + placement.alignOffset }
      : { left: rect.left + placement.alignOffset };
  return { ...vertical, ...horizontal };
}

/**
 * Non-modal popover in a portal on `body`, fixed beside its anchor (kept there on scroll and
 * resize). Escape or a press outside it and its anchor closes it; when it closes with focus
 * inside, focus returns to where it was before it opened. The page stays usable behind it.
 */
export function Popover(props: PopoverProps) {
  const { open, anchor, role = 'dialog', className, children } = props;
  const closeOnOutsideClick = props.closeOnOutsideClick ?? true;
  const placement: PopoverPlacement = { ...DEFAULT_POPOVER_PLACEMENT, ...props.placement };
  const presence = usePresence(open, MODAL_ANIMATION_MS);
  const panelRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [position, setPosition] = useState<Position>({});
  const placementKey = `${placement.side} ${placement.align} ${placement.sideOffset} ${placement.alignOffset}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: placementKey stands for the placement object, which is rebuilt on every render
  useLayoutEffect(() => {
    if (presence === 'closed') return;
    const update = () => setPosition(computePosition(anchor, placement));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true, capture: true });
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [presence === 'closed', anchor, placementKey]);

  useEffect(() => {
    if (!open) return;
    const opener = currentFocus();
    const layer: Layer = {
      element: () => panelRef.current,
      onEscape: () => latest.current.onClose(),
    };
    const popLayer = pushLayer(layer);
    const panel = panelRef.current;
    latest.current.initialFocus?.current?.focus();

    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node | null;
      if (!target || panel?.contains(target) || anchor?.contains(target)) return;
      latest.current.onClose();
    }
    if (closeOnOutsideClick) document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      popLayer();
      const active = document.activeElement;
      if (active && panel?.contains(active)) restoreFocus(opener);
    };
  }, [open, anchor, closeOnOutsideClick]);

  if (presence === 'closed') return null;

  const style = {
    position: 'fixed',
    ...position,
    '--sf-modal-animation-duration': `${MODAL_ANIMATION_MS}ms`,
  } as CSSProperties;

  return createPortal(
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is the caller's, and every role takes a label
    <div
      ref={panelRef}
      className={className ? `sf-popover ${className}` : 'sf-popover'}
      role={role}
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      data-state={presence}
      data-side={placement.side}
      data-align={placement.align}
      style={style}
      inert={presence === 'closing'}
    >
      {children}
    </div>,
    document.body,
  );
}
