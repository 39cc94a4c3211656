import * as THREE from 'three';
import type { Drawable } from './scene-objects';

/** How many pixels from a line a click still picks it. */
export const LINE_PICK_PIXELS = 4;

/**
 * The drawable a ray hits first. A line is hit within `lineThreshold` world units; three.js divides
 * that by the line's own scale only, so it is given per object in the line's world scale (a GLB node
 * scales its quantized positions, perhaps on a parent). On a flat drawing every line lies at one depth:
 * the one nearest the ray wins, not whichever three.js meets first.
 */
export function pickDrawable(
  raycaster: THREE.Raycaster,
  candidates: readonly Drawable[],
  lineThreshold: number,
  flat: boolean,
): Drawable | undefined {
  const hits: THREE.Intersection[] = [];
  const worldScale = new THREE.Vector3();
  for (const object of candidates) {
    if (object instanceof THREE.Line) {
      object.getWorldScale(worldScale);
      const own = (object.scale.x + object.scale.y + object.scale.z) / 3;
      const world = (Math.abs(worldScale.x) + Math.abs(worldScale.y) + Math.abs(worldScale.z)) / 3;
      raycaster.params.Line = { threshold: (lineThreshold * own) / (world || 1) };
    }
    raycaster.intersectObject(object, false, hits);
  }
  const offRay = (hit: THREE.Intersection) => raycaster.ray.distanceSqToPoint(hit.point);
  hits.sort((a, b) => (flat ? offRay(a) - offRay(b) : 0) || a.distance - b.distance);
  return hits[0]?.object as Drawable | undefined;
}

/** Points on the given lines (their segments' middles), where a click is sure to fall on them. */
export function pointsOnLines(objects: readonly Drawable[], most: number): THREE.Vector3[] {
  const points: THREE.Vector3[] = [];
  for (const object of objects) {
    if (!(object instanceof THREE.LineSegments)) continue;
    const position = (object.geometry as THREE.BufferGeometry).getAttribute('position');
    if (!position) continue;
    const step = Math.max(1, Math.floor(position.count / 2 / most)) * 2;
    for (let i = 0; i + 1 < position.count && points.length < most; i += step) {
      const a = new THREE.Vector3().fromBufferAttribute(position, i);
      const b = new THREE.Vector3().fromBufferAttribute(position, i + 1);
      points.push(a.add(b).multiplyScalar(0.5).applyMatrix4(object.matrixWorld));
    }
  }
  return points;
}
