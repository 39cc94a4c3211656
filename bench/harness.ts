import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

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
  return {
    name,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: round(baseline === 0 ? 0 : value / baseline),
  };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** Drives a URL from this process with autocannon: requests per second and p99 latency. */
export async function load(
  url: string,
  headers: Record<string, string>,
  connections = 50,
  seconds = 5,
): Promise<LoadFigures> {
  const outcome = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requestsPerSecond: outcome.requests.average,
    p99Ms: outcome.latency.p99,
    errors: outcome.errors + outcome.non2xx,
  };
}

/** The target for every listing's p99 under 50 connections. */
export const P99_TARGET_MS = 250;

/**
 * Loads `url` on the platform, then a bare Node server answering the same bytes: the baseline that
 * shows what the platform's stack (token check, database, serialisation) costs per request. With
 * `gzip`, both are asked as a browser asks (Accept-Encoding: gzip), and the bare server sends the
 * page compressed once beforehand, as the platform compresses it for each request.
 */
export async function againstBareServer(
  name: string,
  url: string,
  headers: Record<string, string>,
  { gzip = false } = {},
): Promise<BenchResult[]> {
  const asked = gzip ? { ...headers, 'Accept-Encoding': 'gzip' } : { ...headers, 'Accept-Encoding': 'identity' };
  const answer = await fetch(url, { headers: asked });
  if (gzip && answer.headers.get('content-encoding') !== 'gzip')
    throw new Error(`${name}: the platform did not answer gzip`);
  const text = await answer.text();
  const sample = gzip ? gzipSync(text, { level: 1 }) : text;
  const bare = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'application/vnd.api+json',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(sample);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const baseline = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, asked);
    const measured = await load(url, asked);
    if (measured.errors) throw new Error(`${name}: ${measured.errors} requests failed`);
    return [
      result(
        `${name} requests per second (50 connections)`,
        measured.requestsPerSecond,
        'req/s',
        baseline.requestsPerSecond,
      ),
      result(`${name} p99 latency (50 connections)`, measured.p99Ms, 'ms', baseline.p99Ms),
      result(`${name} p99 latency (50 connections; baseline: the 250 ms target)`, measured.p99Ms, 'ms', P99_TARGET_MS),
    ];
  } finally {
    bare.close();
  }
}
