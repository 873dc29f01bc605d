import { GEOLOCATION_TIMEOUT_MS } from './map-view.ts';

/** Why the browser gave no position, in the player's words (GeolocationPositionError codes). */
export function locationErrorText(error: { code: number; message?: string } | 'unsupported'): string {
  const why =
    error === 'unsupported'
      ? 'this browser does not share it.'
      : error.code === 1
        ? 'permission to use it was denied.'
        : error.code === 3
          ? `no position came within ${GEOLOCATION_TIMEOUT_MS / 1000} s.`
          : error.message
            ? `${error.message.replace(/\.$/, '')}.`
            : 'the position could not be found.';
  return `Your location is not available: ${why}`;
}

/** The device's position, asked once with the spec's 10 s time-out. */
export function locate(): Promise<{ lng: number; lat: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(locationErrorText('unsupported')));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lng: coords.longitude, lat: coords.latitude }),
      (error) => reject(new Error(locationErrorText(error))),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
