import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';
import { blankImage } from './raster';

describe('encodePng', () => {
  it('writes a PNG that an independent decoder reads back pixel for pixel', () => {
    const image = blankImage(37, 23);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7919) % 251;
    const decoded = PNG.sync.read(Buffer.from(encodePng(image)));
    expect([decoded.width, decoded.height]).toEqual([37, 23]);
    expect(new Uint8Array(decoded.data)).toEqual(image.data);
  });

  it('compresses a flat 400 px background to under a hundredth of its raw 640,000 bytes', () => {
    expect(encodePng(blankImage(400, 400)).byteLength).toBeLessThan(6400);
  });
});
