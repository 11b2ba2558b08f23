import {
  BLOG_PAGE_SIZE,
  type CalendarMonth,
  COMMENT_STATE,
  calendarEventUrl,
  EVENT_VIEWS,
  type EventView,
  eventDays,
  FOLDER_BEHAVIOR,
  isSameDayEvent,
  isUpcomingEvent,
  likeCountText,
  MEMBER_MESSAGES,
  MEMBER_STEPS,
  monthGrid,
  monthKey,
  monthOf,
  ProductType,
  parseMonth,
  SHARE_SERVICE_LABELS,
  shareLink,
  shiftMonth,
  textOfHtml,
  threadComments,
  zonedDay,
} from '@storefront/commerce';
import { type Collection, getProductsByIds, searchProducts } from '../modules/catalog/service.js';
import {
  allEvents,
  type ContentItem,
  getEvent,
  getPage,
  getPost,
  listEvents,
  listPosts,
  memberAccess,
  pagePasswordHash,
  SEARCH_LIMIT,
  SNIPPET_MARKS,
  searchItems,
  searchText,
  searchWords,
  type TermKind,
} from '../modules/content/service.js';
import { HONEYPOT_FIELD } from '../modules/forms/submissions.js';
import { sitePublicUrl } from '../modules/site/service.js';
import { ACCOUNT_URL } from '../modules/site-users/routes.js';
import { escapeHtml } from '../platform/html.js';
import { ownerBaseUrl } from '../platform/owner-auth.js';
import type { AppServices, SiteContext } from '../services.js';
import {
  blocksContext,
  dateText,
  itemContext,
  listItemContext,
  listLockMark,
  mapContext,
} from './content-context.js';
import { productCardContext, scriptJson } from './context.js';
import { pageUnlockAction, passwordFormContext, passwordPageTitle } from './lock-pages.js';
import { PAGE_TYPE } from './page-types.js';
import type { TemplateName } from './theme.js';

export interface ContentPageSpec {
  status: number;
  pageType: number;
  template: TemplateName;
  title: string;
  collection?: Collection;
  data: Record<string, unknown>;
  /** Not kept in the page cache: it depends on the visitor (a page password) or on the clock (events). */
  noStore?: boolean;
}

/** What of the request the content pages read besides the path. */
export interface ContentVisit {
  search: URLSearchParams;
  /** The visitor entered this page's current password (spec §2 protected content). */
  unlocked(itemId: string, passwordHash: string): boolean;
  /** The signed-in customer's account, null for a visitor (member areas). */
  siteUserId(): Promise<string | null>;
}

export type ContentResolution = ContentPageSpec | { redirect: string } | null;

/**
 * Where comment forms post, with or without JavaScript: the CommentCaptcha island only adds the
 * captcha's answer (captchaKey) to the plain form.
 */
