import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, guard, seeOther } from '../../platform/contract.js';
import { isHttps } from '../../platform/crumb.js';
import { localPath } from '../../platform/local-path.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import type { Announcement } from '../catalog/import-schema.js';

/** Holds the fingerprint of the announcement the shopper closed: a new text shows again. */
export const ANNOUNCEMENT_COOKIE = 'sf_announcement';
/** A closed announcement stays closed this long (a season's offer). */
const ANNOUNCEMENT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Fingerprints of the announcements of the sites in memory: every page asks for the current one. */
const fingerprints = new WeakMap<Announcement, string>();

export function announcementFingerprint(a: Announcement): string {
  let fingerprint = fingerprints.get(a);
  if (fingerprint === undefined) {
    fingerprint = crypto
      .createHash('sha256')
      .update(`${a.text}\u0000${a.url ?? ''}`)
      .digest('hex')
      .slice(0, 16);
    fingerprints.set(a, fingerprint);
  }
  return fingerprint;
}

/** Whether the shopper sending these cookies closed the announcement shown now. */
export function announcementDismissed(
  cookies: Record<string, string | undefined>,
  a: Announcement | null,
): boolean {
  return !!a && cookies[ANNOUNCEMENT_COOKIE] === announcementFingerprint(a);
}

const dismissForm = z.object({ returnTo: text(2000).optional(), crumb: text().optional() });

/** The announcement bar's close button: a plain form, so it works without JavaScript. */
export function siteRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).post(
    '/api/site/announcement/dismiss',
    {
      schema: {
        description: 'A plain HTML form: it answers 303 back to `returnTo` (a path of this site).',
        body: dismissForm.prefault({}),
        response: { 303: seeOther },
      },
      preValidation: guard(services, null, { crumb: true }),
    },
    async (request, reply) => {
      const { announcement } = (await services.context()).site.website;
      if (announcement)
        reply.setCookie(ANNOUNCEMENT_COOKIE, announcementFingerprint(announcement), {
          path: '/',
          maxAge: ANNOUNCEMENT_COOKIE_MAX_AGE_S,
          sameSite: 'lax',
          httpOnly: true,
          secure: isHttps(request),
        });
      return reply.redirect(localPath(request.body.returnTo), 303);
    },
  );
}
