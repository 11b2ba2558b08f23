import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  can,
  isPermission,
  PERMISSIONS,
  parseRole,
  permissionsOf,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  SITE_ROLE_NUMBERS,
  SITE_ROLES,
} from '../src/index.js';

const ROLES_DOC = new URL('../../../docs/roles.md', import.meta.url);

/** The first markdown table of docs/roles.md: role number → the permissions ticked in its row. */
function parseRolesTable(markdown: string): {
  header: string[];
  rows: Map<number, { name: string; perms: string[] }>;
} {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| # |'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const header = cells(lines[start]);
  const rows = new Map<number, { name: string; perms: string[] }>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [num, name, ...marks] = cells(line);
    rows.set(Number(num), { name, perms: header.slice(2).filter((_, i) => marks[i] === '✓') });
  }
  return { header, rows };
}

describe('site roles', () => {
  it('numbers the roles as spec §6 does', () => {
    expect(SITE_ROLES).toEqual({
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
    });
    expect(SITE_ROLE_NUMBERS).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it.each([
    ['8', 8],
    [' 1 ', 1],
    [15, 15],
    ['admin', 1],
    ['Store Manager', 8],
    ['store-manager', 8],
    ['website_manager', 15],
    ['DRAFT EDITOR', 16],
    ['5', null],
    [5, null],
    ['owner', null],
    ['', null],
    ['1.5', null],
  ])('parseRole(%j) = %j', (input, expected) => {
    expect(parseRole(input)).toBe(expected);
  });

  it('admin may do everything and none nothing', () => {
    for (const p of PERMISSIONS) {
      expect(can(SITE_ROLES.admin, p)).toBe(true);
      expect(can(SITE_ROLES.none, p)).toBe(false);
    }
  });

  it('an unknown role may do nothing', () => {
    expect(permissionsOf(5)).toEqual([]);
    expect(can(99, 'products.read')).toBe(false);
  });

  it('website manager may do all but manage contributors and the site billing', () => {
    const missing = PERMISSIONS.filter((p) => !can(SITE_ROLES.websiteManager, p));
    expect(missing).toEqual(['billing.manage', 'contributors.manage']);
  });

  it('a viewer reads what holds no personal data or billing and writes nothing', () => {
    const perms = permissionsOf(SITE_ROLES.viewer);
    expect(perms.every((p) => p.endsWith('.read'))).toBe(true);
    expect(perms).not.toContain('orders.read');
    expect(perms).not.toContain('audit.read');
    expect(perms).toEqual(expect.arrayContaining(['products.read', 'settings.read', 'content.read']));
  });

  it('store manager runs the shop; billing refunds orders but never edits the catalog', () => {
    for (const p of [
      'products.write',
      'inventory.write',
      'orders.write',
      'discounts.write',
      'restock.manage',
    ] as const)
      expect(can(SITE_ROLES.storeManager, p)).toBe(true);
    expect(can(SITE_ROLES.storeManager, 'settings.write')).toBe(false);
    expect(can(SITE_ROLES.storeManager, 'contributors.manage')).toBe(false);
    expect(can(SITE_ROLES.billing, 'orders.write')).toBe(true);
    expect(can(SITE_ROLES.billing, 'products.write')).toBe(false);
  });

  it('only admin manages contributors', () => {
    expect(SITE_ROLE_NUMBERS.filter((r) => can(r, 'contributors.manage'))).toEqual([1]);
  });

  it('every listed permission is a known one, listed once', () => {
    for (const r of SITE_ROLE_NUMBERS) {
      const perms = ROLE_PERMISSIONS[r];
      expect(perms.every(isPermission)).toBe(true);
      expect(new Set(perms).size).toBe(perms.length);
    }
  });

  it('docs/roles.md shows exactly ROLE_PERMISSIONS', () => {
    const { header, rows } = parseRolesTable(fs.readFileSync(ROLES_DOC, 'utf8'));
    expect(header.slice(2)).toEqual([...PERMISSIONS]);
    expect([...rows.keys()]).toEqual([...SITE_ROLE_NUMBERS]);
    for (const r of SITE_ROLE_NUMBERS) {
      expect(rows.get(r)?.name).toBe(ROLE_NAMES[r]);
      expect(rows.get(r)?.perms, ROLE_NAMES[r]).toEqual(PERMISSIONS.filter((p) => can(r, p)));
    }
  });
});
