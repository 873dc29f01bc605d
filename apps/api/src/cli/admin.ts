import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChainsConfig } from '../chain/chain-config.ts';
import { joinRegisteredLocalChain } from '../chain/shared-local-chain.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { CliError } from './cli-error.ts';
import { claimEmbeddedDatabase } from './embedded-database-lock.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { USAGE } from './usage.ts';

/**
 * `npm run admin -- <command>`: the operator's tool. parse.ts turns argv into a command,
 * commands/ call the areas' services, output.ts says what is printed.
 */
async function main(argv: string[]): Promise<void> {
  const command = parseCommand(argv, process.env);
  if (command.name === 'help') return void process.stdout.write(USAGE);
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : claimEmbeddedDatabase(config.dataDir);
  try {
    if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite'))) {
      console.error(`Note: no embedded database in ${config.dataDir} yet; creating one.`);
    }
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      await runCommand(database.db, command, io, await chainsFor(command.name, config, database.db));
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

const STAKING_COMMANDS = new Set(['set-apr', 'deposit-reward', 'show-staking']);

/**
 * The chains a staking command acts on: the configured ones, or the local chain this database's
 * server runs (registered in PostgreSQL; the embedded database's chain lives inside npm start,
 * which holds the database, so it cannot be reached from here).
 */
async function chainsFor(name: string, config: Config, db: Db): Promise<ChainsConfig | undefined> {
  if (!STAKING_COMMANDS.has(name)) return undefined;
  if (!config.chains.local) return config.chains;
  if (!config.databaseUrl)
    throw new CliError('The local chain runs inside npm start with the embedded database, which this tool cannot share: use DATABASE_URL (npm start or npm run chain), or configure CHAIN_IDS.');
  // A chain not running is a LocalChainError (a ConfigError): main prints its message.
  return (await joinRegisteredLocalChain(config, db)).config.chains;
}

const io: Io = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readFile: (file) => readFile(file, 'utf8'),
  async readStdin() {
    if (process.stdin.isTTY) console.error('Reading the terms HTML from stdin; end with Ctrl-D.');
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof CliError) {
      console.error(err.message);
      if (err.exitCode === 2) console.error('Run `npm run admin -- --help` for usage.');
      process.exit(err.exitCode);
    }
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
