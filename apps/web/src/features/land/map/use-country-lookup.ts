import { useEffect, useState } from 'react';

export type CountryLookup = (lng: number, lat: number) => string | null;

/**
 * The offline country of a point (@rapideditor/country-coder, its borders built in: about
 * 690 kB), loaded as a chunk of its own once the map is up, so it never delays the map. Null
 * until loaded.
 */
export function useCountryLookup(): CountryLookup | null {
  const [lookup, setLookup] = useState<CountryLookup | null>(null);
  useEffect(() => {
    let live = true;
    import('@rapideditor/country-coder')
      .then(({ iso1A2Code }) => {
        if (live) setLookup(() => (lng: number, lat: number) => iso1A2Code([lng, lat]) ?? null);
      })
      .catch(() => {
        // Without it a free plot's country reads "not known"; the server still records it on purchase.
        if (live) setLookup(() => () => null);
      });
    return () => {
      live = false;
    };
  }, []);
  return lookup;
}
