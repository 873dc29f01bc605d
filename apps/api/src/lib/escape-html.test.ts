import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('writes every character that could end an attribute or open a tag as an entity', () => {
    expect(escapeHtml(`"/><script>alert('x')</script>&`)).toBe('&quot;/&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('/api/marketplace/find?page=1 · ship')).toBe('/api/marketplace/find?page=1 · ship');
  });
});
