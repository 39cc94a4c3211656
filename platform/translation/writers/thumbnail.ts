import { PNG } from 'pngjs';
import type { ReadModel } from '../model';
import { rasterDrawing, rasterModel, type RgbaImage } from './raster';

/** The sizes Model Derivative's thumbnail endpoint offers. */
export type ThumbnailSize = 100 | 200 | 400;

export function encodePng(image: RgbaImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  // Level 6 compresses a rendered view nearly as well as 9 in a fraction of the time.
  return new Uint8Array(PNG.sync.write(png, { deflateLevel: 6 }));
}

/** A square PNG: a drawing's lines, or a model's shaded isometric view, fitted with a margin. */
export function renderThumbnail(model: ReadModel, size: ThumbnailSize): Uint8Array {
  const image = model.drawing ? rasterDrawing(model, size, size) : rasterModel(model, size, size);
  return encodePng(image);
}
