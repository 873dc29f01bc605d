/**
 * Block 0's hash at an RPC URL, or null when nothing answers there in a few seconds. anvil keeps
 * it across restarts on its state file, and two anvils never share it (the genesis carries its
 * start time): what answers with the registered hash is the registered chain.
 */
export async function genesisHashAt(rpcUrl: string, timeoutMs = 5_000): Promise<string | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x0', false] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: { hash?: unknown } | null };
    const hash = body.result?.hash;
    return typeof hash === 'string' ? hash : null;
  } catch {
    return null;
  }
}
