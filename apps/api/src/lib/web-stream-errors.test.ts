import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const moduleFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web-stream-errors.ts');

// In a process of its own: Node's lazy stream errors are made once per process.
const script = `
const prepared = [];
Error.prepareStackTrace = (error, frames) => {
  prepared.push({ message: error.message, files: frames.map((frame) => frame.getFileName() ?? '') });
  return '';
};
await import(${JSON.stringify(moduleFile)});
await new Promise((resolve) => setImmediate(resolve));
const afterImport = prepared.length;
// what a fetch does when it has read a body: let go of the stream's reader
new ReadableStream().getReader().releaseLock();
console.log(JSON.stringify({ prepared, afterImport, afterRelease: prepared.length }));
`;

it("makes Node's web-stream errors with none of our frames in their stacks, once (the source map is not read)", () => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  const { prepared, afterImport, afterRelease } = JSON.parse(output) as {
    prepared: { message: string; files: string[] }[];
    afterImport: number;
    afterRelease: number;
  };
  // (tsx's own connection attempts make errors too; only the streams' count here)
  const streamErrors = prepared.filter((p) => /reader/i.test(p.message));
  expect(streamErrors.map((p) => p.message).sort()).toEqual(['Invalid state: Reader released', 'Invalid state: Releasing reader']);
  // every frame is Node's own: a file of ours would make Node read its source map
  for (const { files } of streamErrors) for (const file of files) expect(file).toMatch(/^node:/);
  // a later release (a fetch's) makes no new error, so reads no stack at all
  expect(afterRelease).toBe(afterImport);
});
