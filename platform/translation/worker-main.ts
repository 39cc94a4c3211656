/**
 * A translation worker process: the pool forks it, sends it one job at a time and kills it when a job
 * runs too long or too large. Nothing here may take the platform down; a crash only ends this process.
 */
import { runTranslation } from './engine';
import { TranslationError } from './model';
import { useGeometryThreads } from './readers/ifc-thread';
import { warmUp } from './warm-up/warm-up';
import { INTERNAL_FAILURE, type FromWorker, type ToWorker } from './worker-protocol';

// A parent gone before a message leaves (killed with -9) is the 'disconnect' below, not an error to crash on.
const send = (message: FromWorker) =>
  void (process.connected && process.send?.(message, undefined, {}, () => undefined));
const residentMb = () => Math.round(process.memoryUsage.rss() / (1024 * 1024));

let hurried = false;

process.on('message', (message: ToWorker) => {
  // A second geometry thread pays off on a core no other job wants; beside another job it only costs.
  if (message.type === 'crowded') return useGeometryThreads(1);
  // A warm-up that fails leaves a worker that is only slower: it takes jobs all the same.
  if (message.type === 'hurry') return void (hurried = true);
  if (message.type === 'warm')
    return void warmUp(undefined, () => hurried)
      .catch(() => undefined)
      .then(() => send({ type: 'warmed' }));
  if (message.type !== 'translate') return;
  const { id, request } = message;
  useGeometryThreads(message.alone ? 2 : 1);
  runTranslation(request, (percent) => send({ type: 'progress', id, percent })).then(
    (result) => send({ type: 'done', id, result, residentMb: residentMb() }),
    (error: unknown) => {
      const known = error instanceof TranslationError;
      const text = error instanceof Error ? error.message : String(error);
      send({
        type: 'failed',
        id,
        code: known ? error.code : INTERNAL_FAILURE,
        message: known ? text : `The translation failed unexpectedly: ${text}`,
        residentMb: residentMb(),
      });
    },
  );
});

// The parent going away (a platform crash or kill -9) must not leave this process behind.
process.on('disconnect', () => process.exit(0));
if (!process.connected) process.exit(0);
send({ type: 'ready' });
