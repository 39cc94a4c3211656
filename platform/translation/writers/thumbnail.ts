import type { ReadModel } from '../model';
import { encodePng } from './png';
import { rasterDrawing, rasterModel, type RgbaImage } from './raster';

/** The sizes Model Derivative's thumbnail endpoint offers, largest first. */
export const THUMBNAIL_SIZES = [400, 200, 100] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** Each pixel the mean of a 2×2 block: a smaller thumbnail, smoothed rather than aliased. */
export function halve(image: RgbaImage): RgbaImage {
  const width = image.width >> 1, height = image.height >> 1;
  const data = new Uint8Array(width * height * 4);
  const row = image.width * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * 2 * row + x * 8;
      const to = (y * width + x) * 4;
      for (let channel = 0; channel < 4; channel++) {
        const sum = image.data[from + channel]! + image.data[from + 4 + channel]! + image.data[from + row + channel]! + image.data[from + row + 4 + channel]!;
        data[to + channel] = (sum + 2) >> 2;
      }
    }
  }
  return { width, height, data };
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
