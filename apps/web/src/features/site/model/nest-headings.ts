const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const levelOf = (heading: Element) => Number(heading.tagName.slice(1));

/**
 * HTML written elsewhere (the operator's terms) brings its own outline, often with an h1 title,
 * into a page that has its h1 already. Moves its headings so the highest sits at `top` and none
 * is more than one level under the heading before it (h1 → h2, h2 → h3 …, never past h6); the
 * headings keep their attributes and content. The HTML is parsed in a <template>, which runs
 * no script and loads nothing.
 */
export function nestHeadings(html: string, top: number): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const headings = [...template.content.querySelectorAll(HEADINGS)];
  if (headings.length === 0) return html;
  const shift = top - Math.min(...headings.map(levelOf));
  let previous = top - 1;
  for (const heading of headings) {
    const level = Math.min(levelOf(heading) + shift, previous + 1, 6);
    previous = level;
    if (level === levelOf(heading)) continue;
    const moved = document.createElement(`h${level}`);
    for (const { name, value } of heading.attributes) moved.setAttribute(name, value);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
  return template.innerHTML;
}
