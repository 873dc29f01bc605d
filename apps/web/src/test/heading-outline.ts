/** The level of each heading a screen reader lists, in document order. */
export function headingLevels(root: ParentNode = document.body): Array<{ level: number; text: string }> {
  return [...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')]
    .filter((h) => !h.closest('[aria-hidden="true"], [hidden]'))
    .map((h) => ({
      level: Number(h.getAttribute('aria-level') ?? h.tagName.slice(1)),
      text: (h.textContent ?? '').trim(),
    }));
}

/**
 * Where the outline jumps down more than one level ("h1 → h3 Ship 0"); a page that starts
 * below h1 jumps from 0. Empty when every heading is at most one level under the one before.
 */
export function headingSkips(root: ParentNode = document.body): string[] {
  let previous = 0;
  const skips: string[] = [];
  for (const { level, text } of headingLevels(root)) {
    if (level > previous + 1) skips.push(`h${previous} → h${level} ${text}`);
    previous = level;
  }
  return skips;
}
