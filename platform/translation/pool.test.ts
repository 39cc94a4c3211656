import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TranslationTimeoutError, type TranslationRequest, type Translator } from './engine-types';
import { TranslationError } from './model';
import { createWorkerPool, type WorkerPool } from './pool';

const entry = fileURLToPath(new URL('../testing/translation/hostile-worker.ts', import.meta.url));
const request = (fileName: string): TranslationRequest => ({
  sourcePath: '/nonexistent',
  fileName,
  outputs: [{ type: 'obj' }],
  outDir: '/nonexistent',
});
const never = new AbortController().signal;
const pidOf = (result: Awaited<ReturnType<Translator['translate']>>) => Number(result.warnings[0]?.message);
const timeOf = (code: string) => (result: Awaited<ReturnType<Translator['translate']>>) =>
  Number(result.warnings.find((warning) => warning.code === code)?.message);
const warmedOf = (result: Awaited<ReturnType<Translator['translate']>>) =>
  result.warnings.find((warning) => warning.code === 'warmed')?.message;

describe('translation worker pool', () => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('runs a job in another process and reports its progress', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    const progress: number[] = [];
    const result = await pool.translate(request('ok.ifc'), (percent) => progress.push(percent), never);
    expect(pidOf(result)).not.toBe(process.pid);
    expect(progress).toEqual([50]);
  });

  it("starts its workers with V8's memory reducer off, so an idle one keeps the heaps its jobs grew", async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    const result = await pool.translate(request('ok.ifc'), () => undefined, never);
    const flags = result.warnings.find((warning) => warning.code === 'execArgv')?.message.split(' ');
    expect(flags).toEqual(expect.arrayContaining(['--no-memory-reducer', '--no-liftoff', '--max-old-space-size=1024']));
  });

  it('stops a job that runs too long, and the next job still runs', async () => {
    // The limit covers the next job's new worker too, whose start (tsx compiling the test worker)
    // takes seconds on a loaded machine.
    pool = createWorkerPool({ workers: 1, timeoutMs: 5000, memoryMb: 1024, entry });
    await expect(pool.translate(request('hang.ifc'), () => undefined, never)).rejects.toBeInstanceOf(
      TranslationTimeoutError,
    );
    await expect(pool.translate(request('ok.ifc'), () => undefined, never)).resolves.toBeDefined();
  });

  it('stops a job whose process grows past its memory limit', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 400, entry, memoryPollMs: 20 });
    const failure = await pool.translate(request('grow.ifc'), () => undefined, never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TranslationError);
    expect((failure as TranslationError).code).toBe('TranslationWorker-OutOfMemory');
    await expect(pool.translate(request('ok.ifc'), () => undefined, never)).resolves.toBeDefined();
  });

  it('fails only the job whose process crashed', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    const failure = await pool.translate(request('crash.ifc'), () => undefined, never).catch((error: unknown) => error);
    expect((failure as TranslationError).code).toBe('TranslationWorker-Crashed');
    await expect(pool.translate(request('ok.ifc'), () => undefined, never)).resolves.toBeDefined();
  });

  it('runs at most `workers` jobs at once and keeps its processes between jobs', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry });
    const results = await Promise.all(
      ['slow-300', 'slow-300', 'slow-300', 'slow-300'].map((name) =>
        pool!.translate(request(`${name}.ifc`), () => undefined, never),
      ),
    );
    expect(new Set(results.map(pidOf)).size).toBe(2);
  });

  it('tells a job whether it starts alone, so that it may take both cores', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry });
    const aloneOf = (result: Awaited<ReturnType<Translator['translate']>>) =>
      result.warnings.find((warning) => warning.code === 'alone')?.message;
    expect(aloneOf(await pool.translate(request('ok.ifc'), () => undefined, never))).toBe('true');
    const pair = await Promise.all(
      ['slow-200', 'slow-200'].map((name) => pool!.translate(request(`${name}.ifc`), () => undefined, never)),
    );
    expect(pair.map(aloneOf)).toEqual(['true', 'false']);
  });

  it('tells a running job when another starts beside it', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry });
    const waiting = pool.translate(request('crowded.ifc'), () => undefined, never);
    const beside = await pool.translate(request('ok.ifc'), () => undefined, never);
    expect(beside.warnings.find((warning) => warning.code === 'alone')?.message).toBe('false');
    await expect(waiting).resolves.toBeDefined();
  });

  it('keeps a worker for job after job, and retires one that has grown past half its memory limit', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    const run = async (name: string) => pidOf(await pool!.translate(request(name), () => undefined, never));
    const first = await run('ok.ifc');
    for (let i = 0; i < 30; i++) expect(await run('ok.ifc')).toBe(first);
    expect(await run('big-600.ifc')).toBe(first);
    const next = await run('ok.ifc');
    expect(next).not.toBe(first);
    expect(await run('big-500.ifc')).toBe(next);
    expect(await run('ok.ifc')).toBe(next);
  });

  it('cancels a running job when its signal aborts', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    const controller = new AbortController();
    const running = pool.translate(request('hang.ifc'), () => undefined, controller.signal);
    const late = pool.translate(request('slow-0.ifc'), () => undefined, never);
    // hang.ifc never reports progress, so abort from outside once it has started.
    setImmediate(() => controller.abort());
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(late).resolves.toBeDefined();
  });

  it('starts and warms every worker before the first job arrives, one after another so the first is ready sooner', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    await pool.ready();
    const pair = await Promise.all(
      ['slow-100', 'slow-100'].map((name) => pool!.translate(request(`${name}.ifc`), () => undefined, never)),
    );
    expect(pair.map(warmedOf)).toEqual(['true', 'true']);
    expect(new Set(pair.map(pidOf)).size).toBe(2);
    const [first, second] = [...pair].sort((a, b) => timeOf('startedAt')(a) - timeOf('startedAt')(b));
    expect(timeOf('startedAt')(second!)).toBeGreaterThanOrEqual(timeOf('warmedAt')(first!));
  });

  it('gives each job to the worker idle longest: first the one warm first, then the other', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    await pool.ready();
    const results: Awaited<ReturnType<Translator['translate']>>[] = [];
    for (let job = 0; job < 3; job++) results.push(await pool.translate(request('ok.ifc'), () => undefined, never));
    const [first, second, third] = results.map((result) => ({
      pid: pidOf(result),
      warmedAt: timeOf('warmedAt')(result),
    }));
    expect(second!.pid).not.toBe(first!.pid);
    expect(first!.warmedAt).toBeLessThan(second!.warmedAt);
    expect(third!.pid).toBe(first!.pid);
  });

  it('puts a warm worker in the place of one that retires, before another job asks for it', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    await pool.ready();
    const retired = pidOf(await pool.translate(request('big-600.ifc'), () => undefined, never));
    // No job is waiting: the pool is ready again only because it started and warmed the replacement itself.
    await pool.ready();
    const next = await pool.translate(request('ok.ifc'), () => undefined, never);
    expect(pidOf(next)).not.toBe(retired);
    expect(warmedOf(next)).toBe('true');
  });

  it('replaces a crashed worker warm, and the job that crashed it fails alone', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    await pool.ready();
    await expect(pool.translate(request('crash.ifc'), () => undefined, never)).rejects.toMatchObject({
      code: 'TranslationWorker-Crashed',
    });
    await pool.ready();
    expect(warmedOf(await pool.translate(request('ok.ifc'), () => undefined, never))).toBe('true');
  });

  it('cuts a warm-up short for a job that comes during it, and only as many as there are jobs waiting', async () => {
    pool = createWorkerPool({ workers: 2, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    const early = await pool.translate(request('ok.ifc'), () => undefined, never);
    expect(warmedOf(early)).toMatch(/^hurried after [1-9] runs$/);
    await pool.ready();
    // The other worker was left to warm up in full: the next two jobs run one on each.
    const pair = await Promise.all(
      ['slow-100', 'slow-100'].map((name) => pool!.translate(request(`${name}.ifc`), () => undefined, never)),
    );
    expect(pair.map(warmedOf).sort()).toEqual([warmedOf(early), 'true']);
    expect(new Set(pair.map(pidOf)).size).toBe(2);
  });

  it('cuts the warm-up of a crashed worker’s replacement short for the job that waits for it', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry, warm: true });
    await pool.ready();
    await expect(pool.translate(request('crash.ifc'), () => undefined, never)).rejects.toMatchObject({
      code: 'TranslationWorker-Crashed',
    });
    expect(warmedOf(await pool.translate(request('ok.ifc'), () => undefined, never))).toMatch(
      /^hurried after [1-9] runs$/,
    );
  });

  it('starts no worker ahead of the jobs without warm-up', async () => {
    pool = createWorkerPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1024, entry });
    await pool.ready();
    expect(warmedOf(await pool.translate(request('ok.ifc'), () => undefined, never))).toBe('false');
  });
});
