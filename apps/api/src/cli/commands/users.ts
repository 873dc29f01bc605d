import { EmailSchema, PasswordSchema, UsernameSchema, WalletAddressSchema } from '@starport/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  OperatorAccountsService,
  type NewAccount,
  type UserRow,
  type UserSummary,
} from '../../modules/accounts/index.ts';
import { asCli, usageError } from '../cli-error.ts';
import type { CreateUserInput } from '../parse.ts';

/** create-user, activate, revoke-sessions, list-users: the accounts service does the work. */

export type { UserRow, UserSummary };

export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const account = toNewAccount(input);
  return asCli(() => new OperatorAccountsService(db).createAccount(account));
}

/** Marks the e-mail verified; `already` when it was. */
export const activateUser = (db: Db, login: string) => asCli(() => new OperatorAccountsService(db).activate(login));

/** Signs the user out everywhere; `ended` counts the sessions that were live. */
export const revokeSessions = (db: Db, login: string) =>
  asCli(() => new OperatorAccountsService(db).endSessions(login));

export const listUsers = (db: Db, limit = 50) => new OperatorAccountsService(db).listUsers(limit);

/**
 * The flags as an account the service can create: each checked with the shared schemas (the
 * same rules as sign-up), and only the combinations an account can have, explained in flags.
 */
function toNewAccount(input: CreateUserInput): NewAccount {
  const username = validate(UsernameSchema, input.username, '--username');
  const email = input.email === undefined ? undefined : validate(EmailSchema, input.email, '--email');
  const wallet = input.wallet === undefined ? undefined : validateWallet(input.wallet);
  if (email === undefined) {
    if (wallet === undefined) throw usageError('create-user needs --email (with a password) or --wallet.');
    if (input.password !== undefined)
      throw usageError('--password needs --email: a password signs in together with an e-mail.');
    if (input.active) throw usageError('--active needs --email: activation verifies the e-mail.');
    return { username, wallet };
  }
  if (input.password === undefined)
    throw usageError('--email needs a password: --password P, or the ADMIN_PASSWORD environment variable.');
  const password = validate(PasswordSchema, input.password, '--password');
  return { username, email, password, verified: Boolean(input.active), ...(wallet === undefined ? {} : { wallet }) };
}

function validate<T>(schema: z.ZodType<T>, value: string, flag: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw usageError(`${flag}: ${result.error.issues[0]?.message ?? 'invalid value.'}`);
  return result.data;
}

function validateWallet(value: string): string {
  if (!WalletAddressSchema.safeParse(value.trim()).success)
    throw usageError('--wallet: expected an address, 0x and 40 hex digits.');
  return value.trim().toLowerCase();
}
