import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The project's own Markdown: README, docs/, each package's README and docs. */
function markdownFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) found.push(full);
    }
  };
  for (const top of ['README.md', 'docs', 'packages']) {
    const full = path.join(ROOT, top);
    if (fs.statSync(full).isDirectory()) walk(full);
    else found.push(full);
  }
  return found;
}

describe('the repository’s documents', () => {
  // Issue 18: the README linked files outside the repository, so a clone had dead links.
  it('link only to files inside the repository that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1].split('#')[0];
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        checked++;
        const resolved = path.resolve(path.dirname(file), decodeURIComponent(target));
        const inside = resolved.startsWith(ROOT) && !path.relative(ROOT, resolved).startsWith('..');
        if (!inside || !fs.existsSync(resolved)) broken.push(`${path.relative(ROOT, file)} → ${m[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });
});
