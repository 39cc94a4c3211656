import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, result, type Benchmark } from './harness';
import { ossPlatform } from './oss-platform';

/**
 * `GET …/objects?limit=100` on a bucket of 100 objects under 50 connections (token check, database,
 * serializing), against a bare Node server answering the same bytes: what the platform's stack costs.
 */
export const ossList: Benchmark = {
  name: 'oss-list',
  async run() {
    const platform = await ossPlatform('bench-list');
    try {
      for (let index = 0; index < 100; index++) {
        const key = `drawings/sheet-${String(index).padStart(3, '0')}.pdf`;
        const response = await platform.call(`/oss/v2/buckets/bench-list/objects/${encodeURIComponent(key)}`, { method: 'PUT', body: new Uint8Array(1024).fill(index) });
        if (response.status !== 200) throw new Error(`put ${key} answered ${response.status}`);
      }
      const listUrl = `${platform.url}/oss/v2/buckets/bench-list/objects?limit=100`;
      const sample = await (await platform.call('/oss/v2/buckets/bench-list/objects?limit=100')).text();
      const bare = createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(sample);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const baseline = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, platform.headers);
      const measured = await load(listUrl, platform.headers);
      bare.close();
      if (measured.errors) throw new Error(`oss-list: ${measured.errors} requests failed`);
      return [
        result('oss-list 100 objects requests per second (50 connections)', measured.requestsPerSecond, 'req/s', baseline.requestsPerSecond),
        result('oss-list 100 objects p99 latency (50 connections)', measured.p99Ms, 'ms', baseline.p99Ms),
      ];
    } finally {
      await platform.stop();
    }
  },
};
