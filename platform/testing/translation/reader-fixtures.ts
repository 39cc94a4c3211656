import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelObject, ReadModel } from '../../translation/model';

/** The real design files shared beside the repository (never copied into it); tests that need them skip without. */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
export const haveFixtures = existsSync(FIXTURES);

/** Warns once per test file why its fixture tests are skipped. */
export function warnIfNoFixtures(testFile: string): void {
  if (!haveFixtures) console.warn(`${testFile}: ${FIXTURES} is absent, so the tests on real design files are skipped.`);
}

export const fixture = (relative: string): Uint8Array => new Uint8Array(readFileSync(path.join(FIXTURES, relative)));

export const triangles = (objects: ModelObject[]): number =>
  objects.reduce((sum, object) => sum + object.meshes.reduce((s, mesh) => s + mesh.indices.length / 3, 0), 0);

/** Every dbId is 1..n in order, and every parent is an earlier object. */
export function treeIsWellFormed(model: ReadModel): boolean {
  return model.objects.every(
    (object, index) => object.dbId === index + 1 && (object.parent === undefined || object.parent < object.dbId),
  );
}

/** Pseudo-random bytes from a fixed seed, so a "random file" test is the same every run. */
export function noise(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}
