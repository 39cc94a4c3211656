import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobin {
  url: string;
  /** The instances requests go to, in turn; a test may change it (an instance stopped). */
  targets: string[];
  close(): Promise<void>;
}

/**
 * A load balancer in front of several platform instances, as a team deployment has one: each
 * request goes to the next instance in turn, the body streamed both ways.
 */
export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  let next = 0;
  const balancer: RoundRobin = {
    url: '',
    targets,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', balancer.targets[next++ % balancer.targets.length]);
    // A fresh connection each time: a kept-alive one the instance has just closed would reset the request.
    const upstream = http.request(
      target,
      { method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return balancer;
}
