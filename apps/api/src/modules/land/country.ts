import { iso1A2Code } from '@rapideditor/country-coder';

/** The ISO 3166-1 alpha-2 code of the country at a point (its land or its waters), offline; null in international waters. */
export function countryAt(lng: number, lat: number): string | null {
  return iso1A2Code([lng, lat]) ?? null;
}
