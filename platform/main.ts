import { UsageError } from './cli/args';
import { USAGE } from './cli/usage';
import { DataDirLockedError } from './storage/data-dir';

// Each command loads only what it runs: an admin command or a usage error need not load the
// platform's services, engines and the S3 client, which took most of a second at every start.
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'serve') {
    const [{ parseServeOptions }, { runServe }] = await Promise.all([
      import('./cli/serve-options'),
      import('./cli/run-serve'),
    ]);
    return runServe(parseServeOptions(rest));
  }
  if (command === 'worker') {
    const [{ parseWorkerOptions }, { runWorker }] = await Promise.all([
      import('./cli/worker-options'),
      import('./cli/run-worker'),
    ]);
    return runWorker(parseWorkerOptions(rest));
  }
  if (command === 'gateway' && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'gateway') {
    const [{ parseGatewayOptions }, { runGateway }] = await Promise.all([
      import('./cli/gateway-options'),
      import('./cli/run-gateway'),
    ]);
    return runGateway(parseGatewayOptions(rest, process.env));
  }
  if (command === 'admin') {
    const { runAdmin } = await import('./cli/admin');
    console.log(JSON.stringify(await runAdmin(rest)));
    return;
  }
  throw new UsageError(`Unknown command "${command}".`);
}

/** Errors whose message is all a person needs (by name: their modules load only with their commands). */
const SAID_IN_WORDS = new Set(['SeedError', 'SnapshotError']);

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const message =
    error instanceof DataDirLockedError || SAID_IN_WORDS.has((error as Error).name)
      ? (error as Error).message
      : `error: ${(error as Error).stack ?? String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
