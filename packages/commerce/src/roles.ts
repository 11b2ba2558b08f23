/**
 * Site roles (spec §6, by number) and what each may do in the owner's area. The spec names the
 * roles but not their rights; this matrix is ours and docs/roles.md shows it as a table (a test
 * keeps the two equal). The server checks it on every owner API; the UI uses it to hide what a
 * role may not use.
 */

/** Spec §6 "Site roles by number" (5 is not a role). */
export const SITE_ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
  draftEditor: 16,
} as const;

export type SiteRole = (typeof SITE_ROLES)[keyof typeof SITE_ROLES];

/** Every role number, in ascending order. */
export const SITE_ROLE_NUMBERS: readonly SiteRole[] = Object.values(SITE_ROLES).sort((a, b) => a - b);

/** The role names as spec §6 writes them. */
export const ROLE_NAMES: Record<SiteRole, string> = {
  1: 'admin',
  2: 'billing',
  3: 'reporting',
  4: 'editor',
  6: 'moderator',
  7: 'commenter',
  8: 'store manager',
  9: 'scheduling',
  10: 'viewer',
  11: 'campaigns editor',
  12: 'scheduling viewer',
  13: 'scheduling editor',
  14: 'none',
  15: 'website manager',
  16: 'draft editor',
};

/** Every permission an owner API can require, in the order docs/roles.md lists them. */
export const PERMISSIONS = [
  'products.read',
  'products.write',
  'inventory.write',
  'media.write',
  'restock.manage',
  'orders.read',
  'orders.write',
  'discounts.write',
  'settings.read',
  'settings.write',
  'billing.manage',
  'contributors.manage',
  'audit.read',
  'content.read',
  'content.write',
  'forms.write',
  'submissions.read',
  'drafts.write',
  'comments.write',
  'comments.moderate',
  'campaigns.write',
  'analytics.read',
  'scheduling.read',
  'scheduling.write',
  'scheduling.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * Who may do what. Store staff run the catalog and orders; billing handles money (refunds, the
 * site's own billing) without touching the catalog; content roles never see orders; a viewer
 * reads what holds no shopper's or contributor's personal data and no billing.
 */
export const ROLE_PERMISSIONS: Record<SiteRole, readonly Permission[]> = {
  1: ALL,
  2: ['orders.read', 'orders.write', 'settings.read', 'billing.manage', 'analytics.read'],
  3: ['analytics.read'],
  4: [
    'media.write',
    'content.read',
    'content.write',
    'forms.write',
    'submissions.read',
    'drafts.write',
    'comments.write',
    'comments.moderate',
  ],
  6: ['content.read', 'comments.write', 'comments.moderate'],
  7: ['comments.write'],
  8: [
    'products.read',
    'products.write',
    'inventory.write',
    'media.write',
    'restock.manage',
    'orders.read',
    'orders.write',
    'discounts.write',
    'settings.read',
  ],
  9: ['scheduling.read', 'scheduling.write', 'scheduling.manage'],
  10: ['products.read', 'settings.read', 'content.read', 'analytics.read'],
  11: ['content.read', 'campaigns.write'],
  12: ['scheduling.read'],
  13: ['scheduling.read', 'scheduling.write'],
  14: [],
  15: ALL.filter((p) => p !== 'contributors.manage' && p !== 'billing.manage'),
  16: ['content.read', 'drafts.write'],
};

export function isSiteRole(value: unknown): value is SiteRole {
  return typeof value === 'number' && Object.hasOwn(ROLE_NAMES, value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function permissionsOf(role: number): readonly Permission[] {
  return isSiteRole(role) ? ROLE_PERMISSIONS[role] : [];
}

/** Unknown role numbers may do nothing. */
export function can(role: number, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

export function roleName(role: SiteRole): string {
  return ROLE_NAMES[role];
}

/**
 * A role as a person types it: its number ("8") or its name in any case, with spaces, dashes or
 * underscores between the words ("store manager", "Store-Manager", "store_manager"). Null when
 * it names no role.
 */
export function parseRole(input: string | number): SiteRole | null {
  if (typeof input === 'number') return isSiteRole(input) ? input : null;
  const text = input.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return isSiteRole(n) ? n : null;
  }
  const name = text.toLowerCase().replace(/[\s_-]+/g, ' ');
  const found = SITE_ROLE_NUMBERS.find((r) => ROLE_NAMES[r] === name);
  return found ?? null;
}
