import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setCrumbCookie } from '../helpers';
import { renderArea, STORE_MANAGER, stubServer, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WEBSITE_MANAGER: Who = {
  role: 15,
  roleName: 'website manager',
  permissions: ['settings.read', 'settings.write'],
};

const LIST = {
  templates: [
    {
      name: 'productItem',
      file: 'collections/products.item',
      customized: true,
      publishedNumber: 3,
      hasDraft: false,
    },
    { name: 'site', file: 'site.region', customized: false, publishedNumber: null, hasDraft: true },
    { name: 'cart', file: 'pages/cart.page', customized: false, publishedNumber: 2, hasDraft: false },
    {
      name: 'productList',
      file: 'collections/products.list',
      customized: false,
      publishedNumber: null,
      hasDraft: false,
    },
  ],
  formatters: ['html', 'money'],
  predicates: ['equal?'],
};

describe('the templates screen', () => {
  it('lists the theme files by folder, marking customized templates and drafts', async () => {
    stubServer(WEBSITE_MANAGER, { 'GET /api/config/templates': () => jsonResponse(LIST) });
    renderArea('/config/templates');
    const tree = await screen.findByRole('list', { name: 'Theme files' });
    const entries = within(tree)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(entries).toEqual([
      'site.regionDraft',
      'collections/products.itemCustomizedproducts.list',
      'products.itemCustomized',
      'products.list',
      'pages/cart.page',
      'cart.page',
    ]);
    expect(within(tree).getByRole('link', { name: 'products.item' }).getAttribute('href')).toBe(
      '/config/templates/productItem',
    );
    // Reverted to the theme's file: published versions, but nothing customized.
    expect(within(tree).getByText('cart.page').parentElement?.textContent).toBe('cart.page');
    expect(
      screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/config/templates"]'),
    ).not.toBeNull();
  });

  it('is closed to roles without settings.write, and missing from their navigation', async () => {
    stubServer(STORE_MANAGER);
    renderArea('/config/templates');
    await screen.findByText('You do not have permission to do that.');
    expect(
      screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/config/templates"]'),
    ).toBeNull();
  });
});
