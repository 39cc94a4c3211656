import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { azuriteWithBlobs } from './azurite';
import { load, P99_TARGET_MS, result, type Benchmark } from './harness';
import { ossPlatform } from './oss-platform';

const OBJECTS = 100;

/**
 * `GET …/objects?limit=100` on a bucket of 100 objects under 50 connections (token check, database,
 * serializing), side by side in one run with Azurite's List Blobs of 100 (a peer local emulator;
 * target: at least 10 times its rate) and a bare Node server answering the platform's bytes (what the
 * stack costs; target: at least a quarter of its rate); p99 at most 250 ms.
 */
export const ossList: Benchmark = {
  name: 'oss-list',
  async run() {
    const platform = await ossPlatform('bench-list');
    const azurite = await azuriteWithBlobs('bench-list', OBJECTS);
    try {
      for (let index = 0; index < OBJECTS; index++) {
        const key = `drawings/sheet-${String(index).padStart(3, '0')}.pdf`;
        const response = await platform.call(`/oss/v2/buckets/bench-list/objects/${encodeURIComponent(key)}`, {
          method: 'PUT',
          body: new Uint8Array(1024).fill(index),
        });
        if (response.status !== 200) throw new Error(`put ${key} answered ${response.status}`);
      }
      const listUrl = `${platform.url}/oss/v2/buckets/bench-list/objects?limit=${OBJECTS}`;
      const sample = await (await platform.call(`/oss/v2/buckets/bench-list/objects?limit=${OBJECTS}`)).text();
      const bare = createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(sample);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const baseline = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, platform.headers);
      bare.close();
      const peer = await load(azurite.listUrl, azurite.headers);
      const measured = await load(listUrl, platform.headers);
      if (measured.errors) throw new Error(`oss-list: ${measured.errors} requests failed`);
      if (peer.errors) throw new Error(`oss-list: ${peer.errors} Azurite requests failed`);
      return [
        result(
          'oss-list 100 objects requests per second (50 connections; baseline: a bare Node server, target ≥ 0.25)',
          measured.requestsPerSecond,
          'req/s',
          baseline.requestsPerSecond,
        ),
        result(
          'oss-list 100 objects requests per second (50 connections; baseline: Azurite List Blobs of 100, target ≥ 10)',
          measured.requestsPerSecond,
          'req/s',
          peer.requestsPerSecond,
        ),
        result(
          'oss-list 100 objects p99 latency (50 connections; baseline: the 250 ms target)',
          measured.p99Ms,
          'ms',
          P99_TARGET_MS,
        ),
        result(
          'oss-list 100 objects p99 latency (50 connections; baseline: Azurite List Blobs of 100)',
          measured.p99Ms,
          'ms',
          peer.p99Ms,
        ),
      ];
    } finally {
      await azurite.stop();
      await platform.stop();
    }
  },
};
