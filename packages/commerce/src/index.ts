/** @storefront/commerce: pure commerce rules shared by server, template engine and browser. */
export * from './money.js';
export * from './product.js';
export * from './messages.js';
export * from './ui.js';
export * from './addToCart.js';
export * from './subscription.js';
export * from './installments.js';
export * from './cart.js';
export * from './regions.js';
export * from './address.js';
export * from './email.js';
export * from './forms.js';
