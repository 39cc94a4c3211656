import type { ReadModel } from '../model';
import { colorKey, rgb255, usableMeshes } from './geometry';

/**
 * The exact plan section of a model: every triangle cut by the horizontal plane y = height gives a
 * segment in plan (x, z). Segments are grouped by colour so the PDF strokes each colour once.
 */

export interface SectionSegments {
  color: [number, number, number];
  /** x1, z1, x2, z2 per segment, metres. */
  segments: number[];
}

/** Sections are cut this far above a level's elevation, as architects draw floor plans. */
export const CUT_ABOVE_LEVEL = 1.0;

export function planSection(model: ReadModel, height: number): SectionSegments[] {
  const byColor = new Map<string, SectionSegments>();
  const cut = [0, 0, 0, 0];
  for (const object of model.objects) {
    for (const mesh of usableMeshes(object)) {
      const p = mesh.positions,
        index = mesh.indices;
      let bucket: SectionSegments | undefined;
      for (let t = 0; t + 2 < index.length; t += 3) {
        const a = index[t]! * 3,
          b = index[t + 1]! * 3,
          c = index[t + 2]! * 3;
        const da = p[a + 1]! - height,
          db = p[b + 1]! - height,
          dc = p[c + 1]! - height;
        // A corner exactly on the plane counts as above, so each crossing is found once.
        const above = (da >= 0 ? 1 : 0) + (db >= 0 ? 1 : 0) + (dc >= 0 ? 1 : 0);
        if (above === 0 || above === 3) continue;
        let found = 0;
        const edge = (i: number, di: number, j: number, dj: number) => {
          if (di >= 0 === dj >= 0) return;
          const s = di / (di - dj);
          cut[found * 2] = p[i]! + (p[j]! - p[i]!) * s;
          cut[found * 2 + 1] = p[i + 2]! + (p[j + 2]! - p[i + 2]!) * s;
          found += 1;
        };
        edge(a, da, b, db);
        edge(b, db, c, dc);
        edge(c, dc, a, da);
        if (found !== 2 || !Number.isFinite(cut[0]! + cut[1]! + cut[2]! + cut[3]!)) continue;
        if (!bucket) {
          const key = colorKey(mesh.color);
          bucket = byColor.get(key) ?? { color: rgb255(mesh.color), segments: [] };
          byColor.set(key, bucket);
        }
        bucket.segments.push(cut[0]!, cut[1]!, cut[2]!, cut[3]!);
      }
    }
  }
  return [...byColor.values()];
}

/**
 * Where to cut each plan: 1 m above each level, or, for a model without levels, through its lower
 * part (1 m above its base, or 40% of its height when it is smaller than that, e.g. a machine part).
 */
export function sectionHeights(model: ReadModel, minY: number, maxY: number): Array<{ name: string; height: number }> {
  if (model.levels && model.levels.length > 0) {
    return model.levels.map((level) => ({ name: level.name, height: level.elevationMetres + CUT_ABOVE_LEVEL }));
  }
  return [{ name: 'Plan section', height: minY + Math.min(CUT_ABOVE_LEVEL, 0.4 * (maxY - minY)) }];
}
