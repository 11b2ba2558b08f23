import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addedPopoverPlacement,
  findCartIndicator,
  resetAddedPopover,
  showAddedPopover,
} from '../src/islands/AddedPopover';

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function show(name = 'Classic Tee') {
  act(() => showAddedPopover(name));
}

/** A cart indicator laid out at `rect` (happy-dom does no layout). */
function indicator(html: string, rect: Partial<DOMRect>) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const el = holder.firstElementChild!;
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({
    top: 0,
    bottom: 0,
    left: 0,
    right: 0,
    ...rect,
  } as DOMRect);
  return el;
}

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  act(() => resetAddedPopover());
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AddedPopover', () => {
  it('announces the added product as a status with a Close button', () => {
    show();
    const status = screen.getByRole('status');
    expect(status.querySelector('.added-popover-text')!.textContent).toBe(
      'Classic Tee was added to your cart.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(status.style.position).toBe('fixed');
  });

  it('offers the ways on: View cart and Checkout', () => {
    show();
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(
      '/commerce/goto-checkout',
    );
  });

  it('takes no space in the page: its root holder is hidden', () => {
    show();
    const holders = Array.from(document.body.children).filter((el) => !el.classList.contains('sf-popover'));
    expect(holders.every((el) => (el as HTMLElement).hidden)).toBe(true);
  });

  it('hides itself after 3000 ms', async () => {
    show();
    await advance(2999);
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('open');
    await advance(1);
    expect(screen.queryByRole('status')?.getAttribute('data-state') ?? 'closed').not.toBe('open');
    await advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with the Close button and with Escape', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(300);
    expect(screen.queryByRole('status')).toBeNull();
    show();
    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one popover at a time, restarting the timer for a new add', async () => {
    show('Classic Tee');
    await advance(2000);
    show('Mug');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Mug was added to your cart.');
    await advance(2999);
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('open');
  });

  it('sits 16 px from the top and 33 px from the right of the window without a cart indicator', () => {
    show();
    const style = screen.getByRole('status').style;
    expect(style.top).toBe('16px');
    expect(style.right).toBe('33px');
  });

  it('sits 16 px above the pill cart in the lower corner, right edges lined up', () => {
    indicator('<a class="pill-cart" href="/cart">2</a>', { top: 700, bottom: 748, left: 900, right: 1004 });
    show();
    const style = screen.getByRole('status').style;
    expect(style.bottom).toBe(`${window.innerHeight - 700 + 16}px`);
    expect(style.right).toBe(`${window.innerWidth - 1004}px`);
  });

  it('falls back to the nav cart link while the pill is hidden, 16 px below it', () => {
    indicator('<a class="pill-cart" href="/cart" hidden>0</a>', { top: 700, bottom: 748, right: 1004 });
    const nav = indicator('<a class="site-nav-cart" href="/cart">Cart</a>', {
      top: 10,
      bottom: 40,
      right: 990,
    });
    expect(findCartIndicator()).toBe(nav);
    show();
    const style = screen.getByRole('status').style;
    expect(style.top).toBe('56px');
    expect(style.right).toBe(`${window.innerWidth - 990}px`);
  });

  it('places itself by the spec offsets', () => {
    expect(addedPopoverPlacement(null)).toEqual({
      side: 'bottom',
      align: 'end',
      sideOffset: 16,
      alignOffset: 33,
    });
  });
});
