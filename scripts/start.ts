import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { localPlatformConfig, startAppServer } from './app-server';
import { seedDemo, startPlatform } from './platform-process';

/**
 * `npm start`: builds the app, starts the platform on the embedded data directory with the demo
 * account, serves the app, and stops both cleanly on Ctrl-C.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5173' },
      'platform-port': { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: '.data' },
      'token-ttl': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
    },
  });
  if (!values['skip-build']) {
    console.log('Building the app…');
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The app did not build; see the errors above.');
  }
  const app = await startAppServer('dist', values.host, Number(values.port));
  const dataDir = ['--data-dir', values['data-dir']];
  const demo = await seedDemo(app.origin, values['data-dir']);
  const ttl = values['token-ttl'] ? ['--token-ttl', values['token-ttl']] : [];
  const platform = await startPlatform([
    '--port',
    values['platform-port'],
    '--host',
    values.host,
    '--app-origin',
    app.origin,
    ...dataDir,
    ...ttl,
  ]);
  app.setConfig(localPlatformConfig(platform.url, demo.client_id));
  console.log(`
  Design Data Manager is running.

    App:       ${app.origin}
    Platform:  ${platform.url}  (data in ${values['data-dir']}/)
    Sign in:   ${demo.email} / ${demo.password}

  Press Ctrl-C to stop.
`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await platform.stop();
    await app.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  platform.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`The platform stopped unexpectedly (exit ${code}).`);
    void stop(1);
  });
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message}`);
  process.exit(1);
});
