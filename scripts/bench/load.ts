/** Small load helpers for the benchmarks: bounded in time, loopback only. */
export interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

/** The p-th percentile of values sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Runs `operation` from `concurrency` workers for `seconds`, timing each call. */
export async function runLoad(
  operation: () => Promise<boolean>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      let ok = false;
      try {
        ok = await operation();
      } catch {
        ok = false;
      }
      latencies.push(performance.now() - started);
      if (!ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    perSecond: latencies.length / seconds,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
