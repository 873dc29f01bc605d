import { formatCount } from '../../../lib/number-text.ts';
import type { CatalogueItem } from '@starport/schemas';
import './ship-stats.css';

/** Every stat from its own field (the old client bound most of them to health or attack). */
export const SHIP_STATS: { key: keyof CatalogueItem; label: string; unit?: string }[] = [
  { key: 'health', label: 'Health' },
  { key: 'healing', label: 'Healing' },
  { key: 'gun_damage', label: 'Gun Damage' },
  { key: 'rocket_damage', label: 'Rocket Damage' },
  { key: 'defense', label: 'Defense' },
  { key: 'afterburner', label: 'Afterburner' },
  { key: 'rocket_recharge_time', label: 'Rocket Recharge Time', unit: 'ms' },
  { key: 'rocket_fire_rate', label: 'Rocket Fire Rate', unit: '/min' },
];

export function ShipStats({ item }: { item: CatalogueItem }) {
  return (
    <dl className="ship-stats">
      {SHIP_STATS.map(({ key, label, unit }) => {
        const value = item[key];
        return (
          <div key={key} className="ship-stats__row" data-stat={key}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? `${formatCount(value)}${unit ? ` ${unit}` : ''}` : '—'}</dd>
          </div>
        );
      })}
    </dl>
  );
}
