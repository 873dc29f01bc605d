import { GAS_HEADROOM, rewardTokenAbi } from '@starport/chain';
import { StakingPoolResponseSchema } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test/chain-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { localDeployerKey, localMinterKey } from '../chain/local-wallets.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { USAGE } from './usage.ts';

const TOKEN = 10n ** 18n;

/** set-apr, deposit-reward, show-staking on anvil: what GET /api/staking/pool answers changes. */
describe('the staking owner commands', () => {
  let chain: TestChain;
  let t: TestApp;
  const run = async (argv: string[], chains = t.config.chains) => {
    const lines: string[] = [];
    const io: Io = { out: (l) => void lines.push(l), err: (l) => void lines.push(l), readFile: async () => '', readStdin: async () => '' };
    await runCommand(t.database.db, parseCommand(argv), io, chains);
    return lines.join('\n');
  };
  const failure = async (argv: string[], chains = t.config.chains) => {
    try {
      await run(argv, chains);
    } catch (err) {
      if (err instanceof CliError) return err;
      throw err;
    }
    throw new Error(`${argv.join(' ')} did not fail`);
  };
  const pool = async () => {
    const parsed = StakingPoolResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/staking/pool' })).json());
    if (!parsed.available) throw new Error(parsed.reason);
    return parsed.pool;
  };

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ env: { ...chain.env, [`CHAIN_${chain.anvil.chainId}_STAKING_OWNER_KEY`]: localDeployerKey() } });
    const hash = await chain.deployer.walletClient.writeContract({ address: chain.addresses.rewardToken, abi: rewardTokenAbi, functionName: 'mint', args: [chain.deployer.account.address, 1_000n * TOKEN] });
    await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('is in the help', () => {
    expect(USAGE).toMatch(/^ {2}set-apr <percent> +the staking APR/m);
    expect(USAGE).toMatch(/^ {2}deposit-reward <whole reward tokens> +approve and deposit/m);
    expect(USAGE).toMatch(/^ {2}show-staking +the staking contract/m);
  });

  it('set-apr changes the APR the pool call answers', async () => {
    expect((await pool()).apr_bps).toBe(2600);
    expect(await run(['set-apr', '12.5'])).toMatch(/^Staking APR is now 12\.50% \(was 26\.00%\); transaction 0x[0-9a-f]{64}\.$/);
    expect(await pool()).toMatchObject({ apr_bps: 1250, apr_percent: '12.50' });
    expect(await run(['show-staking'])).toMatch(/^apr {15}12\.50% \(1250 bps\)$/m);
  });

  it('set-apr is sent with headroom over its estimate (@starport/chain/gas)', async () => {
    // setApr costs more in a second after its last APR checkpoint's than in that second, where a
    // node may run the estimate: the bare estimate would leave it out of gas (decision 0076).
    const printed = await run(['set-apr', '20']);
    const hash = /transaction (0x[0-9a-f]{64})/.exec(printed)![1] as `0x${string}`;
    const [sent, receipt] = await Promise.all([
      chain.deployer.publicClient.getTransaction({ hash }),
      chain.deployer.publicClient.getTransactionReceipt({ hash }),
    ]);
    expect(receipt.status).toBe('success');
    expect(sent.gas).toBeGreaterThanOrEqual(receipt.gasUsed + GAS_HEADROOM);
    await run(['set-apr', '12.5']); // as the tests below expect it
  });

  it('deposit-reward moves the owner’s tokens into the reward pool the pool call answers', async () => {
    const before = BigInt((await pool()).reward_pool);
    expect(await run(['deposit-reward', '400'])).toMatch(/^Deposited 400 \w+ into the staking reward pool, which now holds [\d.]+ \w+; transaction 0x[0-9a-f]{64}\.$/);
    expect(BigInt((await pool()).reward_pool)).toBe(before + 400n * TOKEN);
    // More than the owner holds: refused before any transaction, with what it holds.
    expect((await failure(['deposit-reward', '601'])).message).toMatch(/^The owner holds 600 \w+, less than the 601 \w+ to deposit\.$/);
    expect(BigInt((await pool()).reward_pool)).toBe(before + 400n * TOKEN);
  });

  it('refuses bad amounts with exit code 2 and a key that is not the owner’s with exit code 1, changing nothing', async () => {
    for (const argv of [['set-apr', '1000.01'], ['set-apr', '-1'], ['set-apr', 'ten'], ['set-apr', '1.234'], ['deposit-reward', '0'], ['deposit-reward', '1.5'], ['deposit-reward']]) {
      expect((await failure(argv)).exitCode, argv.join(' ')).toBe(2);
    }
    const id = chain.anvil.chainId;
    const wrongKey = { ...t.config.chains, stakingOwnerKeys: { [id]: localMinterKey() } };
    const wrong = await failure(['set-apr', '50'], wrongKey);
    expect([wrong.exitCode, wrong.message]).toEqual([1, expect.stringMatching(/^The key in CHAIN_\d+_STAKING_OWNER_KEY is 0x\w+, not the staking contract's owner 0x\w+\.$/)]);
    const noKey = await failure(['set-apr', '50'], { ...t.config.chains, stakingOwnerKeys: {} });
    expect(noKey.message).toBe(`Set CHAIN_${id}_STAKING_OWNER_KEY to the staking contract owner's private key.`);
    expect((await pool()).apr_bps).toBe(1250);
    expect(await run(['set-apr', '1000'])).toMatch(/now 1000\.00%/);
  });
});
