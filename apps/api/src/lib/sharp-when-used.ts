import type sharpModule from 'sharp';
import { loadWhenUsed } from './load-when-used.ts';

/** sharp (libvips) at the first image it makes or checks: art, an avatar, the demo's badges; not with every start. */
export const loadSharp = loadWhenUsed<typeof sharpModule>('sharp');
