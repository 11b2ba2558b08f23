/**
 * A form published on its own page (/{pageSlug}), and the plain POST of any form block: the
 * form works without JavaScript, answered by a page with the success text, the redirect, or the
 * form again with each field's message.
 */
import { formAnswersFromEntries, formProblemMessage, MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { contract, errorReply, guard, htmlReply, seeOther } from '../platform/contract.js';
import { HttpError } from '../platform/errors.js';
import { siteBaseUrl } from '../platform/owner-auth.js';
import { text } from '../platform/request-input.js';
import type { AppServices, SiteContext } from '../services.js';
import { type FormBlockOptions, formActionPath, renderFormBlock, successTextOf } from './form-block.js';
import { PAGE_TYPE } from './page-types.js';
import { type PageSpec, renderSpec } from './routes.js';

const formParams = z.object({ formId: text() });

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

/**
 * A plain form POST's fields by input name, as the browser sends them: the names come from the
 * form (its fields' ids, and `id.part` for a field of several parts), a repeated name (checkboxes)
 * arrives as a list; the form's own rules are checked by saveFormSubmission and answered on the page.
 */
const plainFormBody = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .prefault({})
  .describe(
    `The form's fields by input name (field names come from the form: GET /api/template/GetTemplateSchema), a checkbox's choices repeated; besides them \`crumb\` and the honeypot \`${HONEYPOT_FIELD}\``,
  );

/** The body of a plain form POST as (name, value) entries. */
function entriesOf(body: Record<string, string | string[]>): [string, string][] {
  return Object.entries(body).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

export function formPageRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).post(
    '/api/form/submit/:formId',
    {
      schema: {
        description:
          "A form block's plain HTML form post: answered 200 by a page with the success text, 303 to the form's success redirect, or by the form's page again with each field's problem (400, 429 too many).",
        params: formParams,
        body: plainFormBody,
        response: { 200: htmlReply, 303: seeOther, '4xx': z.union([errorReply, htmlReply]) },
      },
      preValidation: guard(services, null, { crumb: true }),
    },
    async (request, reply) => {
      const ctx = await services.context();
      const crumb = services.crumbs.ensure(request, reply);
      const form = await getFormSettings(ctx, request.params.formId);
      const body = request.body;
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
    },
  );
}