export const COMMENT_FORM_ACTION = '/api/content/comments';
export const likeActionPath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`;

/** The comment form as a refused or accepted plain POST left it. */
export interface CommentFormState {
  values?: { name?: string; email?: string; body?: string; parentId?: string };
  errors?: Record<string, string>;
  notice?: string;
}

/** A description as search engines show it: plain text, at most this long. */
export const META_DESCRIPTION_LENGTH = 160;

function clip(raw: string): string {
  // Markup stripped leaves a space where an inline tag closed before punctuation.
  const text = raw.replace(/\s+([.,;:!?])/g, '$1');
  return text.length <= META_DESCRIPTION_LENGTH
    ? text
    : `${text.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/**
 * What the page's head says to search engines and link previews: its description, canonical
 * address, Open Graph card and schema.org JSON-LD (a BlogPosting for a post, a WebPage else).
 */
export function seoContext(input: {
  base: string;
  path: string;
  title: string;
  description: string;
  siteTitle: string;
  type: 'article' | 'website';
  imageUrl?: string;
  jsonLd?: Record<string, unknown>;
}) {
  const url = input.base + input.path;
  const description = clip(input.description);
  return {
    description,
    canonical: url,
    ogType: input.type,
    ogTitle: input.title,
    siteName: input.siteTitle,
    image: input.imageUrl ?? '',
    jsonLd: input.jsonLd
      ? scriptJson({ '@context': 'https://schema.org', url, description, ...input.jsonLd })
      : '',
  };
}

/** Where the site is reached from outside: share links and canonical URLs are absolute. */
export function siteBaseUrl(services: AppServices, ctx: SiteContext): string {
  return (sitePublicUrl(ctx.site, services.config.publicUrl) ?? ownerBaseUrl(services.config)).replace(
    /\/$/,
    '',
  );
}

/** A page's or post's page: the item with its rendered blocks (used for previews too, whatever the status). */
export async function itemPage(
  services: AppServices,
  ctx: SiteContext,
  item: ContentItem,
  collection: Collection,
  crumb: string,
  around?: Pick<NonNullable<Awaited<ReturnType<typeof getPost>>>, 'newer' | 'older' | 'comments'>,
  commentForm?: CommentFormState,
): Promise<ContentPageSpec> {
  const siteTitle = ctx.site.website.siteTitle;
  const isPage = collection.typeName === 'page';
  const link = (p: { title: string; urlSlug: string } | null | undefined) =>
    p ? { title: p.title, url: `${collection.fullUrl}/${p.urlSlug}` } : null;
  const context = await itemContext(ctx, item, collection);
  const { community } = ctx.site;
  const absoluteUrl = siteBaseUrl(services, ctx) + context.fullUrl;
  const imageUrl = context.display.mainImage?.assetUrl
    ? new URL(context.display.mainImage.assetUrl, `${absoluteUrl}/`).href
    : '';
  const thread = threadComments(around?.comments ?? []);
  const description =
    context.display.metaDescription || textOfHtml(searchText({ excerpt: '', blocks: item.blocks }));
  const seo = seoContext({
    base: siteBaseUrl(services, ctx),
    path: context.fullUrl,
    title: item.title,
    description,
    siteTitle,
    type: isPage ? 'website' : 'article',
    imageUrl,
    jsonLd: isPage
      ? { '@type': 'WebPage', name: item.title }
      : {
          '@type': 'BlogPosting',
          headline: item.title,
          mainEntityOfPage: absoluteUrl,
          ...(item.publishOn === null ? {} : { datePublished: new Date(item.publishOn).toISOString() }),
          dateModified: new Date(item.updatedAt).toISOString(),
          ...(item.authorName ? { author: { '@type': 'Person', name: item.authorName } } : {}),
          ...(imageUrl ? { image: imageUrl } : {}),
          publisher: { '@type': 'Organization', name: siteTitle },
        },
  });
  const open = !isPage && community.commentsEnabled && item.commentState === COMMENT_STATE.open;
  // A reply to a comment no longer shown comes back in the top form.
  const replyTo = commentForm?.values?.parentId;
  const target = replyTo && thread.some((t) => t.comment.id === replyTo) ? replyTo : null;
  /** The top form (parent null) or a comment's reply form; a refused POST's values and errors go to the form it came from. */
  const form = (parentId: string | null) => {
    const mine = (target ?? null) === parentId;
    const errors = (mine && commentForm?.errors) || {};
    return {
      action: COMMENT_FORM_ACTION,
      crumb,
      itemId: item.id,
      parentId: parentId ?? '',
      domId: parentId ? `reply-${parentId}` : 'comment-form',
      honeypotName: HONEYPOT_FIELD,
      submitText: parentId ? 'Post reply' : 'Post comment',
      // A reply's outcome shows in its form, opened.
      open: mine && !!commentForm?.notice,
      values: {
        name: (mine && commentForm?.values?.name) || '',
        email: (mine && commentForm?.values?.email) || '',
        body: (mine && commentForm?.values?.body) || '',
      },
      errors: { name: errors.name ?? '', email: errors.email ?? '', body: errors.body ?? '' },
      notice: (mine && commentForm?.notice) || '',
      props: JSON.stringify({ captcha: services.captcha.widget }),
    };
  };
  return {
    status: 200,
    pageType: isPage ? PAGE_TYPE.PAGE : PAGE_TYPE.CONTENT_ITEM,
    template: isPage ? 'contentPage' : 'blogItem',
    title: `${item.title} — ${siteTitle}`,
    collection,
    data: {
      seo,
      item: {
        ...context,
        blocks: await blocksContext(ctx, item.blocks, crumb, services.formBlockRenderer),
        commentList: thread.map(({ comment: c, depth }) => ({
          ...c,
          depth,
          reply: depth > 0,
          dateText: dateText(c.createdAt, ctx.site),
          dateIso: new Date(c.createdAt).toISOString(),
          replyForm: open && form(c.id),
        })),
        commentForm: open && form(null),
        like: !isPage &&
          community.simpleLikingEnabled && {
            action: likeActionPath(item.id),
            crumb,
            countText: likeCountText(item.likeCount),
            count: item.likeCount,
          },
        share:
          !isPage && community.shareButtonOptions.length > 0
            ? community.shareButtonOptions.map((service) => ({
                service,
                label: SHARE_SERVICE_LABELS[service],
                url: shareLink(service, absoluteUrl, item.title, imageUrl),
              }))
            : null,
      },
      pagination: {
        newer: link(around?.newer),
        older: link(around?.older),
        any: !!(around?.newer || around?.older),
      },
    },
  };
}

/** /blog, /blog/page/N, /blog/category/x, /blog/tag/x (and their pages). */
async function blogListPage(
  services: AppServices,
  ctx: SiteContext,
  collection: Collection,
  rest: string[],
): Promise<ContentPageSpec | null> {
  let term: { kind: TermKind; slug: string } | undefined;
  let tail = rest;
  if ((rest[0] === 'category' || rest[0] === 'tag') && rest[1]) {
    term = { kind: rest[0], slug: rest[1] };
    tail = rest.slice(2);
  }
  let page = 1;
  if (tail.length === 2 && tail[0] === 'page' && /^[1-9]\d{0,5}$/.test(tail[1])) page = Number(tail[1]);
  else if (tail.length > 0) return null;
  const list = await listPosts(ctx, collection, page, term);
  if (!list) return null;
  const base = term
    ? `${collection.fullUrl}/${term.kind}/${encodeURIComponent(term.slug)}`
    : collection.fullUrl;
  const pageUrl = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const heading = list.term
    ? `${list.term.kind === 'category' ? 'Category' : 'Tag'}: ${list.term.name}`
    : collection.title;
  return {
    status: 200,
    pageType: PAGE_TYPE.CONTENT_COLLECTION,
    template: 'blogList',
    title: `${heading}${page > 1 ? ` (page ${page})` : ''} — ${ctx.site.website.siteTitle}`,
    collection,
    data: {
      seo: seoContext({
        base: siteBaseUrl(services, ctx),
        path: pageUrl(page),
        title: heading,
        description: collection.description || `${heading} — ${ctx.site.website.siteTitle}`,
        siteTitle: ctx.site.website.siteTitle,
        type: 'website',
        jsonLd: { '@type': 'Blog', name: heading },
      }),
      heading,
      description: list.term ? '' : (collection.description ?? ''),
      items: await Promise.all(list.posts.map((p) => listItemContext(ctx, p, collection))),
      // Feed readers sign in nowhere: a member blog has no feed.
      rssUrl: collection.memberProducts.length > 0 ? '' : `${collection.fullUrl}/rss.xml`,
      pagination: {
        page,
        pageCount: list.pageCount,
        multiple: list.pageCount > 1,
        newerUrl: page > 1 ? pageUrl(page - 1) : '',
        olderUrl: page < list.pageCount ? pageUrl(page + 1) : '',
      },
      pageSize: BLOG_PAGE_SIZE,
    },
  };
}

/**
 * The site's content at `segments`: pages, blogs (lists, category and tag pages, posts) and
 * folders (index shows the first collection inside, redirect sends to it, the others have no page).
 */
export async function resolveContentPage(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  segments: string[],
  crumb: string,
  visit: ContentVisit,
): Promise<ContentResolution> {
  const page = await resolveContent(services, ctx, collections, segments, crumb, visit);
  if (!page || 'redirect' in page) return page;
  const item = page.data.item as
    | { id?: string; title: string; hasPassword?: boolean; memberProducts?: string[] }
    | undefined;
  const listOf = !item?.id && page.collection?.memberProducts.length ? page.collection : null;
  if (listOf) {
    // A member collection's lists (posts, category and tag pages, events, calendar) are its area too.
    const siteUserId = await visit.siteUserId();
    if (!(await memberAccess(ctx, listOf.memberProducts, siteUserId)))
      return memberOfferPage(ctx, page, listOf.title, listOf.memberProducts, crumb, siteUserId, segments);
    return { ...page, noStore: true };
  }
  if (item?.id && item.memberProducts?.length) {
    // A member area depends on who is signed in: never cached.
    const siteUserId = await visit.siteUserId();
    if (!(await memberAccess(ctx, item.memberProducts, siteUserId)))
      return memberOfferPage(ctx, page, item.title, item.memberProducts, crumb, siteUserId, segments);
    if (!item.hasPassword) return { ...page, noStore: true };
  }
  if (!item?.id || !item.hasPassword) return page;
  // A page with its own password: its form until the visitor has entered it; never cached either way.
  const hash = await pagePasswordHash(ctx, item.id);
  if (!hash || visit.unlocked(item.id, hash)) return { ...page, noStore: true };
  const form = {
    kind: 'page' as const,
    action: pageUnlockAction(item.id),
    returnTo: contentPath(segments),
    title: (page.data.item as { title: string }).title,
  };
  return {
    status: 401,
    pageType: PAGE_TYPE.PROTECTED_CONTENT,
    template: 'passwordPage',
    title: passwordPageTitle(ctx, form),
    collection: page.collection,
    data: { passwordForm: passwordFormContext(ctx, form, crumb) },
    noStore: true,
  };
}

/** The page's own path, as a form's `returnTo`. */
function contentPath(segments: string[]): string {
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * What a member area shows those it is not open to: to a visitor the paywall page (spec §2, 107),
 * to a signed-in customer who has not bought it the access denied page (106); both offer the
 * paywall products (a visitor is asked to sign in first, so the purchase reaches an account).
 */
async function memberOfferPage(
  ctx: SiteContext,
  page: ContentPageSpec,
  title: string,
  productIds: string[],
  crumb: string,
  siteUserId: string | null,
  segments: string[],
): Promise<ContentPageSpec> {
  const signedIn = siteUserId !== null;
  const products = (await getProductsByIds(ctx, productIds)).filter(
    (p) => p.productType === ProductType.PAYWALL,
  );
  return {
    status: signedIn ? 403 : 401,
    pageType: signedIn ? PAGE_TYPE.MEMBER_AREA_ACCESS_DENIED : PAGE_TYPE.PAYWALL,
    template: 'paywall',
    title: `${title} (members only) — ${ctx.site.website.siteTitle}`,
    collection: page.collection,
    data: {
      paywall: {
        heading: title,
        signedIn,
        hint: signedIn ? MEMBER_MESSAGES.accessDenied : MEMBER_MESSAGES.paywall,
        signInText: MEMBER_MESSAGES.signInToBuy,
        steps: MEMBER_STEPS,
        // Signing in comes back here (and shows the area at once to a member who already bought it).
        signInUrl: `${ACCOUNT_URL}?returnTo=${encodeURIComponent(contentPath(segments))}`,
        crumb,
        products: products.map((p) => productCardContext(p, ctx.site)),
      },
    },
    noStore: true,
  };
}

async function resolveContent(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  segments: string[],
  crumb: string,
  visit: ContentVisit,
): Promise<ContentResolution> {
  if (segments.length === 0) return null;
  let collection = collections.find((c) => c.urlSlug === segments[0] && c.typeName !== 'products');
  if (!collection) return null;
  if (collection.folder) {
    if (segments.length > 1) return null;
    const first = collections.find((c) => c.parentId === collection!.id);
    if (!first) return null;
    if (collection.folderBehavior === FOLDER_BEHAVIOR.redirect) return { redirect: first.fullUrl };
    if (collection.folderBehavior !== FOLDER_BEHAVIOR.index) return null;
    collection = first;
    if (collection.typeName === 'products') return null;
  }
  const rest = segments.slice(1);
  if (collection.typeName === 'page') {
    if (rest.length > 0) return null;
    const item = await getPage(ctx, collection);
    return item ? itemPage(services, ctx, item, collection, crumb) : null;
  }
  if (collection.typeName === 'blog') {
    if (rest.length === 1 && rest[0] !== 'page') {
      const post = await getPost(ctx, collection, rest[0]);
      return post ? itemPage(services, ctx, post.item, collection, crumb, post) : null;
    }
    return blogListPage(services, ctx, collection, rest);
  }
  if (collection.typeName === 'events') {
    if (rest.length === 1) {
      const item = await getEvent(ctx, collection, rest[0]);
      return item ? eventPage(services, ctx, item, collection) : null;
    }
    return rest.length === 0 ? eventsListPage(services, ctx, collection, visit.search) : null;
  }
  return null;
}

/** What the theme shows of an event (spec §3 Event, §5 same-day rule, §7 calendar link), in the site's zone. */
export function eventContext(ctx: SiteContext, item: ContentItem, fullUrl: string) {
  const e = item.event!;
  const { timeZone, locale } = ctx.site.website;
  const fmt = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone });
  const sameDay = isSameDayEvent(e, timeZone);
  const upcoming = isUpcomingEvent(e, ctx.clock.now());
  const dateText = fmt({ dateStyle: 'full' }).format(e.startDate);
  const timeText = fmt({ timeStyle: 'short' }).formatRange(e.startDate, e.endDate);
  const dateTime = fmt({ dateStyle: 'long', timeStyle: 'short' });
  const startText = dateTime.format(e.startDate);
  const endText = dateTime.format(e.endDate);
  const zoneText =
    fmt({ timeZoneName: 'short' })
      .formatToParts(e.startDate)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return {
    // Spec §3 Event: startDate, endDate, title, location.
    title: item.title,
    startDate: e.startDate,
    endDate: e.endDate,
    location: { ...e.location, ...mapContext(e.location) },
    sameDay,
    startIso: new Date(e.startDate).toISOString(),
    endIso: new Date(e.endDate).toISOString(),
    dateText,
    timeText,
    startText,
    endText,
    whenText: sameDay ? `${dateText}, ${timeText}` : `${startText} – ${endText}`,
    zoneText,
    badgeMonth: fmt({ month: 'short' }).format(e.startDate),
    badgeDay: fmt({ day: 'numeric' }).format(e.startDate),
    upcoming,
    statusKey: upcoming ? 'upcoming' : 'past',
    statusText: upcoming ? 'Upcoming' : 'Past',
    calendarUrl: calendarEventUrl({ title: item.title, ...e }),
    icsUrl: eventIcsPath(fullUrl),
  };
}

