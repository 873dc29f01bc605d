// The part of autocannon's programmatic API the benches use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  export type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number };
  export type Options = { url: string; connections?: number; duration?: number; workers?: number; pipelining?: number };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
