/**
 * A worker for the pool's own tests that misbehaves on demand, chosen by the request's file name:
 * `hang.x` never answers, `grow.x` eats memory outside the JS heap, `crash.x` exits, `slow-N.x`
 * answers after N ms, `big-N.x` says it holds N MB, `crowded.x` answers once the pool says another
 * job has started beside it; anything else answers at once. Its answer says which process it ran in,
 * whether the pool said it started alone, and whether the pool had it warm up before its first job.
 */
import type { FromWorker, ToWorker } from '../worker-protocol';

const send = (message: FromWorker) => process.send?.(message);
const hoard: Buffer[] = [];
let whenCrowded: (() => void) | undefined;
let warmed = false;

process.on('message', (message: ToWorker) => {
  if (message.type === 'crowded') return whenCrowded?.();
  if (message.type === 'warm') {
    warmed = true;
    return send({ type: 'warmed' });
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
  const warnings = [{ type: 'info', code: 'pid', message: String(process.pid) }, { type: 'info', code: 'alone', message: String(message.alone) }, { type: 'info', code: 'warmed', message: String(warmed) }] as const;
  const answer = () => send({ type: 'done', id, result: { derivatives: [], warnings: [...warnings] }, residentMb });
  if (name.startsWith('crowded')) whenCrowded = answer;
  else setTimeout(answer, delay);
});

process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
