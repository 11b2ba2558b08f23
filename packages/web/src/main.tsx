import './islands.css';
// The cart and checkout pages' server markup is laid out by these before their islands load,
// so mounting moves nothing; they are small beside the page.
import './islands/cart/cart.css';
import './checkout/checkout.css';
import { pageContext, readPageContext, setPageContext } from './context';
import { mountIslands, whenIntended } from './islands';

setPageContext(readPageContext(document));
void mountIslands(document);
// The product page's images scroll, swipe and link without script; their buttons, the chosen
// variant's image and the lightbox come with the shopper's first sign of using them or of
// changing a product choice (not with the page: its JS budget).
const gallery = document.querySelector<HTMLElement>('[data-gallery]');
if (gallery)
  void whenIntended(gallery)
    .then(() => import('./gallery/gallery'))
    .then((m) => m.startGallery(gallery));
// Analytics is its own chunk, fetched once the islands are on their way: it never delays them.
void import('./analytics').then((m) => m.startAnalytics(document, pageContext()));
