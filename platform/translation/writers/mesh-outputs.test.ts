import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { describe, expect, it } from 'vitest';
import type { JobOutputFormat } from '../../../contracts/model-derivative';
import type { EngineDerivative } from '../engine-types';
import { TranslationError, type ReadModel } from '../model';
import { binaryStlTriangles, parseObj } from '../../testing/translation/read-back';
import { writeObjOutput, writeStlOutput, type PutFile } from './mesh-outputs';
import { smallBuilding } from '../../testing/translation/models';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Runs an output as the engine does, keeping each file's bytes by path instead of writing them. */
function run(write: (put: PutFile, derivative: EngineDerivative) => EngineDerivative, outputType: 'obj' | 'stl') {
  const written = new Map<string, Uint8Array>();
  const put: PutFile = (path, role, mime, bytes) => {
    written.set(path, bytes);
    return { role, path, mime, size: bytes.byteLength };
  };
  const derivative = write(put, { outputType, status: 'success', messages: [], views: [], files: [] });
  return { derivative, written };
}
const stl = (advanced: Record<string, unknown>, model: ReadModel = smallBuilding()) =>
  run((put, derivative) => writeStlOutput({ type: 'stl', advanced }, model, 'house.ifc', put, derivative), 'stl');
const obj = (advanced: JobOutputFormat['advanced'], model: ReadModel = smallBuilding()) =>
  run(
    (put, derivative) => writeObjOutput({ type: 'obj', ...(advanced ? { advanced } : {}) }, model, put, derivative),
    'obj',
  );

const thrown = (act: () => unknown): unknown => {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
};
const asciiTriangles = (bytes: Uint8Array) => new STLLoader().parse(text(bytes)).getAttribute('position').count / 3;
const lines = (bytes: Uint8Array, prefix: string) =>
  text(bytes)
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
const vertices = (bytes: Uint8Array) => lines(bytes, 'v ').map((line) => line.split(' ').map(Number));

