import { describe, expect, it } from 'vitest';
import { sharedSync } from './shared-sync';

/** A sync whose every run the test ends by hand, recording when each began. */
function controlledSync() {
  const runs: { end: (error?: Error) => void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ end: (error) => (error ? reject(error) : resolve()) });
    });
  return { runs, sync };
}

const settled = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

describe('a shared directory sync', () => {
  it('runs at once when idle, and lets everyone who asks meanwhile share one later sync', async () => {
    const { runs, sync } = controlledSync();
    const shared = sharedSync(sync);
    const done: string[] = [];
    const first = shared().then(() => done.push('first'));
    const later = [shared(), shared(), shared()].map((waiting, index) =>
      waiting.then(() => done.push(`later-${index}`)),
    );
    await settled();
    expect(runs).toHaveLength(1);

    runs[0]!.end();
    await first;
    await settled();
    // The later callers renamed after the first sync began, so they need one of their own.
    expect(done).toEqual(['first']);
    expect(runs).toHaveLength(2);
    runs[1]!.end();
    await Promise.all(later);
    expect(done).toEqual(['first', 'later-0', 'later-1', 'later-2']);

    const alone = shared();
    expect(runs).toHaveLength(3);
    runs[2]!.end();
    await alone;
  });

  it('hands a failed sync to its callers only, and runs the next one anyway', async () => {
    const { runs, sync } = controlledSync();
    const shared = sharedSync(sync);
    const failing = shared();
    const next = shared();
    runs[0]!.end(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    await settled();
    expect(runs).toHaveLength(2);
    runs[1]!.end();
    await expect(next).resolves.toBeUndefined();
  });
});
