import {
  ErrorResponseSchema,
  LandMintBodySchema,
  LandMintResponseSchema,
  MintReportBodySchema,
  MintReportResponseSchema,
  MintStatusBodySchema,
  MintStatusResponseSchema,
  MyMintsRefreshBodySchema,
  MyMintsRefreshResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { landMintStatus, logBrowserReport, refreshMyMints, requestLandMint, type MintingDeps } from './land-mint.service.ts';

const tags = ['minting'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema, 503: ErrorResponseSchema };

/** The minting calls (docs/api-minting.md); full paths, as the spec spreads them over three prefixes. */
export const mintingRoutes: FastifyPluginAsyncZod<MintingDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireAuth);

  app.post('/api/lands/mint', {
    schema: {
      tags,
      security,
      summary: 'Mint one of the caller’s land collections as a LandCollectionNFT to their linked wallet',
      description: 'Freezes the collection (state 1) and queues the mint; 400 without a linked wallet, 409 when empty or not at state 0, 503 when this server has no minter.',
      body: LandMintBodySchema,
      response: { 200: LandMintResponseSchema, ...errors },
    },
    handler: async (req) => requestLandMint(deps, callerOf(req).userId, req.body.id),
  });
  app.post('/api/minting/request/mint_status', {
    schema: { tags, security, summary: 'The mint state (0/1/2) of one of the caller’s collections', body: MintStatusBodySchema, response: { 200: MintStatusResponseSchema, ...errors } },
    handler: async (req) => landMintStatus(deps, callerOf(req).userId, req.body.collectionID),
  });
  app.post('/api/minting/refresh/my_assets', {
    schema: { tags, security, summary: 'Queue the caller’s stalled mints again and answer their collections’ mint states', body: MyMintsRefreshBodySchema, response: { 200: MyMintsRefreshResponseSchema, ...errors } },
    handler: async (req) => refreshMyMints(deps, callerOf(req).userId),
  });
  app.post('/api/mint/status', {
    schema: { tags, security, summary: 'A browser’s report on a mint, kept as a log only (never changes a state)', body: MintReportBodySchema, response: { 200: MintReportResponseSchema, ...errors } },
    handler: async (req) =>
      logBrowserReport(deps, callerOf(req).userId, {
        ...(req.body.tokenId !== undefined ? { tokenId: String(req.body.tokenId) } : {}),
        ...(req.body.transaction_hash !== undefined ? { txHash: req.body.transaction_hash } : {}),
        ...(req.body.from !== undefined ? { from: req.body.from } : {}),
        ...(req.body.to !== undefined ? { to: req.body.to } : {}),
        ...(req.body.status !== undefined ? { status: String(req.body.status) } : {}),
      }),
  });
};