/** The .ics download of the event at `fullUrl`. */
export const eventIcsPath = (fullUrl: string) => `${fullUrl}/event.ics`;

async function eventItemContext(ctx: SiteContext, item: ContentItem, collection: Collection) {
  const context = await itemContext(ctx, item, collection);
  return { ...context, event: eventContext(ctx, item, context.fullUrl) };
}

/** An event as the events list shows it: a locked one keeps its title and time, not its place. */
async function eventListContext(ctx: SiteContext, item: ContentItem, collection: Collection) {
  const context = await listItemContext(ctx, item, collection);
  const event = eventContext(ctx, item, context.fullUrl);
  if (!listLockMark(item, collection)) return { ...context, event };
  return { ...context, event: { ...event, location: mapContext({}) } };
}

/** An event's page: when (same-day rule), where (a map link only with both coordinates), and the calendar links. */
async function eventPage(
  services: AppServices,
  ctx: SiteContext,
  item: ContentItem,
  collection: Collection,
): Promise<ContentPageSpec> {
  const context = await eventItemContext(ctx, item, collection);
  const base = siteBaseUrl(services, ctx);
  const e = context.event;
  return {
    status: 200,
    pageType: PAGE_TYPE.CONTENT_ITEM,
    template: 'eventsItem',
    title: `${item.title} — ${ctx.site.website.siteTitle}`,
    collection,
    // Upcoming or past by the clock: rendered afresh.
    noStore: true,
    data: {
      seo: seoContext({
        base,
        path: context.fullUrl,
        title: item.title,
        description:
          context.display.metaDescription ||
          `${e.whenText}${e.location.address ? ` · ${e.location.address}` : ''}`,
        siteTitle: ctx.site.website.siteTitle,
        type: 'website',
        jsonLd: {
          '@type': 'Event',
          name: item.title,
          startDate: e.startIso,
          endDate: e.endIso,
          ...(e.location.address
            ? { location: { '@type': 'Place', name: e.location.address, address: e.location.address } }
            : {}),
        },
      }),
      item: {
        ...context,
        blocks: await blocksContext(ctx, item.blocks, '', services.formBlockRenderer),
      },
    },
  };
}

