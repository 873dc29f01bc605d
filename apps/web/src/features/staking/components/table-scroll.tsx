import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own box on a narrow screen, never widening the page.
 * The box is a named, focusable region, so a keyboard can scroll it too (axe:
 * scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staking-table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
