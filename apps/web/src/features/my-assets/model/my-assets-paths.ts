import { paths } from '../../../config/paths.ts';

/** The My Assets pages, from the app's one path list (config/paths.ts). */
export const myAssetsPaths = {
  overview: paths.myAssets.getHref(),
  spaceships: paths.myAssetsSpaceships.getHref(),
  dncListing: paths.myAssetsDncListing.getHref(),
  selling: paths.myAssetsSelling.getHref(),
};
