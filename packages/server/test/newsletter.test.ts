import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPayload } from '../src/modules/email/service.js';
import { renderEmail } from '../src/modules/email/templates.js';
import { CAMPAIGN_SEND_INTERVAL_MS, CONFIRM_LINK_TTL_MS } from '../src/modules/newsletter/service.js';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const mutating = { headers: { 'x-csrf-token': CRUMB }, cookies: { crumb: CRUMB } };
const PUBLIC_URL = 'https://shop.example.com';

describe.each(dialects)('newsletter sign-up, confirmation, unsubscription and campaigns on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let campaigner: Record<string, string>;
  let editor: Record<string, string>;
  let listId: string;
  let formId: string;
  const start = Date.now();
  let offset = 0;
  const clock = { now: () => start + offset };
  const call = (method: string, url: string, body?: unknown, cookies = campaigner) =>
    ownerCall(t.app, method, url, cookies, body);

  beforeAll(async () => {
    const catalog = {
      ...smallCatalog(),
      forms: [
        {
          id: 'contact',
          name: 'Contact',
          fields: [{ id: 'note', type: 'text', title: 'Note' }],
          pageSlug: 'contact',
        },
      ],
    };
    t = await createTestApp(dialect, catalog, { clock, rateLimit: { requests: 0 } }, { PUBLIC_URL });
    for (const role of [1, 4, 11] as const) await addOwner(t.database, role);
    admin = await signIn(t.app, ownerEmail(1));
    editor = await signIn(t.app, ownerEmail(4));
    campaigner = await signIn(t.app, ownerEmail(11));
    const list = await call('POST', '/api/config/newsletter/lists', { name: 'Shop letter' });
    expect(list.statusCode).toBe(201);
    listId = list.json().list.id;
    const form = await ownerCall(t.app, 'POST', '/api/config/forms', admin, {
      name: 'Newsletter',
      fields: [{ id: 'email', type: 'email', title: 'Email Address', required: true }],
      mailingListId: listId,
      newsletterOnFormPages: true,
    });
    expect(form.statusCode).toBe(201);
    formId = form.json().form.id;
  });
  afterAll(async () => t?.close());

  async function signUp(email: string) {
    const key = (
      await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', ...mutating })
    ).json().data.key;
    return t.app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      ...mutating,
      payload: { formId, form: { email }, key },
    });
  }

  const subscriber = (email: string) =>
    t.database.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('list_id', '=', listId)
      .where('email', '=', email)
      .executeTakeFirst();

  async function mailsTo(email: string, template: string) {
    const rows = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows
      .map((r) => ({ row: r, payload: JSON.parse(r.payload) as OutboxPayload }))
      .filter((m) => m.payload.to === email && m.payload.template === template);
  }

  const linkIn = (text: string, path: string) => {
    const found = text.match(new RegExp(`${PUBLIC_URL}${path}\\?token=[0-9a-f]+`));
    if (!found) throw new Error(`no ${path} link in:\n${text}`);
    return found[0].slice(PUBLIC_URL.length);
  };

  async function confirmLinkOf(email: string) {
    const mails = await mailsTo(email, 'newsletter-confirm');
    const last = mails.at(-1);
    if (!last) throw new Error(`no confirmation mail to ${email}`);
    return linkIn(renderEmail('newsletter-confirm', last.payload.data).text, '/newsletter/confirm');
  }

  it('signs an address up as pending and emails it a confirmation link (double opt-in)', async () => {
    const res = await signUp('  Ada@Example.com ');
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('site-form-block--newsletter');
    expect(page.body).toContain('Sign Up');
    expect(page.body).toContain('Check your inbox and open the link we sent to confirm your subscription.');
    const row = await subscriber('ada@example.com');
    expect(row?.status).toBe('pending');
    const mails = await mailsTo('ada@example.com', 'newsletter-confirm');
    expect(mails).toHaveLength(1);
    const mail = renderEmail('newsletter-confirm', mails[0].payload.data);
    expect(mail.subject).toBe('Confirm your subscription to Shop letter');
  });

  it('never shows the scroll message for a newsletter form, only the field’s message', async () => {
    const res = await signUp('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.email).toMatch(/^Email is not valid/);
    const page = await t.app.inject({
      method: 'POST',
      url: `/api/form/submit/${formId}`,
      ...mutating,
      payload: { crumb: CRUMB, [`${'email'}`]: 'nope' },
    });
    expect(page.body).not.toContain('scroll down to review');
    expect(page.body).not.toContain('scroll up to review');
  });

  it('confirms by the emailed link once; the link then and after its time is refused', async () => {
    const link = await confirmLinkOf('ada@example.com');
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank you: ada@example.com now receives Shop letter.');
    expect((await subscriber('ada@example.com'))?.status).toBe('subscribed');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);

    await signUp('late@example.com');
    const late = await confirmLinkOf('late@example.com');
    offset += CONFIRM_LINK_TTL_MS;
    const expired = await t.app.inject({ method: 'GET', url: late });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('The confirmation link has expired or was already used.');
    expect((await subscriber('late@example.com'))?.status).toBe('pending');
  });

  it('sends no second confirmation to an address already subscribed', async () => {
    const before = (await mailsTo('ada@example.com', 'newsletter-confirm')).length;
    expect((await signUp('ada@example.com')).statusCode).toBe(200);
    expect(await mailsTo('ada@example.com', 'newsletter-confirm')).toHaveLength(before);
  });

  it('unsubscribes from the page (type 300) only by its button, and by one-click POST without a crumb', async () => {
    const row = await subscriber('ada@example.com');
    const token = row?.unsubscribe_token ?? '';
    const page = await t.app.inject({ method: 'GET', url: `/newsletter/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('page-type-300');
    expect(page.body).toContain('Stop sending Shop letter to ada@example.com?');
    expect((await subscriber('ada@example.com'))?.status).toBe('subscribed');

    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe',
      payload: { token },
    });
    expect(noCrumb.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe',
      ...mutating,
      payload: { token, crumb: CRUMB },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('ada@example.com will not receive Shop letter any more.');
    expect((await subscriber('ada@example.com'))?.status).toBe('unsubscribed');

    await signUp('bo@example.com');
    await t.app.inject({ method: 'GET', url: await confirmLinkOf('bo@example.com') });
    const bo = await subscriber('bo@example.com');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${bo?.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await subscriber('bo@example.com'))?.status).toBe('unsubscribed');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${'ab'.repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('imports subscribers from CSV, skipping bad rows and keeping unsubscribed addresses out', async () => {
    const res = await call('POST', `/api/config/newsletter/lists/${listId}/subscribers/import`, {
      csv: 'Name,Email\r\nCy,cy@example.com\r\nDee,"dee@example.com"\r\nBad,nope\r\nAda,ADA@example.com\r\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ added: 2, existing: 1, invalidLines: [4] });
    expect((await subscriber('ada@example.com'))?.status).toBe('unsubscribed');
    const page = await call(
      'GET',
      `/api/config/newsletter/lists/${listId}/subscribers?q=example&status=subscribed`,
    );
    expect(page.json().subscribers.map((s: { email: string }) => s.email)).toEqual([
      'cy@example.com',
      'dee@example.com',
    ]);
    const csv = await call('GET', `/api/config/newsletter/lists/${listId}/subscribers.csv?q=dee`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Email,Status,Source,Signed up at,Confirmed at,Unsubscribed at');
    expect(csv.body).toContain('dee@example.com,subscribed,import,');
    expect(csv.body).not.toContain('cy@example.com');
  });

  it('asks for a list and a subject before a campaign is sent, with the spec’s messages', async () => {
    const draft = await call('POST', '/api/config/newsletter/campaigns', { body: 'Hello from the shop.' });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().campaign.id;
    const noList = await call('POST', `/api/config/newsletter/campaigns/${id}/send`);
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe('A List must be selected');
    expect(noList.json().errors).toMatchObject({
      listId: 'A List must be selected',
      subject: 'Add an email subject',
    });
    await call('PUT', `/api/config/newsletter/campaigns/${id}`, { listId, body: 'Hello from the shop.' });
    const noSubject = await call('POST', `/api/config/newsletter/campaigns/${id}/send`);
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('Add an email subject');
    const testSend = await call('POST', `/api/config/newsletter/campaigns/${id}/test`, {
      to: 'me@example.com',
    });
    expect(testSend.json().message).toBe('Add an email subject');
    const unknownList = await call('PUT', `/api/config/newsletter/campaigns/${id}`, { listId: 'nope' });
    expect(unknownList.json().message).toBe('A List must be selected');
    expect(await t.database.db.selectFrom('newsletter_deliveries').selectAll().execute()).toHaveLength(0);
  });

  it('offers the newsletter form in every page’s footer, posting without JavaScript, until the owner turns it off', async () => {
    const footer = `<div class="site-footer-signup"><div class="site-form-block site-form-block--newsletter" data-island="SiteForm" data-island-intent data-props=`;
    for (const url of ['/', '/shop/p/tee', '/cart', '/contact', '/newsletter/confirm?token=x']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain(footer);
      expect(res.body, url).toContain(
        `<form class="site-form" method="post" action="/api/form/submit/${formId}" novalidate>`,
      );
      // The footer's copy has ids of its own: on a page that also shows the form, ids stay unique.
      expect(res.body.match(/id="sf-footer-email"/g), url).toHaveLength(1);
    }
    expect((await t.app.inject({ url: '/contact' })).body.match(/id="sf-email"/g)).toHaveLength(1);

    // Without JavaScript the footer's form posts itself and the answer page says what happens next.
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/form/submit/${formId}`,
      payload: new URLSearchParams({ crumb: CRUMB, email: 'footer@example.com' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: '/shop/p/tee' },
      cookies: { crumb: CRUMB },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Check your inbox and open the link we sent to confirm your subscription.');
    expect(posted.body).toContain('href="/shop/p/tee"');
    expect((await subscriber('footer@example.com'))?.status).toBe('pending');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/form/submit/${formId}`,
      payload: new URLSearchParams({ crumb: CRUMB, email: 'nope' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: '/shop/p/tee' },
      cookies: { crumb: CRUMB },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(
      /<p class="site-form-error" id="sf-email-error" role="alert">Email is not valid/,
    );

    const settings = (await call('GET', '/api/config/settings', undefined, admin)).json().settings;
    expect(settings.footer.newsletterSignUp).toBe(true);
    const off = await call(
      'PATCH',
      '/api/config/settings',
      { footer: { ...settings.footer, newsletterSignUp: false } },
      admin,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().settings.footer.newsletterSignUp).toBe(false);
    for (const url of ['/', '/shop/p/tee', '/cart'])
      expect((await t.app.inject({ url })).body, url).not.toContain('site-footer-signup');
    await call(
      'PATCH',
      '/api/config/settings',
      { footer: { ...settings.footer, newsletterSignUp: true } },
      admin,
    );
    expect((await t.app.inject({ url: '/' })).body).toContain('site-footer-signup');
  });

  it('offers the newsletter form in the popup overlay (page type 104) only when the owner says so', async () => {
    // Pages carry the popup's island (and so load its code) only while a form is offered there.
    const popupIsland = async () =>
      (await t.app.inject({ url: '/' })).body.includes('data-island="NewsletterPopup"');
    expect((await t.app.inject({ url: '/api/newsletter/popup' })).json()).toEqual({ data: null });
    expect(await popupIsland()).toBe(false);
    const newsletterForm = {
      name: 'Newsletter',
      fields: [{ id: 'email', type: 'email', title: 'Email Address', required: true }],
      mailingListId: listId,
    };
    const put = await ownerCall(t.app, 'PUT', `/api/config/forms/${formId}`, admin, {
      ...newsletterForm,
      newsletterPopup: true,
    });
    expect(put.statusCode).toBe(200);
    expect(await popupIsland()).toBe(true);
    const popup = (await t.app.inject({ url: '/api/newsletter/popup' })).json().data;
    expect(popup).toMatchObject({ pageType: 104, title: 'Newsletter', form: { formId, newsletter: true } });
    const guarded = { ...newsletterForm, newsletterPopup: true, captchaEnabled: true };
    expect((await ownerCall(t.app, 'PUT', `/api/config/forms/${formId}`, admin, guarded)).statusCode).toBe(
      200,
    );
    const withCaptcha = await t.app.inject({ url: '/api/newsletter/popup' });
    expect(withCaptcha.json().data.form.captcha).toEqual({
      kind: 'altcha',
      challengeUrl: '/api/form/captcha-challenge',
    });
    await ownerCall(t.app, 'PUT', `/api/config/forms/${formId}`, admin, {
      ...guarded,
      captchaEnabled: false,
    });
    const noEmail = await ownerCall(t.app, 'POST', '/api/config/forms', admin, {
      name: 'Broken',
      fields: [{ id: 'note', type: 'text', title: 'Note' }],
      mailingListId: listId,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.mailingListId).toMatch(/needs a required Email field/);
  });

  it('answers the open-tracking image whatever the token', async () => {
    for (const token of ['ab'.repeat(16), 'not-a-token', 'abc']) {
      const res = await t.app.inject({ url: `/api/newsletter/open/${token}.gif` });
      expect(res.statusCode, token).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    }
  });

  it('is only for campaigns editors and admins: an editor (role 4) is refused', async () => {
    expect((await call('GET', '/api/config/newsletter/campaigns', undefined, editor)).statusCode).toBe(403);
  });

  it('previews and test-sends, then sends once to each confirmed subscriber at a bounded rate', async () => {
    const draft = await call('POST', '/api/config/newsletter/campaigns', {
      listId,
      subject: 'Spring at the shop',
      body: 'New mugs are in.\n\nCome and see.',
    });
    const id = draft.json().campaign.id;
    expect(draft.json().campaign.trackOpens).toBe(false);
    const preview = await call('GET', `/api/config/newsletter/campaigns/${id}/preview.html`);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    expect(preview.body).toContain('<title>Spring at the shop</title>');
    expect(preview.body).toContain('<p>New mugs are in.</p><p>Come and see.</p>');
    expect(
      (await call('POST', `/api/config/newsletter/campaigns/${id}/test`, { to: 'me@example.com' }))
        .statusCode,
    ).toBe(200);
    expect(await mailsTo('me@example.com', 'newsletter-campaign')).toHaveLength(1);

    const sent = await call('POST', `/api/config/newsletter/campaigns/${id}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().campaign).toMatchObject({ status: 'sent', recipientCount: 2 });
    const again = await call('POST', `/api/config/newsletter/campaigns/${id}/send`);
    expect(again.statusCode).toBe(409);
    const edit = await call('PUT', `/api/config/newsletter/campaigns/${id}`, { subject: 'Changed' });
    expect(edit.statusCode).toBe(409);

    const mails = [
      ...(await mailsTo('cy@example.com', 'newsletter-campaign')),
      ...(await mailsTo('dee@example.com', 'newsletter-campaign')),
    ];
    expect(mails).toHaveLength(2);
    for (const who of ['ada@example.com', 'bo@example.com', 'late@example.com']) {
      expect(await mailsTo(who, 'newsletter-campaign')).toHaveLength(0);
    }
    const due = mails.map((m) => m.row.next_attempt_at).sort((a, b) => a - b);
    expect(due[1] - due[0]).toBe(CAMPAIGN_SEND_INTERVAL_MS);

    const rendered = renderEmail('newsletter-campaign', mails[0].payload.data);
    const oneClick = rendered.headers?.['List-Unsubscribe'] ?? '';
    expect(oneClick).toMatch(new RegExp(`^<${PUBLIC_URL}/api/newsletter/unsubscribe\\?token=[0-9a-f]+>$`));
    expect(rendered.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(rendered.html).not.toContain('/api/newsletter/open/');
    expect(linkIn(rendered.text, '/newsletter/unsubscribe')).toMatch(/^\/newsletter\/unsubscribe\?token=/);
  });
});
