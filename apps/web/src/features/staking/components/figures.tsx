import type { ReactNode } from 'react';

export type Figure = { label: string; value: ReactNode; note?: ReactNode };

/** A row of labelled figures (a description list, so each value is read with its name). */
export function Figures({ items, className }: { items: Figure[]; className?: string }) {
  return (
    <dl className={['staking-figures', className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <div key={item.label} className="staking-figures__item">
          <dt>{item.label}</dt>
          <dd>
            {item.value}
            {item.note && <span className="staking-figures__note">{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
