import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { SceneObjects, type Focus } from './scene-objects';

/**
 * The 3D preview without React: loads the platform's svf2 GLB (one node per object, `extras.dbId`),
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
  const camera = new THREE.PerspectiveCamera(45, host.clientWidth / Math.max(1, host.clientHeight), 0.01, 1e6);
  const controls = new OrbitControls(camera, renderer.domElement);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);
  // The canvas follows the app's theme, light or dark.
  const paint = () => {
    scene.background = new THREE.Color(isDark() ? 0x262626 : 0xf4f4f5);
    render();
  };
  const themeWatch = new MutationObserver(paint);
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

  const gltf = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync(url);
  const model = gltf.scene;
  scene.add(model);
  const meshes: THREE.Mesh[] = [];
  model.traverse((object) => {
    if (object instanceof THREE.Mesh) meshes.push(object as THREE.Mesh);
  });
  const objects = new SceneObjects(meshes);
  const modelSize = objects.box().getSize(new THREE.Vector3()).length() || 1;

  const frame = (box: THREE.Box3, direction: THREE.Vector3) => {
    if (box.isEmpty()) return;
    const size = box.getSize(new THREE.Vector3()).length() || modelSize / 100;
    const center = box.getCenter(new THREE.Vector3());
    // The box's bounding sphere inside the narrower of the two fields of view, with a little margin.
    const vertical = THREE.MathUtils.degToRad(camera.fov);
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
    const distance = (size / 2 / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.05;
    camera.near = size / 1000;
    // Far enough for the whole model behind a small part the camera is close to.
    camera.far = Math.max(distance, modelSize) * 100;
    camera.position.copy(center).add(direction.clone().multiplyScalar(distance));
    camera.updateProjectionMatrix();
    controls.target.copy(center);
    controls.update();
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
    return objects.idOf(raycaster.intersectObjects(objects.pickable, false)[0]?.object);
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
    camera.aspect = host.clientWidth / Math.max(1, host.clientHeight);
    camera.updateProjectionMatrix();
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
      const corners = [0, 1].flatMap((i) =>
        [0, 1].flatMap((j) =>
          [0, 1].map((k) =>
            new THREE.Vector3(i ? box.max.x : box.min.x, j ? box.max.y : box.min.y, k ? box.max.z : box.min.z).project(
              camera,
            ),
          ),
        ),
      );
      const xs = corners.map((point) => ((point.x + 1) / 2) * rect.width);
      const ys = corners.map((point) => ((1 - point.y) / 2) * rect.height);
      // Sample the objects' screen rectangle for a pixel where one of them, not something in front, is hit first.
      for (let i = 1; i < 8; i += 1) {
        for (let j = 1; j < 8; j += 1) {
          const x = Math.min(...xs) + ((Math.max(...xs) - Math.min(...xs)) * i) / 8;
          const y = Math.min(...ys) + ((Math.max(...ys) - Math.min(...ys)) * j) / 8;
          const hit = x > 0 && y > 0 && x < rect.width && y < rect.height ? hitAt(x, y) : null;
          if (hit !== null && ids.has(hit)) return [Math.round(x), Math.round(y)];
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
