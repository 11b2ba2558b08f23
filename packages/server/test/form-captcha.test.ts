import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ALTCHA_CHALLENGE_TTL_MS } from '../src/modules/captcha/altcha.js';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const CAPTCHA_MESSAGE = 'Complete CAPTCHA before submitting.';
const FIELDS = [{ id: 'note', type: 'text', title: 'Note', required: true }];

function catalog() {
  return {
    ...smallCatalog(),
    forms: [
      { id: 'guarded', name: 'Guarded', fields: FIELDS, captchaEnabled: true, successText: 'Thanks!' },
      { id: 'open', name: 'Open', fields: FIELDS },
    ],
  };
}

const mutating = { headers: { 'x-csrf-token': CRUMB }, cookies: { crumb: CRUMB } };

function helpers(get: () => TestApp) {
  const newKey = async (): Promise<string> => {
    const res = await get().app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', ...mutating });
    expect(res.statusCode).toBe(200);
    return res.json().data.key;
  };
  const save = async (formId: string, note: string, captchaKey?: string) =>
    get().app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      ...mutating,
      payload: {
        formId,
        form: { note },
        key: await newKey(),
        ...(captchaKey === undefined ? {} : { captchaKey }),
      },
    });
  const stored = async (note: string) =>
    (await get().database.db.selectFrom('form_submissions').select('answers').execute()).filter(
      (r) => JSON.parse(r.answers).note === note,
    ).length;
  return { save, stored };
}

/** Solves a challenge the way the visitor's browser does and encodes it as the widget sends it. */
async function solved(t: TestApp, tamper?: (payload: any) => void): Promise<string> {
  const res = await t.app.inject({ url: '/api/form/captcha-challenge' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge, solution };
  tamper?.(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe.each(dialects)('proof-of-work captcha on %s', (dialect) => {
  let t: TestApp;
  const start = Date.now();
  let offset = 0;
  const clock = { now: () => start + offset };
  const { save, stored } = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect, catalog(), { clock, rateLimit: { requests: 0 } });
  });
  afterAll(async () => t?.close());

  it('refuses a missing or wrong answer with the captcha message and stores nothing', async () => {
    for (const answer of [undefined, '', 'not-a-solution', Buffer.from('{"a":1}').toString('base64')]) {
      const res = await save('guarded', 'refused', answer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: CAPTCHA_MESSAGE,
        data: { errors: { _captcha: CAPTCHA_MESSAGE } },
      });
    }
    expect(await stored('refused')).toBe(0);
  });

  it('refuses a solution whose challenge was altered or whose key is wrong', async () => {
    const altered = await solved(t, (p) => {
      p.challenge.parameters.keyPrefix = '0';
    });
    expect((await save('guarded', 'altered', altered)).statusCode).toBe(400);
    const wrongKey = await solved(t, (p) => {
      p.solution.counter += 1;
    });
    expect((await save('guarded', 'wrong', wrongKey)).statusCode).toBe(400);
    expect(await stored('altered')).toBe(0);
    expect(await stored('wrong')).toBe(0);
  });

  it('accepts a solved challenge once, answering the success text; a replay is refused', async () => {
    const answer = await solved(t);
    const ok = await save('guarded', 'solved', answer);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ successText: 'Thanks!' });
    const replay = await save('guarded', 'replayed', answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CAPTCHA_MESSAGE);
    expect(await stored('solved')).toBe(1);
    expect(await stored('replayed')).toBe(0);
  });

  it('refuses a challenge solved after it expired', async () => {
    const answer = await solved(t);
    offset += ALTCHA_CHALLENGE_TTL_MS;
    try {
      const res = await save('guarded', 'late', answer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAPTCHA_MESSAGE);
    } finally {
      offset = 0;
    }
  });

  it('shows the captcha message beside the field messages when both are wrong', async () => {
    const res = await save('guarded', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      data: { errors: { note: 'Required', _captcha: CAPTCHA_MESSAGE } },
    });
  });

  it('loads no third party on its pages', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).not.toContain('google');
  });

  it('asks nothing of a form without a captcha', async () => {
    expect((await save('open', 'no captcha')).statusCode).toBe(200);
  });
});