const VIEW_LABELS: Record<EventView, string> = { upcoming: 'Upcoming', past: 'Past', calendar: 'Calendar' };

/**
 * An events collection's page: `?view=upcoming` (the default, soonest first), `?view=past`
 * (newest first), both paged by `?page=`; `?view=calendar&month=YYYY-MM` a month's grid.
 */
async function eventsListPage(
  services: AppServices,
  ctx: SiteContext,
  collection: Collection,
  search: URLSearchParams,
): Promise<ContentPageSpec | null> {
  const rawView = search.get('view') ?? 'upcoming';
  if (!(EVENT_VIEWS as readonly string[]).includes(rawView)) return null;
  const view = rawView as EventView;
  const rawPage = search.get('page');
  if (rawPage !== null && !/^[1-9]\d{0,5}$/.test(rawPage)) return null;
  const page = Number(rawPage ?? 1);
  const { timeZone, siteTitle } = ctx.site.website;
  const viewUrl = (v: EventView, extra = '') =>
    `${collection.fullUrl}${v === 'upcoming' ? extra.replace(/^&/, '?') : `?view=${v}${extra}`}`;
  const views = EVENT_VIEWS.map((v) => ({ label: VIEW_LABELS[v], url: viewUrl(v), current: v === view }));
  const heading = collection.title;
  let data: Record<string, unknown>;
  let path = viewUrl(view);
  if (view === 'calendar') {
    const rawMonth = search.get('month');
    const month: CalendarMonth | null =
      rawMonth === null ? monthOf(ctx.clock.now(), timeZone) : parseMonth(rawMonth);
    if (!month) return null;
    data = { calendar: await calendarContext(ctx, collection, month, viewUrl) };
    path = viewUrl('calendar', `&month=${monthKey(month)}`);
  } else {
    const list = await listEvents(ctx, collection, view, page);
    if (!list) return null;
    const pageUrl = (n: number) => viewUrl(view, n === 1 ? '' : `&page=${n}`);
    path = pageUrl(page);
    data = {
      list: {
        items: await Promise.all(list.events.map((e) => eventListContext(ctx, e, collection))),
        emptyText: view === 'past' ? 'No past events.' : 'No upcoming events.',
        pagination: {
          page,
          pageCount: list.pageCount,
          multiple: list.pageCount > 1,
          prevUrl: page > 1 ? pageUrl(page - 1) : '',
          nextUrl: page < list.pageCount ? pageUrl(page + 1) : '',
        },
      },
    };
  }
  const title = `${heading}${view === 'upcoming' ? '' : ` (${VIEW_LABELS[view].toLowerCase()})`}`;
  return {
    status: 200,
    pageType: PAGE_TYPE.CONTENT_COLLECTION,
    template: 'eventsList',
    title: `${title}${page > 1 ? ` (page ${page})` : ''} — ${siteTitle}`,
    collection,
    noStore: true,
    data: {
      seo: seoContext({
        base: siteBaseUrl(services, ctx),
        path,
        title: heading,
        description: collection.description || `${heading} — ${siteTitle}`,
        siteTitle,
        type: 'website',
        jsonLd: { '@type': 'CollectionPage', name: heading },
      }),
      heading,
      description: collection.description ?? '',
      views,
      ...data,
    },
  };
}

