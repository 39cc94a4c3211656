import type { Baseline, SnapshotDeps } from './capture';
import { embeddedBaseline } from './embedded-baseline';
import { serverBaseline } from './server-baseline';

export type { Baseline } from './capture';

/**
 * Captures the state now (after the seed, say) so that `reset()` brings it back, all or nothing,
 * with the bytes of every blob it names, even of objects deleted since. Live jobs and workitems are
 * stopped first (`deps.runners`) and those of the baseline started again after.
 */
export function createBaseline(deps: SnapshotDeps): Promise<Baseline> {
  return deps.stores.db.kind === 'pglite' ? embeddedBaseline(deps) : serverBaseline(deps);
}