/** A stand-in for Google's siteverify: answers by the token it is given. */
function fakeVerifyPeer() {
  const seen: { secret: string | null; response: string | null }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response');
      seen.push({ secret: form.get('secret'), response: token });
      if (token === 'broken') {
        res.writeHead(502).end();
        return;
      }
      const answer =
        token === 'person' || token === 'restock-person'
          ? { success: true, score: 0.9 }
          : token === 'bot'
            ? { success: true, score: 0.1 }
            : { success: false };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return { server, seen };
}

describe.each(dialects)('reCAPTCHA on %s', (dialect) => {
  let t: TestApp;
  const peer = fakeVerifyPeer();
  const { save, stored } = helpers(() => t);

  beforeAll(async () => {
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    const { port } = peer.server.address() as AddressInfo;
    t = await createTestApp(
      dialect,
      catalog(),
      { rateLimit: { requests: 0 } },
      {
        CAPTCHA: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET_KEY: 'secret-key',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    peer.server.close();
  });

  it('asks the verify endpoint with the secret and lets a person through once', async () => {
    const ok = await save('guarded', 'person', 'person');
    expect(ok.statusCode).toBe(200);
    expect(peer.seen.at(-1)).toEqual({ secret: 'secret-key', response: 'person' });
    const again = await save('guarded', 'person again', 'person');
    expect(again.statusCode).toBe(400);
    expect(await stored('person')).toBe(1);
    expect(await stored('person again')).toBe(0);
  });

  it('refuses a low score, a failed token and no token with the captcha message', async () => {
    for (const token of ['bot', 'forged', undefined]) {
      const res = await save('guarded', 'refused', token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAPTCHA_MESSAGE);
    }
    expect(await stored('refused')).toBe(0);
  });

  it('answers 500 with the spec message when the verify endpoint fails', async () => {
    const res = await save('guarded', 'broken', 'broken');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Unable to send form. Please try again later.');
  });

  it('lets pages load Google’s script and frame, and only then', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toContain('frame-src https://www.google.com/recaptcha/');
  });

  it('checks the restock form’s recaptchaEnterpriseV3Token: a person once, never a bot or no token', async () => {
    const signup = (token: string | null, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/commerce/restock-notifications',
        ...mutating,
        payload: {
          productId: 'tee',
          variantId: 'TEE-M-RED',
          siteVisitorEmail: email,
          recaptchaEnterpriseV3Token: token,
        },
      });
    const waiting = async (email: string) =>
      (await t.database.db.selectFrom('restock_signups').select('id').where('email', '=', email).execute())
        .length;
    for (const token of ['bot', 'forged', null]) {
      const res = await signup(token, 'refused@example.com');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAPTCHA_MESSAGE);
    }
    expect(await waiting('refused@example.com')).toBe(0);
    const ok = await signup('restock-person', 'waiting@example.com');
    expect(ok.statusCode).toBe(200);
    expect(peer.seen.at(-1)).toEqual({ secret: 'secret-key', response: 'restock-person' });
    expect((await signup('restock-person', 'replay@example.com')).statusCode).toBe(400);
    expect(await waiting('waiting@example.com')).toBe(1);
    expect(await waiting('replay@example.com')).toBe(0);
    const broken = await signup('broken', 'broken@example.com');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toBe('Unable to submit form. Please try again later.');
  });

  it('tells the pages its site key (spec §3 captchaSettings.siteKey)', async () => {
    const page = await t.app.inject({ url: '/shop/tee' });
    expect(page.body).toContain('"captchaSettings":{"siteKey":"site-key"}');
  });

  it('issues no proof-of-work challenges', async () => {
    expect((await t.app.inject({ url: '/api/form/captcha-challenge' })).statusCode).toBe(404);
  });
});

describe('captcha configuration', () => {
  it('refuses reCAPTCHA without its site key with the spec message, and without its secret', () => {
    expect(() => loadConfig({ CAPTCHA: 'recaptcha', RECAPTCHA_SECRET_KEY: 's' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  RECAPTCHA_SITE_KEY: Enterprise V3 ReCaptcha site key not found',
      ),
    );
    expect(() => loadConfig({ CAPTCHA: 'recaptcha', RECAPTCHA_SITE_KEY: 'k' })).toThrow(
      /RECAPTCHA_SECRET_KEY/,
    );
    expect(loadConfig({}).captcha).toEqual({ kind: 'altcha' });
  });
});
