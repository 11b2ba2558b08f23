import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/platform/html.js';

describe('sanitizeHtml', () => {
  it('keeps formatting and safe links', () => {
    expect(
      sanitizeHtml('<p class="x">Soft <strong>linen</strong><br/><a href="/shop" onclick="x()">shop</a></p>'),
    ).toBe('<p>Soft <strong>linen</strong><br><a href="/shop">shop</a></p>');
  });

  it('drops scripts, handlers, unsafe URLs and unknown tags', () => {
    expect(
      sanitizeHtml(
        '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><div>y</div>',
      ),
    ).toBe('<a>x</a>y');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('1 < 2')).toBe('1 &lt; 2');
  });
});
