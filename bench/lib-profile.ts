import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this process between start and stop (the benches run the server in-process),
 * written as a .cpuprofile that Chrome's DevTools opens. Returns a function that stops it and
 * prints the functions that spent the most self time, so a run answers "where did it go" at once.
 */
export async function profileInto(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile: ${file}`);
    for (const line of topSelfTime(profile, 25)) console.log(`  ${line}`);
  };
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

/** The `n` heaviest functions by self time (samples), as "percent  name  file:line". */
function topSelfTime(profile: { nodes: ProfileNode[] }, n: number): string[] {
  const byFrame = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/');
    const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + hits);
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, hits]) => `${((100 * hits) / Math.max(1, total)).toFixed(1).padStart(5)}%  ${key}`);
}
