import { PIXEL_MESSAGES } from '@storefront/commerce';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer, VIEWER, type Who } from './area';

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
const PATH = '/api/config/analytics/pixels';
const NONE = { metaPixelId: null, googleTagId: null };

function pixelServer(who: Who, patch?: (request: RecordedRequest) => Response) {
  const patches: RecordedRequest[] = [];
  stubServer(who, {
    [`GET ${PATH}`]: () => jsonResponse(NONE),
    [`PATCH ${PATH}`]: (request) => {
      patches.push(request);
      return patch ? patch(request) : jsonResponse({ ...NONE, ...(request.body as object) });
    },
  });
  return patches;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the ad pixels screen', () => {
  it('shows no pixel by default and says they load only after consent', async () => {
    pixelServer(WEBSITE_MANAGER);
    renderArea('/config/ad-pixels');
    expect(await screen.findByRole('heading', { name: 'Ad pixels' })).toBeTruthy();
    expect((await screen.findByLabelText('Meta pixel id')).getAttribute('value') ?? '').toBe('');
    expect(field('Google tag id').value).toBe('');
    expect(screen.getByText(/load only after a visitor accepts cookies/)).toBeTruthy();
  });

  it('saves the ids typed, and an empty field as none', async () => {
    const patches = pixelServer(WEBSITE_MANAGER);
    renderArea('/config/ad-pixels');
    fireEvent.change(await screen.findByLabelText('Meta pixel id'), {
      target: { value: '123456789012345' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].body).toEqual({ metaPixelId: '123456789012345', googleTagId: null });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(field('Meta pixel id').value).toBe('123456789012345');
  });

  it('puts a malformed id’s message at its field without calling the server', async () => {
    const patches = pixelServer(WEBSITE_MANAGER);
    renderArea('/config/ad-pixels');
    fireEvent.change(await screen.findByLabelText('Google tag id'), { target: { value: 'UA-1234-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PIXEL_MESSAGES.google)).toBeTruthy();
    expect(field('Google tag id').getAttribute('aria-invalid')).toBe('true');
    expect(patches).toHaveLength(0);
  });

  it('puts the server’s refusal at its field', async () => {
    pixelServer(WEBSITE_MANAGER, () =>
      jsonResponse({ message: PIXEL_MESSAGES.meta, errors: { metaPixelId: PIXEL_MESSAGES.meta } }, 400),
    );
    renderArea('/config/ad-pixels');
    fireEvent.change(await screen.findByLabelText('Meta pixel id'), {
      target: { value: '1234567890123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(field('Meta pixel id').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(PIXEL_MESSAGES.meta)).toBeTruthy();
  });

  it('shows a viewer the ids without a way to change them', async () => {
    pixelServer(VIEWER);
    renderArea('/config/ad-pixels');
    expect((await screen.findByLabelText('Meta pixel id')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
