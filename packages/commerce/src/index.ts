/** @storefront/commerce: pure commerce rules shared by server, template engine and browser. */

export * from './address.js';
export * from './addToCart.js';
export * from './analytics.js';
export * from './billing.js';
export * from './browse.js';
export * from './cart.js';
export * from './content.js';
export * from './contributors.js';
export * from './display.js';
export * from './donation.js';
export * from './editor-messages.js';
export * from './email.js';
export * from './error-reports.js';
export * from './forms.js';
export * from './installments.js';
export * from './merchandising.js';
export * from './messages.js';
export * from './money.js';
export * from './orders.js';
export * from './product.js';
export * from './regions.js';
export * from './roles.js';
export * from './site-users.js';
export * from './subscription.js';
export * from './ui.js';
export * from './us-zip.js';
