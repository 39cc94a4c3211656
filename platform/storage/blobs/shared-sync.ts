/**
 * Group commit for a directory's fsync: callers that ask while one runs share the next one, which
 * starts after it, so each caller's rename is covered by a sync begun after the rename. Blobs
 * written side by side (a job's derivative files) then wait on two syncs instead of one each.
 */
export function sharedSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const current = sync().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