describe('the stl output', () => {
  it('writes one binary file by default, and ASCII with a warning that its colour is not written', () => {
    expect(stl({}).derivative).toMatchObject({ messages: [], files: [{ path: 'stl/model.stl', role: 'stl' }] });
    const ascii = stl({ format: 'ascii' });
    expect(ascii.derivative.messages).toEqual([
      expect.objectContaining({ type: 'warning', code: 'STL-ColorNotWritten' }),
    ]);
    expect(asciiTriangles(ascii.written.get('stl/model.stl')!)).toBe(60);
    expect(stl({ format: 'ascii', exportColor: false }).derivative.messages).toEqual([]);
  });

  it('with exportFileStructure multiple writes one file per object with geometry, whose triangles add up to the whole', () => {
    const { derivative, written } = stl({ exportFileStructure: 'multiple' });
    expect(derivative.files.map((file) => file.path)).toEqual([
      'stl/Slab.stl',
      'stl/Wall_A.stl',
      'stl/Wall_B_north.stl',
      'stl/Window.stl',
      'stl/Roof.stl',
    ]);
    expect(
      derivative.files.every((file) => file.role === 'stl' && file.size === written.get(file.path)!.byteLength),
    ).toBe(true);
    const counts = [...written.values()].map(binaryStlTriangles);
    expect(counts).toEqual([12, 12, 12, 12, 12]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(
      binaryStlTriangles(stl({}).written.get('stl/model.stl')!),
    );
    const ascii = stl({ exportFileStructure: 'multiple', format: 'ascii' }).written;
    expect([...ascii.values()].map(asciiTriangles)).toEqual(counts);
    expect(text(ascii.get('stl/Window.stl')!)).toMatch(/^solid Design_Data_Manager:_Window_from_house\.ifc\n/);
  });
});

describe('the obj output', () => {
  it("scales from the model's metres to the unit asked for", () => {
    const metres = vertices(obj(undefined).written.get('obj/model.obj')!);
    const { derivative, written } = obj({ unit: 'millimeter' });
    const millimetres = vertices(written.get('obj/model.obj')!);
    // The slab's first corner is (0, -0.2, 4) m: to the micrometre, millimetres without Float32's noise.
    expect(metres[0]).toEqual([0, -0.2, 4]);
    expect(lines(written.get('obj/model.obj')!, 'v ')[0]).toBe('0 -200 4000');
    for (const [index, vertex] of millimetres.entries())
      vertex.forEach((value, axis) => expect(value).toBeCloseTo(metres[index]![axis]! * 1000, 6));
    expect(vertices(obj({ unit: 'inch' }).written.get('obj/model.obj')!)[0]).toEqual([0, -7.87402, 157.48031]);
    expect(derivative.messages).toEqual([]);
  });

  it('says so when the source states no unit, and scales from the metres its reader assumed', () => {
    const { derivative, written } = obj({ unit: 'centimeter' }, { ...smallBuilding(), sourceFormat: 'OBJ' });
    expect(derivative.messages).toEqual([expect.objectContaining({ type: 'warning', code: 'OBJ-SourceUnitUnknown' })]);
    expect(vertices(written.get('obj/model.obj')!)[0]).toEqual([0, -20, 400]);
  });

  it('with objectIds holds exactly those objects, and what is under them in the tree', () => {
    const subset = obj({ objectIds: [5, 7], modelGuid: 'a-view' });
    expect(lines(subset.written.get('obj/model.obj')!, 'o ')).toEqual(['Wall_A', 'Window']);
    expect(parseObj(text(subset.written.get('obj/model.obj')!))).toEqual({ objects: 2, triangles: 24 });
    expect(subset.derivative.messages).toEqual([
      expect.objectContaining({ type: 'info', code: 'OBJ-ModelGuidNotChecked' }),
    ]);
    // The ground floor (2) holds the slab and wall A; the project (1) is everything, as -1 is.
    expect(lines(obj({ objectIds: [2] }).written.get('obj/model.obj')!, 'o ')).toEqual(['Slab', 'Wall_A']);
    expect(parseObj(text(obj({ objectIds: [1] }).written.get('obj/model.obj')!)).triangles).toBe(60);
    expect(parseObj(text(obj({ objectIds: [-1] }).written.get('obj/model.obj')!)).triangles).toBe(60);
  });

  it('names the objectIds the model lacks, and fails in words when it has none of them or they hold no geometry', () => {
    const partly = obj({ objectIds: [8, 404] });
    expect(lines(partly.written.get('obj/model.obj')!, 'o ')).toEqual(['Roof']);
    expect(partly.derivative.messages).toEqual([
      expect.objectContaining({
        type: 'warning',
        code: 'TranslationWorker-ObjectsNotFound',
        message: expect.stringContaining('404') as unknown,
      }),
    ]);
    const failure = thrown(() => obj({ objectIds: [404, 405] }));
    expect(failure).toBeInstanceOf(TranslationError);
    expect(failure).toMatchObject({
      code: 'TranslationWorker-ObjectsNotFound',
      message: expect.stringMatching(/^None of the objectIds \(404, 405\)/) as unknown,
    });
    const bare = smallBuilding();
    bare.objects.push({ dbId: 9, name: 'Empty group', externalId: 'e', category: 'Group', properties: {}, meshes: [] });
    expect(() => obj({ objectIds: [9] }, bare)).toThrow(/hold no geometry/);
  });

  it('with exportFileStructure multiple writes one OBJ per object, all naming one shared material file', () => {
    const { derivative, written } = obj({ exportFileStructure: 'multiple', unit: 'meter', objectIds: [2, 3] });
    expect(derivative.files.map((file) => `${file.role} ${file.path}`)).toEqual([
      'obj obj/Slab.obj',
      'obj obj/Wall_A.obj',
      'obj obj/Wall_B_north.obj',
      'obj obj/Window.obj',
      'mtl obj/materials.mtl',
    ]);
    const objs = derivative.files.filter((file) => file.role === 'obj').map((file) => text(written.get(file.path)!));
    expect(objs.map((source) => parseObj(source))).toEqual(Array(4).fill({ objects: 1, triangles: 12 }));
    expect(objs.every((source) => source.includes('\nmtllib materials.mtl\n'))).toBe(true);
    const used = new Set(
      objs.flatMap((source) =>
        source
          .split('\n')
          .filter((line) => line.startsWith('usemtl '))
          .map((line) => line.slice(7)),
      ),
    );
    const defined = lines(written.get('obj/materials.mtl')!, 'newmtl ');
    expect(new Set(defined)).toEqual(used);
  });
});
