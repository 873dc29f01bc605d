import {
  ErrorResponseSchema,
  UnitWithdrawalParamsSchema,
  UnitWithdrawalResponseSchema,
  UnitWithdrawalsResponseSchema,
  UnitWithdrawBodySchema,
  UnitWithdrawResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import type { MintingDeps } from './land-mint.service.ts';
import { requestUnitWithdrawal, unitWithdrawalOf, unitWithdrawalsOf } from './unit-withdraw.service.ts';

const tags = ['minting'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema, 503: ErrorResponseSchema };

/** Unit pieces to the wallet (docs/api-minting.md "Unit pieces to the wallet", decision 0051). */
export const unitWithdrawRoutes: FastifyPluginAsyncZod<MintingDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireAuth);

  app.post('/api/units/withdraw', {
    schema: {
      tags,
      security,
      summary: 'Withdraw container-house pieces of one apartment to the caller’s linked wallet as HouseUnits tokens (id = unit type, one per piece)',
      description:
        'Takes the pieces off the off-chain balance and queues the mint; 400 without a linked wallet (MINT_NEEDS_WALLET) or with a bad body, 409 for more pieces than the caller holds off chain, 503 when this server has no minter. A mint that fails for good gives the pieces back.',
      body: UnitWithdrawBodySchema,
      response: { 200: UnitWithdrawResponseSchema, ...errors },
    },
    handler: async (req) => requestUnitWithdrawal(deps, callerOf(req).userId, req.body.apartment, req.body.pieces),
  });
  app.get('/api/units/withdrawals', {
    schema: {
      tags,
      security,
      summary: 'The caller’s unit-piece withdrawals, newest first: status (minting, minted, returned), transaction and explorer link',
      response: { 200: UnitWithdrawalsResponseSchema, ...errors },
    },
    handler: async (req) => unitWithdrawalsOf(deps, callerOf(req).userId),
  });
  app.get('/api/units/withdrawals/:id', {
    schema: {
      tags,
      security,
      summary: 'One of the caller’s unit-piece withdrawals; another player’s is 404',
      params: UnitWithdrawalParamsSchema,
      response: { 200: UnitWithdrawalResponseSchema, ...errors },
    },
    handler: async (req) => unitWithdrawalOf(deps, callerOf(req).userId, req.params.id),
  });
};
