import { describe, expect, it } from 'vitest';
import { nestHeadings } from './nest-headings.ts';

describe('nestHeadings', () => {
  it('moves an outline that opens with an h1 one level down, under the page h1', () => {
    const html = '<h1>Starport terms</h1><p>Intro</p><h2>Your account</h2><p>Keep it safe.</p><h2>Payments</h2>';
    expect(nestHeadings(html, 2)).toBe(
      '<h2>Starport terms</h2><p>Intro</p><h3>Your account</h3><p>Keep it safe.</p><h3>Payments</h3>',
    );
  });

  it('keeps each heading’s attributes and content, and leaves an outline already in place alone', () => {
    expect(nestHeadings('<h1 id="t" class="x">Terms <em>now</em></h1>', 2)).toBe(
      '<h2 id="t" class="x">Terms <em>now</em></h2>',
    );
    const fits = '<h2>1. Accounts</h2><p>Be nice.</p><h3>1.1 Names</h3>';
    expect(nestHeadings(fits, 2)).toBe(fits);
    expect(nestHeadings('<p>No headings at all.</p>', 2)).toBe('<p>No headings at all.</p>');
  });

  it('closes a skipped level and never goes past h6', () => {
    expect(nestHeadings('<h1>A</h1><h3>B</h3><h2>C</h2>', 2)).toBe('<h2>A</h2><h3>B</h3><h3>C</h3>');
    expect(nestHeadings('<h4>A</h4><h6>B</h6>', 2)).toBe('<h2>A</h2><h3>B</h3>');
    expect(nestHeadings('<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>', 2)).toBe(
      '<h2>A</h2><h3>B</h3><h4>C</h4><h5>D</h5><h6>E</h6><h6>F</h6>',
    );
  });
});
