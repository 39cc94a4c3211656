import type { ReadModel } from '../model';
import { Bounds2D, faceNormal, inkOnLight, pathSegments, rgb255, usableMeshes } from './geometry';

/**
 * Our own software rasteriser, because no GPU is here and nothing on npm does 3D in pure JS: an
 * isometric z-buffer with flat Lambert shading for models, plain lines for drawings. Good enough for
 * thumbnails and the shaded page of a PDF; no textures.
 */

export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, row by row from the top. */
  data: Uint8Array;
}

export const BACKGROUND: [number, number, number] = [244, 245, 247];
const MARGIN = 0.06;

export function blankImage(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  new Uint32Array(data.buffer).fill(packRgb(...BACKGROUND));
  return { width, height, data };
}

/** The image's pixels as 32-bit words (a copy only if its bytes do not start on a word boundary). */
export function pixelWords(image: RgbaImage): Uint32Array {
  const { data } = image;
  const count = image.width * image.height;
  return data.byteOffset % 4 === 0
    ? new Uint32Array(data.buffer, data.byteOffset, count)
    : new Uint32Array(data.slice(0, count * 4).buffer);
}

// The isometric camera looks from (+1, +1, +1) at the model (Y up): screen right, screen up, towards the eye.
const RIGHT = [Math.SQRT1_2, 0, -Math.SQRT1_2] as const;
const UP = [-1 / Math.sqrt(6), 2 / Math.sqrt(6), -1 / Math.sqrt(6)] as const;
const EYE = [1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)] as const;
// Light from above, a little right and in front, so the three visible sides of a box differ.
const LIGHT = (() => {
  const v = [0.4, 1, 0.7];
  const length = Math.hypot(...v);
  return v.map((value) => value / length) as [number, number, number];
})();

/** A projection onto the screen: x = p·(xx, xy, xz) + x0 and y = p·(yx, yy, yz) + y0 for a model point p. */
interface View {
  xx: number;
  xy: number;
  xz: number;
  x0: number;
  yx: number;
  yy: number;
  yz: number;
  y0: number;
}

// The isometric view at unit scale; the screen's y grows downwards, so its row is UP's negated.
const ISOMETRIC: View = { xx: RIGHT[0], xy: RIGHT[1], xz: RIGHT[2], x0: 0, yx: -UP[0], yy: -UP[1], yz: -UP[2], y0: 0 };

/** `view` scaled and moved so that `bounds` (measured in it) fits the image with a margin. */
function fitted(view: View, bounds: Bounds2D, width: number, height: number): View {
  const scale = bounds.fitScale(width, height, MARGIN);
  const centreX = (bounds.minX + bounds.maxX) / 2,
    centreY = (bounds.minY + bounds.maxY) / 2;
  return {
    xx: view.xx * scale,
    xy: view.xy * scale,
    xz: view.xz * scale,
    x0: width / 2 - (centreX - view.x0) * scale,
    yx: view.yx * scale,
    yy: view.yy * scale,
    yz: view.yz * scale,
    y0: height / 2 - (centreY - view.y0) * scale,
  };
}

/** The model's shaded isometric view, fitted into the image with a margin. */
export function rasterModel(model: ReadModel, width: number, height: number): RgbaImage {
  const image = blankImage(width, height);
  const meshes = model.objects.flatMap(usableMeshes);
  const bounds = new Bounds2D();
  for (const mesh of meshes) includeUsed(bounds, mesh.positions, mesh.indices, ISOMETRIC);
  if (bounds.isEmpty()) return image;
  const view = fitted(ISOMETRIC, bounds, width, height);
  const depth = new Float32Array(width * height).fill(-Infinity);
  // Opaque first, then see-through parts blended over them without hiding what lies behind.
  for (const blend of [false, true]) {
    for (const mesh of meshes) {
      if (mesh.color[3] < 0.999 !== blend) continue;
      fillMesh(
        image,
        depth,
        mesh.positions,
        mesh.indices,
        view,
        rgb255(mesh.color),
        blend ? Math.max(mesh.color[3], 0.15) : 1,
      );
    }
  }
  return image;
}

