import type { FastifyInstance } from 'fastify';
import { getProductById } from '../modules/catalog/service.js';
import { contract } from '../platform/contract.js';
import { HttpError } from '../platform/errors.js';
import type { AppServices } from '../services.js';
import { productCardContext, productFormProps, restockFormProps, subscriptionText } from './context.js';
import { quickViewParams, quickViewReply } from './quick-view-schema.js';

/** What the quick-view overlay shows of a product (packages/web/docs/quick-view.md). */
export function quickViewRoutes(app: FastifyInstance, services: AppServices): void {
  const schema = { params: quickViewParams, response: { 200: quickViewReply } };
  contract(app).get(
    '/api/commerce/quick-view/:itemId',
    { config: { shared: true }, schema },
    async (request) => {
      const { itemId } = request.params;
      const ctx = await services.context();
      const product = await getProductById(ctx, itemId);
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
          /** The plan's wording of the price for a subscription ('$22.00 every month'), else ''. */
          subscriptionText: subscriptionText(product, card.display.price),
          badge: card.display.badge,
          badgeText: card.display.badgeText,
        },
        productForm: productFormProps(product, ctx.site, 'quick-view'),
        /** The restock form's props where the merchant shows it in the quick view, else null. */
        restockForm: restockFormProps(product, ctx.site, 'quick-view'),
      };
    },
  );
}
