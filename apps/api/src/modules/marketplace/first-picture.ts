import { MarketplaceFindQuerySchema } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import type { Db } from '../../db/client.ts';
import { MarketplaceService } from './marketplace.service.ts';

/**
 * The picture of the first card on /market with no filters, at the size the card shows it
 * (apps/web listing-card.tsx): the page's largest paint, which static-web preloads from the
 * page itself (issue 21, decision 0065). The same call as the page's own first one
 * (page 1, its default limit), so it names the same listing.
 */
export async function firstListedPicture(db: Db): Promise<string | undefined> {
  const found = await new MarketplaceService({ db }).find(MarketplaceFindQuerySchema.parse({ page: '1' }));
  const image = found.data[0]?.item.image;
  return image ? withSize(image, '300x300') : undefined;
}
