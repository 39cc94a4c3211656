import { crc32, deflateSync } from 'node:zlib';
import type { RgbaImage } from './raster';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Each row behind its filter byte, 0: no filter. */
function unfiltered(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  const rowBytes = width * 4;
  const rows = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) rows.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return rows;
}

/**
 * An 8-bit RGBA PNG. Rows go unfiltered: a flat-shaded view or a drawing is mostly runs of one
 * colour, which deflate already finds as repeats four bytes back, so the Sub filter used before only
 * cost time. On every fixture's thumbnails, unfiltered files came out 1-12% smaller, and a job's
 * three encode faster. zlib does the rest natively, at level 3: a quarter of level 6's time for a
 * 400 px view.
 */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height } = image;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(unfiltered(image), { level: 3 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
