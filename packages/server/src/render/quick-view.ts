import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app.js';
import { getProductById } from '../modules/catalog/service.js';
import { HttpError } from '../platform/errors.js';
import { productCardContext, productFormProps } from './context.js';

/** What the quick-view overlay shows of a product (packages/web/docs/quick-view.md). */
export function quickViewRoutes(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { itemId: string } }>('/api/commerce/quick-view/:itemId', async (request) => {
    const ctx = await services.context();
    const product = await getProductById(ctx, request.params.itemId);
    if (!product) throw new HttpError(404, 'This product is no longer available.');
    const card = productCardContext(product, ctx.site);
    return {
      item: {
        id: product.id,
        name: product.name,
        fullUrl: product.fullUrl,
        images: product.images.map((img) => ({
          assetUrl: img.assetUrl,
          altText: img.altText ?? product.name,
        })),
        excerpt: product.excerpt ?? '',
        price: card.display.price,
        badge: card.display.badge,
        badgeText: card.display.badgeText,
      },
      productForm: productFormProps(product, ctx.site),
    };
  });
}
