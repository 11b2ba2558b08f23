import crypto from 'node:crypto';

/** Rendered pages kept (per URL, website and cart pill state); the least recently used goes first. */
export const PAGE_CACHE_MAX_ENTRIES = 256;
/**
 * How long a rendered page is served without re-rendering: the staleness bound for writes made by
 * another instance (writes on this instance invalidate at once; docs/scaling.md "Page cache").
 */
export const PAGE_CACHE_TTL_MS = 2_000;

/** The per-response values a cached page leaves holes for. */
export interface PageHoles {
  crumb: string;
  nonce: string;
}

enum Hole {
  Crumb = 0,
  Nonce = 1,
}

/** A rendered page cut at its per-response values. */
interface Entry {
  status: number;
  /** `parts[0] hole[0] parts[1] … parts[n]`, UTF-8 encoded once, so an answer is copied, not encoded. */
  parts: Buffer[];
  holes: Hole[];
  /** The database's page version the page was rendered at. */
  version: number;
  at: number;
}

/**
 * Rendered storefront pages with placeholders for the crumb and CSP nonce, filled in per response
 * by string concatenation. An entry is used only while the database's page version is the one it
 * was rendered at (any committed write to a table pages read moves it) and for at most the TTL.
 */
export class PageCache {
  /**
   * Stand-ins rendered where the crumb and nonce go: letters and digits only, so every escaper
   * leaves them as they are, and random per process, so no merchant text can contain them.
   */
  readonly placeholders: PageHoles;
  private readonly entries = new Map<string, Entry>();
  private readonly pattern: RegExp;

  constructor() {
    const tag = crypto.randomBytes(12).toString('hex');
    this.placeholders = { crumb: `sfcrumb${tag}`, nonce: `sfnonce${tag}` };
    this.pattern = new RegExp(`${this.placeholders.crumb}|${this.placeholders.nonce}`, 'g');
  }

  /** The page for `key` rendered at `version`, with this response's values, or undefined. */
  get(key: string, version: number, values: PageHoles): { status: number; html: Buffer } | undefined {
    const page = this.pieces(key, version, values);
    return page && { status: page.status, html: Buffer.concat(page.pieces, page.length) };
  }

  /** `get`'s page in the pieces it is copied from: written as they are, they need no copy. */
  pieces(
    key: string,
    version: number,
    values: PageHoles,
  ): { status: number; pieces: Buffer[]; length: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || Date.now() - entry.at > PAGE_CACHE_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const crumb = Buffer.from(values.crumb);
    const nonce = Buffer.from(values.nonce);
    const pieces: Buffer[] = [entry.parts[0]];
    let length = entry.parts[0].length;
    for (let i = 0; i < entry.holes.length; i++) {
      const value = entry.holes[i] === Hole.Crumb ? crumb : nonce;
      pieces.push(value, entry.parts[i + 1]);
      length += value.length + entry.parts[i + 1].length;
    }
    return { status: entry.status, pieces, length };
  }

  /** A page rendered with `placeholders` that is not kept (it is one visitor's, or the clock's), with this response's values. */
  fill(rendered: string, values: PageHoles): string {
    return rendered.replace(this.pattern, (m) =>
      m === this.placeholders.crumb ? values.crumb : values.nonce,
    );
  }

  /** Keeps a page rendered with `placeholders` at `version`; answers it with this response's values. */
  set(key: string, version: number, status: number, rendered: string, values: PageHoles): Buffer {
    const parts: Buffer[] = [];
    const holes: Hole[] = [];
    let last = 0;
    for (const m of rendered.matchAll(this.pattern)) {
      parts.push(Buffer.from(rendered.slice(last, m.index)));
      holes.push(m[0] === this.placeholders.crumb ? Hole.Crumb : Hole.Nonce);
      last = m.index + m[0].length;
    }
    parts.push(Buffer.from(rendered.slice(last)));
    this.entries.delete(key);
    if (this.entries.size >= PAGE_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { status, parts, holes, version, at: Date.now() });
    return this.get(key, version, values)!.html;
  }
}
