import { describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { withIfcModel } from './ifc-api';
import { readIfcGeometry } from './ifc-geometry';
import { readIfcInThread, stopIfcThread } from './ifc-thread';
import { THUMBNAIL_SIZES } from '../writers/thumbnail';
import { pngFacts } from '../testing/read-back';

const building = new TextEncoder().encode(demoBuildingIfc());

describe('reading IFC geometry in the second thread', () => {
  it('gives the same meshes as reading it here, in memory both threads share', async () => {
    const here = await withIfcModel(building, (api, modelId) => readIfcGeometry(api, modelId));
    const there = await readIfcInThread(building).geometry;
    expect(there.schema).toBe('IFC4');
    expect([...there.meshes.keys()]).toEqual([...here.meshes.keys()]);
    for (const [id, meshes] of here.meshes) {
      const theirs = there.meshes.get(id) ?? [];
      expect(theirs.map((mesh) => mesh.color)).toEqual(meshes.map((mesh) => mesh.color));
      theirs.forEach((mesh, index) => {
        expect(mesh.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect([...mesh.positions]).toEqual([...(meshes[index]?.positions ?? [])]);
        expect([...mesh.indices]).toEqual([...(meshes[index]?.indices ?? [])]);
      });
    }
  });

  it('hands the geometry over in batches, in order, before it settles', async () => {
    const batches: Array<Array<[number, unknown]>> = [];
    const reading = readIfcInThread(building, (batch) => batches.push(batch));
    const geometry = await reading.geometry;
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.flat()).toEqual([...geometry.meshes]);
  });

  it('hands no more batches over once the reading is abandoned', async () => {
    const batches: unknown[] = [];
    const reading = readIfcInThread(building, (batch) => batches.push(batch));
    reading.abandon();
    expect((await reading.geometry).meshes.size).toBeGreaterThan(0);
    expect(batches).toEqual([]);
  });

  it('answers files read at the same time each with its own, and draws each one thumbnails', async () => {
    const empty = new TextEncoder().encode(demoBuildingIfc().replace(/^#\d+\s*=\s*IFC(EXTRUDEDAREASOLID|SHAPEREPRESENTATION)\(.*$/gm, ''));
    const [full, bare] = [readIfcInThread(building), readIfcInThread(empty)];
    expect((await full.geometry).meshes.size).toBeGreaterThan(0);
    expect((await bare.geometry).meshes.size).toBe(0);
    const pictures = await full.thumbnails;
    expect([...pictures.keys()]).toEqual([...THUMBNAIL_SIZES]);
    for (const [size, png] of pictures) expect(pngFacts(png)).toMatchObject({ width: size, height: size, drawn: expect.any(Number) as number });
    expect(pngFacts(pictures.get(400) as Uint8Array).drawn).toBeGreaterThan(pngFacts((await bare.thumbnails).get(400) as Uint8Array).drawn);
  });

  it('fails a file web-ifc cannot open, and reads the next one', async () => {
    const broken = readIfcInThread(new TextEncoder().encode(demoBuildingIfc().replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC5'))")));
    await expect(broken.geometry).rejects.toThrow('web-ifc could not open it');
    await expect(broken.thumbnails).rejects.toThrow('web-ifc could not open it');
    expect((await readIfcInThread(building).geometry).meshes.size).toBeGreaterThan(0);
  });

  it('fails the readings under way when the thread stops, and starts a new thread for the next', async () => {
    const cut = readIfcInThread(building);
    await stopIfcThread();
    await expect(cut.geometry).rejects.toThrow(/^the geometry thread stopped/);
    await expect(cut.thumbnails).rejects.toThrow(/^the geometry thread stopped/);
    expect((await readIfcInThread(building).geometry).meshes.size).toBeGreaterThan(0);
  });
});
