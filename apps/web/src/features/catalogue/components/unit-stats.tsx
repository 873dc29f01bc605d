import { formatCount } from '../../../lib/number-text.ts';
import './unit-stats.css';

export type UnitFigures = { area_m2?: number; floors?: number; rooms?: number; housing?: number };

/** The four figures of a container-house unit (spec §2), each from its own field. */
const UNIT_STATS: { key: keyof UnitFigures; label: string; unit?: string }[] = [
  { key: 'area_m2', label: 'Area', unit: 'm²' },
  { key: 'floors', label: 'Floors' },
  { key: 'rooms', label: 'Rooms' },
  { key: 'housing', label: 'Housing' },
];

export function UnitStats({ figures, compact = false }: { figures: UnitFigures; compact?: boolean }) {
  return (
    <dl className={compact ? 'unit-stats unit-stats--compact' : 'unit-stats'}>
      {UNIT_STATS.map(({ key, label, unit }) => {
        const value = figures[key];
        return (
          <div key={key} className="unit-stats__cell" data-stat={key}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? `${formatCount(value)}${unit ? ` ${unit}` : ''}` : '—'}</dd>
          </div>
        );
      })}
    </dl>
  );
}
