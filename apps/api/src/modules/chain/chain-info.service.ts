import { erc20Abi, type PublicClient } from 'viem';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import { paymentSetup, type ChainSetup, type ChainsConfig } from '../../chain/chain-config.ts';
import { AppError } from '../../lib/app-error.ts';

export const RPC_DOWN_MSG = 'Network error! The payment chain is not answering right now. Please try again in a minute.';

/** What GET /api/chain/config tells the browser: public chain fields and the payment token. */
export class ChainInfoService {
  /** the token's decimals, read once per process: a deployed ERC-20 never changes them */
  private decimals: Promise<number> | undefined;

  constructor(
    private readonly chains: ChainsConfig,
    private readonly client: (chain: ChainSetup) => PublicClient,
    private readonly onRpcError: (err: unknown) => void = () => {},
  ) {}

  async info(): Promise<ChainInfoResponse> {
    const payment = paymentSetup(this.chains);
    return {
      error: false,
      signInChainId: this.chains.paymentChainId,
      // The server's own RPC (it may carry a key) never leaves it: wallets get the public one.
      chains: this.chains.chains.map((c) => ({
        id: c.id,
        name: c.name,
        rpcUrl: c.publicRpcUrl,
        explorerUrl: c.explorerUrl,
        nativeSymbol: c.nativeSymbol,
        confirmations: c.confirmations,
      })),
      payment: payment
        ? {
            chainId: payment.chain.id,
            token: { address: payment.usdc, symbol: 'USDC', decimals: await this.tokenDecimals(payment.chain, payment.usdc) },
            recipient: payment.recipient,
          }
        : null,
      local: this.chains.local !== null,
    };
  }

  private tokenDecimals(chain: ChainSetup, token: `0x${string}`): Promise<number> {
    this.decimals ??= this.client(chain)
      .readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
      .catch((err: unknown) => {
        // Not cached: the next call asks the chain again.
        this.decimals = undefined;
        this.onRpcError(err);
        throw new AppError('UNAVAILABLE', 503, RPC_DOWN_MSG);
      });
    return this.decimals;
  }
}
