import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { SceneObjects } from './scene-objects';

/** A GLB's scene as GLTFLoader makes it: a node per object with `userData.dbId` (and `hidden` from its extras), its mesh beneath. */
function scene(hidden: number[] = []) {
  const meshes = [1, 2, 3].map((dbId) => {
    const node = new THREE.Group();
    node.userData['dbId'] = dbId;
    if (hidden.includes(dbId)) node.userData['hidden'] = true;
    node.position.set(dbId * 10, 0, 0);
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshStandardMaterial({ color: 0x808080 }));
    node.add(mesh);
    node.updateMatrixWorld(true);
    return mesh;
  });
  return { meshes, objects: new SceneObjects(meshes) };
}

describe('SceneObjects', () => {
  it('highlights the selection and keeps the others as they were', () => {
    const { meshes, objects } = scene();
    const original = meshes[1]?.material;
    objects.show(new Set([1]), null);
    expect(meshes[0]?.material).not.toBe(original);
    expect(meshes[1]?.material).toBe(original);
    expect(objects.pickable).toHaveLength(3);
    objects.show(new Set(), null);
    expect(meshes.every((mesh) => mesh.visible)).toBe(true);
  });

  it('isolate hides the others and takes them out of picking; ghost draws them faintly, unpickable', () => {
    const { meshes, objects } = scene();
    objects.show(new Set([2]), { mode: 'isolate', ids: new Set([2]) });
    expect(meshes.map((mesh) => mesh.visible)).toEqual([false, true, false]);
    expect(objects.pickable.map((mesh) => objects.idOf(mesh))).toEqual([2]);

    objects.show(new Set([2]), { mode: 'ghost', ids: new Set([2, 3]) });
    expect(meshes.map((mesh) => mesh.visible)).toEqual([true, true, true]);
    const ghost = meshes[0]?.material as THREE.Material;
    expect(ghost.transparent && ghost.opacity < 0.5 && !ghost.depthWrite).toBe(true);
    expect(objects.pickable.map((mesh) => objects.idOf(mesh))).toEqual([2, 3]);

    objects.show(new Set(), null);
    expect(objects.pickable).toHaveLength(3);
    expect(meshes.every((mesh) => (mesh.material as THREE.Material).opacity === 1)).toBe(true);
  });

  it('measures the box of the given objects, for fitting the camera to them', () => {
    const { objects } = scene();
    const box = objects.box(new Set([2, 3]));
    expect([box.min.x, box.max.x]).toEqual([19.5, 30.5]);
    expect(objects.box(new Set([99])).isEmpty()).toBe(true);
    expect(objects.box().max.x).toBe(30.5);
  });

  it('does not draw an object hidden by default (a hidden IFC space) until it is selected or focused on from the tree', () => {
    const { meshes, objects } = scene([3]);
    expect(meshes.map((mesh) => mesh.visible)).toEqual([true, true, false]);
    expect(objects.pickable.map((mesh) => objects.idOf(mesh))).toEqual([1, 2]);
    expect(objects.box().max.x).toBe(20.5);

    objects.show(new Set([1]), null);
    expect(meshes[2]?.visible).toBe(false);
    objects.show(new Set([3]), null);
    expect(meshes.map((mesh) => mesh.visible)).toEqual([true, true, true]);
    objects.show(new Set(), { mode: 'isolate', ids: new Set([3]) });
    expect(meshes.map((mesh) => mesh.visible)).toEqual([false, false, true]);
    objects.show(new Set(), { mode: 'ghost', ids: new Set([1]) });
    expect(meshes[2]?.visible).toBe(false);
    objects.show(new Set(), null);
    expect(meshes.map((mesh) => mesh.visible)).toEqual([true, true, false]);
  });
});
