// maplibre's CSP build: its worker is a script file served by us, not a blob: URL, so the
// server's Content-Security-Policy (script-src 'self', no worker-src) lets it run.
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
export type { Map as MaplibreMap, MapMouseEvent, GeoJSONSource } from 'maplibre-gl';
