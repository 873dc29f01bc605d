/**
 * The penguins area's front door: the game's penguin collection and the staking calls
 * (`/api/fetch/peguins`, `/api/my/peguins…`). The holdings it moves belong to `assets`.
 */
export { myPenguinRoutes, penguinCollectionRoutes } from './penguins.routes.ts';
export { PENGUIN_COLLECTION, seedPenguinCollection } from './penguin-collection.ts';
export { DEFAULT_PENGUIN_RATE, PENGUIN_RATE_KEY, readPenguinRate, writePenguinRate } from './penguin-rate.ts';
