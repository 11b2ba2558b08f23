import { formatMoney } from '@storefront/commerce';
import { z } from 'zod';

/** Transactional email templates: the data each needs (checked when enqueued) and how it renders. */

const minor = z.number().int().min(0);

const addressSchema = z.object({
  name: z.string().optional(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string(),
});

export const orderConfirmationData = z.object({
  siteTitle: z.string().min(1),
  orderId: z.string().min(1),
  /** The number the shopper sees; the id when absent. */
  orderNumber: z.string().optional(),
  currency: z.string().length(3),
  customerName: z.string().optional(),
  items: z
    .array(
      z.object({
        productName: z.string(),
        /** The variant's options ('M / Sage'). */
        variant: z.string().optional(),
        quantity: z.number().int().positive(),
        unitPriceCents: minor,
        /** For digital products: where the shopper downloads the file. */
        downloadUrl: z.string().url().optional(),
      }),
    )
    .min(1),
  subtotalCents: minor,
  discountCents: minor.default(0),
  shippingCents: minor.default(0),
  taxCents: minor.default(0),
  giftCardAppliedCents: minor.default(0),
  grandTotalCents: minor,
  shippingAddress: addressSchema.nullable().optional(),
  billingAddress: addressSchema.nullable().optional(),
  phone: z.string().optional(),
  /** The shopper's note to the store. */
  note: z.string().optional(),
  /** Gift cards bought in this order, with their codes and who they were sent to. */
  giftCards: z
    .array(z.object({ code: z.string(), amountCents: minor, recipientEmail: z.string().optional() }))
    .default([]),
  /** Placed with the test payment provider: nothing was charged. */
  testMode: z.boolean().optional(),
  orderUrl: z.string().url().optional(),
});

export const giftCardDeliveryData = z.object({
  siteTitle: z.string().min(1),
  code: z.string().min(1),
  amountCents: minor,
  currency: z.string().length(3),
  recipientName: z.string().optional(),
  senderName: z.string().optional(),
  message: z.string().max(2000).optional(),
  shopUrl: z.string().url().optional(),
});

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
}

type Address = z.infer<typeof addressSchema>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function addressLines(a: Address): string[] {
  const cityLine = [a.city, a.region, a.postalCode].filter(Boolean).join(' ');
  return [a.name, a.line1, a.line2, cityLine, a.country].filter((l): l is string => !!l);
}

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222">${body}</body></html>`;
}

