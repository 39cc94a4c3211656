import type { BufferGeometry } from 'three';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { describe, expect, it } from 'vitest';
import { binaryStlTriangles } from '../../testing/translation/read-back';
import { facetColor, writeStl } from './stl';
import { smallBuilding } from '../../testing/translation/models';

function load(stl: Uint8Array): BufferGeometry {
  const copy = stl.slice().buffer;
  return new STLLoader().parse(copy);
}

function zRange(geometry: BufferGeometry): [number, number] {
  geometry.computeBoundingBox();
  const box = geometry.boundingBox;
  return [box?.min.z ?? NaN, box?.max.z ?? NaN];
}

describe('writeStl', () => {
  it('writes binary STL whose header count matches its triangles, turned Z-up', () => {
    const stl = writeStl(smallBuilding(), { label: 'Design Data Manager from house.ifc' });
    expect(binaryStlTriangles(stl)).toBe(60);
    const header = new TextDecoder().decode(stl.subarray(0, 80));
    expect(header).toMatch(/^Design Data Manager from house\.ifc/);
    const geometry = load(stl);
    expect(geometry.getAttribute('position').count).toBe(180);
    // The building stands from the slab's underside (−0.2 m) to the roof (6.3 m): that is Z now.
    const [minZ, maxZ] = zRange(geometry);
    expect(minZ).toBeCloseTo(-0.2, 5);
    expect(maxZ).toBeCloseTo(6.3, 5);
  });

  it('writes unit facet normals that point out of each box', () => {
    const stl = writeStl(smallBuilding());
    const view = new DataView(stl.buffer, stl.byteOffset);
    // The first box's first face is its +Z face in Y-up, so −Y in Z-up.
    expect(
      [view.getFloat32(84, true), view.getFloat32(88, true), view.getFloat32(92, true)].map((value) =>
        Math.round(value),
      ),
    ).toEqual([0, -1, 0]);
    for (let t = 0; t < 60; t++) {
      const offset = 84 + t * 50;
      expect(
        Math.hypot(view.getFloat32(offset, true), view.getFloat32(offset + 4, true), view.getFloat32(offset + 8, true)),
      ).toBeCloseTo(1, 5);
    }
  });

  it('writes ASCII STL on request, which three reads as the same triangles', () => {
    const ascii = writeStl(smallBuilding(), { format: 'ascii' });
    expect(new TextDecoder().decode(ascii.subarray(0, 6))).toBe('solid ');
    const geometry = load(ascii);
    expect(geometry.getAttribute('position').count).toBe(180);
    expect(zRange(geometry)[1]).toBeCloseTo(6.3, 5);
  });

  it("writes each facet's colour in its attribute bytes, VisCAM/SolidView style, unless told not to", () => {
    const attributes = (stl: Uint8Array) => {
      const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
      return Array.from({ length: binaryStlTriangles(stl) }, (_, t) => view.getUint16(84 + t * 50 + 48, true));
    };
    const coloured = attributes(writeStl(smallBuilding()));
    // Slab grey (0.6 → 19 of 31), then Wall A red (0.8, 0.2, 0.2 → 25, 6, 6): bit 15 says the colour is valid.
    const grey = 0x8000 | (19 << 10) | (19 << 5) | 19;
    const red = 0x8000 | (25 << 10) | (6 << 5) | 6;
    expect(coloured.slice(0, 12)).toEqual(Array(12).fill(grey));
    expect(coloured.slice(12, 24)).toEqual(Array(12).fill(red));
    expect(facetColor([0.5, 0.7, 0.9, 0.4])).toBe(0x8000 | (16 << 10) | (22 << 5) | 28);
    expect(new Set(attributes(writeStl(smallBuilding(), { color: false })))).toEqual(new Set([0]));
  });

  it('writes a header-only file for a model without triangles', () => {
    expect(binaryStlTriangles(writeStl({ sourceFormat: 'TEST', objects: [], warnings: [] }))).toBe(0);
  });
});