/** Grows `bounds` around the points the triangles use, as `view` shows them: a vertex no triangle uses (a damaged file's) does not count. */
function includeUsed(bounds: Bounds2D, positions: Float32Array, indices: Uint32Array, view: View): void {
  let { minX, maxX, minY, maxY } = bounds;
  const { xx, xy, xz, x0, yx, yy, yz, y0 } = view;
  for (let i = 0; i < indices.length; i++) {
    const at = indices[i]! * 3;
    const px = positions[at]!,
      py = positions[at + 1]!,
      pz = positions[at + 2]!;
    const x = px * xx + py * xy + pz * xz + x0,
      y = px * yx + py * yy + pz * yz + y0;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  Object.assign(bounds, { minX, maxX, minY, maxY });
}

/**
 * Each triangle projected as it is drawn, from the model's points: no projected copy of a mesh is made,
 * which for a dense model cost more than the drawing. Depth is the distance towards the eye, unscaled.
 */
function fillMesh(
  image: RgbaImage,
  depth: Float32Array,
  positions: Float32Array,
  indices: Uint32Array,
  view: View,
  color: [number, number, number],
  alpha: number,
) {
  const { width, height, data } = image;
  const pixels = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const normal = new Float64Array(3);
  const { xx, xy, xz, x0: ox, yx, yy, yz, y0: oy } = view;
  const [ex, ey, ez] = EYE;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    let a = indices[t]! * 3,
      b = indices[t + 1]! * 3,
      c = indices[t + 2]! * 3;
    let ya = positions[a]! * yx + positions[a + 1]! * yy + positions[a + 2]! * yz + oy;
    let yb = positions[b]! * yx + positions[b + 1]! * yy + positions[b + 2]! * yz + oy;
    let yc = positions[c]! * yx + positions[c + 1]! * yy + positions[c + 2]! * yz + oy;
    // Top to bottom (a screen's y grows downwards), so every row meets the long edge a→c and one short edge.
    if (yb < ya) [a, b, ya, yb] = [b, a, yb, ya];
    if (yc < yb) [b, c, yb, yc] = [c, b, yc, yb];
    if (yb < ya) [a, b, ya, yb] = [b, a, yb, ya];
    // The rows whose pixel centres the triangle reaches. At thumbnail size most of a dense model's
    // triangles fall between centres and are dropped here or at the columns, before any shading.
    const minY = Math.max(0, Math.ceil(ya - 0.5)),
      maxY = Math.min(height - 1, Math.floor(yc - 0.5));
    if (minY > maxY) continue;
    const xa = positions[a]! * xx + positions[a + 1]! * xy + positions[a + 2]! * xz + ox;
    const xb = positions[b]! * xx + positions[b + 1]! * xy + positions[b + 2]! * xz + ox;
    const xc = positions[c]! * xx + positions[c + 1]! * xy + positions[c + 2]! * xz + ox;
    const area = (xb - xa) * (yc - ya) - (xc - xa) * (yb - ya);
    if (area === 0 || !Number.isFinite(area)) continue;
    if (Math.ceil(Math.min(xa, xb, xc) - 0.5) > Math.floor(Math.max(xa, xb, xc) - 0.5)) continue;
    const za = positions[a]! * ex + positions[a + 1]! * ey + positions[a + 2]! * ez;
    const zb = positions[b]! * ex + positions[b + 1]! * ey + positions[b + 2]! * ez;
    const zc = positions[c]! * ex + positions[c + 1]! * ey + positions[c + 2]! * ez;

    faceNormal(positions, a / 3, b / 3, c / 3, normal);
    // Two-sided: turn the normal towards the eye, then Lambert with some ambient light.
    const facing = normal[0]! * EYE[0] + normal[1]! * EYE[1] + normal[2]! * EYE[2] < 0 ? -1 : 1;
    const lambert = facing * (normal[0]! * LIGHT[0] + normal[1]! * LIGHT[1] + normal[2]! * LIGHT[2]);
    const shade = 0.4 + 0.6 * Math.max(0, lambert);
    const r = color[0] * shade,
      g = color[1] * shade,
      bl = color[2] * shade;
    const word = packRgb(r, g, bl);
    // Depth is a plane over the screen; stepping it along a row costs one addition per pixel.
    const dzdx = ((zb - za) * (yc - ya) - (zc - za) * (yb - ya)) / area;
    const dzdy = ((zc - za) * (xb - xa) - (zb - za) * (xc - xa)) / area;
    // Each edge's x as a line in y, so a row's span costs two multiply-adds and no division.
    const long = (xc - xa) / (yc - ya),
      upper = (xb - xa) / (yb - ya),
      lower = (xc - xb) / (yc - yb);
    for (let py = minY; py <= maxY; py++) {
      const cy = py + 0.5;
      const xLong = xa + (cy - ya) * long;
      const xShort = cy < yb ? xa + (cy - ya) * upper : yc > yb ? xb + (cy - yb) * lower : xb;
      const left = xLong < xShort ? xLong : xShort,
        right = xLong < xShort ? xShort : xLong;
      const fromX = Math.max(0, Math.ceil(left - 0.5)),
        toX = Math.min(width - 1, Math.floor(right - 0.5));
      if (fromX > toX) continue;
      const z = za + dzdx * (fromX + 0.5 - xa) + dzdy * (cy - ya);
      if (alpha < 1) blendSpan(data, depth, py * width, fromX, toX, z, dzdx, r, g, bl, alpha);
      else opaqueSpan(pixels, depth, py * width, fromX, toX, z, dzdx, word);
    }
  }
}

