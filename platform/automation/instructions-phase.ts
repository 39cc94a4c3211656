import { constants } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalEngine } from './catalog';
import { parseCommandLine, showCommandLine, type Command } from './command-expansion';
import type { EngineDir } from './engine-dirs';
import { RUNTIME_DIR } from './libraries';
import { acesListener } from './on-demand';
import type { RunContext } from './run-context';
import { RunFailure } from './run-failure';
import { safeUnzip, UnzipError } from './safe-unzip';
import { nodeFlags, type Isolation } from './sandbox';
import { runProcess } from './sandboxed-process';
import { download } from './transfer';
import { requestUrl } from './job-arguments';
import { folderBytes } from './zip-folder';

const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

async function extractBundles(ctx: RunContext): Promise<Record<string, string>> {
  const folders: Record<string, string> = {};
  let left = ctx.settings.maxBundleBytes;
  for (const bundle of ctx.plan.appbundles) {
    if (!SAFE_NAME.test(bundle.name))
      throw new RunFailure(
        'failedInstructions',
        `The appbundle name ${JSON.stringify(bundle.name)} cannot be a folder name.`,
      );
    const folder = path.join(ctx.runDir, 'bundles', bundle.name);
    try {
      const { bytes } = await safeUnzip(bundle.zipPath, folder, {
        maxBytes: left,
        maxEntries: ctx.settings.maxZipEntries,
      });
      left -= bytes;
    } catch (error) {
      const over = error instanceof UnzipError && error.overLimit;
      throw new RunFailure(
        over ? 'failedLimitDataSize' : 'failedInstructions',
        `The appbundle ${bundle.name} could not be extracted: ${(error as Error).message}`,
      );
    }
    folders[bundle.name] = folder;
  }
  return folders;
}

/** String settings become files (`$(settings[Name].path)`) or, flagged, environment variables; URL settings are fetched. */
async function writeSettings(ctx: RunContext): Promise<{ files: Record<string, string>; env: Record<string, string> }> {
  const files: Record<string, string> = {};
  const env: Record<string, string> = {};
  const dir = path.join(ctx.runDir, 'settings');
  await mkdir(dir, { recursive: true });
  for (const [name, setting] of Object.entries(ctx.plan.settings)) {
    if ('value' in setting && setting.isEnvironmentVariable) {
      if (!ENV_NAME.test(name))
        throw new RunFailure(
          'failedInstructions',
          `The setting ${JSON.stringify(name)} cannot be an environment variable's name.`,
        );
      env[name] = setting.value;
      continue;
    }
    if (!SAFE_NAME.test(name))
      throw new RunFailure('failedInstructions', `The setting name ${JSON.stringify(name)} cannot be a file name.`);
    const file = path.join(dir, name);
    if ('value' in setting)
      await writeFile(file, setting.value, { flag: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL });
    else {
      const request = {
        url: requestUrl(setting.url, ctx.settings.platformUrl),
        method: setting.verb ?? 'get',
        headers: setting.headers ?? {},
        log: (line: string) => ctx.hooks.log(line),
      };
      const bytes = await download(
        ctx.hooks.fetch,
        request,
        file,
        ctx.settings.maxDownloadBytes - ctx.totals.downloaded,
        ctx.signal,
      ).catch((error: Error) => {
        throw new RunFailure('failedDownload', `The setting ${name} could not be downloaded: ${error.message}`);
      });
      ctx.totals.downloaded += bytes;
    }
    files[name] = file;
  }
  return { files, env };
}

/**
 * The instructions phase: bundles extracted into the run's own folder (the program may read, not
 * write, them), settings written, each command line expanded and run in turn as a sandboxed
 * process in the job folder, stopping at the first that fails.
 */
export async function instructionsPhase(
  ctx: RunContext,
  engine: LocalEngine,
  engineDir: EngineDir,
  isolation: Isolation,
): Promise<void> {
  const { plan, hooks, settings } = ctx;
  hooks.log('Start preparing script and command line parameters.');
  const appbundles = await extractBundles(ctx);
  const { files, env } = await writeSettings(ctx);
  await symlink(engineDir.nodeModules, path.join(ctx.runDir, 'node_modules'), 'dir');
  const argPaths = Object.fromEntries(ctx.args.map((arg) => [arg.name, arg.path]));
  const context = { enginePath: engineDir.path, args: argPaths, appbundles, settings: files };
  if (plan.commandLine.length === 0)
    throw new RunFailure('failedInstructions', 'The activity has no command line to run.');
  const commands: Command[] = plan.commandLine.map((line) =>
    parseCommandLine(line, context, engine.launchers, plan.jobDir),
  );
  for (const command of commands)
    hooks.log(`Command line: [ ${showCommandLine(path.join(engineDir.path, command.launcher), command.args)} ]`);
  hooks.log('End preparing script and command line parameters.');
  hooks.log(`Sandbox: ${isolation.layers.join('; ')}.`);
  hooks.log('Start script phase.');
  const flags = nodeFlags({
    readable: [ctx.runDir, ...engineDir.readable],
    writable: [plan.jobDir],
    memoryMb: settings.memoryMb,
  });
  const processEnv = {
    APS_DA_ARGS: JSON.stringify(argPaths),
    APS_DA_ENV: JSON.stringify(env),
    HOME: plan.jobDir,
    TMPDIR: plan.jobDir,
    LANG: 'C.UTF-8',
    PATH: '/usr/bin:/bin',
  };
  const deadline = performance.now() + plan.limitProcessingTimeSec * 1000;
  const onStdout = acesListener(ctx);
  for (const command of commands) {
    const script = command.launcher === 'test' ? [path.join(RUNTIME_DIR, 'test-engine.mjs')] : [];
    const argv = [
      ...isolation.prefix(settings.maxJobFolderBytes),
      process.execPath,
      ...flags,
      ...script,
      ...command.args,
    ];
    const limits = {
      timeMs: Math.max(1, deadline - performance.now()),
      limitSec: plan.limitProcessingTimeSec,
      memoryMb: settings.memoryMb,
      maxFolderBytes: settings.maxJobFolderBytes,
      heartbeatMs: settings.heartbeatMs,
      pollMs: settings.pollMs,
      maxLogBytes: settings.maxLogBytes,
    };
    await runProcess(
      { argv, cwd: plan.jobDir, env: processEnv, folder: plan.jobDir },
      limits,
      { line: (text) => hooks.log(text), stdoutLine: onStdout },
      ctx.signal,
    ).catch(async (error: unknown) => {
      // A file cut short by the file-size cap makes the program fail with EFBIG: the limit is the cause.
      if (
        error instanceof RunFailure &&
        error.status === 'failedInstructions' &&
        (await folderBytes(plan.jobDir)) >= settings.maxJobFolderBytes
      ) {
        throw new RunFailure(
          'failedLimitDataSize',
          `The job folder reached its limit of ${settings.maxJobFolderBytes} bytes.`,
        );
      }
      throw error;
    });
    if ((await folderBytes(plan.jobDir)) > settings.maxJobFolderBytes) {
      throw new RunFailure(
        'failedLimitDataSize',
        `The job folder grew past its limit of ${settings.maxJobFolderBytes} bytes.`,
      );
    }
  }
  hooks.log('End script phase.');
}