function renderOrderConfirmation(input: z.input<typeof orderConfirmationData>): RenderedEmail {
  const d = orderConfirmationData.parse(input);
  const money = (cents: number) => formatMoney(cents, d.currency);
  const number = d.orderNumber ?? d.orderId;
  const subject = `${d.siteTitle}: order ${number} confirmed`;
  const totals: [string, number][] = [
    ['Subtotal', d.subtotalCents],
    ...(d.discountCents > 0 ? ([['Discount', -d.discountCents]] as [string, number][]) : []),
    ['Shipping', d.shippingCents],
    ['Tax', d.taxCents],
    ['Total', d.grandTotalCents],
    // As on the order page: the total, then what the gift card paid and what was left to pay.
    ...(d.giftCardAppliedCents > 0
      ? ([['Paid by gift card', d.giftCardAppliedCents]] as [string, number][])
      : []),
    ...(d.giftCardAppliedCents > 0 && d.grandTotalCents > d.giftCardAppliedCents
      ? ([['Paid by card', d.grandTotalCents - d.giftCardAppliedCents]] as [string, number][])
      : []),
  ];
  const testNote = 'This is a test order: nothing was charged.';
  const giftCardLine = (g: (typeof d.giftCards)[number]) =>
    `${g.code}  ${money(g.amountCents)}${g.recipientEmail ? ` (sent to ${g.recipientEmail})` : ''}`;
  const signed = (cents: number) => (cents < 0 ? `-${money(-cents)}` : money(cents));

  const text = [
    `${d.customerName ? `Hi ${d.customerName},` : 'Hi,'}`,
    '',
    `Thank you for your order from ${d.siteTitle}. Order ${number}:`,
    ...(d.testMode ? ['', testNote] : []),
    '',
    ...d.items.map(
      (i) =>
        `  ${i.quantity} × ${i.productName}${i.variant ? ` (${i.variant})` : ''}  ${money(i.unitPriceCents * i.quantity)}` +
        (i.downloadUrl ? `\n    Download: ${i.downloadUrl}` : ''),
    ),
    '',
    ...totals.map(([label, cents]) => `  ${label}: ${signed(cents)}`),
    ...(d.giftCards.length
      ? ['', 'Gift cards in this order:', ...d.giftCards.map((g) => `  ${giftCardLine(g)}`)]
      : []),
    ...(d.shippingAddress
      ? ['', 'Shipping to:', ...addressLines(d.shippingAddress).map((l) => `  ${l}`)]
      : []),
    ...(d.billingAddress
      ? ['', 'Billing address:', ...addressLines(d.billingAddress).map((l) => `  ${l}`)]
      : []),
    ...(d.phone ? ['', `Phone: ${d.phone}`] : []),
    ...(d.note ? ['', 'Your note:', `  ${d.note.replace(/\n/g, '\n  ')}`] : []),
    ...(d.orderUrl ? ['', `View your order: ${d.orderUrl}`] : []),
    '',
  ].join('\n');

  const e = escapeHtml;
  const rows = d.items
    .map(
      (i) =>
        `<tr><td>${i.quantity} × ${e(i.productName)}${i.variant ? ` <small>(${e(i.variant)})</small>` : ''}` +
        (i.downloadUrl ? `<br><a href="${e(i.downloadUrl)}">Download</a>` : '') +
        `</td><td style="text-align:right">${e(money(i.unitPriceCents * i.quantity))}</td></tr>`,
    )
    .join('');
  const totalRows = totals
    .map(
      ([label, cents]) =>
        `<tr><td>${e(label)}</td><td style="text-align:right">${e(signed(cents))}</td></tr>`,
    )
    .join('');
  const address = (title: string, a: Address | null | undefined) =>
    a ? `<h3>${title}</h3><p>${addressLines(a).map(e).join('<br>')}</p>` : '';
  const html = htmlPage(
    subject,
    `<p>${d.customerName ? `Hi ${e(d.customerName)},` : 'Hi,'}</p>` +
      `<p>Thank you for your order from ${e(d.siteTitle)}. Order <strong>${e(number)}</strong>:</p>` +
      (d.testMode ? `<p><strong>${e(testNote)}</strong></p>` : '') +
      `<table cellpadding="4">${rows}${totalRows}</table>` +
      (d.giftCards.length
        ? `<h3>Gift cards in this order</h3><ul>${d.giftCards.map((g) => `<li><code>${e(g.code)}</code> ${e(money(g.amountCents))}${g.recipientEmail ? ` (sent to ${e(g.recipientEmail)})` : ''}</li>`).join('')}</ul>`
        : '') +
      address('Shipping to', d.shippingAddress) +
      address('Billing address', d.billingAddress) +
      (d.phone ? `<p>Phone: ${e(d.phone)}</p>` : '') +
      (d.note ? `<h3>Your note</h3><p>${e(d.note).replace(/\n/g, '<br>')}</p>` : '') +
      (d.orderUrl ? `<p><a href="${e(d.orderUrl)}">View your order</a></p>` : ''),
  );
  return { subject, text, html };
}

function renderGiftCardDelivery(input: z.input<typeof giftCardDeliveryData>): RenderedEmail {
  const d = giftCardDeliveryData.parse(input);
  const amount = formatMoney(d.amountCents, d.currency);
  const from = d.senderName ? `${d.senderName} sent you` : 'You have received';
  const subject = `${from} a ${amount} gift card for ${d.siteTitle}`;
  const text = [
    d.recipientName ? `Hi ${d.recipientName},` : 'Hi,',
    '',
    `${from} a ${amount} gift card for ${d.siteTitle}.`,
    ...(d.message ? ['', d.message] : []),
    '',
    `Your gift card code: ${d.code}`,
    'Enter it at checkout to pay with your gift card.',
    ...(d.shopUrl ? ['', `Shop now: ${d.shopUrl}`] : []),
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>${d.recipientName ? `Hi ${e(d.recipientName)},` : 'Hi,'}</p>` +
      `<p>${e(from)} a <strong>${e(amount)}</strong> gift card for ${e(d.siteTitle)}.</p>` +
      (d.message ? `<blockquote>${e(d.message).replace(/\n/g, '<br>')}</blockquote>` : '') +
      `<p>Your gift card code: <code style="font-size:1.3em">${e(d.code)}</code></p>` +
      '<p>Enter it at checkout to pay with your gift card.</p>' +
      (d.shopUrl ? `<p><a href="${e(d.shopUrl)}">Shop now</a></p>` : ''),
  );
  return { subject, text, html };
}

/** An invitation to help run the site, with the role given and the link that sets a password. */
export const contributorInviteData = z.object({
  siteTitle: z.string().min(1),
  name: z.string().min(1),
  roleName: z.string().min(1),
  invitedBy: z.string().optional(),
  link: z.string().url(),
  /** How long the link works, in words ("7 days"). */
  validFor: z.string().min(1),
});

/** A link that sets a new password for the owner's area. */
export const passwordResetData = z.object({
  siteTitle: z.string().min(1),
  name: z.string().min(1),
  link: z.string().url(),
  validFor: z.string().min(1),
});

function renderContributorInvite(input: z.input<typeof contributorInviteData>): RenderedEmail {
  const d = contributorInviteData.parse(input);
  const by = d.invitedBy ? `${d.invitedBy} invited you` : 'You are invited';
  const subject = `${by} to help run ${d.siteTitle}`;
  const text = [
    `Hi ${d.name},`,
    '',
    `${by} to help run ${d.siteTitle} as ${d.roleName}.`,
    '',
    `Choose your password to accept: ${d.link}`,
    `The link works once, for ${d.validFor}.`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi ${e(d.name)},</p>` +
      `<p>${e(by)} to help run ${e(d.siteTitle)} as <strong>${e(d.roleName)}</strong>.</p>` +
      `<p><a href="${e(d.link)}">Choose your password</a> to accept.</p>` +
      `<p>The link works once, for ${e(d.validFor)}.</p>`,
  );
  return { subject, text, html };
}

