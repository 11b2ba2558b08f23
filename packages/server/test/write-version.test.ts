import { describe, expect, it } from 'vitest';
import { createWriteVersion } from '../src/db/write-version.js';

describe('write version', () => {
  it('a sale (stock) moves the page version but not the templates, which only their own writes move', () => {
    const version = createWriteVersion();
    version.committed(['variants']);
    expect([version.pages, version.site, version.templates]).toEqual([1, 0, 0]);
    version.committed(['template_versions', 'variants']);
    expect([version.pages, version.site, version.templates]).toEqual([2, 0, 1]);
    version.committed(['store_settings', 'websites']);
    expect([version.pages, version.site, version.templates]).toEqual([3, 1, 1]);
  });
});
