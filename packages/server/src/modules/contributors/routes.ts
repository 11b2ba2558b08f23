import { OWNER_MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import {
  clearSessionCookie,
  ownerBaseUrl,
  ownerContext,
  requirePermission,
  requireSession,
  sessionToken,
  setSessionCookie,
} from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import {
  changeRoleBody,
  contributorParams,
  inviteBody,
  passwordResetBody,
  setPasswordBody,
  signInBody,
} from './schema.js';
import {
  changeContributorRole,
  inviteContributor,
  listContributors,
  removeContributor,
  requestPasswordReset,
  setPasswordWithToken,
  signIn,
  signOut,
} from './service.js';

/** Sign-in, sign-out, password links and the contributors list of the owner's area (/api/config/…). */
export function contributorRoutes(app: FastifyInstance, services: AppServices): void {
  const manage = { preHandler: requirePermission(services, 'contributors.manage') };

  app.get('/api/config/session', { preHandler: requireSession(services) }, async (request) => ({
    contributor: request.contributor,
  }));

  app.post('/api/config/session', async (request, reply) => {
    services.crumbs.check(request);
    const credentials = parseOr400(signInBody, request.body);
    await services.rateLimit(request, 'sign-in-ip');
    await services.rateLimit(request, 'sign-in-account', credentials.email);
    const { token, contributor } = await signIn(
      ownerContext(services),
      services.ownerSessions,
      credentials,
      sessionToken(request),
    );
    setSessionCookie(request, reply, token);
    return { contributor };
  });

  app.delete('/api/config/session', async (request, reply) => {
    services.crumbs.check(request);
    const token = sessionToken(request);
    if (token) await signOut(services.ownerSessions, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.post('/api/config/password-reset', async (request, reply) => {
    services.crumbs.check(request);
    const { email } = parseOr400(passwordResetBody, request.body);
    await services.rateLimit(request, 'password-reset');
    await requestPasswordReset(await services.context(), email, ownerBaseUrl(services.config));
    return reply.status(202).send({ message: OWNER_MESSAGES.passwordResetSent });
  });

  app.post('/api/config/password', async (request) => {
    services.crumbs.check(request);
    const { token, password } = parseOr400(setPasswordBody, request.body);
    await services.rateLimit(request, 'password-reset');
    return setPasswordWithToken(ownerContext(services), services.ownerSessions, token, password);
  });

  app.get('/api/config/contributors', manage, async () => ({
    contributors: await listContributors(ownerContext(services)),
  }));

  app.post('/api/config/contributors', manage, async (request, reply) => {
    const body = parseOr400(inviteBody, request.body);
    const ctx = await services.context();
    const contributor = await inviteContributor(
      ctx,
      request.contributor!,
      body,
      ownerBaseUrl(services.config),
    );
    return reply.status(201).send({ contributor });
  });

  app.patch('/api/config/contributors/:id', manage, async (request) => {
    const { id } = parseOr400(contributorParams, request.params);
    const { role } = parseOr400(changeRoleBody, request.body);
    return {
      contributor: await changeContributorRole(ownerContext(services), request.contributor!, id, role),
    };
  });

  app.delete('/api/config/contributors/:id', manage, async (request, reply) => {
    const { id } = parseOr400(contributorParams, request.params);
    await removeContributor(ownerContext(services), services.ownerSessions, request.contributor!, id);
    return reply.status(204).send();
  });
}
