import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
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
      await runCommand(database.db, command, io);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
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