function renderPasswordReset(input: z.input<typeof passwordResetData>): RenderedEmail {
  const d = passwordResetData.parse(input);
  const subject = `${d.siteTitle}: set a new password`;
  const text = [
    `Hi ${d.name},`,
    '',
    `Someone asked to reset your password for ${d.siteTitle}. To choose a new one: ${d.link}`,
    `The link works once, for ${d.validFor}. If you did not ask, ignore this email: your password stays as it is.`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi ${e(d.name)},</p>` +
      `<p>Someone asked to reset your password for ${e(d.siteTitle)}.</p>` +
      `<p><a href="${e(d.link)}">Choose a new password</a></p>` +
      `<p>The link works once, for ${e(d.validFor)}. If you did not ask, ignore this email: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}

/** The order is on its way: the carrier and how to follow it. */
export const orderFulfilledData = z.object({
  siteTitle: z.string().min(1),
  orderId: z.string().min(1),
  /** The number the shopper sees ('#1001'); the id when absent. */
  orderNumber: z.string().optional(),
  carrier: z.string().min(1),
  trackingNumber: z.string().min(1),
  trackingUrl: z.string().url().optional(),
  orderUrl: z.string().url().optional(),
});

/** Money went back to the shopper's payment method. */
export const orderRefundedData = z.object({
  siteTitle: z.string().min(1),
  orderId: z.string().min(1),
  /** The number the shopper sees ('#1001'); the id when absent. */
  orderNumber: z.string().optional(),
  currency: z.string().length(3),
  amountCents: z.number().int().positive(),
  /** Refunded so far on this order, this refund included. */
  totalRefundedCents: minor,
  amountPaidCents: minor,
  reason: z.string().max(500).optional(),
  orderUrl: z.string().url().optional(),
});

/** Spec §3 back-in-stock waitlist: the variant the shopper waited for is available again. */
export const restockNotificationData = z.object({
  siteTitle: z.string().min(1),
  productName: z.string().min(1),
  /** The variant's options, e.g. "S / Red"; absent for a product without options. */
  variantText: z.string().optional(),
  productUrl: z.string().url(),
  /** The signup's language (e.g. 'fr' or 'fr-FR'); the mail is written in it when known. */
  language: z.string().max(35).optional(),
});

function renderOrderFulfilled(input: z.input<typeof orderFulfilledData>): RenderedEmail {
  const d = orderFulfilledData.parse(input);
  const number = d.orderNumber ?? d.orderId;
  const subject = `${d.siteTitle}: order ${number} is on its way`;
  const text = [
    'Hi,',
    '',
    `Your order ${number} from ${d.siteTitle} has shipped with ${d.carrier}.`,
    `Tracking number: ${d.trackingNumber}`,
    ...(d.trackingUrl ? [`Follow it: ${d.trackingUrl}`] : []),
    ...(d.orderUrl ? ['', `View your order: ${d.orderUrl}`] : []),
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi,</p><p>Your order <strong>${e(number)}</strong> from ${e(d.siteTitle)} has shipped with ${e(d.carrier)}.</p>` +
      `<p>Tracking number: <code>${e(d.trackingNumber)}</code></p>` +
      (d.trackingUrl ? `<p><a href="${e(d.trackingUrl)}">Follow your parcel</a></p>` : '') +
      (d.orderUrl ? `<p><a href="${e(d.orderUrl)}">View your order</a></p>` : ''),
  );
  return { subject, text, html };
}

function renderOrderRefunded(input: z.input<typeof orderRefundedData>): RenderedEmail {
  const d = orderRefundedData.parse(input);
  const number = d.orderNumber ?? d.orderId;
  const money = (cents: number) => formatMoney(cents, d.currency);
  const whole = d.totalRefundedCents >= d.amountPaidCents;
  const subject = `${d.siteTitle}: ${money(d.amountCents)} refunded on order ${number}`;
  const summary = whole
    ? `Your order ${number} is now refunded in full (${money(d.totalRefundedCents)}).`
    : `${money(d.totalRefundedCents)} of the ${money(d.amountPaidCents)} you paid for order ${number} has now been refunded.`;
  const text = [
    'Hi,',
    '',
    `${d.siteTitle} refunded ${money(d.amountCents)} to your payment method.`,
    summary,
    ...(d.reason ? ['', `Reason: ${d.reason}`] : []),
    'It can take a few days to show on your statement.',
    ...(d.orderUrl ? ['', `View your order: ${d.orderUrl}`] : []),
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi,</p><p>${e(d.siteTitle)} refunded <strong>${e(money(d.amountCents))}</strong> to your payment method.</p>` +
      `<p>${e(summary)}</p>` +
      (d.reason ? `<p>Reason: ${e(d.reason)}</p>` : '') +
      '<p>It can take a few days to show on your statement.</p>' +
      (d.orderUrl ? `<p><a href="${e(d.orderUrl)}">View your order</a></p>` : ''),
  );
  return { subject, text, html };
}

/** The back-in-stock mail's words per language (the signup's `language`, spec §3); English for any other. */
const RESTOCK_WORDS = {
  en: {
    greeting: 'Hi,',
    subject: (name: string, site: string) => `${name} is back in stock at ${site}`,
    news: (name: string, site: string) => `Good news: ${name} is back in stock at ${site}.`,
    link: 'Get it here',
    once: 'You are receiving this once because you asked to be told when it returned.',
  },
  fr: {
    greeting: 'Bonjour,',
    subject: (name: string, site: string) => `${name} est de nouveau en stock chez ${site}`,
    news: (name: string, site: string) => `Bonne nouvelle : ${name} est de nouveau en stock chez ${site}.`,
    link: 'Le commander',
    once: 'Vous recevez ce message une seule fois, car vous avez demandé à être prévenu de son retour.',
  },
  de: {
    greeting: 'Hallo,',
    subject: (name: string, site: string) => `${name} ist bei ${site} wieder vorrätig`,
    news: (name: string, site: string) => `Gute Nachricht: ${name} ist bei ${site} wieder vorrätig.`,
    link: 'Jetzt ansehen',
    once: 'Sie erhalten diese Nachricht einmalig, weil Sie über die Rückkehr informiert werden wollten.',
  },
  es: {
    greeting: 'Hola,',
    subject: (name: string, site: string) => `${name} vuelve a estar disponible en ${site}`,
    news: (name: string, site: string) => `Buenas noticias: ${name} vuelve a estar disponible en ${site}.`,
    link: 'Consíguelo aquí',
    once: 'Recibes este mensaje una sola vez porque pediste que te avisáramos cuando volviera.',
  },
} as const;

function restockWords(language: string | undefined) {
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(RESTOCK_WORDS, primary)
    ? RESTOCK_WORDS[primary as keyof typeof RESTOCK_WORDS]
    : RESTOCK_WORDS.en;
}

function renderRestockNotification(input: z.input<typeof restockNotificationData>): RenderedEmail {
  const d = restockNotificationData.parse(input);
  const words = restockWords(d.language);
  const name = d.variantText ? `${d.productName} (${d.variantText})` : d.productName;
  const subject = words.subject(name, d.siteTitle);
  const text = [
    words.greeting,
    '',
    words.news(name, d.siteTitle),
    `${words.link}: ${d.productUrl}`,
    '',
    words.once,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>${e(words.greeting)}</p><p>${e(words.news(name, d.siteTitle))}</p>` +
      `<p><a href="${e(d.productUrl)}">${e(words.link)}</a></p>` +
      `<p><small>${e(words.once)}</small></p>`,
  );
  return { subject, text, html };
}

/** Issue 16: the buyer is asked to review what they bought, through a one-time link. */
export const reviewsRequestData = z.object({
  siteTitle: z.string().min(1),
  productNames: z.array(z.string().min(1)).min(1),
  link: z.string().url(),
  validDays: z.number().int().positive(),
});

function renderReviewsRequest(input: z.input<typeof reviewsRequestData>): RenderedEmail {
  const d = reviewsRequestData.parse(input);
  const subject = `${d.siteTitle}: how did you like your order?`;
  const intro = `Thank you for shopping with ${d.siteTitle}. Would you tell other shoppers what you think of:`;
  const until = `The link works for ${d.validDays} days.`;
  const text = [
    'Hi,',
    '',
    intro,
    ...d.productNames.map((n) => `- ${n}`),
    '',
    `Leave a review: ${d.link}`,
    '',
    until,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi,</p><p>${e(intro)}</p><ul>${d.productNames.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` +
      `<p><a href="${e(d.link)}">Leave a review</a></p><p><small>${e(until)}</small></p>`,
  );
  return { subject, text, html };
}

/** A site form was submitted: its answers as the form-answer summaries (commerce summarizeFormField). */
export const formSubmissionData = z.object({
  siteTitle: z.string().min(1),
  formName: z.string().min(1),
  answers: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), title: z.string(), text: z.string() }),
      z.object({ kind: z.literal('lines'), title: z.string(), lines: z.array(z.string()) }),
      z.object({
        kind: z.literal('pairs'),
        title: z.string(),
        pairs: z.array(z.object({ label: z.string(), value: z.string() })),
      }),
    ]),
  ),
});

