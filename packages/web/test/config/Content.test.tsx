import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EDITOR: Who = {
  role: 4,
  roleName: 'editor',
  permissions: ['content.read', 'content.write', 'drafts.write', 'media.write'],
};
const DRAFTER: Who = { role: 16, roleName: 'draft editor', permissions: ['content.read', 'drafts.write'] };
const BLOG = { id: 'blog', title: 'Blog', typeName: 'blog', fullUrl: '/blog' };
const CLUB = { id: 'club', name: 'Club membership', productType: 5 };
const EVENTS = { id: 'events', title: 'Events', typeName: 'events', fullUrl: '/events' };

function contentServer(
  who: Who,
  create: (request: RecordedRequest) => Response,
  collections: object[] = [BLOG],
  extra: Record<string, (request: RecordedRequest) => Response> = {},
) {
  const posts: RecordedRequest[] = [];
  stubServer(who, {
    ...extra,
    'GET /api/config/content/collections': () => jsonResponse({ collections }),
    'GET /api/config/content/items': () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }),
    'GET /api/config/media': () => jsonResponse({ assets: [] }),
    'GET /api/config/products': (request) => {
      // Only paywall products are asked for (member areas).
      const type = new URL(request.url, 'http://local').searchParams.get('type');
      return jsonResponse({ products: type === '5' ? [CLUB] : [], total: 1, page: 1, pageSize: 25 });
    },
    'POST /api/config/content/items': (request) => {
      posts.push(request);
      return create(request);
    },
  });
  return posts;
}

const save = async (drawer: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
  });

