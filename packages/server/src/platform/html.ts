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

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sanitizeHtml(html: string): string {
  return html
    .replace(DROPPED_WITH_CONTENT, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(TAG, (whole, rawName: string, attrs: string) => {
      const name = rawName.toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return '';
      if (whole.startsWith('</')) return `</${name}>`;
      if (name === 'a') {
        const m = HREF.exec(attrs);
        const href = m ? (m[2] ?? m[3] ?? m[4] ?? '').trim() : '';
        return SAFE_URL.test(href) ? `<a href="${escapeAttr(href)}">` : '<a>';
      }
      return `<${name}>`;
    })
    .replace(/<(?![a-zA-Z/!])/g, '&lt;');
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