/** A month's calendar: its weeks (Monday first), each day with the events on it, and the months around. */
async function calendarContext(
  ctx: SiteContext,
  collection: Collection,
  month: CalendarMonth,
  viewUrl: (v: EventView, extra?: string) => string,
) {
  const { timeZone, locale } = ctx.site.website;
  const byDay = new Map<string, { title: string; fullUrl: string; timeText: string }[]>();
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const key = monthKey(month);
  const monthEvents: { title: string; fullUrl: string; whenText: string }[] = [];
  // Soonest first, so each day lists its events in order.
  const events = (await allEvents(ctx, collection)).sort((a, b) => a.event!.startDate - b.event!.startDate);
  for (const item of events) {
    const e = item.event!;
    const days = eventDays(e, timeZone);
    if (!days.some((d) => d.startsWith(key))) continue;
    const fullUrl = `${collection.fullUrl}/${item.urlSlug}`;
    monthEvents.push({ title: item.title, fullUrl, whenText: eventContext(ctx, item, fullUrl).whenText });
    for (const day of days) {
      const list = byDay.get(day) ?? [];
      // The time shows on the day it starts.
      list.push({ title: item.title, fullUrl, timeText: day === days[0] ? time.format(e.startDate) : '' });
      byDay.set(day, list);
    }
  }
  const today = zonedDay(ctx.clock.now(), timeZone);
  const label = (m: CalendarMonth) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(m.year, m.month - 1, 15),
    );
  const weekday = (style: 'short' | 'long', n: number) =>
    new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + n));
  const prev = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return {
    month: key,
    monthLabel: label(month),
    prevUrl: viewUrl('calendar', `&month=${monthKey(prev)}`),
    prevLabel: label(prev),
    nextUrl: viewUrl('calendar', `&month=${monthKey(next)}`),
    nextLabel: label(next),
    // 2024-01-01 was a Monday.
    weekdays: [0, 1, 2, 3, 4, 5, 6].map((n) => ({ short: weekday('short', n), long: weekday('long', n) })),
    weeks: monthGrid(month).map((days) => ({
      days: days.map((d) => ({
        ...d,
        today: d.date === today,
        events: byDay.get(d.date) ?? null,
      })),
    })),
    // The month's events as a list too: a phone's narrow days show only a mark.
    monthEvents: monthEvents.length > 0 ? monthEvents : null,
  };
}

