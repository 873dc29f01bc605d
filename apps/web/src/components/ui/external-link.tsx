import type { ComponentPropsWithoutRef } from 'react';

type ExternalLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'target' | 'rel' | 'aria-label'> & { href: string };

/**
 * A link that opens in a new tab and says so. The warning comes after the visible text, so the
 * link's name still starts with what the player sees (WCAG 2.5.3: speech users say that text),
 * and a screen reader user is not surprised by a tab they did not ask for. No aria-label: the
 * name comes from the content, so the two cannot drift apart.
 */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only">, {NEW_TAB_HINT}</span>
    </a>
  );
}

/**
 * Led by a comma, not a space: the hidden span is a box of its own (position: absolute), and
 * name algorithms differ on the space before it (Testing Library drops it: "View
 * transaction(opens…", Chromium adds one), so a comma keeps the words apart in all of them.
 */
export const NEW_TAB_HINT = 'opens in a new tab';
