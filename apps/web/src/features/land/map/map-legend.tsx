import { LAYER_COLOURS } from './map-style.ts';

const ENTRIES = [
  { label: 'Mine', colour: LAYER_COLOURS.mine },
  { label: 'In one of my collections', colour: LAYER_COLOURS.my_collection },
  { label: 'Owned by others', colour: LAYER_COLOURS.others },
  { label: 'Free', colour: null },
] as const;

/** What the plot colours mean; free plots are the grid's empty cells. */
export function MapLegend({ extra }: { extra?: { label: string; colour: string }[] }) {
  return (
    <ul className="land-map__legend" aria-label="Legend">
      {[...ENTRIES, ...(extra ?? [])].map(({ label, colour }) => (
        <li key={label}>
          <span className="land-map__swatch" style={colour ? { background: colour, borderColor: colour } : undefined} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
