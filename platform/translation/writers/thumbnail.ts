import type { ReadModel } from '../model';
import { encodePng } from './png';
import { pixelWords, rasterDrawing, rasterModel, type RgbaImage } from './raster';

/** The sizes Model Derivative's thumbnail endpoint offers, largest first. */
export const THUMBNAIL_SIZES = [400, 200, 100] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/**
 * Each pixel the mean of a 2×2 block: a smaller thumbnail, smoothed rather than aliased. Alternate
 * bytes of a pixel are summed side by side in 16-bit lanes of one word, where four bytes cannot
 * overflow, so a pixel's four channels take two sums instead of four.
 */
export function halve(image: RgbaImage): RgbaImage {
  const width = image.width >> 1,
    height = image.height >> 1;
  const source = pixelWords(image);
  const pixels = new Uint32Array(width * height);
  const row = image.width;
  for (let y = 0; y < height; y++) {
    for (let x = 0, from = y * 2 * row, to = y * width; x < width; x++, from += 2, to++) {
      const a = source[from]!,
        b = source[from + 1]!,
        c = source[from + row]!,
        d = source[from + row + 1]!;
      const even = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff) + 0x20002;
      const odd =
        ((a >>> 8) & 0xff00ff) + ((b >>> 8) & 0xff00ff) + ((c >>> 8) & 0xff00ff) + ((d >>> 8) & 0xff00ff) + 0x20002;
      pixels[to] = ((even >>> 2) & 0xff00ff) | (((odd >>> 2) & 0xff00ff) << 8);
    }
  }
  return { width, height, data: new Uint8Array(pixels.buffer) };
}

/**
 * Every thumbnail size as a square PNG: a drawing's lines drawn at each size (halving would fade
 * one-pixel lines), a model's shaded isometric view rendered once at 400 px and halved.
 */
export function renderThumbnails(model: ReadModel): Map<ThumbnailSize, Uint8Array> {
  const thumbnails = new Map<ThumbnailSize, Uint8Array>();
  let image: RgbaImage | undefined;
  for (const size of THUMBNAIL_SIZES) {
    image = model.drawing ? rasterDrawing(model, size, size) : image ? halve(image) : rasterModel(model, size, size);
    thumbnails.set(size, encodePng(image));
  }
  return thumbnails;
}