type FormAnswerSummary = z.infer<typeof formSubmissionData>['answers'][number];

function summaryLines(a: FormAnswerSummary): string[] {
  if (a.kind === 'text') return [a.text];
  if (a.kind === 'lines') return a.lines;
  return a.pairs.map((p) => `${p.label}: ${p.value}`);
}

function renderFormSubmission(input: z.input<typeof formSubmissionData>): RenderedEmail {
  const d = formSubmissionData.parse(input);
  const subject = `${d.siteTitle}: new ${d.formName} submission`;
  const text = [
    `New submission of the form "${d.formName}" on ${d.siteTitle}:`,
    '',
    ...d.answers.flatMap((a) => {
      const lines = summaryLines(a);
      return lines.length === 1
        ? [`${a.title}: ${lines[0]}`]
        : [`${a.title}:`, ...lines.map((l) => `  ${l}`)];
    }),
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>New submission of the form <strong>${e(d.formName)}</strong> on ${e(d.siteTitle)}:</p>` +
      `<dl>${d.answers
        .map(
          (a) =>
            `<dt style="font-weight:bold">${e(a.title)}</dt><dd>${summaryLines(a).map(e).join('<br>')}</dd>`,
        )
        .join('')}</dl>`,
  );
  return { subject, text, html };
}

/** A customer account's one-time sign-in link (also how an account is made without a password). */
export const signInLinkData = z.object({
  siteTitle: z.string().min(1),
  link: z.string().url(),
  validFor: z.string().min(1),
});

function renderSignInLink(input: z.input<typeof signInLinkData>): RenderedEmail {
  const d = signInLinkData.parse(input);
  const subject = `Sign in to ${d.siteTitle}`;
  const text = [
    'Hi,',
    '',
    `To sign in to your account at ${d.siteTitle}: ${d.link}`,
    `The link works once, for ${d.validFor}. If you did not ask for it, ignore this email.`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi,</p><p><a href="${e(d.link)}">Sign in to your account at ${e(d.siteTitle)}</a></p>` +
      `<p>The link works once, for ${e(d.validFor)}. If you did not ask for it, ignore this email.</p>`,
  );
  return { subject, text, html };
}

