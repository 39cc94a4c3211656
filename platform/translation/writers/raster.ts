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
  return data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, count) : new Uint32Array(data.slice(0, count * 4).buffer);
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

/** The model's shaded isometric view, fitted into the image with a margin. */
export function rasterModel(model: ReadModel, width: number, height: number): RgbaImage {
  const image = blankImage(width, height);
  const projected = model.objects.flatMap((object) => usableMeshes(object).map((mesh) => ({ mesh, screen: project(mesh.positions) })));
  const bounds = new Bounds2D();
  for (const { mesh, screen } of projected) includeUsed(bounds, screen, mesh.indices);
  if (bounds.isEmpty()) return image;
  const scale = bounds.fitScale(width, height, MARGIN);
  const { minX, maxX, minY, maxY } = bounds;
  const centreX = (minX + maxX) / 2, centreY = (minY + maxY) / 2;
  for (const { screen } of projected) {
    for (let i = 0; i < screen.length; i += 3) {
      screen[i] = (screen[i]! - centreX) * scale + width / 2;
      screen[i + 1] = height / 2 - (screen[i + 1]! - centreY) * scale;
    }
  }
  const depth = new Float32Array(width * height).fill(-Infinity);
  // Opaque first, then see-through parts blended over them without hiding what lies behind.
  for (const blend of [false, true]) {
    for (const { mesh, screen } of projected) {
      if ((mesh.color[3] < 0.999) !== blend) continue;
      fillMesh(image, depth, mesh.positions, mesh.indices, screen, rgb255(mesh.color), blend ? Math.max(mesh.color[3], 0.15) : 1);
    }
  }
  return image;
}

/** Grows `bounds` around the screen points the triangles use: a vertex no triangle uses (a damaged file's) does not count. */
function includeUsed(bounds: Bounds2D, screen: Float32Array, indices: Uint32Array): void {
  let { minX, maxX, minY, maxY } = bounds;
  for (let i = 0; i < indices.length; i++) {
    const at = indices[i]! * 3;
    const x = screen[at]!, y = screen[at + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  Object.assign(bounds, { minX, maxX, minY, maxY });
}

function project(positions: Float32Array): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
    out[i] = x * RIGHT[0] + z * RIGHT[2];
    out[i + 1] = x * UP[0] + y * UP[1] + z * UP[2];
    out[i + 2] = x * EYE[0] + y * EYE[1] + z * EYE[2];
  }
  return out;
}

function fillMesh(image: RgbaImage, depth: Float32Array, positions: Float32Array, indices: Uint32Array, screen: Float32Array, color: [number, number, number], alpha: number) {
  const { width, height, data } = image;
  const pixels = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const normal = new Float64Array(3);
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    const x0 = screen[a * 3]!, y0 = screen[a * 3 + 1]!, z0 = screen[a * 3 + 2]!;
    const x1 = screen[b * 3]!, y1 = screen[b * 3 + 1]!, z1 = screen[b * 3 + 2]!;
    const x2 = screen[c * 3]!, y2 = screen[c * 3 + 1]!, z2 = screen[c * 3 + 2]!;
    const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (area === 0 || !Number.isFinite(area)) continue;
    // The rows and columns whose pixel centres the triangle's box reaches. At thumbnail size most of
    // a dense model's triangles fall between centres and are dropped here, before any shading.
    const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5)), maxY = Math.min(height - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
    if (minY > maxY || Math.ceil(Math.min(x0, x1, x2) - 0.5) > Math.floor(Math.max(x0, x1, x2) - 0.5)) continue;

    faceNormal(positions, a, b, c, normal);
    // Two-sided: turn the normal towards the eye, then Lambert with some ambient light.
    const facing = normal[0]! * EYE[0] + normal[1]! * EYE[1] + normal[2]! * EYE[2] < 0 ? -1 : 1;
    const lambert = facing * (normal[0]! * LIGHT[0] + normal[1]! * LIGHT[1] + normal[2]! * LIGHT[2]);
    const shade = 0.4 + 0.6 * Math.max(0, lambert);
    const r = color[0] * shade, g = color[1] * shade, bl = color[2] * shade;
    // Depth is a plane over the screen; stepping it along a row costs one addition per pixel.
    const dzdx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area;
    const dzdy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area;
    for (let py = minY; py <= maxY; py++) {
      const cy = py + 0.5;
      // The row's span where the triangle covers pixel centres: edges crossed at cy, no test per pixel.
      const xa = crossing(x0, y0, x1, y1, cy), xb = crossing(x1, y1, x2, y2, cy), xc = crossing(x2, y2, x0, y0, cy);
      // NaN (an edge the row misses) fails every comparison and is left out.
      let left = Infinity, right = -Infinity;
      if (xa < left) left = xa;
      if (xa > right) right = xa;
      if (xb < left) left = xb;
      if (xb > right) right = xb;
      if (xc < left) left = xc;
      if (xc > right) right = xc;
      const fromX = Math.max(0, Math.ceil(left - 0.5)), toX = Math.min(width - 1, Math.floor(right - 0.5));
      const z = z0 + dzdx * (fromX + 0.5 - x0) + dzdy * (cy - y0);
      if (alpha < 1) blendSpan(data, depth, py * width, fromX, toX, z, dzdx, r, g, bl, alpha);
      else opaqueSpan(pixels, depth, py * width, fromX, toX, z, dzdx, packRgb(r, g, bl));
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
function opaqueSpan(pixels: Uint32Array, depth: Float32Array, row: number, fromX: number, toX: number, z: number, dzdx: number, color: number) {
  for (let pixel = row + fromX; pixel <= row + toX; pixel++, z += dzdx) {
    if (z <= depth[pixel]!) continue;
    depth[pixel] = z;
    pixels[pixel] = color;
  }
}

/** A see-through row: blended over what lies behind, without hiding it (the depth stays). */
function blendSpan(data: Uint8Array, depth: Float32Array, row: number, fromX: number, toX: number, z: number, dzdx: number, r: number, g: number, b: number, alpha: number) {
  for (let pixel = row + fromX; pixel <= row + toX; pixel++, z += dzdx) {
    if (z <= depth[pixel]!) continue;
    const o = pixel * 4;
    data[o] = data[o]! * (1 - alpha) + r * alpha;
    data[o + 1] = data[o + 1]! * (1 - alpha) + g * alpha;
    data[o + 2] = data[o + 2]! * (1 - alpha) + b * alpha;
  }
}

/** Where the edge a→b crosses the row at y; NaN (which every comparison ignores) when it does not. */
function crossing(ax: number, ay: number, bx: number, by: number, y: number): number {
  if (ay === by || (y < ay && y < by) || (y > ay && y > by)) return NaN;
  return ax + ((y - ay) * (bx - ax)) / (by - ay);
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
      for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed)) line(image, toX(ax), toY(ay), toX(bx), toY(by), color);
    }
  }
  return image;
}

function line(image: RgbaImage, x0: number, y0: number, x1: number, y1: number, color: [number, number, number]) {
  const { width, height, data } = image;
  if (!Number.isFinite(x0 + y0 + x1 + y1)) return;
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
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
