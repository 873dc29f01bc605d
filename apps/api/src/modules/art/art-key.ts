import { notFound } from '../../lib/app-error.ts';
import type { ElementId, RarityId } from './palette.ts';

/** What to draw, parsed from `/images/v1/{kind}/{key}` (paths built by packages/schemas/src/images.ts). */
export type ArtRequest =
  | { kind: 'ship'; element: ElementId; rarity: RarityId; seed: number }
  | { kind: 'unit'; type: 1 | 2 | 3 | 4 | 5 }
  | { kind: 'blindbox'; name: 'frontier' }
  | { kind: 'dnc'; amount: number }
  | { kind: 'penguin'; rarity: 0 | 1 | 2 | 3; seed: number };

export type ArtKind = ArtRequest['kind'];

const MAX_SEED = 0xffffffff;
const MAX_DNC = 1_000_000_000;

/*
 * Allow-lists, not deny-lists: a key is digits and dashes in one canonical spelling (no leading
 * zeros, signs or spaces). So every picture has exactly one path, hence one cache file, and a
 * key can never name anything outside the cache folder.
 */
const SHIP = /^([0-2])-([0-3])-(0|[1-9]\d{0,9})$/;
const PENGUIN = /^([0-3])-(0|[1-9]\d{0,9})$/;
const WHOLE = /^[1-9]\d{0,9}$/;

/** Parses a path key; anything else is a 404 that says what a valid path looks like. */
export function parseArtKey(kind: string, key: string): ArtRequest {
  switch (kind) {
    case 'ship': {
      const m = SHIP.exec(key);
      const seed = Number(m?.[3]);
      if (!m || seed > MAX_SEED) {
        throw notFound(`No such ship image. Use /images/v1/ship/{element}-{rarity}-{seed}: element 0 to 2, rarity 0 to 3, seed a whole number from 0 to ${MAX_SEED}.`);
      }
      return { kind, element: Number(m[1]) as ElementId, rarity: Number(m[2]) as RarityId, seed };
    }
    case 'unit':
      if (!/^[1-5]$/.test(key)) throw notFound('No such unit image. Use /images/v1/unit/{type} with type 1 to 5.');
      return { kind, type: Number(key) as 1 | 2 | 3 | 4 | 5 };
    case 'blindbox':
      if (key !== 'frontier') throw notFound('No such blind box image. The only one is /images/v1/blindbox/frontier.');
      return { kind, name: key };
    case 'dnc':
      if (!WHOLE.test(key) || Number(key) > MAX_DNC) {
        throw notFound(`No such DNC image. Use /images/v1/dnc/{amount} with a whole amount from 1 to ${MAX_DNC}.`);
      }
      return { kind, amount: Number(key) };
    case 'penguin': {
      const m = PENGUIN.exec(key);
      const seed = Number(m?.[2]);
      if (!m || seed > MAX_SEED) {
        throw notFound(`No such penguin image. Use /images/v1/penguin/{rarity}-{seed}: rarity 0 to 3, seed a whole number from 0 to ${MAX_SEED}.`);
      }
      return { kind, rarity: Number(m[1]) as 0 | 1 | 2 | 3, seed };
    }
    default:
      throw notFound(`No such image kind: "${kind.slice(0, 40)}". Use ship, unit, blindbox, dnc or penguin.`);
  }
}

/** The canonical key of a parsed request: what the cache names its file after. */
export function artName(req: ArtRequest): string {
  switch (req.kind) {
    case 'ship':
      return `${req.element}-${req.rarity}-${req.seed}`;
    case 'unit':
      return String(req.type);
    case 'blindbox':
      return req.name;
    case 'dnc':
      return String(req.amount);
    case 'penguin':
      return `${req.rarity}-${req.seed}`;
  }
}
