import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { compileDirectory } from '@starport/chain/compiler';
import { encodeFunctionData, keccak256, serializeErc6492Signature, toHex, type Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { WALLET_MESSAGES } from './wallet-auth.service.ts';
import { nonceFor, player, postSignature } from './wallet-auth.fixtures.ts';

/**
 * Contract wallets (smart accounts, common on Base) sign in too: a deployed one answers
 * ERC-1271 on the sign-in chain, one not deployed yet signs with an ERC-6492 wrapper naming its
 * factory. The owner's key signs; the account is the contract's address.
 */
describe('wallet sign-in with a contract wallet (ERC-1271, ERC-6492)', () => {
  let chain: TestChain;
  let t: TestApp;
  let walletAbi: Abi;
  let factoryAbi: Abi;
  let factory: Address;
  const owner = player(5);
  const stranger = player(6);

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ env: chain.env });
    const compiled = compileDirectory(fileURLToPath(new URL('../../../test/contracts/', import.meta.url)), [
      'TestSmartWallet',
      'TestSmartWalletFactory',
    ] as const);
    walletAbi = compiled.TestSmartWallet.abi as Abi;
    factoryAbi = compiled.TestSmartWalletFactory.abi as Abi;
    const { walletClient, publicClient } = chain.deployer;
    const hash = await walletClient.deployContract({
      abi: factoryAbi,
      bytecode: compiled.TestSmartWalletFactory.bytecode,
    });
    factory = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  const predict = (salt: `0x${string}`) =>
    chain.deployer.publicClient.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'predict',
      args: [owner.address, salt],
    }) as Promise<Address>;

  /** An ERC-6492 signature: the factory's deploy call for the owner's wallet, around `signer`'s signature. */
  const wrapped = async (signer: typeof owner, salt: `0x${string}`, message: string) =>
    serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: factoryAbi, functionName: 'deploy', args: [owner.address, salt] }),
      signature: await signer.signMessage({ message }),
    });

  async function deployedWallet(salt: `0x${string}`): Promise<Address> {
    const { walletClient, publicClient } = chain.deployer;
    const hash = await walletClient.writeContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'deploy',
      args: [owner.address, salt],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    return predict(salt);
  }

  it('a deployed contract wallet signs in when its owner signed; another key is refused and uses no nonce', async () => {
    const wallet = await deployedWallet(keccak256(toHex('deployed')));
    const code = await chain.deployer.publicClient.getCode({ address: wallet });
    expect(code && code.length > 2).toBe(true);
    expect(
      await chain.deployer.publicClient.readContract({ address: wallet, abi: walletAbi, functionName: 'owner' }),
    ).toBe(owner.address);

    const { message } = await nonceFor(t, wallet);
    const refused = await postSignature(t, wallet, { message, signature: await stranger.signMessage({ message }) });
    expect(refused.statusCode).toBe(401);
    expect(body(refused)).toMatchObject({ code: 'INVALID_SIGNATURE', msg: WALLET_MESSAGES.badSignature });

    const res = await postSignature(t, wallet, { message, signature: await owner.signMessage({ message }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, user: { walletAddress: wallet.toLowerCase() } });
  });

  it('a contract wallet not deployed yet signs in with an ERC-6492 signature naming its factory', async () => {
    const salt = keccak256(toHex('counterfactual'));
    const wallet = await predict(salt);
    expect(await chain.deployer.publicClient.getCode({ address: wallet })).toBeUndefined();

    const { message } = await nonceFor(t, wallet);
    const refused = await postSignature(t, wallet, { message, signature: await wrapped(stranger, salt, message) });
    expect(refused.statusCode).toBe(401);

    const res = await postSignature(t, wallet, { message, signature: await wrapped(owner, salt, message) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { walletAddress: wallet.toLowerCase() } });
    // The check ran as a call: the wallet is still not deployed.
    expect(await chain.deployer.publicClient.getCode({ address: wallet })).toBeUndefined();
  });

  it('an owner signature does not sign for an ordinary account', async () => {
    const account = player(7);
    const { message } = await nonceFor(t, account.address);
    const res = await postSignature(t, account.address, { message, signature: await owner.signMessage({ message }) });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('INVALID_SIGNATURE');
  });

  it('takes a contract wallet’s long signature (up to 4 KiB) and refuses a longer one with a 400', async () => {
    const wallet = await predict(keccak256(toHex('long')));
    const { message } = await nonceFor(t, wallet);
    const long = await postSignature(t, wallet, { message, signature: `0x${'ab'.repeat(3000)}` });
    expect(long.statusCode).toBe(401);
    const tooLong = await postSignature(t, wallet, { message, signature: `0x${'ab'.repeat(4097)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).msg).toMatch(/at most 8192 hex digits/);
  });

  it('a chain that stops answering after it was checked makes a wallet not yet deployed a 503, not a refusal', async () => {
    const proxy = await tcpProxy(chain.anvil.port);
    const id = chain.anvil.chainId;
    const viaProxy = await createTestApp({
      env: { ...chain.env, [`CHAIN_${id}_RPC_URL`]: `http://127.0.0.1:${proxy.port}` },
    });
    let closed = false;
    try {
      const salt = keccak256(toHex('proxied'));
      const wallet = await predict(salt);
      const first = await nonceFor(viaProxy, wallet);
      const ok = await postSignature(viaProxy, wallet, {
        message: first.message,
        signature: await wrapped(owner, salt, first.message),
      });
      expect(ok.statusCode, ok.body).toBe(200);

      await proxy.close();
      closed = true;
      const { message } = await nonceFor(viaProxy, wallet);
      const res = await postSignature(viaProxy, wallet, { message, signature: await wrapped(owner, salt, message) });
      expect(res.statusCode, res.body).toBe(503);
      expect(body(res)).toMatchObject({ code: 'UNAVAILABLE', msg: WALLET_MESSAGES.unavailable });
    } finally {
      await viaProxy.close();
      if (!closed) await proxy.close();
    }
  });

  it('a provider that rate-limits (a JSON-RPC error, not a refused connection) is a 503, not a refusal', async () => {
    const limited = await rateLimitedRpc(chain.anvil.chainId);
    const id = chain.anvil.chainId;
    const app = await createTestApp({ env: { ...chain.env, [`CHAIN_${id}_RPC_URL`]: limited.url } });
    try {
      const deployed = await deployedWallet(keccak256(toHex('rate-limited')));
      const salt = keccak256(toHex('rate-limited-later'));
      for (const [wallet, sign] of [
        [deployed, (message: string) => owner.signMessage({ message })],
        [await predict(salt), (message: string) => wrapped(owner, salt, message)],
      ] as const) {
        const { message } = await nonceFor(app, wallet);
        const res = await postSignature(app, wallet, { message, signature: await sign(message) });
        expect(res.statusCode, res.body).toBe(503);
      }
    } finally {
      await app.close();
      await limited.close();
    }
  });

  it('when the sign-in chain does not answer, a signature that is not an account’s is a 503, and the nonce stays usable', async () => {
    const down = await refusingPort();
    const id = chain.anvil.chainId;
    const offline = await createTestApp({ env: { ...chain.env, [`CHAIN_${id}_RPC_URL`]: `http://127.0.0.1:${down}` } });
    try {
      const account = player(8);
      const { message } = await nonceFor(offline, account.address);
      const res = await postSignature(offline, account.address, {
        message,
        signature: await owner.signMessage({ message }),
      });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 'UNAVAILABLE', msg: WALLET_MESSAGES.unavailable });
      // An account's own signature needs no chain: it still signs in, with the same nonce.
      const ok = await postSignature(offline, account.address, {
        message,
        signature: await account.signMessage({ message }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await offline.close();
    }
  });
});

/** An RPC that knows its chain id and answers everything else as a provider over its quota does: HTTP 429 with a JSON-RPC error. */
async function rateLimitedRpc(chainId: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const call = JSON.parse(raw) as { id: number; method: string };
      const ok = call.method === 'eth_chainId';
      res.writeHead(ok ? 200 : 429, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? { jsonrpc: '2.0', id: call.id, result: `0x${chainId.toString(16)}` }
            : { jsonrpc: '2.0', id: call.id, error: { code: 429, message: 'Too many requests: daily quota exceeded' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP proxy on 127.0.0.1 to `port`; close() ends it and every connection through it. */
async function tcpProxy(port: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that refuses connections (bound once, then closed). */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
