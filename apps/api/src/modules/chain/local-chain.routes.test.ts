import { anvilClients, testUsdcAbi } from '@starport/chain';
import type { FastifyInstance } from 'fastify';
import { getAddress, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalChain } from '../../chain/local-chain.ts';
import { localAddress } from '../../chain/local-wallets.ts';
import { LOCAL_TEST_PUBLIC_URL, localChainApp } from './chain.fixtures.ts';
import { EXPLORER_RPC_DOWN_MSG } from './explorer.service.ts';

/** The chain area on `npm start`'s local anvil: the config call and the explorer pages. */
let local: LocalChain;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ local, app, close } = await localChainApp());
});
afterAll(() => close?.());

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: res.headers['content-type'], html: res.body };
};

describe('GET /api/chain/config', () => {
  it('names the local anvil, its explorer and the treasury', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/chain/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      signInChainId: 31337,
      chains: [
        { id: 31337, name: 'Starport local', rpcUrl: local.chain.rpcUrl, explorerUrl: `${LOCAL_TEST_PUBLIC_URL}/dev/explorer`, nativeSymbol: 'ETH', confirmations: 1 },
      ],
      payment: { chainId: 31337, token: { address: local.chain.contracts.usdc, symbol: 'USDC', decimals: 6 }, recipient: localAddress(9) },
      local: true,
    });
  });
});

describe('the local explorer', () => {
  const treasury = getAddress(localAddress(9));
  let hash: Hash;
  beforeAll(async () => {
    // A demo player pays 12.5 USDC to the treasury, as a checkout in crypto would.
    const player = anvilClients({ rpcUrl: local.chain.rpcUrl, chainId: local.chain.id }, 1);
    hash = await player.walletClient.writeContract({
      address: local.chain.contracts.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [treasury, 12_500_000n],
    });
    await player.publicClient.waitForTransactionReceipt({ hash });
  });

  it('shows a USDC transfer: status, block, from, to, the decoded amount and its confirmations', async () => {
    const res = await page(`/dev/explorer/tx/${hash}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html; charset=utf-8');
    const receipt = await anvilClients({ rpcUrl: local.chain.rpcUrl, chainId: local.chain.id }).publicClient.getTransactionReceipt({ hash });
    const player = getAddress(local.demoWallets[0]!.address);
    expect(res.html).toContain('<span class="ok">Success</span>');
    expect(res.html).toContain(`<th>block</th><td>${receipt.blockNumber} `);
    expect(res.html).toContain(`<th>confirmations</th><td>1</td>`);
    expect(res.html).toContain(`<th>from</th><td><a href="/dev/explorer/address/${player}">`);
    expect(res.html).toMatch(new RegExp(`<th>to</th><td><a href="/dev/explorer/address/${getAddress(local.chain.contracts.usdc!)}">.*USDC`));
    expect(res.html).toContain(`<code>${player}</code></a></td><td><a href="/dev/explorer/address/${treasury}"><code>${treasury}</code></a></td><td data-testid="transfer-amount">12.5 USDC</td>`);

    // Two more blocks: three confirmations.
    await anvilClients({ rpcUrl: local.chain.rpcUrl, chainId: local.chain.id }).publicClient.request({ method: 'anvil_mine' as never, params: ['0x2'] as never });
    expect((await page(`/dev/explorer/tx/${hash}`)).html).toContain(`<th>confirmations</th><td>3</td>`);
  });

  it('shows an address with its balances and recent transfers', async () => {
    const res = await page(`/dev/explorer/address/${treasury.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<th>USDC</th><td>12.5 USDC</td>');
    expect(res.html).toContain(`<a href="/dev/explorer/tx/${hash}">`);
    const player = await page(`/dev/explorer/address/${local.demoWallets[0]!.address}`);
    expect(player.html).toContain('<th>USDC</th><td>9987.5 USDC</td>');
    expect(player.html).toContain('Type 1: 2 · Type 2: 2');
  });

  it('answers a malformed hash or address with 400 and an unknown hash with 404, as pages', async () => {
    for (const url of ['/dev/explorer/tx/0x1234', `/dev/explorer/tx/0x${'zz'.repeat(32)}`, '/dev/explorer/address/<script>']) {
      const res = await page(url);
      expect(res.status, url).toBe(400);
      expect(res.type).toBe('text/html; charset=utf-8');
      expect(res.html).not.toContain('<script>');
    }
    expect((await page('/dev/explorer/tx/0x1234')).html).toContain('A transaction hash is 0x followed by 64 hex digits.');
    const unknown = await page(`/dev/explorer/tx/0x${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('No transaction with this hash on the local chain.');
  });

  it('says the chain is not answering when anvil is gone', async () => {
    await local.stop();
    const res = await page(`/dev/explorer/tx/${hash}`);
    expect(res.status).toBe(503);
    expect(res.html).toContain(EXPLORER_RPC_DOWN_MSG);
  });
});
