import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission, siteBaseUrl } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
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
import { campaignBody, importBody, mailingListBody, subscribersQuery, testSendBody } from './schema.js';

type WithId = { Params: { id: string } };

const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; sandbox";

/** Mailing lists, their subscribers and campaigns: all campaigns.write (campaigns editor, role 11). */
export function ownerNewsletterRoutes(app: FastifyInstance, services: AppServices): void {
  const write = { preHandler: requirePermission(services, 'campaigns.write') };
  const lists = '/api/config/newsletter/lists';
  const campaigns = '/api/config/newsletter/campaigns';

  app.get(lists, write, async () => ({ lists: await listMailingLists(await services.context()) }));
  app.post(lists, write, async (request, reply) => {
    const body = parseOr400(mailingListBody, request.body);
    const ctx = await services.context();
    const list = await createMailingList(ctx, body);
    await recordAudit(ctx, actorOf(request), 'mailing-list.create', `mailing-list:${list.id}`, {
      name: list.name,
    });
    return reply.status(201).send({ list });
  });
  app.put<WithId>(`${lists}/:id`, write, async (request) => {
    const body = parseOr400(mailingListBody, request.body);
    return { list: await changeMailingList(await services.context(), request.params.id, body) };
  });
  app.delete<WithId>(`${lists}/:id`, write, async (request, reply) => {
    const ctx = await services.context();
    await removeMailingList(ctx, request.params.id);
    await recordAudit(ctx, actorOf(request), 'mailing-list.delete', `mailing-list:${request.params.id}`);
    return reply.status(204).send();
  });

  app.get<WithId>(`${lists}/:id/subscribers`, write, async (request) => {
    const query = parseOr400(subscribersQuery, request.query);
    return listSubscribers(await services.context(), request.params.id, query);
  });
  app.get<WithId>(`${lists}/:id/subscribers.csv`, write, async (request, reply) => {
    const query = parseOr400(subscribersQuery, request.query);
    const csv = await subscribersCsv(await services.context(), request.params.id, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="subscribers-${request.params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
  app.post<WithId>(`${lists}/:id/subscribers/import`, write, async (request) => {
    const { csv } = parseOr400(importBody, request.body);
    const ctx = await services.context();
    const result = await importSubscribers(ctx, request.params.id, csv);
    await recordAudit(ctx, actorOf(request), 'mailing-list.import', `mailing-list:${request.params.id}`, {
      added: result.added,
    });
    return { result };
  });

  app.get(campaigns, write, async () => ({ campaigns: await listCampaigns(await services.context()) }));
  app.get<WithId>(`${campaigns}/:id`, write, async (request) => ({
    campaign: await getCampaign(await services.context(), request.params.id),
  }));
  app.post(campaigns, write, async (request, reply) => {
    const body = parseOr400(campaignBody, request.body);
    return reply.status(201).send({ campaign: await createCampaign(await services.context(), body) });
  });
  app.put<WithId>(`${campaigns}/:id`, write, async (request) => {
    const body = parseOr400(campaignBody, request.body);
    return { campaign: await changeCampaign(await services.context(), request.params.id, body) };
  });
  app.delete<WithId>(`${campaigns}/:id`, write, async (request, reply) => {
    await removeCampaign(await services.context(), request.params.id);
    return reply.status(204).send();
  });
  // The mail as a subscriber sees it, framed by the editor: its own document, whose inline styles
  // the page's policy would refuse, and which may load nothing and run nothing.
  app.get<WithId>(`${campaigns}/:id/preview.html`, write, async (request, reply) => {
    const ctx = await services.context();
    const preview = await previewCampaign(ctx, request.params.id, siteBaseUrl(ctx, services.config));
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PREVIEW_POLICY)
      .send(preview.html);
  });
  app.post<WithId>(`${campaigns}/:id/test`, write, async (request) => {
    const { to } = parseOr400(testSendBody, request.body);
    const ctx = await services.context();
    await testSendCampaign(ctx, request.params.id, to, siteBaseUrl(ctx, services.config));
    return { sent: true };
  });
  app.post<WithId>(`${campaigns}/:id/send`, write, async (request) => {
    const ctx = await services.context();
    const campaign = await sendCampaign(ctx, request.params.id, siteBaseUrl(ctx, services.config));
    await recordAudit(ctx, actorOf(request), 'campaign.send', `campaign:${campaign.id}`, {
      recipients: campaign.recipientCount,
    });
    return { campaign };
  });
}
