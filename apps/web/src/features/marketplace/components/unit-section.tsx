import { useId, useState, type ReactNode } from 'react';
import './unit-section.css';

/**
 * One collapsible section of the unit page. The heading holds a real button with
 * aria-expanded, so keyboards and screen readers can open and close each section on its own;
 * a closed panel stays mounted (hidden), so a chart keeps its state when opened again.
 */
export function UnitSection({ title, defaultOpen = true, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <section className="unit-section" data-open={open}>
      <h2 className="unit-section__heading">
        <button type="button" id={buttonId} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <span className="unit-section__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="unit-section__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
