import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setCrumbCookie, stubFetch } from '../helpers';
import { contributor, renderArea, STORE_MANAGER } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
}

function fill(e: string, p: string) {
  fireEvent.input(email(), { target: { value: e } });
  fireEvent.input(password(), { target: { value: p } });
}

/** A server where nobody is signed in; `answer` replies to the sign-in POST. */
function signedOutServer(answer: () => Response | Promise<Response>) {
  let signedIn = false;
  return stubFetch((request) => {
    if (request.url === '/api/config/session' && request.method === 'GET')
      return signedIn
        ? jsonResponse({ contributor: contributor(STORE_MANAGER) })
        : jsonResponse({ message: 'Please sign in.' }, 401);
    if (request.url === '/api/config/session' && request.method === 'POST') {
      return Promise.resolve(answer()).then((response) => {
        signedIn = response.ok;
        return response;
      });
    }
    return jsonResponse({ products: [], total: 0, page: 1, pageSize: 20 });
  });
}

describe('the sign-in form', () => {
  it('says what is missing beside each field, tied to it, and sends nothing', async () => {
    const { requests } = signedOutServer(() => jsonResponse({}));
    renderArea('/config/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('not-an-email', '');
    await submit();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email())).toBe('Please enter a valid email');
    expect(describedBy(password())).toBe('Enter your password');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s answer to a wrong password', async () => {
    signedOutServer(() => jsonResponse({ message: 'Wrong email or password.' }, 401));
    renderArea('/config/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('ada@example.com', 'wrong-password');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
  });

  it('says it cannot connect when no answer comes', async () => {
    signedOutServer(() => Promise.reject(new TypeError('Failed to fetch')));
    renderArea('/config/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('ada@example.com', 'secret-password');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect. Please try again');
  });

  it('says something went wrong when the server fails, not its internals', async () => {
    signedOutServer(() => jsonResponse({ message: 'TypeError: x is undefined' }, 500));
    renderArea('/config/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('ada@example.com', 'secret-password');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('sends the crumb and lands where the visitor was going', async () => {
    const { requests } = signedOutServer(() => jsonResponse({ contributor: contributor(STORE_MANAGER) }));
    const router = renderArea('/config/inventory');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('ada@example.com', 'secret-password');
    await submit();
    await screen.findByRole('heading', { name: 'Inventory' });
    expect(router.state.location.pathname).toBe('/config/inventory');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.headers['X-CSRF-Token']).toBe('crumb-123');
    expect(post?.body).toEqual({ email: 'ada@example.com', password: 'secret-password' });
  });

  it('never follows a next address off the area', async () => {
    signedOutServer(() => jsonResponse({ contributor: contributor(STORE_MANAGER) }));
    const router = renderArea(`/config/sign-in?next=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('ada@example.com', 'secret-password');
    await submit();
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    expect(router.state.location.pathname).toBe('/config');
  });
});
