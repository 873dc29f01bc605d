import { z } from 'zod';

/**
 * Token metadata as wallets and marketplaces read it (the ERC-721 metadata JSON and the ERC-1155
 * metadata URI JSON): GET /api/nft/ship/{id}, /api/nft/land/{id}, /api/nft/unit/{id}, the URIs
 * the contracts' tokenURI / uri point at. Attributes follow the OpenSea convention
 * (`trait_type`, `value`, and `display_type` for figures shown as numbers).
 */
export const NftAttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
  display_type: z.enum(['number']).optional(),
});
export type NftAttribute = z.infer<typeof NftAttributeSchema>;

export const NftMetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** absolute URL of the generated art */
  image: z.url(),
  /** absolute URL of the asset's page on the site */
  external_url: z.url(),
  attributes: z.array(NftAttributeSchema),
});
export type NftMetadata = z.infer<typeof NftMetadataSchema>;

/**
 * A token id in a metadata URL: decimal digits (ERC-721 tokenURI), or the 64 lower-case hex
 * digits ERC-1155 clients substitute for `{id}` (upper case accepted too).
 */
export const NftTokenIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^(\d{1,78}|[0-9a-fA-F]{64})$/, 'The token id must be decimal digits or the 64-hex-digit ERC-1155 form.'),
});
