import { describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { withIfcModel } from './ifc-api';
import { elementIds, readIfcGeometry } from './ifc-geometry';
import { fixture, haveFixtures, warnIfNoFixtures } from '../../testing/translation/reader-fixtures';
import { readIfcInThread, stopIfcThreads, useGeometryThreads } from './ifc-thread';
import type { ElementMeshes } from './ifc-thread-protocol';
import { THUMBNAIL_SIZES } from '../writers/thumbnail';
import { pngFacts } from '../../testing/translation/read-back';

const building = new TextEncoder().encode(demoBuildingIfc());

describe('reading IFC geometry in the geometry threads', () => {
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

  it('hands the geometry over in batches before it settles, and settles with it in express id order', async () => {
    const batches: ElementMeshes[] = [];
    const reading = readIfcInThread(building, (batch) => batches.push(batch));
    const geometry = await reading.geometry;
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.flat().sort((a, b) => a[0] - b[0])).toEqual([...geometry.meshes]);
    expect([...geometry.meshes.keys()]).toEqual([...geometry.meshes.keys()].sort((a, b) => a - b));
  });

  it('streams each element once among readers that claim them in turn', async () => {
    const whole = await withIfcModel(building, (api, modelId) => readIfcGeometry(api, modelId));
    // Runs of two elements, taken by two readers in turn: the first reader's runs, then the second's.
    const taking = (first: number) => {
      let next = first * 2 - 4;
      return (total: number): [number, number] => ((next += 4), [Math.min(next, total), Math.min(next + 2, total)]);
    };
    const streamed: number[][] = [[], []];
    const reader = (first: number) =>
      withIfcModel(building, (api, modelId) =>
        readIfcGeometry(api, modelId, {
          onElement: (expressId) => streamed[first]?.push(expressId),
          claim: taking(first),
        }),
      );
    await reader(0);
    await reader(1);
    expect(streamed[0]?.length).toBeGreaterThan(0);
    expect(streamed[1]?.length).toBeGreaterThan(0);
    expect(streamed.flat().sort((a, b) => a - b)).toEqual([...whole.meshes.keys()]);
  });

  it('reads a model long enough for a second thread to help the same as one thread does, and draws it', async () => {
    // Forty storeys stream for longer than a helper waits to be asked, on any machine this runs on.
    const tower = new TextEncoder().encode(demoBuildingIfc({ storeys: 40 }));
    const here = await withIfcModel(tower, (api, modelId) => readIfcGeometry(api, modelId));
    const reading = readIfcInThread(tower);
    const there = await reading.geometry;
    expect([...there.meshes.keys()]).toEqual([...here.meshes.keys()]);
    expect([...there.meshes.values()].map((meshes) => meshes.map((mesh) => [...mesh.positions]))).toEqual(
      [...here.meshes.values()].map((meshes) => meshes.map((mesh) => [...mesh.positions])),
    );
    expect([...(await reading.thumbnails).keys()]).toEqual([...THUMBNAIL_SIZES]);
  });

  it('settles every reading whether its helper comes in time or too late', async () => {
    // Asked at once on a model of a few small elements, a helper comes in time or after the first
    // thread has streamed them all: either way, the reading must settle with the whole geometry.
    const small = new TextEncoder().encode(demoBuildingIfc({ storeys: 1 }));
    const here = await withIfcModel(small, (api, modelId) => readIfcGeometry(api, modelId));
    for (let reading = 0; reading < 20; reading++) {
      const there = readIfcInThread(small, undefined, { helpAfterMs: 0 });
      expect([...(await there.geometry).meshes.keys()]).toEqual([...here.meshes.keys()]);
      expect((await there.thumbnails).size).toBe(THUMBNAIL_SIZES.length);
    }
  });

  it('reads a file past the size a helper may take on in one thread', async () => {
    const tower = new TextEncoder().encode(demoBuildingIfc({ storeys: 40 }));
    const alone = await readIfcInThread(tower, undefined, { helpAfterMs: 0, helpedUpToBytes: tower.byteLength - 1 })
      .geometry;
    expect(alone.threads).toBe(1);
    expect(alone.meshes.size).toBeGreaterThan(100);
  });

  it('reads the same geometry with one thread when told to', async () => {
    const both = await readIfcInThread(building).geometry;
    useGeometryThreads(1);
    try {
      const one = await readIfcInThread(building, undefined, { helpAfterMs: 0 }).geometry;
      expect(one.threads).toBe(1);
      expect([...one.meshes.keys()]).toEqual([...both.meshes.keys()]);
      expect([...one.meshes.values()].map((meshes) => meshes.map((mesh) => [...mesh.positions]))).toEqual(
        [...both.meshes.values()].map((meshes) => meshes.map((mesh) => [...mesh.positions])),
      );
    } finally {
      useGeometryThreads(2);
    }
  });

  it('reads the whole geometry when its helper steps back in the middle', async () => {
    const whole = await readIfcInThread(building).geometry;
    const reading = readIfcInThread(building);
    useGeometryThreads(1);
    try {
      expect([...(await reading.geometry).meshes.keys()]).toEqual([...whole.meshes.keys()]);
    } finally {
      useGeometryThreads(2);
    }
  });

  it('hands no more batches over once the reading is abandoned', async () => {
    const batches: unknown[] = [];
    const reading = readIfcInThread(building, (batch) => batches.push(batch));
    reading.abandon();
    expect((await reading.geometry).meshes.size).toBeGreaterThan(0);
    expect(batches).toEqual([]);
  });

  it('answers files read at the same time each with its own, and draws each one thumbnails', async () => {
    const empty = new TextEncoder().encode(
      demoBuildingIfc().replace(/^#\d+\s*=\s*IFC(EXTRUDEDAREASOLID|SHAPEREPRESENTATION)\(.*$/gm, ''),
    );
    const [full, bare] = [readIfcInThread(building), readIfcInThread(empty)];
    expect((await full.geometry).meshes.size).toBeGreaterThan(0);
    expect((await bare.geometry).meshes.size).toBe(0);
    const pictures = await full.thumbnails;
    expect([...pictures.keys()]).toEqual([...THUMBNAIL_SIZES]);
    for (const [size, png] of pictures)
      expect(pngFacts(png)).toMatchObject({ width: size, height: size, drawn: expect.any(Number) as number });
    expect(pngFacts(pictures.get(400) as Uint8Array).drawn).toBeGreaterThan(
      pngFacts((await bare.thumbnails).get(400) as Uint8Array).drawn,
    );
  });

  it('fails a file web-ifc cannot open, and reads the next one', async () => {
    const broken = readIfcInThread(
      new TextEncoder().encode(demoBuildingIfc().replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC5'))")),
    );
    await expect(broken.geometry).rejects.toThrow('web-ifc could not open it');
    await expect(broken.thumbnails).rejects.toThrow('web-ifc could not open it');
    expect((await readIfcInThread(building).geometry).meshes.size).toBeGreaterThan(0);
  });

  it('fails the readings under way when the thread stops, and starts a new thread for the next', async () => {
    // Under way for certain: stopped once its first batch has come, with most of a tall tower still to stream
    // (a warm thread reads the small building whole before a stop takes effect).
    const tower = new TextEncoder().encode(demoBuildingIfc({ storeys: 200 }));
    let firstBatch = () => {};
    const streaming = new Promise<void>((resolve) => (firstBatch = resolve));
    const cut = readIfcInThread(tower, () => firstBatch());
    await streaming;
    await stopIfcThreads();
    await expect(cut.geometry).rejects.toThrow(/^the geometry thread stopped/);
    await expect(cut.thumbnails).rejects.toThrow(/^the geometry thread stopped/);
    expect((await readIfcInThread(building).geometry).meshes.size).toBeGreaterThan(0);
  });
});

warnIfNoFixtures('ifc-thread.test.ts');

describe.skipIf(!haveFixtures)('the elements the geometry threads share out', () => {
  it.each([
    'AC20-FZK-Haus.ifc',
    'Office_A_20110811.ifc',
    'basin-advanced-brep.ifc',
    'beam-curved-i-shape-tessellated.ifc',
    'reinforcing-assembly.ifc',
  ])('are every element web-ifc streams of %s, each once', async (name) => {
    await withIfcModel(fixture(`ifc/${name}`), (api, modelId) => {
      const streamed: number[] = [];
      api.StreamAllMeshes(modelId, (mesh) => streamed.push(mesh.expressID));
      const listed = elementIds(api, modelId);
      expect(new Set(listed).size).toBe(listed.length);
      expect(streamed.length).toBeGreaterThan(0);
      expect(streamed.filter((id) => !listed.includes(id))).toEqual([]);
    });
  });
});
