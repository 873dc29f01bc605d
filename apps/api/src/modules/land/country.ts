import type * as CountryCoder from '@rapideditor/country-coder';
import { loadWhenUsed } from '../../lib/load-when-used.ts';

// Loaded at the first land bought, not with every start: it builds its borders' index on load (~0.1 s).
const countryCoder = loadWhenUsed<typeof CountryCoder>('@rapideditor/country-coder');

/** The ISO 3166-1 alpha-2 code of the country at a point (its land or its waters), offline; null in international waters. */
export function countryAt(lng: number, lat: number): string | null {
  return countryCoder().iso1A2Code([lng, lat]) ?? null;
}
