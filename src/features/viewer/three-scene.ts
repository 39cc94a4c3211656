import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { drawablesOf, SceneObjects, type Focus } from './scene-objects';
import { LINE_PICK_PIXELS, pickDrawable, pointsOnLines } from './scene-pick';
import { perspectiveView, planView } from './view-camera';

/**
 * The preview without React: loads the platform's svf2 GLB (one node per object, `extras.dbId`): a 3D
 * model's meshes seen in perspective, or a 2D drawing's lines (glTF LINES, z = 0) seen from above. It
 * renders on demand rather than every frame (a still model should cost no CPU), and maps picks and
 * highlights through dbIds so the object tree and the viewer speak the same ids.
 */

export interface SceneHandle {
  /** Highlights the selected objects; hides (isolate) or ghosts what lies outside a focus. */
  show: (selected: ReadonlySet<number>, focus: Focus | null) => void;
  /** Frames the given objects from the current direction, or the whole model from the start's. */
  fit: (ids?: ReadonlySet<number>) => void;
  /** A pixel (relative to the canvas) where a click picks one of `ids`, or null when none of them is in sight. */
  pickPoint: (ids: ReadonlySet<number>) => [number, number] | null;
  dispose: () => void;
}

const START_DIRECTION = new THREE.Vector3(0.8, 0.6, 1).normalize();
const isDark = () => document.documentElement.classList.contains('dark');
// A drawing keeps its paper in both themes: its ink was chosen for a light ground, as in its PDF and thumbnail.
const PAPER = 0xffffff;

export async function createScene(
  host: HTMLElement,
  url: string,
  onPick: (dbId: number | null) => void,
): Promise<SceneHandle> {
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio));
  renderer.setSize(host.clientWidth, host.clientHeight);
  host.append(renderer.domElement);
  const scene = new THREE.Scene();
  scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2), new THREE.AmbientLight(0xffffff, 0.4));
  const light = new THREE.DirectionalLight(0xffffff, 1.5);
  light.position.set(1, 2, 3);
  scene.add(light);
  const gltf = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync(url);
  const model = gltf.scene;
  scene.add(model);
  const drawables = drawablesOf(model);
  const objects = new SceneObjects(drawables);
  const modelSize = objects.box().getSize(new THREE.Vector3()).length() || 1;
  // Lines and nothing else: a 2D drawing.
  const flat = drawables.length > 0 && drawables.every((drawable) => drawable instanceof THREE.Line);
  const aspect = host.clientWidth / Math.max(1, host.clientHeight);
  const view = flat ? planView(aspect) : perspectiveView(aspect);
  const camera = view.camera;
  const controls = new OrbitControls(camera, renderer.domElement);
  view.configure(controls);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);
  // The canvas follows the app's theme, light or dark; a drawing stays on paper.
  const paint = () => {
    scene.background = new THREE.Color(flat ? PAPER : isDark() ? 0x262626 : 0xf4f4f5);
    render();
  };
  const themeWatch = new MutationObserver(paint);
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

  const frame = (box: THREE.Box3, direction: THREE.Vector3) => {
    if (box.isEmpty()) return;
    view.frame(controls, box, direction, modelSize);
    render();
  };
  const fit = (ids?: ReadonlySet<number>) => {
    const direction = ids ? camera.position.clone().sub(controls.target).normalize() : START_DIRECTION;
    frame(objects.box(ids), direction.lengthSq() > 0 ? direction : START_DIRECTION);
  };

  const raycaster = new THREE.Raycaster();
  const hitAt = (x: number, y: number): number | null => {
    const rect = renderer.domElement.getBoundingClientRect();
    raycaster.setFromCamera(new THREE.Vector2((x / rect.width) * 2 - 1, -(y / rect.height) * 2 + 1), camera);
    const lineThreshold = view.pixelSize(controls, rect.height) * LINE_PICK_PIXELS;
    return objects.idOf(pickDrawable(raycaster, objects.pickable, lineThreshold, flat));
  };

  // A click picks; a drag orbits. Told apart by how far the pointer moved.
  let down: [number, number] | null = null;
  const onDown = (event: PointerEvent) => (down = [event.clientX, event.clientY]);
  const onUp = (event: PointerEvent) => {
    if (!down || Math.hypot(event.clientX - down[0], event.clientY - down[1]) > 4) return;
    const rect = renderer.domElement.getBoundingClientRect();
    onPick(hitAt(event.clientX - rect.left, event.clientY - rect.top));
  };
  renderer.domElement.addEventListener('pointerdown', onDown);
  renderer.domElement.addEventListener('pointerup', onUp);
  const resize = new ResizeObserver(() => {
    renderer.setSize(host.clientWidth, host.clientHeight);
    view.setAspect(host.clientWidth / Math.max(1, host.clientHeight));
    render();
  });
  resize.observe(host);
  fit();
  paint();

  return {
    fit,
    show: (selected, focus) => {
      objects.show(selected, focus);
      render();
    },
    pickPoint: (ids) => {
      const box = objects.box(ids);
      if (box.isEmpty()) return null;
      const rect = renderer.domElement.getBoundingClientRect();
      const pixel = (point: THREE.Vector3): [number, number] => {
        const ndc = point.clone().project(camera);
        return [((ndc.x + 1) / 2) * rect.width, ((1 - ndc.y) / 2) * rect.height];
      };
      const picks = ([x, y]: [number, number]) =>
        x > 0 && y > 0 && x < rect.width && y < rect.height && ids.has(hitAt(x, y) ?? NaN);
      // A line is hit only near it: try points on it. Elsewhere sample the objects' screen rectangle for a
      // pixel where one of them, not something in front, is hit first.
      const onLines = pointsOnLines(objects.of(ids), 64).map(pixel).find(picks);
      if (onLines) return [Math.round(onLines[0]), Math.round(onLines[1])];
      const corners = [0, 1].flatMap((i) =>
        [0, 1].flatMap((j) =>
          [0, 1].map((k) =>
            pixel(new THREE.Vector3(i ? box.max.x : box.min.x, j ? box.max.y : box.min.y, k ? box.max.z : box.min.z)),
          ),
        ),
      );
      const xs = corners.map(([x]) => x);
      const ys = corners.map(([, y]) => y);
      for (let i = 1; i < 8; i += 1) {
        for (let j = 1; j < 8; j += 1) {
          const x = Math.min(...xs) + ((Math.max(...xs) - Math.min(...xs)) * i) / 8;
          const y = Math.min(...ys) + ((Math.max(...ys) - Math.min(...ys)) * j) / 8;
          if (picks([x, y])) return [Math.round(x), Math.round(y)];
        }
      }
      return null;
    },
    dispose: () => {
      resize.disconnect();
      themeWatch.disconnect();
      controls.dispose();
      renderer.domElement.removeEventListener('pointerdown', onDown);
      renderer.domElement.removeEventListener('pointerup', onUp);
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
