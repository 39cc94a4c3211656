/** Names already in a folder, and what a batch does with files whose names are taken. */

export type ConflictChoice = 'new-version' | 'keep-both' | 'skip';

const key = (name: string) => name.toLowerCase();

/** `name (2).ext`, `name (3).ext`… the first not taken (names compare case-insensitively, as the service does). */
export function keepBothName(name: string, taken: ReadonlySet<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(key(candidate))) return candidate;
  }
}

export interface PlannedFile {
  name: string;
  /** Upload as a new version of the item with this name, rather than as a new item. */
  asVersion: boolean;
  skip: boolean;
}

/**
 * What each file of a batch becomes. `existing` holds the folder's item names, lower-cased. Files in
 * the batch also take names from each other, so two `a.txt` dropped together do not collide.
 */
export function planNames(
  names: readonly string[],
  existing: ReadonlySet<string>,
  choice: ConflictChoice,
): PlannedFile[] {
  const taken = new Set(existing);
  return names.map((name) => {
    if (!taken.has(key(name))) {
      taken.add(key(name));
      return { name, asVersion: false, skip: false };
    }
    if (choice === 'skip') return { name, asVersion: false, skip: true };
    if (choice === 'new-version') return { name, asVersion: true, skip: false };
    const renamed = keepBothName(name, taken);
    taken.add(key(renamed));
    return { name: renamed, asVersion: false, skip: false };
  });
}

export const conflictsOf = (names: readonly string[], existing: ReadonlySet<string>) =>
  names.filter((name) => existing.has(key(name)));
