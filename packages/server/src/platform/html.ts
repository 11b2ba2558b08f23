/**
 * Merchant-written rich text (product descriptions) is shown as HTML, but only a small set of
 * formatting tags survives, with no attributes but a safe link target: an imported file must
 * never be able to run script on a shopper's page.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
]);
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|svg|math)\b[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
const HREF = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

/** Text as HTML (element content or a quoted attribute). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
const escapeAttr = escapeHtml;

/** Tags posts and pages may use besides a description's: headings, code, rules, figures, images. */
const RICH_TAGS = new Set([
  ...ALLOWED_TAGS,
  'h1',
  'h5',
  'h6',
  'pre',
  'code',
  'hr',
  'figure',
  'figcaption',
  'img',
  's',
  'sub',
  'sup',
  'div',
]);
const SRC = /\bsrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ALT = /\balt\s*=\s*("([^"]*)"|'([^']*)')/i;
const SAFE_SRC = /^(https?:|\/(?!\/))/i;

function attrValue(re: RegExp, attrs: string): string {
  const m = re.exec(attrs);
  return m ? (m[2] ?? m[3] ?? m[4] ?? '').trim() : '';
}

function sanitizeWith(html: string, allowed: ReadonlySet<string>): string {
  return html
    .replace(DROPPED_WITH_CONTENT, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(TAG, (whole, rawName: string, attrs: string) => {
      const name = rawName.toLowerCase();
      if (!allowed.has(name)) return '';
      if (whole.startsWith('</')) return name === 'img' ? '' : `</${name}>`;
      if (name === 'a') {
        const href = attrValue(HREF, attrs);
        return SAFE_URL.test(href) ? `<a href="${escapeAttr(href)}">` : '<a>';
      }
      if (name === 'img') {
        const src = attrValue(SRC, attrs);
        if (!SAFE_SRC.test(src)) return '';
        return `<img src="${escapeAttr(src)}" alt="${escapeAttr(attrValue(ALT, attrs))}" loading="lazy">`;
      }
      return `<${name}>`;
    })
    .replace(/<(?![a-zA-Z/!])/g, '&lt;');
}

export function sanitizeHtml(html: string): string {
  return sanitizeWith(html, ALLOWED_TAGS);
}

/** Posts and pages: a description's tags plus headings, code, figures and images (http(s) or site paths). */
export function sanitizeRichHtml(html: string): string {
  return sanitizeWith(html, RICH_TAGS);
}

/** Text of merchant HTML for places that take no markup (meta description): tags dropped, space folded. */
export function plainText(html: string): string {
  return html
    .replace(DROPPED_WITH_CONTENT, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
