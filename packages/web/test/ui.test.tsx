import { MODAL_ANIMATION_MS } from '@storefront/commerce';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../src/ui/AlertDialog';
import { Dialog, type DialogProps } from '../src/ui/Dialog';
import { Popover, type PopoverProps } from '../src/ui/Popover';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function press(key: string, init: Partial<KeyboardEventInit> = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
}

function DialogHarness(props: Partial<DialogProps> & { content?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { content, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Quick View" {...rest}>
        {content ?? (
          <>
            <button type="button">First</button>
            <a href="/shop/p/tee">View full details</a>
          </>
        )}
      </Dialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  act(() => {
    fireEvent.click(opener);
  });
  return opener;
}

const backdrop = () => document.querySelector('.sf-dialog-backdrop') as HTMLElement;

function clickBackdrop() {
  act(() => {
    fireEvent.pointerDown(backdrop());
    fireEvent.click(backdrop());
  });
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, rendered in a portal on body', () => {
    const { container } = render(<DialogHarness />);
    openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Quick View' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.parentElement!.parentElement).toBe(document.body);
  });

  it('moves focus to the first focusable element, or to initialFocus', () => {
    render(<DialogHarness />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    cleanup();

    function WithInitial() {
      const ref = useRef<HTMLAnchorElement>(null);
      return (
        <DialogHarness
          initialFocus={ref}
          content={
            <>
              <button type="button">First</button>
              <a ref={ref} href="/x">
                Target
              </a>
            </>
          }
        />
      );
    }
    render(<WithInitial />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Target' }));
  });

  it('focuses the dialog itself when it has nothing focusable', () => {
    render(<DialogHarness showCloseButton={false} content={<p>Just text</p>} />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<DialogHarness />);
    openDialog();
    const first = screen.getByRole('button', { name: 'First' });
    const close = screen.getByRole('button', { name: 'Close' });
    // Order inside: First, View full details, Close.
    close.focus();
    press('Tab');
    expect(document.activeElement).toBe(first);
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(close);
    // In the middle, Tab is left to the browser.
    const link = screen.getByRole('link', { name: 'View full details' });
    link.focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('brings focus back when it lands outside while open', () => {
    render(<DialogHarness />);
    openDialog();
    act(() => {
      screen.getByRole('button', { name: 'Elsewhere', hidden: true }).focus();
    });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, animates out, then returns focus to the opener', async () => {
    render(<DialogHarness />);
    const opener = openDialog();
    act(() => press('Escape'));
    expect(document.activeElement).toBe(opener);
    // The exit animation keeps it rendered but inert for the modal animation time.
    expect(backdrop().getAttribute('data-state')).toBe('closing');
    expect(backdrop().inert).toBe(true);
    expect(backdrop().style.getPropertyValue('--sf-modal-animation-duration')).toBe(
      `${MODAL_ANIMATION_MS}ms`,
    );
    await advance(MODAL_ANIMATION_MS - 1);
    expect(backdrop()).not.toBeNull();
    await advance(1);
    expect(backdrop()).toBeNull();
  });

  it('closes on a click outside the panel but not inside it', () => {
    render(<DialogHarness />);
    openDialog();
    act(() => {
      const first = screen.getByRole('button', { name: 'First' });
      fireEvent.pointerDown(first);
      fireEvent.click(first);
    });
    expect(backdrop().getAttribute('data-state')).toBe('open');
    // A press that starts inside and ends on the backdrop (a drag) does not close it either.
    act(() => {
      fireEvent.pointerDown(screen.getByRole('dialog'));
      fireEvent.click(backdrop());
    });
    expect(backdrop().getAttribute('data-state')).toBe('open');
    clickBackdrop();
    expect(backdrop().getAttribute('data-state')).toBe('closing');
  });

  it('can ignore outside clicks', () => {
    render(<DialogHarness closeOnOutsideClick={false} />);
    openDialog();
    clickBackdrop();
    expect(backdrop().getAttribute('data-state')).toBe('open');
  });

  it('closes with its close button', () => {
    render(<DialogHarness />);
    const opener = openDialog();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(backdrop().getAttribute('data-state')).toBe('closing');
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to returnFocus when given', () => {
    function WithReturn() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button type="button" ref={ref}>
            Target
          </button>
          <DialogHarness returnFocus={ref} />
        </>
      );
    }
    render(<WithReturn />);
    openDialog();
    act(() => press('Escape'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Target' }));
  });

  it('locks the page scroll while open and restores it', () => {
    document.body.style.overflow = 'scroll';
    render(<DialogHarness />);
    openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => press('Escape'));
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('with nested dialogs, Escape closes only the top one', () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <DialogHarness
          content={
            <>
              <button type="button" onClick={() => setInner(true)}>
                More
              </button>
              <Dialog open={inner} onClose={() => setInner(false)} title="Inner">
                <button type="button">Inner button</button>
              </Dialog>
            </>
          }
        />
      );
    }
    render(<Nested />);
    openDialog();
    const more = screen.getByRole('button', { name: 'More' });
    act(() => {
      fireEvent.click(more);
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner button' }));
    act(() => press('Escape'));
    expect(document.activeElement).toBe(more);
    expect(screen.getByRole('dialog', { name: 'Quick View' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
  });
  it('can keep its title for assistive technology only', () => {
    render(<DialogHarness hideTitle />);
    openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Quick View' });
    expect(dialog.querySelector('h2')!.className).toBe('sf-dialog-title sf-visually-hidden');
  });

  it('unmounted while open, unlocks the page', () => {
    function Removable() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(false)}>
            Remove
          </button>
          {shown && <DialogHarness />}
        </>
      );
    }
    render(<Removable />);
    openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove', hidden: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('AlertDialog', () => {
  function AlertHarness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <AlertDialog
          open={open}
          onClose={() => setOpen(false)}
          title="Unable to Add Item"
          message="Please try again in a few seconds."
        />
      </>
    );
  }

  it('is an alertdialog with its title, message and a focused OK button', () => {
    render(<AlertHarness />);
    openDialog();
    const alert = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    const describedBy = alert.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('Please try again in a few seconds.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes with OK or Escape, not with an outside click, and returns focus', () => {
    render(<AlertHarness />);
    const opener = openDialog();
    clickBackdrop();
    expect(backdrop().getAttribute('data-state')).toBe('open');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(backdrop().getAttribute('data-state')).toBe('closing');
    expect(document.activeElement).toBe(opener);
  });
});

describe('Popover', () => {
  function PopoverHarness(props: Partial<PopoverProps> & { anchored?: boolean }) {
    const [open, setOpen] = useState(false);
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const { anchored = true, ...rest } = props;
    return (
      <>
        <a ref={setAnchor} href="/cart" className="pill-cart">
          Cart
        </a>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <button type="button">Elsewhere</button>
        <Popover
          open={open}
          onClose={() => setOpen(false)}
          anchor={anchored ? anchor : null}
          aria-label="Added to cart"
          {...rest}
        >
          <p>Tee was added to your cart.</p>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Popover>
      </>
    );
  }

  const popover = () => document.querySelector('.sf-popover') as HTMLElement | null;

  function mockRect(el: Element, rect: Partial<DOMRect>) {
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({
      top: 0,
      bottom: 0,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: 0,
      toJSON: () => ({}),
      ...rect,
    } as DOMRect);
  }

  it('is non-modal: focus stays and the page keeps scrolling', () => {
    render(<PopoverHarness />);
    const opener = openDialog();
    const el = screen.getByRole('dialog', { name: 'Added to cart' });
    expect(el.hasAttribute('aria-modal')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });

  it('sits beside its anchor with the given offsets', () => {
    render(<PopoverHarness placement={{ side: 'bottom', align: 'end', sideOffset: 16, alignOffset: 33 }} />);
    mockRect(document.querySelector('.pill-cart')!, { top: 20, bottom: 60, left: 800, right: 900 });
    openDialog();
    const width = document.documentElement.clientWidth || window.innerWidth;
    expect(popover()!.style.position).toBe('fixed');
    expect(popover()!.style.top).toBe('76px');
    expect(popover()!.style.right).toBe(`${width - 900 + 33}px`);
    expect(popover()!.getAttribute('data-side')).toBe('bottom');
  });

  it('above the anchor, lined up with its start edge', () => {
    render(<PopoverHarness placement={{ side: 'top', align: 'start', sideOffset: 8, alignOffset: 4 }} />);
    mockRect(document.querySelector('.pill-cart')!, { top: 500, bottom: 540, left: 700, right: 780 });
    openDialog();
    const height = document.documentElement.clientHeight || window.innerHeight;
    expect(popover()!.style.bottom).toBe(`${height - 500 + 8}px`);
    expect(popover()!.style.left).toBe('704px');
  });

  it('without an anchor, sits at the top right of the window', () => {
    render(
      <PopoverHarness
        anchored={false}
        placement={{ side: 'bottom', align: 'end', sideOffset: 16, alignOffset: 33 }}
      />,
    );
    openDialog();
    expect(popover()!.style.top).toBe('16px');
    expect(popover()!.style.right).toBe('33px');
  });

  it('closes on Escape and on a press outside, not on its anchor or inside', async () => {
    render(<PopoverHarness />);
    openDialog();
    act(() => {
      fireEvent.pointerDown(screen.getByText('Tee was added to your cart.'));
      fireEvent.pointerDown(document.querySelector('.pill-cart')!);
    });
    expect(popover()!.getAttribute('data-state')).toBe('open');
    act(() => {
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    });
    expect(popover()!.getAttribute('data-state')).toBe('closing');
    await advance(MODAL_ANIMATION_MS);
    expect(popover()).toBeNull();

    openDialog();
    act(() => press('Escape'));
    expect(popover()!.getAttribute('data-state')).toBe('closing');
  });

  it('returns focus to where it was when it closes with focus inside', () => {
    function Focused() {
      const ref = useRef<HTMLButtonElement>(null);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Popover open={open} onClose={() => setOpen(false)} anchor={null} initialFocus={ref} role="status">
            <button type="button" ref={ref} onClick={() => setOpen(false)}>
              Close
            </button>
          </Popover>
        </>
      );
    }
    render(<Focused />);
    const opener = openDialog();
    expect(screen.getByRole('status')).toBeTruthy();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    act(() => {
      fireEvent.click(close);
    });
    expect(document.activeElement).toBe(opener);
  });

  it('can ignore outside presses', () => {
    render(<PopoverHarness closeOnOutsideClick={false} />);
    openDialog();
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(popover()!.getAttribute('data-state')).toBe('open');
  });

  it('above a dialog, keeps its focus and takes Escape first', () => {
    function Both() {
      const [pop, setPop] = useState(false);
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <DialogHarness
          content={
            <>
              <button type="button" onClick={() => setPop(true)}>
                Add
              </button>
              <Popover open={pop} onClose={() => setPop(false)} anchor={null} initialFocus={ref}>
                <button type="button" ref={ref}>
                  Popover button
                </button>
              </Popover>
            </>
          }
        />
      );
    }
    render(<Both />);
    openDialog();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Popover button' }));
    act(() => press('Escape'));
    expect(popover()!.getAttribute('data-state')).toBe('closing');
    expect(backdrop().getAttribute('data-state')).toBe('open');
  });
});
