import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { describe, expect, it } from 'vitest';
import { drawablesOf, SceneObjects } from './scene-objects';
import { LINE_PICK_PIXELS, pickDrawable, pointsOnLines } from './scene-pick';
import { planView } from './view-camera';

const HEIGHT_PX = 400;

/**
 * A 2D drawing as GLTFLoader makes the platform's GLB: one LineSegments node per entity (`userData.dbId`),
 * its positions quantized integers that the node's scale and translation bring back to metres.
 */
function drawing() {
  const root = new THREE.Group();
  const segments: Array<[number, number[]]> = [
    [2, [0, 0, 10, 0]], // a 10 m line along the bottom
    [3, [0, 0, 0, 6]], // a 6 m line up the left
    [4, [4, 3, 6, 3]], // a short line in the middle
  ];
  for (const [dbId, [ax, ay, bx, by]] of segments) {
    const geometry = new THREE.BufferGeometry();
    // Quantized as the writer does: millimetres as integers, scaled by the node.
    const ints = [ax, ay, 0, bx, by, 0].map((value) => (value ?? 0) * 1000);
    geometry.setAttribute('position', new THREE.BufferAttribute(new Int16Array(ints.map((v) => v / 2)), 3));
    const line = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0x000000 }));
    line.scale.setScalar(0.002);
    line.userData['dbId'] = dbId;
    root.add(line);
  }
  root.updateMatrixWorld(true);
  const objects = new SceneObjects(drawablesOf(root));
  const view = planView(1);
  const controls = new OrbitControls(view.camera, document.createElement('div'));
  view.configure(controls);
  view.frame(controls, objects.box(), new THREE.Vector3(0, 0, 1), objects.box().getSize(new THREE.Vector3()).length());
  view.camera.updateMatrixWorld(true);
  return { objects, view, controls };
}

function pickAt(setup: ReturnType<typeof drawing>, x: number, y: number) {
  const { objects, view, controls } = setup;
  const raycaster = new THREE.Raycaster();
  const ndc = new THREE.Vector3(x, y, 0).project(view.camera);
  raycaster.setFromCamera(new THREE.Vector2(ndc.x, ndc.y), view.camera);
  const threshold = view.pixelSize(controls, HEIGHT_PX) * LINE_PICK_PIXELS;
  return objects.idOf(pickDrawable(raycaster, objects.pickable, threshold, true));
}

describe('a 2D drawing in the preview', () => {
  it("measures a lines-only scene's bounds, so zoom to fit frames the drawing", () => {
    const { objects, view } = drawing();
    const box = objects.box();
    expect([box.min.x, box.min.y, box.max.x, box.max.y]).toEqual([0, 0, 10, 6]);
    expect([...objects.box(new Set([4])).max.toArray()]).toEqual([6, 3, 0]);
    // Seen from above, every corner is in view and the drawing fills the width with a small margin.
    const corners = [box.min, box.max].map((corner) => corner.clone().project(view.camera));
    for (const corner of corners) expect(Math.abs(corner.x) <= 1 && Math.abs(corner.y) <= 1).toBe(true);
    expect(corners[1]?.x).toBeCloseTo(1 / 1.05, 3);
    expect(view.camera.getWorldDirection(new THREE.Vector3()).z).toBeCloseTo(-1, 9);
  });

  it('picks the line nearest the pointer within a few pixels, and nothing off the lines', () => {
    const setup = drawing();
    // One pixel is 6.3 m / 400 here: 0.05 m above the bottom line is about 3 px.
    expect(pickAt(setup, 5, 0.05)).toBe(2);
    expect(pickAt(setup, 0.05, 3)).toBe(3);
    expect(pickAt(setup, 5, 3.04)).toBe(4);
    expect(pickAt(setup, 8, 4)).toBeNull();
    // Near the corner where two lines meet, the nearer one wins.
    expect(pickAt(setup, 0.02, 0.06)).toBe(3);
  });

  it('highlights, isolates and frames a line object, and finds a point that picks it', () => {
    const setup = drawing();
    const { objects } = setup;
    objects.show(new Set([4]), { mode: 'isolate', ids: new Set([4]) });
    expect(objects.pickable.map((line) => objects.idOf(line))).toEqual([4]);
    const [point] = pointsOnLines(objects.of(new Set([4])), 8);
    expect(point?.toArray()).toEqual([5, 3, 0]);
    objects.show(new Set([4]), null);
    expect(pickAt(setup, point?.x ?? 0, point?.y ?? 0)).toBe(4);
    const highlighted = objects.of(new Set([4]))[0]?.material as THREE.LineBasicMaterial;
    expect(highlighted.color.getHex()).toBe(0x2f7cf6);
  });
});
