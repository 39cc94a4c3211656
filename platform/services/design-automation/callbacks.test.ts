import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkItemStatus } from '../../../contracts/design-automation';
import { daApp, daJson, daRequest, defineActivity, workitemOf } from '../../testing/design-automation';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let platform: TestPlatform;
let server: ReturnType<typeof createServer>;
let base: string;
const received: Received[] = [];
beforeAll(async () => {
  platform = await createTestPlatform();
  // An app's own server on this machine, as the tutorials' onComplete handlers are (no ngrok needed here).
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
      });
      response.writeHead(request.url === '/broken' ? 500 : 200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await platform.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('callbacks', () => {
  it('posts onProgress as the program reports it and onComplete with the final status to a local server', async () => {
    const { bearer } = await daApp(platform);
    await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: 'Caller' });
    const activityId = await defineActivity(platform, bearer, 'Caller', {
      id: 'Progress',
      commandLine: ['$(engine.path)/fake progress {"step":1}', '$(engine.path)/fake progress {"step":2}'],
    });
    const { id } = await daJson<WorkItemStatus>(platform, bearer, 'POST', '/workitems', {
      activityId,
      arguments: {
        onProgress: { url: `${base}/progress`, verb: 'post', headers: { 'x-secret': 's3' } },
        onComplete: { url: `${base}/complete`, verb: 'post' },
      },
    });
    await platform.app.workitems.idle();
    const progress = received.filter((call) => call.path === '/progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({
      method: 'POST',
      body: { step: 2 },
      headers: { 'x-secret': 's3', 'content-type': 'application/json' },
    });
    const complete = received.filter((call) => call.path === '/complete');
    expect(complete).toHaveLength(1);
    const status = await workitemOf(platform, bearer, id);
    expect(complete[0]!.body).toEqual({ ...status, reportUrl: expect.any(String), activityId });
    expect((complete[0]!.body as WorkItemStatus).status).toBe('success');
  });

  it('does not hold the workitem up when the callback fails, and refuses hosts the operator has not allowed', async () => {
    const { bearer } = await daApp(platform);
    await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: 'Caller2' });
    const activityId = await defineActivity(platform, bearer, 'Caller2', {
      id: 'Print',
      commandLine: ['$(engine.path)/fake print hi'],
    });
    const before = received.length;
    const broken = await daJson<WorkItemStatus>(platform, bearer, 'POST', '/workitems', {
      activityId,
      arguments: { onComplete: { url: `${base}/broken` } },
    });
    const remote = await daJson<WorkItemStatus>(platform, bearer, 'POST', '/workitems', {
      activityId,
      arguments: { onComplete: { url: 'https://hooks.example.com/done' } },
    });
    await platform.app.workitems.idle();
    expect((await workitemOf(platform, bearer, broken.id)).status).toBe('success');
    expect((await workitemOf(platform, bearer, remote.id)).status).toBe('success');
    expect(received.slice(before).map((call) => call.path)).toEqual(['/broken']);
    expect(
      (
        await daRequest(platform, bearer, 'POST', '/workitems', {
          activityId,
          arguments: { onComplete: { url: 'ftp://x/y' } },
        })
      ).status,
    ).toBe(400);
  });
});
