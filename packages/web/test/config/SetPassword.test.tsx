import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'a'.repeat(64);

async function submit(password: string, confirm: string) {
  fireEvent.input(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.input(screen.getByLabelText('Repeat the password'), { target: { value: confirm } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
  });
}

describe('the set-password page an invite or reset email links to', () => {
  it('says the link is incomplete without a token', async () => {
    stubServer(null);
    renderArea('/config/set-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is incomplete. Ask for a new one.',
    );
  });

  it('checks the password with the server’s rule and that both are the same', async () => {
    const { requests } = stubServer(null);
    renderArea(`/config/set-password?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Set your password' });
    await submit('short', 'short');
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    await submit('long-enough-pass', 'long-enough-typo');
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('sets the password with the token and the crumb, then offers the sign-in', async () => {
    let posted: RecordedRequest | null = null;
    stubServer(null, {
      'POST /api/config/password': (request) => {
        posted = request;
        return jsonResponse({ ok: true });
      },
    });
    renderArea(`/config/set-password?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Set your password' });
    await submit('long-enough-pass', 'long-enough-pass');
    await screen.findByText('Your password is set. You can sign in now.');
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/config/sign-in');
    const request = posted as unknown as RecordedRequest;
    expect(request.body).toEqual({ token: TOKEN, password: 'long-enough-pass' });
    expect(request.headers['X-CSRF-Token']).toBe('crumb-123');
  });

  it('shows the server’s answer to a used link', async () => {
    stubServer(null, {
      'POST /api/config/password': () =>
        jsonResponse({ message: 'This link is no longer valid. Ask for a new one.' }, 400),
    });
    renderArea(`/config/set-password?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Set your password' });
    await submit('long-enough-pass', 'long-enough-pass');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is no longer valid. Ask for a new one.',
    );
  });
});
