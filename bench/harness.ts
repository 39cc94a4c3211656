import autocannon from 'autocannon';

/** One line of `npm run bench`: a figure and the baseline it is compared with, measured in the same run. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
}

export interface Benchmark {
  name: string;
  run(): Promise<BenchResult[]>;
}

export function result(name: string, value: number, unit: string, baseline: number): BenchResult {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { name, value: round(value), unit, baseline: round(baseline), ratio: round(baseline === 0 ? 0 : value / baseline) };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** Drives a URL from this process with autocannon: requests per second and p99 latency. */
export async function load(url: string, headers: Record<string, string>, connections = 50, seconds = 5): Promise<LoadFigures> {
  const outcome = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requestsPerSecond: outcome.requests.average,
    p99Ms: outcome.latency.p99,
    errors: outcome.errors + outcome.non2xx,
  };
}
