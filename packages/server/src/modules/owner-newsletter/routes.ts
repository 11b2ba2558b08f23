import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, csvReply, FIELD_ERRORS, noContent } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission, siteBaseUrl } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { recordAudit } from '../audit/service.js';
import {
  changeCampaign,
  changeMailingList,
  createCampaign,
  createMailingList,
  getCampaign,
  importSubscribers,
  listCampaigns,
  listMailingLists,
  listSubscribers,
  previewCampaign,
  removeCampaign,
  removeMailingList,
  sendCampaign,
  subscribersCsv,
  testSendCampaign,
} from '../newsletter/service.js';
import {
  campaignBody,
  campaignsReply,
  importBody,
  importReply,
  mailingListBody,
  mailingListsReply,
  oneCampaignReply,
  oneMailingListReply,
  subscribersQuery,
  subscribersReply,
  testSendBody,
  testSentReply,
} from './schema.js';

const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; sandbox";

/** Mailing lists, their subscribers and campaigns: all campaigns.write (campaigns editor, role 11). */
export function ownerNewsletterRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const write = { preValidation: requirePermission(services, 'campaigns.write'), config: FIELD_ERRORS };
  const lists = '/api/config/newsletter/lists';
  const campaigns = '/api/config/newsletter/campaigns';
  const byId = { params: idParams };

  api.get(lists, { ...write, schema: { response: { 200: mailingListsReply } } }, async () => ({
    lists: await listMailingLists(await services.context()),
  }));
  api.post(
    lists,
    { ...write, schema: { body: mailingListBody, response: { 201: oneMailingListReply } } },
    async (request, reply) => {
      const ctx = await services.context();
      const list = await createMailingList(ctx, request.body);
      await recordAudit(ctx, actorOf(request), 'mailing-list.create', `mailing-list:${list.id}`, {
        name: list.name,
      });
      return reply.status(201).send({ list });
    },
  );
  api.put(
    `${lists}/:id`,
    { ...write, schema: { ...byId, body: mailingListBody, response: { 200: oneMailingListReply } } },
    async (request) => ({
      list: await changeMailingList(await services.context(), request.params.id, request.body),
    }),
  );
  api.delete(
    `${lists}/:id`,
    { ...write, schema: { ...byId, response: { 204: noContent } } },
    async (request, reply) => {
      const ctx = await services.context();
      await removeMailingList(ctx, request.params.id);
      await recordAudit(ctx, actorOf(request), 'mailing-list.delete', `mailing-list:${request.params.id}`);
      return reply.status(204).send(null);
    },
  );

  api.get(
    `${lists}/:id/subscribers`,
    { ...write, schema: { ...byId, querystring: subscribersQuery, response: { 200: subscribersReply } } },
    async (request) => listSubscribers(await services.context(), request.params.id, request.query),
  );
  api.get(
    `${lists}/:id/subscribers.csv`,
    { ...write, schema: { ...byId, querystring: subscribersQuery, response: { 200: csvReply } } },
    async (request, reply) => {
      const csv = await subscribersCsv(await services.context(), request.params.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  api.post(
    `${lists}/:id/subscribers/import`,
    { ...write, schema: { ...byId, body: importBody, response: { 200: importReply } } },
    async (request) => {
      const ctx = await services.context();
      const result = await importSubscribers(ctx, request.params.id, request.body.csv);
      await recordAudit(ctx, actorOf(request), 'mailing-list.import', `mailing-list:${request.params.id}`, {
        added: result.added,
      });
      return { result };
    },
  );

  api.get(campaigns, { ...write, schema: { response: { 200: campaignsReply } } }, async () => ({
    campaigns: await listCampaigns(await services.context()),
  }));
  api.get(
    `${campaigns}/:id`,
    { ...write, schema: { ...byId, response: { 200: oneCampaignReply } } },
    async (request) => ({ campaign: await getCampaign(await services.context(), request.params.id) }),
  );
  api.post(
    campaigns,
    { ...write, schema: { body: campaignBody, response: { 201: oneCampaignReply } } },
    async (request, reply) =>
      reply.status(201).send({ campaign: await createCampaign(await services.context(), request.body) }),
  );
  api.put(
    `${campaigns}/:id`,
    { ...write, schema: { ...byId, body: campaignBody, response: { 200: oneCampaignReply } } },
    async (request) => ({
      campaign: await changeCampaign(await services.context(), request.params.id, request.body),
    }),
  );
  api.delete(
    `${campaigns}/:id`,
    { ...write, schema: { ...byId, response: { 204: noContent } } },
    async (request, reply) => {
      await removeCampaign(await services.context(), request.params.id);
      return reply.status(204).send(null);
    },
  );
  // The mail as a subscriber sees it, framed by the editor: its own document, whose inline styles
  // the page's policy would refuse, and which may load nothing and run nothing.
  api.get(
    `${campaigns}/:id/preview.html`,
    { ...write, schema: { ...byId, response: { 200: z.string().describe('text/html; charset=utf-8') } } },
    async (request, reply) => {
      const ctx = await services.context();
      const preview = await previewCampaign(ctx, request.params.id, siteBaseUrl(ctx, services.config));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_POLICY)
        .send(preview.html);
    },
  );
  api.post(
    `${campaigns}/:id/test`,
    { ...write, schema: { ...byId, body: testSendBody, response: { 200: testSentReply } } },
    async (request) => {
      const ctx = await services.context();
      await testSendCampaign(ctx, request.params.id, request.body.to, siteBaseUrl(ctx, services.config));
      return { sent: true as const };
    },
  );
  api.post(
    `${campaigns}/:id/send`,
    { ...write, schema: { ...byId, response: { 200: oneCampaignReply } } },
    async (request) => {
      const ctx = await services.context();
      const campaign = await sendCampaign(ctx, request.params.id, siteBaseUrl(ctx, services.config));
      await recordAudit(ctx, actorOf(request), 'campaign.send', `campaign:${campaign.id}`, {
        recipients: campaign.recipientCount,
      });
      return { campaign };
    },
  );
}
