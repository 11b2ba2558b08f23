import type { Permission, SiteRole } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { addContributor } from '../../src/modules/contributors/service.js';
import { insertMedia } from '../../src/modules/media/repo.js';
import { createProduct } from '../../src/modules/owner-catalog/service.js';
import { type Clock, systemClock } from '../../src/platform/clock.js';
import { SESSION_COOKIE } from '../../src/platform/owner-auth.js';
import { CRUMB, cookiesOf, type TestApp } from './app.js';
import { CONTENT_ENDPOINTS } from './content.js';
import type { TestDatabase } from './databases.js';
import { OWNER_OPS_ENDPOINTS } from './owner-ops-endpoints.js';
import { TEMPLATE_ENDPOINTS } from './template-endpoints.js';

export const OWNER_PASSWORD = 'correct horse battery';

export function ownerEmail(role: number): string {
  return `role${role}@example.com`;
}

/** A contributor with a password, added the way the CLI adds one. */
export async function addOwner(
  database: TestDatabase,
  role: SiteRole,
  email = ownerEmail(role),
  password = OWNER_PASSWORD,
  clock: Clock = systemClock,
): Promise<string> {
  const { contributor } = await addContributor(
    { db: database.db, clock },
    { email, name: `Role ${role}`, role, password },
  );
  return contributor.id;
}

/** Signs in through the API; answers the cookies a browser would then send (session and crumb). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = OWNER_PASSWORD,
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/config/session',
    payload: { email, password },
    cookies: { crumb: CRUMB },
    headers: { 'x-csrf-token': CRUMB },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email}: ${res.statusCode} ${res.body}`);
  return { crumb: CRUMB, [SESSION_COOKIE]: cookiesOf(res)[SESSION_COOKIE] };
}

/** An owner call as the /config shell makes it: the cookies given, and the crumb header. */
export function ownerCall(
  app: FastifyInstance,
  method: string,
  url: string,
  cookies: Record<string, string>,
  body?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url,
    cookies,
    headers: { 'x-csrf-token': CRUMB },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/**
 * One owner API for the role × endpoint test (test/owner-permissions.test.ts). `{name}`
 * placeholders in url and body are filled from what `setup` makes for each call (a contributor
 * to remove, a unique email …). Other modules add their endpoints to OWNER_ENDPOINTS.
 */
export interface OwnerEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  permission: Permission;
  body?: unknown;
  /** The status when allowed; 200 unless given. */
  ok?: number;
  /** Sent as a multipart upload (one file part) instead of a JSON body. */
  upload?: { fileName: string; contentType: string; data: Buffer };
  setup?: (t: TestApp) => Promise<Record<string, string>>;
}

/** A 2×2 PNG: the smallest upload the media library takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwXlVuvKqcAUIBACQuBVGcWysNAAAAAElFTkSuQmCC',
  'base64',
);

let products = 0;
/** A unique slug and SKU for each product the table creates. */
async function newProduct(): Promise<Record<string, string>> {
  products += 1;
  return { slug: `made-${products}`, sku: `MADE-${products}` };
}

let images = 0;
/** An image row of the library without files (PATCH and DELETE need only its row). */
async function libraryImage(t: TestApp): Promise<Record<string, string>> {
  images += 1;
  const id = `img_${String(images).padStart(20, '0')}`;
  await insertMedia(t.database.db, {
    id,
    website_id: 'w1',
    kind: 'image',
    file_name: 'tiny.png',
    content_type: 'image/webp',
    size_bytes: TINY_PNG.length,
    ext: 'webp',
    width: 2,
    height: 2,
    created_at: Date.now(),
  });
  return { id };
}

/** The zine of smallCatalog() as the product editor saves it. */
const ZINE_PAYLOAD = {
  collectionId: 'shop',
  urlSlug: 'zine',
  name: 'Zine',
  productType: 2,
  variants: [{ sku: 'ZINE', price: '12.00' }],
};

/** A never-sold product for the delete call. */
async function doomedProduct(t: TestApp): Promise<Record<string, string>> {
  const { slug, sku } = await newProduct();
  const id = await createProduct({ db: t.database.db, websiteId: 'w1', clock: systemClock }, null, 'USD', {
    ...ZINE_PAYLOAD,
    urlSlug: slug,
    variants: [{ sku, price: '3.00' }],
  });
  return { id };
}

