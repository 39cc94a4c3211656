import { platformLog } from './process-life';
import type { ServeOptions } from './serve-options';
import { startServeInstance } from './serve-instance';

/** `platform serve`: the platform on one port until SIGINT or SIGTERM, which drains it. */
export async function runServe(options: ServeOptions): Promise<void> {
  const { say } = platformLog(options.log);
  const instance = await startServeInstance(options, { say });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`platform stopping (${signal}): draining`);
    await instance.stop();
    say('platform stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
