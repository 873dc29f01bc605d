import type { LandMapProps } from './land-map-props.ts';

// Replaced by the map itself (issue 18, map part).
export default function LandMapPanel({ label }: LandMapProps) {
  return <section aria-label={label} />;
}
