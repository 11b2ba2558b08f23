/** The cart calls' paths, apart from api.ts: the product form's plain post needs only these. */
export const CART_PATH = '/api/commerce/shopping-cart';
export const CART_ENTRIES_PATH = '/api/commerce/shopping-cart/entries';
