/** What a command may do outside the database: print, and read the terms from a file or stdin. */
export type Io = {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): Promise<string>;
  readStdin(): Promise<string>;
};
