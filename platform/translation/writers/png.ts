import { crc32, deflateSync } from 'node:zlib';
import type { RgbaImage } from './raster';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SUB = 1;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * An 8-bit RGBA PNG. Every row uses the Sub filter, which suits rendered views (flat colours, smooth
 * shading) nearly as well as choosing per row, and costs one pass; zlib does the rest natively, at
 * level 3: a 400 px view deflates in ~1 ms instead of ~4 ms at level 6, for ~15 KB instead of ~11.
 */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  const stride = width * 4;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * stride;
    const to = y * (stride + 1) + 1;
    filtered[to - 1] = SUB;
    // The row's first pixel has no left neighbour; a Uint8Array store wraps the differences mod 256.
    for (let x = 0; x < 4 && x < stride; x++) filtered[to + x] = data[from + x]!;
    for (let x = 4; x < stride; x++) filtered[to + x] = data[from + x]! - data[from + x - 4]!;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([new Uint8Array(SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(filtered, { level: 3 })), chunk('IEND', new Uint8Array(0))]);
}
