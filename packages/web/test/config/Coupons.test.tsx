import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer, VIEWER, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MANAGER: Who = {
  role: 8,
  roleName: 'store manager',
  permissions: ['settings.read', 'discounts.write'],
};
const WELCOME = {
  id: 'cp_1',
  code: 'WELCOME10',
  type: 'percentage',
  percent: 10,
  active: true,
  appliesToGiftCards: false,
  combinable: true,
  timesUsed: 3,
};

function couponServer(who: Who, create?: () => Response) {
  const posts: RecordedRequest[] = [];
  stubServer(who, {
    'GET /api/config/coupons': () => jsonResponse({ coupons: [WELCOME] }),
    'GET /api/config/coupons/cp_1': () => jsonResponse({ coupon: WELCOME }),
    'POST /api/config/coupons': (request) => {
      posts.push(request);
      return create ? create() : jsonResponse({ coupon: { ...WELCOME, id: 'cp_2' } }, 201);
    },
  });
  return posts;
}

const save = async (drawer: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
  });

describe('the coupon editor', () => {
  it('checks a new coupon with the server’s schema, then sends amounts in minor units', async () => {
    const posts = couponServer(MANAGER);
    renderArea('/config/coupons/new');
    const drawer = await screen.findByRole('dialog', { name: 'New coupon' });
    fireEvent.change(within(drawer).getByLabelText('Code'), { target: { value: 'bad code!' } });
    fireEvent.change(within(drawer).getByLabelText('Type'), { target: { value: 'fixed' } });
    await save(drawer);
    expect(await within(drawer).findByText('Must be 1–64 letters, digits, "_" or "-"')).toBeTruthy();
    expect(within(drawer).getByText('Is required for a fixed coupon')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('Code'), { target: { value: 'SAVE5' } });
    fireEvent.change(within(drawer).getByLabelText('Amount off (USD)'), { target: { value: '5.00' } });
    fireEvent.change(within(drawer).getByLabelText('Most uses per customer'), { target: { value: '1' } });
    await save(drawer);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({
      code: 'SAVE5',
      type: 'fixed',
      amountCents: 500,
      active: true,
      appliesToGiftCards: false,
      combinable: true,
      maxUsesPerCustomer: 1,
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the server’s refusal of a taken code on the code', async () => {
    couponServer(MANAGER, () =>
      jsonResponse(
        {
          message: 'A coupon with this code already exists.',
          errors: { code: 'A coupon with this code already exists.' },
        },
        409,
      ),
    );
    renderArea('/config/coupons/new');
    const drawer = await screen.findByRole('dialog', { name: 'New coupon' });
    fireEvent.change(within(drawer).getByLabelText('Code'), { target: { value: 'welcome10' } });
    fireEvent.change(within(drawer).getByLabelText('Percent off'), { target: { value: '10' } });
    await save(drawer);
    await vi.waitFor(() =>
      expect(within(drawer).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(drawer).getByText('A coupon with this code already exists.')).toBeTruthy();
  });

  it('shows a viewer the coupon without a way to change it', async () => {
    couponServer(VIEWER);
    renderArea('/config/coupons/cp_1');
    const drawer = await screen.findByRole('dialog', { name: 'WELCOME10' });
    expect((within(drawer).getByLabelText('Percent off') as HTMLInputElement).value).toBe('10');
    expect((within(drawer).getByLabelText('Percent off') as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New coupon' })).toBeNull();
  });
});
