/**
 * The chain area's front door: the HTTP face of the chains (GET /api/chain/config, and the
 * local block explorer while the chain is the local anvil). The chains themselves, their
 * clients and the local anvil, are the shared layer `src/chain/`, which every area may use.
 */
export { chainPlugin } from './chain.plugin.ts';