/** A subscription the shopper should know about: cancelled, or a renewal that could not be charged. */
export const subscriptionNoticeData = z.object({
  siteTitle: z.string().min(1),
  event: z.enum(['cancelled', 'renewal-failed']),
  productName: z.string().min(1),
  planText: z.string().min(1),
});

function renderSubscriptionNotice(input: z.input<typeof subscriptionNoticeData>): RenderedEmail {
  const d = subscriptionNoticeData.parse(input);
  const cancelled = d.event === 'cancelled';
  const subject = cancelled
    ? `${d.siteTitle}: your subscription to ${d.productName} is cancelled`
    : `${d.siteTitle}: we could not renew your subscription to ${d.productName}`;
  const body = cancelled
    ? `Your subscription to ${d.productName} (${d.planText}) is cancelled. It will not renew and you will not be charged again.`
    : `We could not charge your payment method for your subscription to ${d.productName} (${d.planText}). We will try again in a few days; if the payment keeps failing, the subscription ends.`;
  const text = ['Hi,', '', body, ''].join('\n');
  const html = htmlPage(subject, `<p>Hi,</p><p>${escapeHtml(body)}</p>`);
  return { subject, text, html };
}

/** Double opt-in: the link that confirms a newsletter sign-up. */
export const newsletterConfirmData = z.object({
  siteTitle: z.string().min(1),
  listName: z.string().min(1),
  confirmUrl: z.string().url(),
});

