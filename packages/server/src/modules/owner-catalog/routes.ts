import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { changeStock, listInventory } from '../inventory/service.js';
import { actorOf, filePart, uploadError } from '../media/routes.js';
import { MAX_DIGITAL_FILE_BYTES } from '../media/service.js';
import { sendWaitlists } from '../owner-restock/routes.js';
import { inventoryPatchSchema, productListQuerySchema } from './schema.js';
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

const productParams = z.object({ id: z.string().min(1).max(64) });
const NO_PRODUCT = 'No product has that id.';

/** The owner's products and inventory (/api/config/products…, /api/config/inventory); docs/api.md. */
export function ownerCatalogRoutes(app: FastifyInstance, services: AppServices): void {
  const read = { preHandler: requirePermission(services, 'products.read') };
  const write = { preHandler: requirePermission(services, 'products.write') };

  app.get('/api/config/products', read, async (request) => {
    const query = parseOr400(productListQuerySchema, request.query);
    return listProducts(await services.context(), query);
  });

  app.get('/api/config/products/:id', read, async (request) => {
    const { id } = parseOr400(productParams, request.params);
    const product = await getProduct(await services.context(), id);
    if (!product) throw new HttpError(404, NO_PRODUCT);
    return { product };
  });

  app.post('/api/config/products', write, async (request, reply) => {
    const ctx = await services.context();
    const id = await createProduct(ctx, actorOf(request), ctx.site.website.currency, request.body);
    return reply.status(201).send({ product: await getProduct(ctx, id) });
  });

  app.put('/api/config/products/:id', write, async (request) => {
    const { id } = parseOr400(productParams, request.params);
    const ctx = await services.context();
    await updateProduct(ctx, actorOf(request), ctx.site.website.currency, id, request.body);
    await sendWaitlists(services, ctx, request);
    return { product: await getProduct(ctx, id) };
  });

  app.delete('/api/config/products/:id', write, async (request, reply) => {
    const { id } = parseOr400(productParams, request.params);
    await deleteProduct(await services.context(), actorOf(request), id);
    return reply.status(204).send();
  });

  app.delete(
    '/api/config/media/:id',
    { preHandler: requirePermission(services, 'media.write') },
    async (request, reply) => {
      const { id } = parseOr400(productParams, request.params);
      await deleteMediaItem(await services.context(), actorOf(request), services.media, id);
      return reply.status(204).send();
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(`/api/config/products/:id/${action}`, write, async (request) => {
      const { id } = parseOr400(productParams, request.params);
      const ctx = await services.context();
      await publishProduct(ctx, actorOf(request), id, published);
      return { product: await getProduct(ctx, id) };
    });
  }

  app.post('/api/config/products/:id/file', write, async (request, reply) => {
    const { id } = parseOr400(productParams, request.params);
    const ctx = await services.context();
    const part = await filePart(request, MAX_DIGITAL_FILE_BYTES);
    try {
      const file = await attachDigitalFile(ctx, actorOf(request), services.media, id, {
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
  });

  app.get('/api/config/collections', read, async () => ({
    collections: await listProductCollections(await services.context()),
  }));

  app.get('/api/config/inventory', read, async () => ({
    variants: await listInventory(await services.context()),
  }));

  app.patch(
    '/api/config/inventory',
    { preHandler: requirePermission(services, 'inventory.write') },
    async (request) => {
      const { changes } = parseOr400(inventoryPatchSchema, request.body);
      const ctx = await services.context();
      const result = await changeStock(ctx, actorOf(request), changes);
      if (!result.ok) throw new HttpError(400, 'No stock was changed.', undefined, result.errors);
      await sendWaitlists(services, ctx, request);
      return { variants: await listInventory(ctx) };
    },
  );
}