// The editor and its rich-text library load on first use, which takes a while on a busy machine.
describe('the page and post editor', { timeout: 30_000 }, () => {
  it('offers a draft editor only Draft and Needs Review, and sends the draft', async () => {
    const posts = contentServer(DRAFTER, () => jsonResponse({ item: { id: 'ci_1' } }, 201));
    renderArea('/config/content/new');
    const drawer = await screen.findByRole('dialog', { name: 'New page or post' }, { timeout: 15_000 });
    const status = within(drawer).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toEqual(['Draft', 'Needs Review']);
    expect(
      within(drawer).getByText('You can save drafts and ask for review; an editor publishes.'),
    ).toBeTruthy();
    await save(drawer);
    expect(await within(drawer).findByText('Add a title')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(within(drawer).getByLabelText('Title'), { target: { value: 'First light' } });
    fireEvent.change(within(drawer).getByLabelText('Categories'), { target: { value: 'Kiln, News' } });
    await save(drawer);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      collectionId: 'blog',
      title: 'First light',
      status: 'draft',
      publishOn: null,
      categories: ['Kiln', 'News'],
      blocks: [],
    });
  });

  it('shows the server’s message at the publish time of a scheduled post', async () => {
    contentServer(EDITOR, () =>
      jsonResponse(
        {
          message: 'Choose when a scheduled item publishes.',
          errors: { publishOn: 'Choose when a scheduled item publishes.' },
        },
        400,
      ),
    );
    renderArea('/config/content/new');
    const drawer = await screen.findByRole('dialog', { name: 'New page or post' }, { timeout: 15_000 });
    const status = within(drawer).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toEqual([
      'Draft',
      'Scheduled',
      'Needs Review',
      'Private',
      'Published',
    ]);
    fireEvent.change(within(drawer).getByLabelText('Title'), { target: { value: 'Later' } });
    fireEvent.change(status, { target: { value: 'scheduled' } });
    await save(drawer);
    expect(await within(drawer).findByText('Choose when a scheduled item publishes.')).toBeTruthy();
    expect(within(drawer).getByLabelText('Publish on').getAttribute('aria-invalid')).toBe('true');
  });

  it('takes an event’s times in the site’s zone and refuses a latitude out of range', async () => {
    const posts = contentServer(EDITOR, () => jsonResponse({ item: { id: 'ci_2' } }, 201), [EVENTS]);
    renderArea('/config/content/new');
    const drawer = await screen.findByRole('dialog', { name: 'New page or post' }, { timeout: 15_000 });
    const field = (label: string, value: string) =>
      fireEvent.change(within(drawer).getByLabelText(label), { target: { value } });
    field('Title', 'Winter market');
    field('Starts', '2026-12-05T10:00');
    field('Ends', '2026-12-05T09:00');
    field('Address line 1', '14 Mill Street');
    field('Latitude', '91');
    field('Longitude', '-73.79');
    await save(drawer);
    expect(await within(drawer).findByText('The event cannot end before it starts.')).toBeTruthy();
    expect(within(drawer).getByText('Latitude must be between -90 and 90.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    field('Ends', '2026-12-05T16:00');
    field('Latitude', '42.25');
    await save(drawer);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    // America/New_York (the site's zone by default) is five hours behind UTC in December.
    expect(posts[0].body).toMatchObject({
      collectionId: 'events',
      event: {
        startDate: Date.UTC(2026, 11, 5, 15),
        endDate: Date.UTC(2026, 11, 5, 21),
        location: { addressLine1: '14 Mill Street', mapLat: 42.25, mapLng: -73.79 },
      },
    });
  });

  it('makes an item members-only with the chosen paywall products and shows the server’s refusal', async () => {
    let refuse = true;
    const posts = contentServer(EDITOR, () =>
      refuse
        ? jsonResponse(
            {
              message: 'That product does not exist.',
              errors: { memberProducts: 'That product does not exist.' },
            },
            400,
          )
        : jsonResponse({ item: { id: 'ci_3' } }, 201),
    );
    renderArea('/config/content/new');
    const drawer = await screen.findByRole('dialog', { name: 'New page or post' }, { timeout: 15_000 });
    fireEvent.change(within(drawer).getByLabelText('Title'), { target: { value: 'Members lounge' } });
    const select = (await within(drawer).findByLabelText(
      'Paywall products that open this item',
    )) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Club membership']);
    select.options[0].selected = true;
    fireEvent.change(select);
    await save(drawer);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ title: 'Members lounge', memberProducts: ['club'] });
    expect(await within(drawer).findAllByText('That product does not exist.')).not.toHaveLength(0);
    refuse = false;
    await save(drawer);
    await vi.waitFor(() => expect(posts).toHaveLength(2));
  });

  it('makes a whole collection members-only from its settings, showing the server’s refusal beside the field', async () => {
    const puts: RecordedRequest[] = [];
    let refuse = true;
    const refusal = 'Choose paywall products only: a member area opens to buyers of a paywall product.';
    contentServer(EDITOR, () => jsonResponse({}, 500), [{ ...BLOG, memberProducts: [] }], {
      'PUT /api/config/content/collections/blog/members': (request) => {
        puts.push(request);
        return refuse
          ? jsonResponse({ message: refusal, errors: { memberProducts: refusal } }, 400)
          : jsonResponse({ collection: { ...BLOG, memberProducts: ['club'] } });
      },
    });
    renderArea('/config/content?collection=blog');
    const panel = await screen.findByRole('group', { name: 'Member collection: Blog' }, { timeout: 15_000 });
    const select = (await within(panel).findByLabelText(
      'Paywall products that open this whole collection',
    )) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Club membership']);
    select.options[0].selected = true;
    fireEvent.change(select);
    const submit = screen.getByRole('button', { name: 'Save member access' });
    await act(async () => fireEvent.click(submit));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ memberProducts: ['club'] });
    expect(await within(panel).findByText(refusal)).toBeTruthy();
    refuse = false;
    await act(async () => fireEvent.click(submit));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('shows no collection settings to a draft editor', async () => {
    contentServer(DRAFTER, () => jsonResponse({}, 500), [{ ...BLOG, memberProducts: [] }]);
    renderArea('/config/content?collection=blog');
    await screen.findByText('No pages or posts yet.', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('group', { name: 'Member collection: Blog' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save member access' })).toBeNull();
  });
});