function renderNewsletterConfirm(input: z.input<typeof newsletterConfirmData>): RenderedEmail {
  const d = newsletterConfirmData.parse(input);
  const subject = `Confirm your subscription to ${d.listName}`;
  const ask = `Someone, hopefully you, asked to receive ${d.listName} from ${d.siteTitle} at this address.`;
  const ignore = 'If it was not you, ignore this email: you will not be subscribed.';
  const text = ['Hi,', '', ask, `To confirm, open: ${d.confirmUrl}`, '', ignore, ''].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    subject,
    `<p>Hi,</p><p>${e(ask)}</p><p><a href="${e(d.confirmUrl)}">Confirm my subscription</a></p><p>${e(ignore)}</p>`,
  );
  return { subject, text, html };
}

/** One campaign mail to one subscriber, with its unsubscribe links (RFC 2369 and RFC 8058 one-click). */
export const newsletterCampaignData = z.object({
  siteTitle: z.string().min(1),
  listName: z.string().min(1),
  subject: z.string().min(1),
  body: z.string(),
  /** The unsubscribe page (page type 300). */
  unsubscribeUrl: z.string().url(),
  /** Where a mail program POSTs List-Unsubscribe=One-Click. */
  oneClickUrl: z.string().url(),
  /** The open-tracking image, only when the campaign tracks opens. */
  openUrl: z.string().url().optional(),
});

function renderNewsletterCampaign(input: z.input<typeof newsletterCampaignData>): RenderedEmail {
  const d = newsletterCampaignData.parse(input);
  const paragraphs = d.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const why = `You receive this because you subscribed to ${d.listName} from ${d.siteTitle}.`;
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    '--',
    why,
    `Unsubscribe: ${d.unsubscribeUrl}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(
    d.subject,
    paragraphs.map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`).join('') +
      `<hr><p style="font-size:12px;color:#666">${e(why)} <a href="${e(d.unsubscribeUrl)}">Unsubscribe</a></p>` +
      (d.openUrl ? `<img src="${e(d.openUrl)}" width="1" height="1" alt="">` : ''),
  );
  return {
    subject: d.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${d.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export const EMAIL_TEMPLATES = {
  'newsletter-confirm': { data: newsletterConfirmData, render: renderNewsletterConfirm },
  'newsletter-campaign': { data: newsletterCampaignData, render: renderNewsletterCampaign },
  'form-submission': { data: formSubmissionData, render: renderFormSubmission },
  'order-fulfilled': { data: orderFulfilledData, render: renderOrderFulfilled },
  'order-refunded': { data: orderRefundedData, render: renderOrderRefunded },
  'restock-notification': { data: restockNotificationData, render: renderRestockNotification },
  'order-confirmation': { data: orderConfirmationData, render: renderOrderConfirmation },
  'gift-card-delivery': { data: giftCardDeliveryData, render: renderGiftCardDelivery },
  'contributor-invite': { data: contributorInviteData, render: renderContributorInvite },
  'password-reset': { data: passwordResetData, render: renderPasswordReset },
  'sign-in-link': { data: signInLinkData, render: renderSignInLink },
  'subscription-notice': { data: subscriptionNoticeData, render: renderSubscriptionNotice },
  'reviews-request': { data: reviewsRequestData, render: renderReviewsRequest },
} as const;

export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export type EmailTemplateData<T extends EmailTemplateName> = z.input<(typeof EMAIL_TEMPLATES)[T]['data']>;

export function isTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}

export function renderEmail(template: EmailTemplateName, data: unknown): RenderedEmail {
  const t = EMAIL_TEMPLATES[template];
  return t.render(t.data.parse(data) as never);
}
