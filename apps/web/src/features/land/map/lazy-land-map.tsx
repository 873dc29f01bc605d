import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { LandMapProps } from './land-map-props.ts';

// maplibre-gl, its styles and the base layer are a chunk of their own: only land pages load it.
const LandMapPanel = lazy(() => import('./land-map-panel.tsx'));

/** The land map, loaded when a land page first shows it. */
export function LazyLandMap(props: LandMapProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the map" />}>
      <LandMapPanel {...props} />
    </Suspense>
  );
}