/** A snippet's text escaped, its matches in <mark>. */
function markSnippet(snippet: string): string {
  return escapeHtml(snippet)
    .replaceAll(SNIPPET_MARKS.open, '<mark>')
    .replaceAll(SNIPPET_MARKS.close, '</mark>');
}

/** /search?q=: published pages and posts (ranked, with highlighted snippets) and products. */
export async function searchPage(
  services: AppServices,
  ctx: SiteContext,
  collections: Collection[],
  query: string,
) {
  const q = query.trim();
  const byId = new Map(collections.map((c) => [c.id, c]));
  const hits = q ? await searchItems(ctx, services.database.dialect, q) : [];
  const items = await Promise.all(
    hits
      .filter((h) => byId.has(h.item.collectionId))
      .map(async (h) => ({
        ...(await itemContext(ctx, h.item, byId.get(h.item.collectionId)!)),
        snippet: markSnippet(h.snippet),
      })),
  );
  const products = q ? await searchProducts(ctx, searchWords(q), SEARCH_LIMIT) : [];
  const count = items.length + products.length;
  return {
    status: 200,
    pageType: PAGE_TYPE.SEARCH,
    template: 'search' as const,
    title: `${q ? `Search: ${q}` : 'Search'} — ${ctx.site.website.siteTitle}`,
    data: {
      query: q,
      searched: q !== '',
      items,
      products: products.map((p) => productCardContext(p, ctx.site)),
      countText: count === 1 ? '1 result' : `${count} results`,
      empty: q !== '' && count === 0,
    },
  };
}
