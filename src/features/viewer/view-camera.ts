import * as THREE from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/**
 * How the preview looks at what it shows: around a 3D model in perspective, or straight down on a 2D
 * drawing (flat at z = 0, where a perspective camera placed for 3D would sit in the drawing's plane and see nothing).
 */
export interface ViewCamera {
  readonly camera: THREE.PerspectiveCamera | THREE.OrthographicCamera;
  /** Puts `box` in view from `direction`; a plan always looks down on the drawing. */
  frame: (controls: OrbitControls, box: THREE.Box3, direction: THREE.Vector3, modelSize: number) => void;
  setAspect: (aspect: number) => void;
  /** Sets how the pointer moves this camera. */
  configure: (controls: OrbitControls) => void;
  /** World units per screen pixel at the controls' target: how wide a line pick may be. */
  pixelSize: (controls: OrbitControls, heightPx: number) => number;
}

export function perspectiveView(aspect: number): ViewCamera {
  const camera = new THREE.PerspectiveCamera(45, aspect, 0.01, 1e6);
  return {
    camera,
    frame: (controls, box, direction, modelSize) => {
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
    },
    setAspect: (value) => {
      camera.aspect = value;
      camera.updateProjectionMatrix();
    },
    configure: () => {},
    pixelSize: (controls, heightPx) =>
      (camera.position.distanceTo(controls.target) * 2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2)) /
      Math.max(1, heightPx),
  };
}

/** A drawing seen from above, as on paper: pan with the left button, zoom to the cursor, no turning over. */
export function planView(aspect: number): ViewCamera {
  const camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0, 2);
  let halfHeight = 1;
  let ratio = aspect;
  const project = () => {
    Object.assign(camera, {
      top: halfHeight,
      bottom: -halfHeight,
      left: -halfHeight * ratio,
      right: halfHeight * ratio,
    });
    camera.updateProjectionMatrix();
  };
  return {
    camera,
    frame: (controls, box, _direction, modelSize) => {
      const size = box.getSize(new THREE.Vector3());
      const center = box.getCenter(new THREE.Vector3());
      const least = modelSize / 100;
      halfHeight = Math.max(size.y / 2, size.x / 2 / ratio, least) * 1.05;
      const depth = Math.max(size.z, modelSize, 1);
      camera.zoom = 1;
      camera.near = 0;
      camera.far = depth * 3;
      camera.position.set(center.x, center.y, box.max.z + depth);
      camera.up.set(0, 1, 0);
      project();
      controls.target.copy(center);
      controls.update();
    },
    setAspect: (value) => {
      ratio = value;
      project();
    },
    configure: (controls) => {
      controls.enableRotate = false;
      controls.zoomToCursor = true;
      controls.mouseButtons = { LEFT: THREE.MOUSE.PAN, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.PAN };
      controls.touches = { ONE: THREE.TOUCH.PAN, TWO: THREE.TOUCH.DOLLY_PAN };
    },
    pixelSize: (_controls, heightPx) => (2 * halfHeight) / camera.zoom / Math.max(1, heightPx),
  };
}
