import { crc32, deflateSync } from 'node:zlib';
import { pixelWords, type RgbaImage } from './raster';

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
 * Each row behind its filter byte, Sub-filtered (each byte less the same byte of the pixel to its
 * left, mod 256) a pixel at a time: in a word, a byte's high bit is set aside so no borrow crosses
 * into the next byte, which is three times quicker than a loop over bytes.
 */
function subFiltered(image: RgbaImage): Uint8Array {
  const { width, height } = image;
  const pixels = pixelWords(image);
  const row = new Uint32Array(width);
  const rowBytes = new Uint8Array(row.buffer);
  const filtered = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    let left = 0;
    for (let x = 0, at = y * width; x < width; x++, at++) {
      const pixel = pixels[at]!;
      row[x] = ((pixel | 0x80808080) - (left & 0x7f7f7f7f)) ^ ((pixel ^ ~left) & 0x80808080);
      left = pixel;
    }
    const to = y * (width * 4 + 1);
    filtered[to] = SUB;
    filtered.set(rowBytes, to + 1);
  }
  return filtered;
}

/**
 * An 8-bit RGBA PNG. Every row uses the Sub filter, which suits rendered views (flat colours, smooth
 * shading) nearly as well as choosing per row, and costs one pass; zlib does the rest natively, at
 * level 3: a 400 px view deflates in ~1 ms instead of ~4 ms at level 6, for ~15 KB instead of ~11.
 */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height } = image;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([new Uint8Array(SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(subFiltered(image), { level: 3 })), chunk('IEND', new Uint8Array(0))]);
}