const scratch = new Uint8Array(4);
const scratchWord = new Uint32Array(scratch.buffer);

/** An opaque pixel's four bytes as the 32-bit word the image holds them as, on either byte order. */
function packRgb(r: number, g: number, b: number): number {
  scratch[0] = r;
  scratch[1] = g;
  scratch[2] = b;
  scratch[3] = 255;
  return scratchWord[0]!;
}

/** One row's pixels from `fromX` to `toX` that lie in front: coloured, and their depth taken. */
function opaqueSpan(
  pixels: Uint32Array,
  depth: Float32Array,
  row: number,
  fromX: number,
  toX: number,
  z: number,
  dzdx: number,
  color: number,
) {
  for (let pixel = row + fromX; pixel <= row + toX; pixel++, z += dzdx) {
    if (z <= depth[pixel]!) continue;
    depth[pixel] = z;
    pixels[pixel] = color;
  }
}

/** A see-through row: blended over what lies behind, without hiding it (the depth stays). */
function blendSpan(
  data: Uint8Array,
  depth: Float32Array,
  row: number,
  fromX: number,
  toX: number,
  z: number,
  dzdx: number,
  r: number,
  g: number,
  b: number,
  alpha: number,
) {
  for (let pixel = row + fromX; pixel <= row + toX; pixel++, z += dzdx) {
    if (z <= depth[pixel]!) continue;
    const o = pixel * 4;
    data[o] = data[o]! * (1 - alpha) + r * alpha;
    data[o + 1] = data[o + 1]! * (1 - alpha) + g * alpha;
    data[o + 2] = data[o + 2]! * (1 - alpha) + b * alpha;
  }
}

/** A 2D drawing's lines, fitted into the image with a margin (Bresenham, one pixel wide). */
export function rasterDrawing(model: ReadModel, width: number, height: number): RgbaImage {
  const image = blankImage(width, height);
  const entities = model.drawing?.entities ?? [];
  const bounds = new Bounds2D();
  for (const entity of entities) {
    for (const path of entity.paths) {
      for (const [x, y] of path.points) {
        if (Number.isFinite(x) && Number.isFinite(y)) bounds.include(x, y);
      }
    }
  }
  if (bounds.isEmpty()) return image;
  const scale = bounds.fitScale(width, height, MARGIN);
  const { minX, maxX, minY, maxY } = bounds;
  const toX = (x: number) => Math.round((x - (minX + maxX) / 2) * scale + width / 2);
  const toY = (y: number) => Math.round(height / 2 - (y - (minY + maxY) / 2) * scale);
  for (const entity of entities) {
    const color = inkOnLight(entity.color);
    for (const path of entity.paths) {
      for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed))
        line(image, toX(ax), toY(ay), toX(bx), toY(by), color);
    }
  }
  return image;
}

function line(image: RgbaImage, x0: number, y0: number, x1: number, y1: number, color: [number, number, number]) {
  const { width, height, data } = image;
  if (!Number.isFinite(x0 + y0 + x1 + y1)) return;
  const dx = Math.abs(x1 - x0),
    dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1,
    sy = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    if (x0 >= 0 && x0 < width && y0 >= 0 && y0 < height) data.set(color, (y0 * width + x0) * 4);
    if (x0 === x1 && y0 === y1) return;
    const twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      x0 += sx;
    }
    if (twice <= dx) {
      error += dx;
      y0 += sy;
    }
  }
}
