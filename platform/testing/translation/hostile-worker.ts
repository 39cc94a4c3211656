/**
 * A worker for the pool's own tests that misbehaves on demand, chosen by the request's file name:
 * `hang.x` never answers, `grow.x` eats memory outside the JS heap, `crash.x` exits, `slow-N.x`
 * answers after N ms, `big-N.x` says it holds N MB, `crowded.x` answers once the pool says another
 * job has started beside it; anything else answers at once. Its answer says which process it ran in,
 * whether the pool said it started alone, and whether the pool had it warm up before its first job
 * (`true`; `hurried after N runs` when the pool cut its warm-up of WARM_RUNS short for a waiting job),
 * when its process started and its warm-up ended, and the options Node was started with.
 */
import type { FromWorker, ToWorker } from '../../translation/worker-protocol';

const send = (message: FromWorker) => process.send?.(message);
const hoard: Buffer[] = [];
let whenCrowded: (() => void) | undefined;
const startedAt = Date.now();
let warmedAt = 0;
let warmed = 'false';
let hurried = false;
const WARM_RUNS = 10;
const WARM_RUN_MS = 100;

async function warmUp() {
  for (let run = 0; run < WARM_RUNS; run++) {
    if (run > 0 && hurried) return `hurried after ${run} runs`;
    await new Promise((resolve) => setTimeout(resolve, WARM_RUN_MS));
  }
  return 'true';
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'crowded') return whenCrowded?.();
  if (message.type === 'hurry') return void (hurried = true);
  if (message.type === 'warm') {
    return void warmUp().then((how) => {
      warmed = how;
      warmedAt = Date.now();
      send({ type: 'warmed' });
    });
  }
  const { id, request } = message;
  const name = request.fileName;
  if (name.startsWith('hang')) return;
  if (name.startsWith('crash')) process.exit(3);
  if (name.startsWith('grow')) {
    // Buffers live outside the V8 heap, as web-ifc's wasm memory does: only the RSS watch catches them.
    setInterval(() => hoard.push(Buffer.alloc(32 * 1024 * 1024, 1)), 5);
    return;
  }
  const delay = Number(/^slow-(\d+)/.exec(name)?.[1] ?? 0);
  const residentMb = Number(/^big-(\d+)/.exec(name)?.[1] ?? 50);
  send({ type: 'progress', id, percent: 50 });
  const warnings = [
    { type: 'info', code: 'pid', message: String(process.pid) },
    { type: 'info', code: 'alone', message: String(message.alone) },
    { type: 'info', code: 'warmed', message: warmed },
    { type: 'info', code: 'startedAt', message: String(startedAt) },
    { type: 'info', code: 'warmedAt', message: String(warmedAt) },
    { type: 'info', code: 'execArgv', message: process.execArgv.join(' ') },
  ] as const;
  const answer = () => send({ type: 'done', id, result: { derivatives: [], warnings: [...warnings] }, residentMb });
  if (name.startsWith('crowded')) whenCrowded = answer;
  else setTimeout(answer, delay);
});

process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
