import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCrumbCookie } from '../helpers';
import { ADMIN, renderArea, STORE_MANAGER, stubServer, VIEWER } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('the navigation shows what the role may use', () => {
  it('gives an admin every screen', async () => {
    stubServer(ADMIN);
    renderArea('/config');
    expect(await navLinks()).toEqual(['Home', 'Products', 'Inventory', 'Media', 'Contributors', 'Audit log']);
  });

  it('gives a store manager the catalog but not contributors or the audit log', async () => {
    stubServer(STORE_MANAGER);
    renderArea('/config');
    expect(await navLinks()).toEqual(['Home', 'Products', 'Inventory', 'Media', 'Orders', 'Subscriptions']);
  });

  it('tells a store manager who types the contributors address that it is closed', async () => {
    const { requests } = stubServer(STORE_MANAGER);
    renderArea('/config/contributors');
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do that.');
    expect(requests.some((r) => r.url.startsWith('/api/config/contributors'))).toBe(false);
    // The frame stays, so the way back is there.
    expect(await navLinks()).toEqual(['Home', 'Products', 'Inventory', 'Media', 'Orders', 'Subscriptions']);
  });

  it('lets a viewer open products but offers no way to change them', async () => {
    stubServer(VIEWER, {
      'GET /api/config/products': () =>
        new Response(
          JSON.stringify({
            products: [
              { id: 'p1', name: 'Linen Shirt', productType: 1, published: true, priceCents: 4500, stock: 3 },
            ],
            total: 1,
            page: 1,
            pageSize: 20,
          }),
        ),
    });
    renderArea('/config/products');
    expect(await screen.findByRole('link', { name: 'Linen Shirt' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();
  });

  it('has a skip link to the main content and labels its landmarks', async () => {
    stubServer(ADMIN);
    renderArea('/config');
    await navLinks();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#cfg-main');
    expect(screen.getByRole('main').id).toBe('cfg-main');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('folds the navigation under a Menu button that says whether it is open', async () => {
    stubServer(ADMIN);
    renderArea('/config');
    await navLinks();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    menu.click();
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'));
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')?.getAttribute('data-open')).toBe(
      'true',
    );
  });
});

describe('signed-out visitors', () => {
  it('see the sign-in at any area address', async () => {
    stubServer(null);
    const router = renderArea('/config/products?type=1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/config/sign-in');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/products?type=1')}`);
  });
});
