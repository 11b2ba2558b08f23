import { OWNER_MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS, guard, noContent } from '../../platform/contract.js';
import {
  clearSessionCookie,
  ownerBaseUrl,
  ownerContext,
  requirePermission,
  requireSession,
  sessionToken,
  setSessionCookie,
} from '../../platform/owner-auth.js';
import type { AppServices } from '../../services.js';
import {
  changeRoleBody,
  contributorItemReply,
  contributorListReply,
  contributorParams,
  contributorReply,
  inviteBody,
  passwordResetBody,
  passwordResetSentReply,
  passwordSetReply,
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
  const api = contract(app);
  const manage = { preValidation: requirePermission(services, 'contributors.manage'), config: FIELD_ERRORS };
  // Signed out: the crumb, then the input (the limits that name an account need its email).
  const signedOut = { preValidation: guard(services, null, { crumb: true }), config: FIELD_ERRORS };

  api.get(
    '/api/config/session',
    { preValidation: requireSession(services), schema: { response: { 200: contributorReply } } },
    async (request) => ({ contributor: request.contributor! }),
  );

  api.post(
    '/api/config/session',
    { ...signedOut, schema: { body: signInBody, response: { 200: contributorReply } } },
    async (request, reply) => {
      const credentials = request.body;
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
    },
  );

  api.delete(
    '/api/config/session',
    { ...signedOut, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await signOut(services.ownerSessions, token);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/config/password-reset',
    { ...signedOut, schema: { body: passwordResetBody, response: { 202: passwordResetSentReply } } },
    async (request, reply) => {
      await services.rateLimit(request, 'password-reset');
      await requestPasswordReset(await services.context(), request.body.email, ownerBaseUrl(services.config));
      return reply.status(202).send({ message: OWNER_MESSAGES.passwordResetSent });
    },
  );

  api.post(
    '/api/config/password',
    { ...signedOut, schema: { body: setPasswordBody, response: { 200: passwordSetReply } } },
    async (request) => {
      const { token, password } = request.body;
      await services.rateLimit(request, 'password-reset');
      return setPasswordWithToken(ownerContext(services), services.ownerSessions, token, password);
    },
  );

  api.get(
    '/api/config/contributors',
    { ...manage, schema: { response: { 200: contributorListReply } } },
    async () => ({ contributors: await listContributors(ownerContext(services)) }),
  );

  api.post(
    '/api/config/contributors',
    { ...manage, schema: { body: inviteBody, response: { 201: contributorItemReply } } },
    async (request, reply) => {
      const ctx = await services.context();
      const contributor = await inviteContributor(
        ctx,
        request.contributor!,
        request.body,
        ownerBaseUrl(services.config),
      );
      return reply.status(201).send({ contributor });
    },
  );

  api.patch(
    '/api/config/contributors/:id',
    {
      ...manage,
      schema: { params: contributorParams, body: changeRoleBody, response: { 200: contributorItemReply } },
    },
    async (request) => ({
      contributor: await changeContributorRole(
        ownerContext(services),
        request.contributor!,
        request.params.id,
        request.body.role,
      ),
    }),
  );

  api.delete(
    '/api/config/contributors/:id',
    { ...manage, schema: { params: contributorParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeContributor(
        ownerContext(services),
        services.ownerSessions,
        request.contributor!,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
}
