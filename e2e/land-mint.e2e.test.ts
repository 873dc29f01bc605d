import { ANVIL_MNEMONIC, landCollectionNftAbi } from '@starport/chain';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { anvilRpc, deployedAddress, linkWallet } from './fixtures/local-chain-nft.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { installTestWallet } from './fixtures/test-wallet.ts';

type Collection = { _id: number; name: string; total: number; state: number; allow_mint: boolean };

/** Demo wallet 1 of the local chain: the pilot links it, and the collection is minted to it. */
const WALLET = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 });
/** The demo pilot's collection of three plots (seed/demo-land.ts). */
const COLLECTION = 'Left Bank';

/**
 * Issue 19 in Chromium, on the server's own local chain: the demo pilot links the injected test
 * wallet, presses "Mint NFT" on a collection on My Land, watches it go 0 → 1 → 2 ("Minting ..."
 * then "NFT") while the server's worker mints it, and the LandCollectionNFT is the wallet's.
 * Blocks are held back while the mint is at 1, so that state is seen on a fast local chain.
 */
describe('land collection mint in Chromium: link a wallet, mint, 0 → 1 → 2, ownerOf is the wallet', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let info: ChainInfoResponse;

  beforeAll(async () => {
    server = await startServer({ LOCAL_CHAIN: '1', LOCAL_CHAIN_PORT: '0' });
    info = (await (await fetch(`${server.url}/api/chain/config`)).json()) as ChainInfoResponse;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    await installTestWallet(page, { rpcUrl: info.chains[0]!.rpcUrl, chainId: info.chains[0]!.id, account: WALLET });
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('links the wallet, mints the collection and finds the token in the wallet', async () => {
    expect(info.local).toBe(true);
    const api = playerApi(page, server.url);
    const collection = async () =>
      (await api.get<{ data: Collection[] }>('/api/collections/fetch')).data.find((c) => c.name === COLLECTION)!;

    await linkWallet(page, WALLET.address);
    const before = await collection();
    expect(before).toMatchObject({ state: 0, allow_mint: true });

    await page.goto('/assets');
    const card = page
      .getByTestId('land-collection')
      .filter({ has: page.getByRole('heading', { name: COLLECTION, exact: true }) });
    const mintState = card.getByTestId('mint-state');
    await mintState.getByRole('button', { name: `Mint NFT: ${COLLECTION}` }).waitFor();
    // The local chain mines a transaction the moment it arrives: held back, the mint stays at 1
    // (its transaction sent, not mined) long enough to be seen, then goes on when blocks come.
    const rpc = anvilRpc(info.chains[0]!.rpcUrl);
    await rpc('evm_setAutomine', [false]);
    try {
      await mintState.getByRole('button', { name: `Mint NFT: ${COLLECTION}` }).click();
      await expect.poll(() => mintState.textContent()).toMatch(/^Minting \.\.\./);
      expect((await collection()).state).toBe(1);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await rpc('evm_mine', []);
    await expect.poll(() => mintState.textContent(), { timeout: 90_000 }).toMatch(/^NFT/);

    // The server's side: minted (2), its transaction kept.
    const after = await collection();
    expect(after.state).toBe(2);
    const status = await postAs<{ state: number; txid: string | null }>(
      page,
      server.url,
      '/api/minting/request/mint_status',
      {
        collectionID: after._id,
      },
    );
    expect(status.state).toBe(2);
    expect(status.txid).toMatch(/^0x[0-9a-f]{64}$/i);

    // On chain: the token with the collection's id belongs to the linked wallet.
    const chain = createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
    const owner = await chain.readContract({
      address: deployedAddress(server, 'landCollectionNft'),
      abi: landCollectionNftAbi,
      functionName: 'ownerOf',
      args: [BigInt(after._id)],
    });
    expect(owner.toLowerCase()).toBe(WALLET.address.toLowerCase());
  });
});

/** A POST as the signed-in player in `page`. */
async function postAs<T>(page: Page, serverUrl: string, route: string, body: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('jwt') ?? sessionStorage.getItem('jwt'));
  const res = await fetch(`${serverUrl}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, route).toBe(200);
  return (await res.json()) as T;
}
