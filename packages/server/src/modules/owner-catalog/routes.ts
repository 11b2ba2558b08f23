import { MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, FIELD_ERRORS, noContent } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices, SiteContext } from '../../services.js';
import { changeStock, listInventory } from '../inventory/service.js';
import { actorOf, filePart, uploadError } from '../media/routes.js';
import { MAX_DIGITAL_FILE_BYTES } from '../media/service.js';
import { sendWaitlists } from '../owner-restock/routes.js';
import {
  inventoryPatchSchema,
  inventoryReply,
  productCollectionsReply,
  productDetailReply,
  productFileReply,
  productListQuerySchema,
  productListReply,
} from './schema.js';
import {
  attachDigitalFile,
  createProduct,
  deleteMediaItem,
  deleteProduct,
  getProduct,
  listProductCollections,
  listProducts,
  publishProduct,
  updateProduct,
} from './service.js';

const NO_PRODUCT = 'No product has that id.';

/**
 * The product editor's payload: a JSON object, checked as a whole by the service (the editor's
 * schema and the import's product rules, every problem at once, keyed by path).
 */
const productBody = z
  .looseObject({})
  .describe('productEditorSchema (owner-catalog/schema.ts), checked with the catalog import rules');

/** The owner's products and inventory (/api/config/products…, /api/config/inventory); docs/api.md. */
export function ownerCatalogRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const guarded = (permission: Parameters<typeof requirePermission>[1]) => ({
    preValidation: requirePermission(services, permission),
    config: FIELD_ERRORS,
  });
  const read = guarded('products.read');
  const write = guarded('products.write');
  // Not an object: refused in the service's words, as any product it cannot read.
  const editor = {
    ...write,
    config: { invalid: { ...FIELD_ERRORS.invalid, body: { message: MESSAGES.formInvalid } } },
  };
  const byId = { params: idParams };

  api.get(
    '/api/config/products',
    { ...read, schema: { querystring: productListQuerySchema, response: { 200: productListReply } } },
    async (request) => listProducts(await services.context(), request.query),
  );

  api.get(
    '/api/config/products/:id',
    { ...read, schema: { ...byId, response: { 200: productDetailReply } } },
    async (request) => {
      const product = await getProduct(await services.context(), request.params.id);
      if (!product) throw new HttpError(404, NO_PRODUCT);
      return { product };
    },
  );

  api.post(
    '/api/config/products',
    { ...editor, schema: { body: productBody, response: { 201: productDetailReply } } },
    async (request, reply) => {
      const ctx = await services.context();
      const id = await createProduct(ctx, actorOf(request), ctx.site.website.currency, request.body);
      return reply.status(201).send({ product: await existingProduct(ctx, id) });
    },
  );

  api.put(
    '/api/config/products/:id',
    { ...editor, schema: { ...byId, body: productBody, response: { 200: productDetailReply } } },
    async (request) => {
      const { id } = request.params;
      const ctx = await services.context();
      await updateProduct(ctx, actorOf(request), ctx.site.website.currency, id, request.body);
      await sendWaitlists(services, ctx, request);
      return { product: await existingProduct(ctx, id) };
    },
  );

  api.delete(
    '/api/config/products/:id',
    { ...write, schema: { ...byId, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteProduct(await services.context(), actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/config/media/:id',
    { ...guarded('media.write'), schema: { ...byId, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteMediaItem(await services.context(), actorOf(request), services.media, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    api.post(
      `/api/config/products/:id/${action}`,
      { ...write, schema: { ...byId, response: { 200: productDetailReply } } },
      async (request) => {
        const ctx = await services.context();
        await publishProduct(ctx, actorOf(request), request.params.id, published);
        return { product: await existingProduct(ctx, request.params.id) };
      },
    );
  }

  api.post(
    '/api/config/products/:id/file',
    {
      ...write,
      schema: {
        description: 'The file as multipart/form-data.',
        ...byId,
        response: { 201: productFileReply },
      },
    },
    async (request, reply) => {
      const ctx = await services.context();
      const part = await filePart(request, MAX_DIGITAL_FILE_BYTES);
      try {
        const file = await attachDigitalFile(ctx, actorOf(request), services.media, request.params.id, {
          fileName: part.filename,
          contentType: part.mimetype,
          stream: part.file,
        });
        return reply.status(201).send({ file });
      } catch (error) {
        // Whatever the sender still has of the file is read and dropped, so the reply goes out.
        part.file.resume();
        throw uploadError(error, part.filename, MAX_DIGITAL_FILE_BYTES);
      }
    },
  );

  api.get(
    '/api/config/collections',
    { ...read, schema: { response: { 200: productCollectionsReply } } },
    async () => ({ collections: await listProductCollections(await services.context()) }),
  );

  api.get('/api/config/inventory', { ...read, schema: { response: { 200: inventoryReply } } }, async () => ({
    variants: await listInventory(await services.context()),
  }));

  api.patch(
    '/api/config/inventory',
    {
      ...guarded('inventory.write'),
      schema: { body: inventoryPatchSchema, response: { 200: inventoryReply } },
    },
    async (request) => {
      const ctx = await services.context();
      const result = await changeStock(ctx, actorOf(request), request.body.changes);
      if (!result.ok) throw new HttpError(400, 'No stock was changed.', undefined, result.errors);
      await sendWaitlists(services, ctx, request);
      return { variants: await listInventory(ctx) };
    },
  );
}

/** A product just written: it exists. */
async function existingProduct(ctx: SiteContext, id: string) {
  const product = await getProduct(ctx, id);
  if (!product) throw new HttpError(404, NO_PRODUCT);
  return product;
}
