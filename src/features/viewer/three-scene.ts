import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/**
 * The 3D preview without React: loads the platform's svf2 GLB (one node per object, `extras.dbId`),
 * renders on demand rather than every frame (a still model should cost no CPU), and maps picks and
 * highlights through dbIds so the object tree and the viewer speak the same ids.
 */

export interface SceneHandle {
  highlight: (dbId: number | null) => void;
  fit: () => void;
  /** A pixel (relative to the canvas) where a click picks `dbId`, or null when none of it is visible. */
  pickPoint: (dbId: number) => [number, number] | null;
  dispose: () => void;
}

const HIGHLIGHT = new THREE.MeshStandardMaterial({ color: 0x2f7cf6, emissive: 0x1d4ed8, emissiveIntensity: 0.5 });

/** The dbId of the node an object belongs to: GLTFLoader copies node extras into userData. */
function dbIdOf(object: THREE.Object3D | null): number | null {
  for (let current = object; current; current = current.parent) {
    const id: unknown = current.userData['dbId'];
    if (typeof id === 'number') return id;
  }
  return null;
}

export async function createScene(host: HTMLElement, url: string, onPick: (dbId: number | null) => void): Promise<SceneHandle> {
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio));
  renderer.setSize(host.clientWidth, host.clientHeight);
  host.append(renderer.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf4f4f5);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2), new THREE.AmbientLight(0xffffff, 0.4));
  const light = new THREE.DirectionalLight(0xffffff, 1.5);
  light.position.set(1, 2, 3);
  scene.add(light);
  const camera = new THREE.PerspectiveCamera(45, host.clientWidth / Math.max(1, host.clientHeight), 0.01, 1e6);
  const controls = new OrbitControls(camera, renderer.domElement);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.loadAsync(url);
  const model = gltf.scene;
  scene.add(model);
  const meshes: THREE.Mesh[] = [];
  model.traverse((object) => {
    if (object instanceof THREE.Mesh) meshes.push(object as THREE.Mesh);
  });
  const original = new Map<THREE.Mesh, THREE.Material | THREE.Material[]>(meshes.map((mesh) => [mesh, mesh.material]));

  const fit = () => {
    const box = new THREE.Box3().setFromObject(model);
    const size = box.getSize(new THREE.Vector3()).length() || 1;
    const center = box.getCenter(new THREE.Vector3());
    camera.near = size / 1000;
    camera.far = size * 100;
    camera.position.copy(center).add(new THREE.Vector3(0.8, 0.6, 1).normalize().multiplyScalar(size * 1.1));
    camera.updateProjectionMatrix();
    controls.target.copy(center);
    controls.update();
    render();
  };

  const raycaster = new THREE.Raycaster();
  const hitAt = (x: number, y: number): number | null => {
    const rect = renderer.domElement.getBoundingClientRect();
    raycaster.setFromCamera(new THREE.Vector2((x / rect.width) * 2 - 1, -(y / rect.height) * 2 + 1), camera);
    return dbIdOf(raycaster.intersectObjects(meshes, false)[0]?.object ?? null);
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

  return {
    fit,
    highlight: (dbId) => {
      for (const mesh of meshes) mesh.material = dbIdOf(mesh) === dbId && dbId !== null ? HIGHLIGHT : (original.get(mesh) ?? mesh.material);
      render();
    },
    pickPoint: (dbId) => {
      const box = new THREE.Box3();
      for (const mesh of meshes) if (dbIdOf(mesh) === dbId) box.expandByObject(mesh);
      if (box.isEmpty()) return null;
      const rect = renderer.domElement.getBoundingClientRect();
      const corners = [0, 1].flatMap((i) => [0, 1].flatMap((j) => [0, 1].map((k) => new THREE.Vector3(i ? box.max.x : box.min.x, j ? box.max.y : box.min.y, k ? box.max.z : box.min.z).project(camera))));
      const xs = corners.map((point) => ((point.x + 1) / 2) * rect.width);
      const ys = corners.map((point) => ((1 - point.y) / 2) * rect.height);
      // Sample the object's screen rectangle for a pixel where it, not something in front, is hit first.
      for (let i = 1; i < 8; i += 1) {
        for (let j = 1; j < 8; j += 1) {
          const x = Math.min(...xs) + ((Math.max(...xs) - Math.min(...xs)) * i) / 8;
          const y = Math.min(...ys) + ((Math.max(...ys) - Math.min(...ys)) * j) / 8;
          if (x > 0 && y > 0 && x < rect.width && y < rect.height && hitAt(x, y) === dbId) return [Math.round(x), Math.round(y)];
        }
      }
      return null;
    },
    dispose: () => {
      resize.disconnect();
      controls.dispose();
      renderer.domElement.removeEventListener('pointerdown', onDown);
      renderer.domElement.removeEventListener('pointerup', onUp);
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
