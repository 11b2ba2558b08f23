import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODERATOR: Who = { role: 6, roleName: 'moderator', permissions: ['content.read', 'comments.moderate'] };
const PATH = '/api/config/reviews';

const review = {
  id: 'rv_1',
  productId: 'mug',
  productName: 'Mug',
  productUrl: '/shop/p/mug',
  source: 'native',
  verifiedBuyer: true,
  rating: 4,
  title: 'Holds a lot',
  body: 'Keeps tea warm.',
  authorName: 'Grace',
  status: 'pending',
  createdAt: Date.UTC(2026, 2, 2),
};

function reviewsServer(importAnswer: Response) {
  const calls: RecordedRequest[] = [];
  stubServer(MODERATOR, {
    [`GET ${PATH}`]: () =>
      jsonResponse({
        reviews: [review],
        counts: { pending: 1, approved: 0, rejected: 0 },
        page: 1,
        pageSize: 25,
        total: 1,
      }),
    [`PATCH ${PATH}/rv_1`]: (request) => {
      calls.push(request);
      return jsonResponse({ ok: true });
    },
    [`POST ${PATH}/import`]: (request) => {
      calls.push(request);
      return importAnswer;
    },
  });
  return calls;
}

describe('the reviews screen', () => {
  it('approves a waiting review', async () => {
    const calls = reviewsServer(jsonResponse({ imported: 0, unchanged: 0 }));
    renderArea('/config/reviews');
    expect(await screen.findByRole('heading', { name: /Holds a lot/ })).toBeTruthy();
    expect(screen.getByText(/Verified buyer/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Waiting (1)' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ status: 'approved' });
  });

  it('lists every refused row of an imported file', async () => {
    const calls = reviewsServer(
      jsonResponse(
        {
          message: 'The file was not imported: 2 rows have errors.',
          errors: {
            '3': 'No product has the URL slug or SKU "nope".',
            '10': 'rating: Choose a rating from 1 to 5 stars.',
          },
        },
        400,
      ),
    );
    renderArea('/config/reviews');
    await screen.findByRole('heading', { name: /Holds a lot/ });
    fireEvent.click(screen.getByText('Import reviews from a CSV file'));
    const file = new File(['product,rating,title,body,author,date\nnope,5,a,b,c,2026-01-01'], 'r.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ approve: false });
    expect((calls[0].body as { csv: string }).csv).toContain('nope,5');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file was not imported: 2 rows have errors.');
    const rows = [...alert.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows).toEqual([
      'Row 3: No product has the URL slug or SKU "nope".',
      'Row 10: rating: Choose a rating from 1 to 5 stars.',
    ]);
  });
});
