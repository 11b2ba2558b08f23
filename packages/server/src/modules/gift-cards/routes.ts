import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, guard } from '../../platform/contract.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { decimalMoneyReply } from '../orders/view.js';
import { giftCardBalance } from './service.js';

/** Longest code path segment looked at; a real code is 16 symbols plus dashes. */
const CODE_MAX_LENGTH = 40;

const balanceParams = z.object({ code: text() });

const balanceReply = z.object({ code: z.string(), balance: decimalMoneyReply, balanceCents: z.number() });

export function giftCardRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).get(
    '/api/commerce/gift-cards/:code/balance',
    {
      schema: { params: balanceParams, response: { 200: balanceReply } },
      // Limited per IP so codes cannot be guessed by trying many.
      preValidation: guard(services, 'gift-card-balance', { crumb: false }),
    },
    async (request) =>
      giftCardBalance(await services.context(), request.params.code.slice(0, CODE_MAX_LENGTH)),
  );
}
