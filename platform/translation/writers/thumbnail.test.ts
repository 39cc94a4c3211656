import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pngFacts } from '../testing/read-back';
import { BACKGROUND, rasterModel } from './raster';
import { boxMesh, smallBuilding, smallDrawing } from './test-models';
import { renderThumbnail } from './thumbnail';

const pixel = (png: Uint8Array, x: number, y: number) => {
  const image = PNG.sync.read(Buffer.from(png));
  const o = (y * image.width + x) * 4;
  return [image.data[o], image.data[o + 1], image.data[o + 2]];
};

describe('renderThumbnail', () => {
  it.each([100, 200, 400] as const)('draws a model as a %i px square PNG, fitted with a margin of background', (size) => {
    const png = renderThumbnail(smallBuilding(), size);
    const facts = pngFacts(png);
    expect(facts.width).toBe(size);
    expect(facts.height).toBe(size);
    expect(facts.drawn).toBeGreaterThan(size * size * 0.15);
    expect(pixel(png, 0, 0)).toEqual(BACKGROUND);
    expect(pixel(png, size - 1, size - 1)).toEqual(BACKGROUND);
  });

  it('shades the three visible sides of a box differently, and hides what is behind', () => {
    const red = boxMesh([0, 0, 0], [1, 1, 1], [1, 0, 0, 1]);
    const hiddenBlue = boxMesh([-0.4, -0.4, -0.4], [0.4, 0.4, 0.4], [0, 0, 1, 1]);
    const image = rasterModel({ sourceFormat: 'TEST', warnings: [], objects: [{ dbId: 1, name: 'b', externalId: '1', category: 'Part', properties: {}, meshes: [hiddenBlue, red] }] }, 200, 200);
    const shades = new Set<number>();
    let blue = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i]! > 0 && image.data[i + 1] === 0 && image.data[i + 2] === 0) shades.add(image.data[i]!);
      if (image.data[i + 2]! > 0 && image.data[i] === 0) blue += 1;
    }
    expect(shades.size).toBe(3);
    expect(blue).toBe(0);
  });

  it('draws a 2D drawing\'s lines, white ones dark on the light background', () => {
    const png = renderThumbnail(smallDrawing(), 200);
    const image = PNG.sync.read(Buffer.from(png));
    let red = 0, dark = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i] === 255 && image.data[i + 1] === 0) red += 1;
      if (image.data[i] === 0 && image.data[i + 1] === 0 && image.data[i + 2] === 0) dark += 1;
    }
    expect(red).toBeGreaterThan(100);
    expect(dark).toBeGreaterThan(300);
  });

  it('renders an FZK-Haus-sized model (22k triangles) at 400 px quickly', () => {
    const meshes = Array.from({ length: 51 }, (_, i) => boxMesh([i % 10, 0, Math.floor(i / 10)], [i % 10 + 0.8, 2, Math.floor(i / 10) + 0.8], [0.7, 0.6, 0.5, 1], 6));
    const model = { sourceFormat: 'TEST', warnings: [], objects: [{ dbId: 1, name: 'b', externalId: '1', category: 'Part', properties: {}, meshes }] };
    const started = performance.now();
    const png = renderThumbnail(model, 400);
    const elapsed = performance.now() - started;
    expect(pngFacts(png).drawn).toBeGreaterThan(0);
    // The target is 0.3 s (about 0.1 s measured); the bound leaves room for a busy shared machine
    // while still catching a rasteriser that went quadratic.
    expect(elapsed).toBeLessThan(1500);
  });

  it('skips non-finite drawing points instead of looping on them', () => {
    const model = smallDrawing();
    model.drawing?.entities[0]?.paths.push({ points: [[NaN, 0], [1, 2], [3, Infinity]], closed: true });
    expect(pngFacts(renderThumbnail(model, 100)).drawn).toBeGreaterThan(0);
  });

  it('draws only background for a model without geometry', () => {
    expect(pngFacts(renderThumbnail({ sourceFormat: 'TEST', objects: [], warnings: [] }, 100)).drawn).toBe(0);
  });
});
