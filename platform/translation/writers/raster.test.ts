import { describe, expect, it } from 'vitest';
import type { ReadModel } from '../model';
import { BACKGROUND, rasterModel } from './raster';

// The isometric camera looks from (+1, +1, +1): these two axes span the plane that faces it, screen right and screen up.
const RIGHT = [Math.SQRT1_2, 0, -Math.SQRT1_2];
const UP = [-1 / Math.sqrt(6), 2 / Math.sqrt(6), -1 / Math.sqrt(6)];

/** A disc facing the camera, as a fan of `slices` thin triangles around its centre, which screen-space sorting sees in every orientation. */
function fan(slices: number): ReadModel {
  const positions = [0, 0, 0];
  const indices: number[] = [];
  for (let i = 0; i < slices; i++) {
    const angle = (2 * Math.PI * i) / slices;
    const [s, t] = [Math.cos(angle), Math.sin(angle)];
    positions.push(...RIGHT.map((r, axis) => s * r + t * UP[axis]!));
    indices.push(0, 1 + i, 1 + ((i + 1) % slices));
  }
  const mesh = {
    positions: new Float32Array(positions),
    indices: new Uint32Array(indices),
    color: [0.2, 0.4, 0.8, 1] as [number, number, number, number],
  };
  return {
    sourceFormat: 'TEST',
    warnings: [],
    objects: [{ dbId: 1, name: 'disc', externalId: '1', category: 'Part', properties: {}, meshes: [mesh] }],
  };
}

describe('rasterModel', () => {
  it('fills a fan of thin triangles as one disc: no gap between neighbours, nothing outside, one flat shade', () => {
    const size = 400;
    const slices = 180;
    const image = rasterModel(fan(slices), size, size);
    // The disc is fitted into the image less a 6% margin on every side.
    const radius = (size * 0.88) / 2;
    const inscribed = radius * Math.cos(Math.PI / slices);
    const shades = new Set<number>();
    let holes = 0,
      spills = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const o = (y * size + x) * 4;
        const drawn = [0, 1, 2].some((channel) => image.data[o + channel] !== BACKGROUND[channel]);
        const distance = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2);
        if (drawn) shades.add(image.data[o]! * 65536 + image.data[o + 1]! * 256 + image.data[o + 2]!);
        if (distance < inscribed - 0.5 && !drawn) holes++;
        if (distance > radius + 0.5 && drawn) spills++;
      }
    }
    expect(holes).toBe(0);
    expect(spills).toBe(0);
    expect(shades.size).toBe(1);
  });

  it('draws nothing for a triangle seen edge-on or one with a non-finite corner', () => {
    const mesh = (positions: number[]) => ({
      positions: new Float32Array(positions),
      indices: new Uint32Array([0, 1, 2]),
      color: [1, 0, 0, 1] as [number, number, number, number],
    });
    const model: ReadModel = {
      sourceFormat: 'TEST',
      warnings: [],
      objects: [
        {
          dbId: 1,
          name: 'edge-on',
          externalId: '1',
          category: 'Part',
          properties: {},
          meshes: [mesh([0, 0, 0, 1, 1, 1, 1, 0, 0]), mesh([0, 0, 0, NaN, 1, 0, 1, 0, 1])],
        },
      ],
    };
    const image = rasterModel(model, 50, 50);
    const drawn = Array.from({ length: 50 * 50 }, (_, i) => i * 4).filter(
      (o) => image.data[o] !== BACKGROUND[0],
    ).length;
    expect(drawn).toBe(0);
  });
});
