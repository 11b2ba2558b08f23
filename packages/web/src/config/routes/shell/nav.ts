import type { Contributor, Permission } from '../../api/session';
import { can } from '../../api/session';
import { TEXTS } from '../../texts';

export interface NavItem {
  to: string;
  label: string;
  /** Who sees the link; null for everyone signed in. */
  permission: Permission | null;
}

/**
 * The navigation, in order. A screen added by a later issue adds its entry here beside its route
 * in router.tsx; the same permission guards the route's loader.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: TEXTS.home, permission: null },
  { to: '/products', label: TEXTS.products, permission: 'products.read' },
  { to: '/inventory', label: TEXTS.inventory, permission: 'products.read' },
  { to: '/media', label: TEXTS.media, permission: 'products.read' },
  { to: '/restock', label: TEXTS.restock, permission: 'restock.manage' },
  { to: '/content', label: TEXTS.content, permission: 'content.read' },
  { to: '/analytics', label: TEXTS.analytics, permission: 'analytics.read' },
  { to: '/orders', label: TEXTS.orders, permission: 'orders.read' },
  { to: '/subscriptions', label: TEXTS.subscriptions, permission: 'orders.read' },
  { to: '/coupons', label: TEXTS.discounts, permission: 'settings.read' },
  { to: '/shipping-tax', label: TEXTS.shippingAndTax, permission: 'settings.read' },
  { to: '/settings', label: TEXTS.settings, permission: 'settings.read' },
  { to: '/ad-pixels', label: TEXTS.adPixels, permission: 'settings.read' },
  { to: '/forms', label: TEXTS.forms, permission: 'forms.write' },
  { to: '/comments', label: TEXTS.comments, permission: 'comments.moderate' },
  { to: '/reviews', label: TEXTS.reviews, permission: 'comments.moderate' },
  { to: '/contributors', label: TEXTS.contributors, permission: 'contributors.manage' },
  { to: '/audit', label: TEXTS.audit, permission: 'audit.read' },
  { to: '/templates', label: TEXTS.templates, permission: 'settings.write' },
  { to: '/newsletter', label: TEXTS.newsletter, permission: 'campaigns.write' },
  { to: '/campaigns', label: TEXTS.campaigns, permission: 'campaigns.write' },
];

export function navFor(contributor: Contributor | null): NavItem[] {
  return NAV_ITEMS.filter((item) => can(contributor, item.permission));
}
