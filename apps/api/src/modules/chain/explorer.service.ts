import { houseUnitsAbi } from '@starport/chain';
import {
  decodeEventLog,
  erc20Abi,
  erc721Abi,
  formatEther,
  formatUnits,
  getAddress,
  parseAbi,
  BaseError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Log,
  type PublicClient,
} from 'viem';
import type { ChainContractName, ChainSetup } from '../../chain/chain-config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

/** How the explorer names our own contracts; ERC-20 amounts are shown in whole tokens. */
const KNOWN: Record<ChainContractName, { label: string; decimals?: number }> = {
  usdc: { label: 'USDC', decimals: 6 },
  gin: { label: 'GIN', decimals: 18 },
  rewardToken: { label: 'SPR', decimals: 18 },
  houseUnits: { label: 'House units' },
  unitStaking: { label: 'Unit staking' },
  shipNft: { label: 'Ship NFT' },
  landCollectionNft: { label: 'Land NFT' },
};
const erc1155TransferSingle = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
]);
const UNIT_TYPES = [1n, 2n, 3n, 4n, 5n] as const;

export type TokenTransfer = { token: Address; tokenLabel: string; from: Address; to: Address; amount: string };
export type TxView = {
  hash: Hash;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  timestamp: Date;
  confirmations: bigint;
  from: Address;
  to: Address | null;
  toLabel: string | null;
  contractCreated: Address | null;
  value: string;
  gasUsed: bigint;
  transfers: TokenTransfer[];
  otherEvents: { address: Address; label: string }[];
};
export type AddressView = {
  address: Address;
  label: string;
  nativeBalance: string;
  nonce: number;
  tokens: { label: string; balance: string }[];
  units: { type: number; amount: bigint }[];
  transfers: (TokenTransfer & { hash: Hash; blockNumber: bigint })[];
};

export const EXPLORER_RPC_DOWN_MSG = 'Network error! The local chain is not answering. Is the server still running?';

/** Reads what the local chain's explorer pages show, straight from anvil. */
export class LocalExplorer {
  private readonly names = new Map<string, { name: ChainContractName; label: string; decimals?: number }>();

  constructor(
    private readonly chain: ChainSetup,
    private readonly client: PublicClient,
    private readonly onRpcError: (err: unknown) => void = () => {},
  ) {
    for (const [name, address] of Object.entries(chain.contracts) as [ChainContractName, Address][]) {
      this.names.set(address.toLowerCase(), { name, ...KNOWN[name] });
    }
  }

  async transaction(hash: Hash): Promise<TxView> {
    return this.rpc(async () => {
      const receipt = await this.client.getTransactionReceipt({ hash }).catch((err: unknown) => {
        if (err instanceof TransactionReceiptNotFoundError) throw notFound('No transaction with this hash on the local chain.');
        throw err;
      });
      const [tx, block, latest] = await Promise.all([
        this.client.getTransaction({ hash }),
        this.client.getBlock({ blockNumber: receipt.blockNumber }),
        this.client.getBlockNumber(),
      ]);
      const transfers: TokenTransfer[] = [];
      const otherEvents: TxView['otherEvents'] = [];
      for (const log of receipt.logs) {
        const transfer = this.decodeTransfer(log);
        if (transfer) transfers.push(transfer);
        else otherEvents.push({ address: getAddress(log.address), label: this.label(log.address) });
      }
      return {
        hash: receipt.transactionHash,
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        timestamp: new Date(Number(block.timestamp) * 1000),
        confirmations: latest - receipt.blockNumber + 1n,
        from: getAddress(receipt.from),
        to: receipt.to ? getAddress(receipt.to) : null,
        toLabel: receipt.to ? this.label(receipt.to) : null,
        contractCreated: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
        value: `${formatEther(tx.value)} ${this.chain.nativeSymbol}`,
        gasUsed: receipt.gasUsed,
        transfers,
        otherEvents,
      };
    });
  }

