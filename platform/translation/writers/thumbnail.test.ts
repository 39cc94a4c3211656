import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pngFacts } from '../../testing/translation/read-back';
import { BACKGROUND, blankImage, rasterModel } from './raster';
import { boxMesh, smallBuilding, smallDrawing } from '../../testing/translation/models';
import type { ReadModel } from '../model';
import { halve, renderThumbnails, type ThumbnailSize } from './thumbnail';

const renderThumbnail = (model: ReadModel, size: ThumbnailSize): Uint8Array => renderThumbnails(model).get(size)!;

const pixel = (png: Uint8Array, x: number, y: number) => {
  const image = PNG.sync.read(Buffer.from(png));
  const o = (y * image.width + x) * 4;
  return [image.data[o], image.data[o + 1], image.data[o + 2]];
};

describe('renderThumbnail', () => {
  it.each([100, 200, 400] as const)(
    'draws a model as a %i px square PNG, fitted with a margin of background',
    (size) => {
      const png = renderThumbnail(smallBuilding(), size);
      const facts = pngFacts(png);
      expect(facts.width).toBe(size);
      expect(facts.height).toBe(size);
      expect(facts.drawn).toBeGreaterThan(size * size * 0.15);
      expect(pixel(png, 0, 0)).toEqual(BACKGROUND);
      expect(pixel(png, size - 1, size - 1)).toEqual(BACKGROUND);
    },
  );

  it('shades the three visible sides of a box differently, and hides what is behind', () => {
    const red = boxMesh([0, 0, 0], [1, 1, 1], [1, 0, 0, 1]);
    const hiddenBlue = boxMesh([-0.4, -0.4, -0.4], [0.4, 0.4, 0.4], [0, 0, 1, 1]);
    const image = rasterModel(
      {
        sourceFormat: 'TEST',
        warnings: [],
        objects: [{ dbId: 1, name: 'b', externalId: '1', category: 'Part', properties: {}, meshes: [hiddenBlue, red] }],
      },
      200,
      200,
    );
    const shades = new Set<number>();
    let blue = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i]! > 0 && image.data[i + 1] === 0 && image.data[i + 2] === 0) shades.add(image.data[i]!);
      if (image.data[i + 2]! > 0 && image.data[i] === 0) blue += 1;
    }
    expect(shades.size).toBe(3);
    expect(blue).toBe(0);
  });

  it("draws a 2D drawing's lines, white ones dark on the light background", () => {
    const png = renderThumbnail(smallDrawing(), 200);
    const image = PNG.sync.read(Buffer.from(png));
    let red = 0,
      dark = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i] === 255 && image.data[i + 1] === 0) red += 1;
      if (image.data[i] === 0 && image.data[i + 1] === 0 && image.data[i + 2] === 0) dark += 1;
    }
    expect(red).toBeGreaterThan(100);
    expect(dark).toBeGreaterThan(300);
  });

  it('makes the smaller sizes by halving the 400 px view, so edges come out smoothed', () => {
    const thumbnails = renderThumbnails(smallBuilding());
    expect([...thumbnails.keys()]).toEqual([400, 200, 100]);
    const large = PNG.sync.read(Buffer.from(thumbnails.get(400) as Uint8Array));
    const small = PNG.sync.read(Buffer.from(thumbnails.get(200) as Uint8Array));
    const colours = (image: PNG) =>
      new Set(Array.from({ length: image.width * image.height }, (_, i) => image.data.readUInt32BE(i * 4))).size;
    // Averaging 2×2 blocks blends the edge pixels, so the halved view has more distinct colours than flat shading gives.
    expect(colours(small)).toBeGreaterThan(colours(large));
    const [r, g, b] = pixel(thumbnails.get(200) as Uint8Array, 100, 100);
    const [r2, g2, b2] = pixel(thumbnails.get(400) as Uint8Array, 200, 200);
    expect(Math.abs(r! - r2!) + Math.abs(g! - g2!) + Math.abs(b! - b2!)).toBeLessThan(60);
  });

  it('halves an image to the rounded mean of each 2×2 block, channel by channel, dropping an odd last row and column', () => {
    const image = blankImage(5, 3);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 97 + (i >> 2) * 13) % 256;
    image.data.fill(255, 0, 4); // a white pixel and its neighbours: the sums must not spill into the next channel
    image.data.fill(255, 20, 28);
    const half = halve(image);
    expect([half.width, half.height]).toEqual([2, 1]);
    const at = (x: number, y: number, channel: number) => image.data[(y * 5 + x) * 4 + channel]!;
    const expected = [0, 1].flatMap((x) =>
      [0, 1, 2, 3].map(
        (channel) =>
          (at(2 * x, 0, channel) + at(2 * x + 1, 0, channel) + at(2 * x, 1, channel) + at(2 * x + 1, 1, channel) + 2) >>
          2,
      ),
    );
    expect([...half.data]).toEqual(expected);
  });

  it('skips non-finite drawing points instead of looping on them', () => {
    const model = smallDrawing();
    model.drawing?.entities[0]?.paths.push({
      points: [
        [NaN, 0],
        [1, 2],
        [3, Infinity],
      ],
      closed: true,
    });
    expect(pngFacts(renderThumbnail(model, 100)).drawn).toBeGreaterThan(0);
  });

  it('draws only background for a model without geometry', () => {
    expect(pngFacts(renderThumbnail({ sourceFormat: 'TEST', objects: [], warnings: [] }, 100)).drawn).toBe(0);
  });
});
