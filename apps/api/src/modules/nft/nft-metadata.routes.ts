import { createHash } from 'node:crypto';
import { ErrorResponseSchema, NftMetadataSchema, NftTokenIdParamsSchema, type NftMetadata } from '@starport/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { landMetadata, shipMetadata, unitMetadata } from './nft-metadata.ts';
import { tokenIdOf } from './token-id.ts';

/** Five minutes: a renamed collection or a plot moved in shows up soon, and wallets still cache. */
export const METADATA_MAX_AGE_SECONDS = 300;

type Lookup = (db: Db, publicUrl: string, id: number) => Promise<NftMetadata | undefined>;

const TOKENS: { path: string; summary: string; what: string; lookup: Lookup }[] = [
  { path: '/ship/:id', summary: 'ERC-721 metadata of a ship copy (ShipNFT token id = the copy id)', what: 'ship', lookup: shipMetadata },
  { path: '/land/:id', summary: 'ERC-721 metadata of a land collection (LandCollectionNFT token id = the collection id)', what: 'land collection', lookup: landMetadata },
  { path: '/unit/:id', summary: 'ERC-1155 metadata of a container-house unit type (HouseUnits id 1..5)', what: 'unit type', lookup: unitMetadata },
];

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match holds a list of tags, possibly weak (W/"…"), or *. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

/**
 * The token URIs of our contracts, under /api/nft: public, no sign-in, cacheable for a few
 * minutes with an ETag. Wallets and marketplaces fetch them from their own servers or from a
 * dapp's page, so any origin may read them.
 */
export const nftMetadataRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const base = publicUrl.replace(/\/+$/, '');
  for (const token of TOKENS) {
    app.get(token.path, {
      schema: {
        tags: ['nft'],
        summary: token.summary,
        description:
          'The id is decimal, or the 64-hex-digit form ERC-1155 clients substitute for `{id}`. Metadata exists for every asset that exists, minted or not. ' +
          `Cache-Control public, max-age=${METADATA_MAX_AGE_SECONDS}, with an ETag (If-None-Match answers 304). An id no asset has answers 404 NOT_FOUND.`,
        params: NftTokenIdParamsSchema,
        response: { 200: NftMetadataSchema, 304: z.undefined().describe('Not modified (If-None-Match)'), '4xx': ErrorResponseSchema },
      },
      handler: async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        reply.header('access-control-allow-origin', '*');
        const id = tokenIdOf(req.params.id);
        const metadata = id === null ? undefined : await token.lookup(db, base, id);
        if (!metadata) throw notFound(`There is no ${token.what} with the token id ${req.params.id}.`);
        const etag = etagOf(JSON.stringify(metadata));
        reply.header('cache-control', `public, max-age=${METADATA_MAX_AGE_SECONDS}`).header('etag', etag);
        if (matchesEtag(req.headers['if-none-match'], etag)) return reply.status(304).send();
        return metadata;
      },
    });
  }
};