  async address(address: Address): Promise<AddressView> {
    return this.rpc(async () => {
      const erc20s = (['usdc', 'gin', 'rewardToken'] as const).flatMap((name) => {
        const token = this.chain.contracts[name];
        return token ? [{ token, ...KNOWN[name] }] : [];
      });
      const units = this.chain.contracts.houseUnits;
      const [nativeBalance, nonce, code, balances, unitBalances, sent, received] = await Promise.all([
        this.client.getBalance({ address }),
        this.client.getTransactionCount({ address }),
        this.client.getCode({ address }),
        Promise.all(erc20s.map((t) => this.client.readContract({ address: t.token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }))),
        units
          ? Promise.all(UNIT_TYPES.map((id) => this.client.readContract({ address: units, abi: houseUnitsAbi, functionName: 'balanceOf', args: [address, id] })))
          : Promise.resolve([]),
        this.tokenLogs(erc20s.map((t) => t.token), { from: address }),
        this.tokenLogs(erc20s.map((t) => t.token), { to: address }),
      ]);
      const known = this.names.get(address.toLowerCase());
      // Recent first; a transfer to oneself appears in both lists once.
      const seen = new Set<string>();
      const logs = [...sent, ...received]
        .filter((l) => !seen.has(`${l.transactionHash}:${l.logIndex}`) && seen.add(`${l.transactionHash}:${l.logIndex}`))
        .sort((a, b) => Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n)) || (b.logIndex ?? 0) - (a.logIndex ?? 0))
        .slice(0, 25);
      return {
        address: getAddress(address),
        label: known ? known.label : code && code !== '0x' ? 'Contract' : 'Account',
        nativeBalance: `${formatEther(nativeBalance)} ${this.chain.nativeSymbol}`,
        nonce,
        tokens: erc20s.map((t, i) => ({ label: t.label, balance: `${formatUnits(balances[i]!, t.decimals!)} ${t.label}` })),
        units: unitBalances.map((amount, i) => ({ type: i + 1, amount })),
        transfers: logs.flatMap((l) => {
          const transfer = this.decodeTransfer(l);
          return transfer && l.transactionHash && l.blockNumber !== null
            ? [{ ...transfer, hash: l.transactionHash, blockNumber: l.blockNumber }]
            : [];
        }),
      };
    });
  }

  private tokenLogs(tokens: Address[], args: { from: Address } | { to: Address }) {
    if (!tokens.length) return Promise.resolve([]);
    return this.client.getLogs({
      address: tokens,
      event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
      args,
      fromBlock: 0n,
      toBlock: 'latest',
    });
  }

  private label(address: string): string {
    return this.names.get(address.toLowerCase())?.label ?? 'Contract';
  }

  /** ERC-20 and ERC-721 Transfer (same topic, told apart by the indexed count) and ERC-1155 TransferSingle. */
  private decodeTransfer(log: Log): TokenTransfer | undefined {
    const known = this.names.get(log.address.toLowerCase());
    const token = getAddress(log.address);
    const tokenLabel = known?.label ?? `Token ${token}`;
    const attempts = [
      () => {
        const e = decodeEventLog({ abi: erc20Abi, eventName: 'Transfer', data: log.data, topics: log.topics, strict: true });
        const amount = known?.decimals !== undefined ? `${formatUnits(e.args.value, known.decimals)} ${known.label}` : `${e.args.value} base units`;
        return { from: e.args.from, to: e.args.to, amount };
      },
      () => {
        const e = decodeEventLog({ abi: erc721Abi, eventName: 'Transfer', data: log.data, topics: log.topics, strict: true });
        return { from: e.args.from, to: e.args.to, amount: `token #${e.args.tokenId}` };
      },
      () => {
        const e = decodeEventLog({ abi: erc1155TransferSingle, data: log.data, topics: log.topics, strict: true });
        const what = known?.name === 'houseUnits' ? `Type ${e.args.id}` : `id ${e.args.id}`;
        return { from: e.args.from, to: e.args.to, amount: `${e.args.value} × ${what}` };
      },
    ];
    for (const attempt of attempts) {
      try {
        const t = attempt();
        return { token, tokenLabel, from: getAddress(t.from), to: getAddress(t.to), amount: t.amount };
      } catch {
        // not this kind of event
      }
    }
    return undefined;
  }

  /** viem's failures (anvil gone, a timeout) become a 503 with a sentence; anything else is ours. */
  private async rpc<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof BaseError)) throw err;
      this.onRpcError(err);
      throw new AppError('UNAVAILABLE', 503, EXPLORER_RPC_DOWN_MSG);
    }
  }
}
