import { zipSync } from 'fflate';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FinalWorkItemStatus } from '../../contracts/design-automation';
import type {
  EngineDescription,
  PlanArgument,
  RunHooks,
  RunOutcome,
  RunPlan,
  WorkitemEngine,
} from '../automation/engine-types';
import { fetchFollowingRedirects } from '../automation/redirects';
import type { Clock } from '../config';
import { systemClock } from '../config';

export const FAKE_ENGINE_ID = 'Local.Fake+1';
export const FAKE_AUTODESK_ENGINE_ID = 'Autodesk.AutoCAD+25_0';

const ENGINES: EngineDescription[] = [
  {
    id: FAKE_ENGINE_ID,
    description: "The tests' fake engine: runs the steps of its command line in-process.",
    productVersion: '1',
    version: 1,
    runsLocally: true,
    limitProcessingTimeSec: 300,
  },
  {
    id: FAKE_AUTODESK_ENGINE_ID,
    description: "AutoCAD 2025 core engine: Autodesk's, listed so clients work; it does not run here.",
    productVersion: '25.0',
    version: 1,
    runsLocally: false,
    limitProcessingTimeSec: 100,
  },
];

/** A run waiting at a `hold` step until the test lets it go on (or cancels it). */
export interface HeldRun {
  plan: RunPlan;
  hooks: RunHooks;
  signal: AbortSignal;
  release(): void;
}

class RunEnd extends Error {
  constructor(
    readonly status: Exclude<FinalWorkItemStatus, 'success'>,
    message: string,
  ) {
    super(message);
  }
}

const OUTPUTS = new Set(['put', 'post', 'patch']);
const tokens = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);

/**
 * A WorkitemEngine for the service's tests: it moves bytes through `hooks.fetch` as a real engine
 * does (inputs in, outputs out, in the job folder) and runs the command line's steps itself:
 * `copy FROM TO`, `write FILE TEXT`, `print TEXT`, `progress JSON`, `hold`, `fail`, `timeout`,
 * `toolarge`. Each line's first token (the program) is ignored.
 */
export class FakeAutomationEngine implements WorkitemEngine {
  readonly engines = ENGINES;
  readonly plans: RunPlan[] = [];
  private readonly held: HeldRun[] = [];
  private waiters: ((run: HeldRun) => void)[] = [];
  closed = false;

  constructor(private readonly clock: Clock = systemClock) {}

  nextHeld(): Promise<HeldRun> {
    const run = this.held.shift();
    return run ? Promise.resolve(run) : new Promise((resolve) => this.waiters.push(resolve));
  }

