import { AppError } from '../lib/app-error.ts';

/** A failure to show the operator as is: exit code 2 for bad usage, 1 for everything else. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, 2);

/**
 * Service errors (AppError) are sentences for a person: give them to the operator, with exit
 * code 1 unless the caller says the input was at fault (2).
 */
export async function asCli<T>(work: () => Promise<T> | T, exitCode: 1 | 2 = 1): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new CliError(err.message, exitCode);
    throw err;
  }
}
