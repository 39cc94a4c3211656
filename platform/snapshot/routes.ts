import { Hono } from 'hono';
import { captureState, type Baseline, type CapturedState, type SnapshotDeps } from './capture';
import { archiveChunks } from './export';
import { importState } from './import';
import { SnapshotError } from './snapshot-error';

export interface SnapshotRouteDeps extends SnapshotDeps {
  /** The baseline `POST /reset` goes back to; none: the route answers 404. */
  baseline: () => Baseline | undefined;
}

const problem = (message: string) => ({ error: message });

function archiveStream(captured: CapturedState): ReadableStream<Uint8Array> {
  const chunks = archiveChunks(captured);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
      // A client gone before the first read never started the archive, whose end releases the held blobs.
      await captured.release();
    },
  });
}

/**
 * `/_platform`'s state routes: `GET /snapshot` streams the whole state (consistent while serving),
 * `PUT /snapshot` replaces it with an archive's, all or nothing, and `POST /reset` goes back to the
 * baseline. They hand out and replace everything, password hashes and signing keys included: mount
 * them only where the one calling is trusted (a test suite, loopback, an operator).
 */
export function snapshotRoutes(deps: SnapshotRouteDeps) {
  const router = new Hono();

  router.get('/snapshot', async (c) => {
    const captured = await captureState(deps);
    const name = `platform-${captured.createdAt.toISOString().replace(/[:.]/g, '-')}.tar`;
    return c.body(archiveStream(captured), 200, {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });

  router.put('/snapshot', async (c) => {
    const body = c.req.raw.body;
    if (!body)
      return c.json(problem('Send the archive (from GET /_platform/snapshot or `admin export`) as the body.'), 400);
    try {
      return c.json(await importState(deps, body));
    } catch (error) {
      if (error instanceof SnapshotError) return c.json(problem(error.message), 400);
      throw error;
    }
  });

  router.post('/reset', async (c) => {
    const baseline = deps.baseline();
    if (!baseline)
      return c.json(
        problem('This platform keeps no baseline to reset to: it is kept when the platform starts with a seed.'),
        404,
      );
    await baseline.reset();
    return c.body(null, 204);
  });

  return router;
}
