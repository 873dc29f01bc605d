/**
 * The catalogue area's front door: the only file other areas import. The catalogue owns what
 * exists (ships and their make-up, DNC packs, house units) and how an item reads in every
 * answer (item-view); other areas create ships only through `createShip`.
 */
export {
  catalogueItem,
  dncItem,
  DNC_COLUMNS,
  groupThousands,
  SHIP_COLUMNS,
  shipItem,
  UNIT_COLUMNS,
  unitItem,
  type DncColumns,
  type ItemColumns,
  type ShipColumns,
  type UnitColumns,
} from './item-view.ts';
export { ALL_SEGMENTS, DNC_SEGMENT, segmentsFor, shipSegment, UNIT_SEGMENT } from './segments.ts';
export { generateShipDetails, type ShipRng, type StatName } from './ship-generator.ts';
export { claimLegendarySerials } from './legendary-serials.ts';
export { createShip, type NewShip } from './create-ship.ts';
export { createDncPack } from './create-dnc-pack.ts';
export { houseUnitType, type HouseUnitType } from './unit-types.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { seedDemoCatalogue } from './seed.ts';
