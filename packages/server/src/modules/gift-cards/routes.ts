import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { giftCardBalance } from './service.js';

/** Longest code path segment looked at; a real code is 16 symbols plus dashes. */
const CODE_MAX_LENGTH = 40;

const balanceParams = z.object({ code: text() });

export function giftCardRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/commerce/gift-cards/:code/balance', async (request) => {
    // Limited per IP so codes cannot be guessed by trying many.
    await services.rateLimit(request, 'gift-card-balance');
    const { code } = parseInput(balanceParams, request.params);
    const ctx = await services.context();
    return giftCardBalance(ctx, code.slice(0, CODE_MAX_LENGTH));
  });
}