/** The owner's catalog, inventory and media calls (src/modules/owner-catalog, src/modules/media). */
const CATALOG_ENDPOINTS: OwnerEndpoint[] = [
  { method: 'GET', url: '/api/config/products?search=tee&type=1&stock=in', permission: 'products.read' },
  { method: 'GET', url: '/api/config/products/tee', permission: 'products.read' },
  {
    method: 'POST',
    url: '/api/config/products',
    permission: 'products.write',
    body: { ...ZINE_PAYLOAD, urlSlug: '{slug}', variants: [{ sku: '{sku}', price: '3.00' }] },
    ok: 201,
    setup: newProduct,
  },
  { method: 'PUT', url: '/api/config/products/zine', permission: 'products.write', body: ZINE_PAYLOAD },
  {
    method: 'DELETE',
    url: '/api/config/products/{id}',
    permission: 'products.write',
    ok: 204,
    setup: doomedProduct,
  },
  { method: 'POST', url: '/api/config/products/zine/publish', permission: 'products.write' },
  { method: 'POST', url: '/api/config/products/zine/unpublish', permission: 'products.write' },
  {
    method: 'POST',
    url: '/api/config/products/zine/file',
    permission: 'products.write',
    upload: { fileName: 'zine.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    ok: 201,
  },
  { method: 'GET', url: '/api/config/collections', permission: 'products.read' },
  { method: 'GET', url: '/api/config/inventory', permission: 'products.read' },
  {
    method: 'PATCH',
    url: '/api/config/inventory',
    permission: 'inventory.write',
    body: { changes: [{ sku: 'TEE-S-BLUE', set: 5 }] },
  },
  {
    method: 'POST',
    url: '/api/config/media',
    permission: 'media.write',
    upload: { fileName: 'tiny.png', contentType: 'image/png', data: TINY_PNG },
    ok: 201,
  },
  { method: 'GET', url: '/api/config/media', permission: 'products.read' },
  {
    method: 'PATCH',
    url: '/api/config/media/{id}',
    permission: 'media.write',
    body: { altText: 'A tiny square', focalPoint: { x: 0.25, y: 0.75 } },
    setup: libraryImage,
  },
  {
    method: 'DELETE',
    url: '/api/config/media/{id}',
    permission: 'media.write',
    ok: 204,
    setup: libraryImage,
  },
];

let victims = 0;
async function victim(t: TestApp): Promise<Record<string, string>> {
  victims += 1;
  const id = await addOwner(t.database, 10, `victim${victims}@example.com`);
  return { id, email: `invitee${victims}@example.com` };
}

export const OWNER_ENDPOINTS: OwnerEndpoint[] = [
  { method: 'GET', url: '/api/config/contributors', permission: 'contributors.manage' },
  {
    method: 'POST',
    url: '/api/config/contributors',
    permission: 'contributors.manage',
    body: { email: '{email}', name: 'New Person', role: 4 },
    ok: 201,
    setup: victim,
  },
  {
    method: 'PATCH',
    url: '/api/config/contributors/{id}',
    permission: 'contributors.manage',
    body: { role: 8 },
    setup: victim,
  },
  {
    method: 'DELETE',
    url: '/api/config/contributors/{id}',
    permission: 'contributors.manage',
    ok: 204,
    setup: victim,
  },
  { method: 'GET', url: '/api/config/audit', permission: 'audit.read' },
  { method: 'GET', url: '/api/config/reviews', permission: 'comments.moderate' },
  {
    method: 'POST',
    url: '/api/config/reviews/import',
    permission: 'comments.moderate',
    body: { csv: 'product,rating,title,body,author,date\ntee,5,Soft,Very soft,Ada,2026-01-05' },
  },
  { method: 'GET', url: '/api/config/reviews/settings', permission: 'settings.read' },
  {
    method: 'PATCH',
    url: '/api/config/reviews/settings',
    permission: 'settings.write',
    body: { requestDelayDays: 7 },
  },
  { method: 'GET', url: '/api/config/analytics/pixels', permission: 'settings.read' },
  {
    method: 'PATCH',
    url: '/api/config/analytics/pixels',
    permission: 'settings.write',
    body: { googleTagId: null },
  },
  ...CATALOG_ENDPOINTS,
  ...OWNER_OPS_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
];

/** Fills `{name}` placeholders in a string or in every string of a JSON value. */
export function fill<T>(value: T, values: Record<string, string>): T {
  if (value === undefined) return value;
  const text = JSON.stringify(value).replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
  return JSON.parse(text) as T;
}
