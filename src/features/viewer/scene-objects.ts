import * as THREE from 'three';

/**
 * The preview's objects by dbId: what is highlighted, hidden or ghosted, what a ray may hit, and the
 * boxes the camera fits to. Kept apart from the renderer so the rules read on their own.
 */

/** Others around the selection: hidden (isolate) or drawn faintly (ghost), until "Show all". */
export interface Focus {
  mode: 'isolate' | 'ghost';
  ids: ReadonlySet<number>;
}

/** What the preview draws: a mesh of a 3D model, or the line segments of a 2D drawing (glTF LINES). */
export type Drawable = THREE.Mesh | THREE.Line;

const HIGHLIGHT = new THREE.MeshStandardMaterial({ color: 0x2f7cf6, emissive: 0x1d4ed8, emissiveIntensity: 0.5 });
// Faint and never hiding what is behind it: a ghost writes no depth.
const GHOST = new THREE.MeshStandardMaterial({ color: 0x9ca3af, transparent: true, opacity: 0.12, depthWrite: false });
// Lines are one pixel wide whatever their material: they stand out by colour alone, so the ghost is fainter than the ink.
const LINE_HIGHLIGHT = new THREE.LineBasicMaterial({ color: 0x2f7cf6 });
const LINE_GHOST = new THREE.LineBasicMaterial({
  color: 0x9ca3af,
  transparent: true,
  opacity: 0.35,
  depthWrite: false,
});
const isGhost = (material: THREE.Material | THREE.Material[]) => material === GHOST || material === LINE_GHOST;

/** The drawables under a loaded scene, in order. */
export function drawablesOf(root: THREE.Object3D): Drawable[] {
  const found: Drawable[] = [];
  root.traverse((object) => {
    if (object instanceof THREE.Mesh || object instanceof THREE.Line) found.push(object);
  });
  return found;
}

/** The dbId of the node an object belongs to: GLTFLoader copies node extras into userData. */
export function dbIdOf(object: THREE.Object3D | null): number | null {
  for (let current = object; current; current = current.parent) {
    const id: unknown = current.userData['dbId'];
    if (typeof id === 'number') return id;
  }
  return null;
}

/**
 * Whether the object's node is hidden by default (`extras.hidden`: IFC spaces and openings a job asked
 * to hide). glTF has no visibility of its own, so the platform's GLB says it in the node's extras.
 */
export function hiddenByDefault(object: THREE.Object3D | null): boolean {
  for (let current = object; current; current = current.parent) if (current.userData['hidden'] === true) return true;
  return false;
}

export class SceneObjects {
  private readonly original: Map<Drawable, THREE.Material | THREE.Material[]>;
  private readonly ids: Map<Drawable, number | null>;
  /** Drawn only when selected or focused on (from the object tree), never with the rest of the model. */
  private readonly hidden: ReadonlySet<Drawable>;
  /** What a click can pick: shown and not ghosted. */
  pickable: Drawable[];

  constructor(readonly meshes: Drawable[]) {
    this.original = new Map(meshes.map((mesh) => [mesh, mesh.material]));
    this.ids = new Map(meshes.map((mesh) => [mesh, dbIdOf(mesh)]));
    this.hidden = new Set(meshes.filter(hiddenByDefault));
    for (const mesh of this.hidden) mesh.visible = false;
    this.pickable = meshes.filter((mesh) => !this.hidden.has(mesh));
  }

  idOf(mesh: THREE.Object3D | undefined): number | null {
    return mesh ? (this.ids.get(mesh as Drawable) ?? null) : null;
  }

  /** The drawables of the given objects. */
  of(ids: ReadonlySet<number>): Drawable[] {
    return this.meshes.filter((mesh) => ids.has(this.ids.get(mesh) ?? NaN));
  }

  /** Highlights `selected`; hides or ghosts what is outside `focus`. */
  show(selected: ReadonlySet<number>, focus: Focus | null): void {
    for (const mesh of this.meshes) {
      const id = this.ids.get(mesh) ?? null;
      const inFocus = !focus || (id !== null && focus.ids.has(id));
      const asked = id !== null && (selected.has(id) || (focus?.ids.has(id) ?? false));
      mesh.visible = this.hidden.has(mesh) ? asked : inFocus || focus.mode === 'ghost';
      const [highlight, ghost] = mesh instanceof THREE.Line ? [LINE_HIGHLIGHT, LINE_GHOST] : [HIGHLIGHT, GHOST];
      mesh.material =
        id !== null && selected.has(id) ? highlight : inFocus ? (this.original.get(mesh) ?? mesh.material) : ghost;
    }
    this.pickable = this.meshes.filter((mesh) => mesh.visible && !isGhost(mesh.material));
  }

  /** The box of the given objects' meshes (every mesh drawn by default when `ids` is absent); empty when none is drawn. */
  box(ids?: ReadonlySet<number>): THREE.Box3 {
    const box = new THREE.Box3();
    for (const mesh of this.meshes) {
      const id = this.ids.get(mesh) ?? null;
      if (ids ? id !== null && ids.has(id) : !this.hidden.has(mesh)) box.expandByObject(mesh);
    }
    return box;
  }
}
