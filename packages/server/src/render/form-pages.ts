/**
 * A form published on its own page (/{pageSlug}), and the plain POST of any form block: the
 * form works without JavaScript, answered by a page with the success text, the redirect, or the
 * form again with each field's message.
 */
import { formAnswersFromEntries, formProblemMessage, MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import { getCollections } from '../modules/catalog/service.js';
import {
  type FormSettings,
  getFormSettings,
  listFormPages,
  listNewsletterForms,
} from '../modules/forms/service.js';
import { HONEYPOT_FIELD, issueSubmissionKey, saveFormSubmission } from '../modules/forms/submissions.js';
import { HttpError } from '../platform/errors.js';
import { siteBaseUrl } from '../platform/owner-auth.js';
import type { AppServices, SiteContext } from '../services.js';
import { type FormBlockOptions, formActionPath, renderFormBlock, successTextOf } from './form-block.js';
import { PAGE_TYPE } from './page-types.js';
import { type PageSpec, renderSpec } from './routes.js';

/** A form's own page: the form, then the newsletter forms the owner places under form pages. */
export async function formPageSpec(
  services: AppServices,
  ctx: SiteContext,
  form: FormSettings,
  options: FormBlockOptions,
  status = 200,
): Promise<PageSpec> {
  const newsletters =
    form.mailingListId === null
      ? (await listNewsletterForms(ctx, 'form-pages')).filter((f) => f.id !== form.id)
      : [];
  const others = { crumb: options.crumb, captcha: options.captcha };
  return {
    status,
    pageType: PAGE_TYPE.PAGE,
    template: 'formPage',
    title: `${form.name} — ${ctx.site.website.siteTitle}`,
    data: {
      formPage: {
        title: form.name,
        blockHtml: renderFormBlock(services.theme, form, options),
        newsletters: newsletters.map((f) => ({ html: renderFormBlock(services.theme, f, others) })),
      },
    },
  };
}

/** The body of a plain form POST as (name, value) entries; repeated names (checkboxes) arrive as arrays. */
function entriesOf(body: unknown): [string, string][] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v): v is string => typeof v === 'string')
      .map((v): [string, string] => [name, v]),
  );
}

export function formPageRoutes(app: FastifyInstance, services: AppServices): void {
  app.post<{ Params: { formId: string } }>('/api/form/submit/:formId', async (request, reply) => {
    services.crumbs.check(request);
    const ctx = await services.context();
    const crumb = services.crumbs.ensure(request, reply);
    const form = await getFormSettings(ctx, request.params.formId);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const answers = formAnswersFromEntries(form.fields, entriesOf(body));
    const back = form.pageSlug ? `/${form.pageSlug}` : (request.headers.referer ?? '/');

    const render = async (page: PageSpec) => {
      const cart = await getCart(ctx, request.cookies[CART_COOKIE], ctx.site.website.currency);
      const html = renderSpec(
        services,
        ctx,
        page,
        cart,
        await getCollections(ctx),
        new URL(formActionPath(form.id), 'http://local').pathname,
        { crumb, nonce: reply.cspNonce },
        {},
        await listFormPages(ctx),
      );
      return reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    };

    try {
      for (const group of ['form-submission-ip', 'form-submission-form'] as const) {
        await services.rateLimit(
          request,
          group,
          group === 'form-submission-form' ? `${ctx.websiteId}:${form.id}` : undefined,
        );
      }
      const honeypot = typeof body[HONEYPOT_FIELD] === 'string' ? body[HONEYPOT_FIELD] : undefined;
      // The page itself asks for the key a script would have fetched first.
      const key = await issueSubmissionKey(ctx);
      const outcome = await saveFormSubmission(
        ctx,
        services.captcha,
        { formId: form.id, form: honeypot ? { ...answers, [HONEYPOT_FIELD]: honeypot } : answers, key },
        siteBaseUrl(ctx, services.config),
      );
      if (outcome.successRedirect) return reply.redirect(outcome.successRedirect, 303);
      return render({
        status: 200,
        pageType: PAGE_TYPE.PAGE,
        template: 'formAnswer',
        title: `${form.name} — ${ctx.site.website.siteTitle}`,
        data: {
          formAnswer: {
            title: form.name,
            successText: successTextOf(form),
            postSubmitHtml: outcome.postSubmitHtml ?? '',
            backUrl: back,
          },
        },
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode === 403) throw err;
      const status = err.statusCode === 429 ? 429 : err.statusCode;
      // The refused page loads at its top, above the form: the notice says to scroll down.
      const notice =
        err.errors && status === 400
          ? (formProblemMessage('above', form.mailingListId !== null) ?? MESSAGES.formInvalid)
          : status === 429
            ? MESSAGES.formRateLimited
            : err.message;
      return render(
        await formPageSpec(
          services,
          ctx,
          form,
          {
            crumb,
            captcha: services.captcha.widget,
            values: answers,
            errors: err.errors ?? {},
            notice,
            noticePosition: 'above',
          },
          status,
        ),
      );
    }
  });
}