  async run(plan: RunPlan, hooks: RunHooks, signal: AbortSignal): Promise<RunOutcome> {
    this.plans.push(plan);
    const engine = ENGINES.find((known) => known.id === plan.engineId);
    if (!engine?.runsLocally) {
      const message = `The engine ${plan.engineId} does not run on this platform; nothing was run.`;
      hooks.log(`Error: ${message}`);
      return { status: 'failedInstructions', message };
    }
    let phase: 'download' | 'instructions' | 'upload' | undefined;
    const enter = (next?: typeof phase) => {
      if (phase) hooks.phase(phase, 'end', this.clock.now());
      phase = next;
      if (next) hooks.phase(next, 'start', this.clock.now());
    };
    let outcome: RunOutcome = { status: 'success' };
    try {
      enter('download');
      hooks.log('Start download phase.');
      await this.download(plan, hooks, signal);
      enter('instructions');
      hooks.log('Start script phase.');
      for (const line of plan.commandLine) await this.step(plan, hooks, signal, this.expand(plan, line));
      enter('upload');
      hooks.log('Start upload phase.');
      await this.upload(plan, hooks, signal);
      enter();
    } catch (error) {
      enter();
      outcome = signal.aborted
        ? { status: 'cancelled', message: 'The workitem was cancelled.' }
        : error instanceof RunEnd
          ? { status: error.status, message: error.message }
          : { status: 'failedInstructions', message: (error as Error).message };
      hooks.log(`Error: ${outcome.message}`);
    }
    if (plan.uploadJobFolder) {
      const files: Record<string, Uint8Array> = {};
      for (const name of await readdir(plan.jobDir, { recursive: true })) {
        const file = path.join(plan.jobDir, name);
        files[name] = await readFile(file).catch(() => new Uint8Array());
      }
      outcome.debugZipPath = `${plan.jobDir}-debug.zip`;
      await writeFile(outcome.debugZipPath, zipSync(files));
    }
    return outcome;
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  private localPath(plan: RunPlan, name: string): string {
    const argument = plan.arguments[name];
    const local =
      (argument?.kind === 'url' ? argument.localName : undefined) ?? plan.parameters[name]?.localName ?? name;
    return path.join(plan.jobDir, local);
  }

  private expand(plan: RunPlan, line: string): string {
    return line
      .replace(/\$\(args\[([^\]]+)\]\.path\)/g, (_, name: string) => this.localPath(plan, name))
      .replace(
        /\$\(appbundles\[([^\]]+)\]\.path\)/g,
        (_, name: string) => plan.appbundles.find((bundle) => bundle.name === name)?.zipPath ?? '',
      )
      .replace(/\$\(engine\.path\)/g, '/fake-engine');
  }

  private verbOf(plan: RunPlan, name: string, argument: PlanArgument): string {
    return (argument.kind === 'url' ? argument.verb : undefined) ?? plan.parameters[name]?.verb ?? 'get';
  }

  private async download(plan: RunPlan, hooks: RunHooks, signal: AbortSignal) {
    let total = 0;
    for (const [name, argument] of Object.entries(plan.arguments)) {
      if (OUTPUTS.has(this.verbOf(plan, name, argument)) || plan.parameters[name]?.ondemand) continue;
      const file = this.localPath(plan, name);
      await mkdir(path.dirname(file), { recursive: true });
      if (argument.kind === 'value') {
        await writeFile(file, argument.value);
        continue;
      }
      hooks.log(`Start downloading input: verb - 'GET', url - '${plan.mask ? '***' : argument.url}'`);
      const response = await fetchFollowingRedirects(hooks.fetch, {
        url: argument.url,
        method: 'GET',
        headers: argument.headers,
        signal,
        log: (line) => hooks.log(line),
      }).catch((error: Error) => {
        throw new RunEnd('failedDownload', `Failed to download '${name}': ${error.message}`);
      });
      if (!response.ok)
        throw new RunEnd('failedDownload', `Failed to download '${name}': the server answered ${response.status}.`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      await writeFile(file, bytes);
      total += bytes.length;
      hooks.bytes('downloaded', total);
    }
    hooks.log('End download phase successfully.');
  }

  private async step(plan: RunPlan, hooks: RunHooks, signal: AbortSignal, line: string) {
    const [, command, ...args] = tokens(line);
    if (command === 'copy') await writeFile(args[1]!, await readFile(args[0]!));
    else if (command === 'write') await writeFile(args[0]!, args.slice(1).join(' '));
    else if (command === 'print') hooks.log(args.join(' '));
    else if (command === 'progress') hooks.progress(JSON.parse(args.join(' ')));
    else if (command === 'fail')
      throw new RunEnd('failedInstructions', `The program exited with code ${args[0] ?? 1}.`);
    else if (command === 'timeout')
      throw new RunEnd('failedLimitProcessingTime', `The workitem ran past ${plan.limitProcessingTimeSec} seconds.`);
    else if (command === 'toolarge') throw new RunEnd('failedLimitDataSize', 'The job folder grew past its limit.');
    else if (command === 'hold') await this.hold(plan, hooks, signal);
    else throw new RunEnd('failedInstructions', `Unknown step '${command ?? ''}'.`);
  }

  private hold(plan: RunPlan, hooks: RunHooks, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      const run: HeldRun = { plan, hooks, signal, release: resolve };
      const waiter = this.waiters.shift();
      if (waiter) waiter(run);
      else this.held.push(run);
    });
  }

  private async upload(plan: RunPlan, hooks: RunHooks, signal: AbortSignal) {
    let total = 0;
    for (const [name, argument] of Object.entries(plan.arguments)) {
      const verb = this.verbOf(plan, name, argument);
      if (!OUTPUTS.has(verb) || argument.kind !== 'url') continue;
      const bytes = await readFile(this.localPath(plan, name)).catch(() => undefined);
      if (!bytes) {
        if (argument.optional) continue;
        throw new RunEnd('failedUpload', `The output '${name}' was not written.`);
      }
      hooks.log(`Uploading '${name}': verb - '${verb.toUpperCase()}', url - '${plan.mask ? '***' : argument.url}'`);
      const response = await fetchFollowingRedirects(hooks.fetch, {
        url: argument.url,
        method: verb,
        headers: argument.headers,
        body: () => bytes,
        signal,
        log: (line) => hooks.log(line),
      }).catch((error: Error) => {
        throw new RunEnd('failedUpload', `Failed to upload '${name}': ${error.message}`);
      });
      await response.body?.cancel();
      if (!response.ok)
        throw new RunEnd('failedUpload', `Failed to upload '${name}': the server answered ${response.status}.`);
      total += bytes.length;
      hooks.bytes('uploaded', total);
    }
    hooks.log('End upload phase successfully.');
  }
}
