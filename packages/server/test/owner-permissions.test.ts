import { can, ROLE_NAMES, SITE_ROLE_NUMBERS } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, createTestApp, multipart, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, fill, OWNER_ENDPOINTS, ownerCall, ownerEmail, signIn } from './support/owner.js';

/**
 * Every role × every owner endpoint: allowed roles get the endpoint's success status, the rest
 * 403, and a signed-out caller 401. ROLE_PERMISSIONS is checked equal to docs/roles.md by the
 * commerce roles test, so this walks the documented matrix.
 */
describe.each(dialects)('owner API permissions on %s', (dialect) => {
  let t: TestApp;
  const sessions = new Map<number, Record<string, string>>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of SITE_ROLE_NUMBERS) {
      await addOwner(t.database, role);
      sessions.set(role, await signIn(t.app, ownerEmail(role)));
    }
  });
  afterAll(async () => t?.close());

  describe.each(OWNER_ENDPOINTS)('$method $url ($permission)', (endpoint) => {
    const call = async (cookies: Record<string, string>) => {
      const values = endpoint.setup ? await endpoint.setup(t) : {};
      if (endpoint.upload) {
        const { fileName, contentType, data } = endpoint.upload;
        return t.app.inject({
          method: endpoint.method,
          url: fill(endpoint.url, values),
          cookies,
          ...multipart(fileName, contentType, data),
        });
      }
      return ownerCall(
        t.app,
        endpoint.method,
        fill(endpoint.url, values),
        cookies,
        fill(endpoint.body, values),
      );
    };

    it('answers 401 signed out', async () => {
      const res = await call({ crumb: CRUMB });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in.' });
    });

    it.each(
      SITE_ROLE_NUMBERS.map((r) => [r, ROLE_NAMES[r]] as const),
    )('role %i (%s) is allowed exactly as the matrix says', async (role) => {
      const res = await call(sessions.get(role)!);
      if (can(role, endpoint.permission)) {
        expect(res.statusCode, res.body).toBe(endpoint.ok ?? 200);
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do that.' });
      }
    });
  });
});
