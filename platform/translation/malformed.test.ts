import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutputFormat } from '../../contracts/model-derivative';
import { runTranslation } from './engine';
import type { TranslationResult } from './engine-types';
import { MODEL_EXTENSIONS, DRAWING_EXTENSIONS } from './formats';
import { TranslationError, type ReadModel } from './model';
import { createWorkerPool } from './pool';
import { readSource } from './readers/index';
import { fixture, haveFixtures, noise, warnIfNoFixtures } from '../testing/translation/reader-fixtures';
import { MAX_ZIP_ENTRIES, openZipSource } from './source-zip';

warnIfNoFixtures('malformed.test');

const text = (value: string) => new TextEncoder().encode(value);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (out.set(part, offset), offset + part.length), 0);
  return out;
};
const IFC4_SCHEMA = "FILE_SCHEMA(('IFC4'));\n";
const read = (fileName: string, bytes: Uint8Array, siblings: Record<string, Uint8Array> = {}) =>
  readSource({ fileName, bytes, siblings: new Map(Object.entries(siblings)) });

/** Reading fails as a person would want to be told: a TranslationError with a code and a sentence naming the format. */
async function expectRefused(reading: Promise<ReadModel>, format: string | RegExp): Promise<TranslationError> {
  const error = await reading.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TranslationError);
  const { code, message } = error as TranslationError;
  expect(code).toBe('TranslationWorker-InvalidSource');
  expect(message).toMatch(
    typeof format === 'string' ? new RegExp(`^The ${format} file (could not be read|is truncated)`, 'i') : format,
  );
  return error as TranslationError;
}

const EXTENSIONS = [...MODEL_EXTENSIONS, ...DRAWING_EXTENSIONS];
const FORMAT_NAME: Record<string, string> = { step: 'STEP', stp: 'STEP', iges: 'IGES', igs: 'IGES', gltf: 'glTF' };
const formatOf = (extension: string) => FORMAT_NAME[extension] ?? extension.toUpperCase();

describe('every reader refuses what is not its format, with words a person understands', () => {
  it.each(EXTENSIONS)('.%s: an empty file', async (extension) => {
    const error = await expectRefused(read(`empty.${extension}`, new Uint8Array(0)), formatOf(extension));
    expect(error.message).toMatch(/it is empty/);
  });

  it.each(EXTENSIONS)('.%s: random bytes', async (extension) => {
    await expectRefused(read(`noise.${extension}`, noise(4096)), formatOf(extension));
  });
});

// Halves of real files: the front half is a file cut short, the back half a file without its start.
const HALVES: Array<{ file: string; siblings?: string[]; partial?: boolean }> = [
  { file: 'ifc/basin-advanced-brep.ifc' },
  { file: 'step/red_cube_blue_cylinder.step' },
  { file: 'stl/sketchup_ascii.stl' },
  { file: 'stl/utah_teapot.stl' },
  { file: 'gltf/Box.glb' },
  { file: 'gltf/Box-gltf/Box.gltf', siblings: ['gltf/Box-gltf/Box0.bin'] },
  { file: 'dxf/gear.dxf' },
  { file: '3dm/RhinoLogo.3dm' },
  // OBJ has no end marker: a cut file is still OBJ, and what it holds is shown.
  { file: 'obj/solids.obj', siblings: ['obj/solids.mtl'], partial: true },
];

describe.skipIf(!haveFixtures)('truncated real files', () => {
  it.each(HALVES)('$file: either half', async ({ file, siblings = [], partial }) => {
    const whole = fixture(file);
    const beside = Object.fromEntries(siblings.map((sibling) => [path.basename(sibling), fixture(sibling)]));
    const extension = path.extname(file).slice(1);
    for (const half of [whole.subarray(0, whole.length >> 1), whole.subarray(whole.length >> 1)]) {
      const reading = read(path.basename(file), half, beside);
      if (!partial) {
        await expectRefused(reading, formatOf(extension));
        continue;
      }
      const model = await reading;
      expect(model.objects.length).toBeGreaterThan(0);
      expect(model.objects.length).toBeLessThan(5);
    }
  });

  it('a truncated GLB says it is truncated, not that its JSON is broken', async () => {
    const whole = fixture('gltf/Box.glb');
    const error = await expectRefused(read('Box.glb', whole.subarray(0, whole.length - 100)), 'GLB');
    expect(error.message).toBe(
      `The GLB file is truncated: its header announces ${whole.length.toLocaleString('en-US')} bytes but it has ${(whole.length - 100).toLocaleString('en-US')}.`,
    );
  });

  it('an IFC whose middle is missing fails with a message, not a TypeError', async () => {
    const whole = fixture('ifc/basin-advanced-brep.ifc');
    await expectRefused(
      read('cut.ifc', join(whole.subarray(0, 2000), whole.subarray(whole.length - 1000))),
      /^The IFC file could not be read: it is damaged or cut short: it refers to \d+ entit(y|ies) it does not contain \(#\d+/,
    );
  });

  it('an IFC that lacks a few entities others refer to is read, with the gap said in a warning', async () => {
    const source = new TextDecoder().decode(fixture('ifc/AC20-FZK-Haus.ifc'));
    const propertySets = [...source.matchAll(/^#(\d+)= IFCPROPERTYSET\(.*$/gm)].slice(0, 2);
    expect(propertySets).toHaveLength(2);
    const damaged = propertySets.reduce((textSoFar, match) => textSoFar.replace(match[0], ''), source);
    const model = await read('gaps.ifc', text(damaged));
    expect(model.objects.some((object) => object.meshes.length > 0)).toBe(true);
    const warning = model.warnings.find((found) => found.code === 'IFC-MissingEntities');
    expect(warning?.message).toMatch(
      new RegExp(
        `^The file refers to 2 entities it does not contain \\(#${propertySets[0]?.[1]}, #${propertySets[1]?.[1]}\\); what they described is left out\\.$`,
      ),
    );
  });
});

describe('hostile and incomplete inputs', () => {
  it('IFC: a valid envelope around noise is refused; an entity that refers to itself is read once', async () => {
    await expectRefused(
      read('a.ifc', join(text('ISO-10303-21;\n'), noise(5000), text('\nEND-ISO-10303-21;\n'))),
      'IFC',
    );
    // Every attribute of the project is the project itself: read once, without looping, as the empty model it is.
    const selfish = await read(
      'b.ifc',
      text(
        `ISO-10303-21;\nHEADER;\n${IFC4_SCHEMA}ENDSEC;\nDATA;\n#1=IFCPROJECT(#1,#1,#1,#1,#1,#1,#1,#1,#1);\nENDSEC;\nEND-ISO-10303-21;\n`,
      ),
    );
    expect(selfish.objects).toHaveLength(1);
    expect(selfish.warnings.map((warning) => warning.code)).toEqual(['TranslationWorker-NoGeometry']);
  });

  it('IFC: a header naming no schema, or one no reader knows, is refused before any geometry is read', async () => {
    const withHeader = (header: string) =>
      text(
        `ISO-10303-21;\nHEADER;\n${header}ENDSEC;\nDATA;\n#1=IFCPROJECT('0',$,'p',$,$,$,$,$,$);\nENDSEC;\nEND-ISO-10303-21;\n`,
      );
    await expectRefused(
      read('none.ifc', withHeader('')),
      /^The IFC file could not be read: its header does not name its schema \(FILE_SCHEMA\)\.$/,
    );
    await expectRefused(
      read('future.ifc', withHeader("FILE_SCHEMA(('IFC5'));\n")),
      /^The IFC file could not be read: its schema IFC5 is not one this engine reads \(IFC2X3, IFC4 or IFC4X3\)\.$/,
    );
  });

  it('STL: an ASCII vertex that is not a number', async () => {
    const error = await expectRefused(
      read(
        'bad.stl',
        text(
          'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 zz\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n',
        ),
      ),
      'STL',
    );
    expect(error.message).toContain('vertex 0 0 zz');
  });

  it('OBJ: a missing MTL gives grey geometry and a warning; a face naming vertices the file lacks is dropped and counted', async () => {
    const missing = await read('a.obj', text('mtllib missing.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl Red\nf 1 2 3\n'));
    expect(missing.objects[0]?.meshes).toHaveLength(1);
    expect(missing.warnings).toEqual([
      expect.objectContaining({
        code: 'OBJ-MissingMaterialLibrary',
        message: expect.stringContaining('missing.mtl') as unknown,
      }),
    ]);
    const stray = await read('b.obj', text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 9\n'));
    expect(stray.objects[0]?.meshes[0]?.indices).toHaveLength(3);
    expect(stray.warnings.map((warning) => warning.code)).toEqual(['TranslationWorker-InvalidGeometry']);
  });

  it('glTF: a missing .bin fails and names it; a missing texture is a warning', async () => {
    const json = { asset: { version: '2.0' }, buffers: [{ uri: 'Box0.bin', byteLength: 648 }] };
    const error = await expectRefused(read('Box.gltf', text(JSON.stringify(json))), 'glTF');
    expect(error.message).toContain('Box0.bin');
    const textured = {
      asset: { version: '2.0' },
      scenes: [{ nodes: [0] }],
      nodes: [{ name: 'empty' }],
      images: [{ uri: 'wood.png' }],
    };
    const model = await read('t.gltf', text(JSON.stringify(textured)));
    expect(model.warnings.map((warning) => warning.code)).toEqual([
      'glTF-MissingTexture',
      'TranslationWorker-NoGeometry',
    ]);
  });

  it('DXF: a block that inserts itself, and a file cut before its EOF', async () => {
    const recursive =
      '0\nSECTION\n2\nENTITIES\n0\nINSERT\n8\n0\n2\nB\n0\nENDSEC\n0\nSECTION\n2\nBLOCKS\n0\nBLOCK\n2\nB\n0\nINSERT\n8\n0\n2\nB\n0\nENDBLK\n0\nENDSEC\n0\nEOF\n';
    expect((await expectRefused(read('loop.dxf', text(recursive)), 'DXF')).message).toMatch(/nest more than/);
    expect((await expectRefused(read('cut.dxf', text(recursive.slice(0, -8))), 'DXF')).message).toBe(
      'The DXF file is truncated: it does not end with EOF.',
    );
  });

  it('an unknown extension', async () => {
    await expect(read('model.dwg', noise(100))).rejects.toMatchObject({ code: 'TranslationWorker-UnsupportedFormat' });
  });
});

describe('zips', () => {
  const box = text(
    'solid box\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid box\n',
  );
  const zipCode = (action: () => unknown) => {
    try {
      action();
    } catch (error) {
      expect(error).toBeInstanceOf(TranslationError);
      expect((error as TranslationError).code).toBe('TranslationWorker-InvalidZip');
      return (error as TranslationError).message;
    }
    throw new Error('the zip was accepted');
  };

  it('refuses a zip that unpacks past the limit before inflating it', () => {
    const bomb = zipSync({ 'box.stl': box, 'zeros.bin': new Uint8Array(8 * 1024 ** 2) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(zipCode(() => openZipSource(bomb, 'box.stl', 1024 ** 2))).toBe(
      'The zip unpacks to 8.0 MiB, more than the limit of 1.0 MiB.',
    );
  });

  it('refuses too many entries, names that leave the folder, bytes that are not a zip, and a missing or unnamed root file', () => {
    const many = zipSync(
      Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array(0)])),
      { level: 0 },
    );
    expect(zipCode(() => openZipSource(many, 'f1.txt'))).toMatch(/more than 10,000 entries/);
    expect(zipCode(() => openZipSource(zipSync({ '../evil.stl': box }), '../evil.stl'))).toMatch(/leaves its folder/);
    expect(zipCode(() => openZipSource(noise(2048), 'box.stl'))).toMatch(/^The zip could not be read/);
    const zip = zipSync({ 'parts/box.stl': box, 'readme.txt': text('hi') });
    expect(zipCode(() => openZipSource(zip, 'model.stl'))).toBe(
      'The zip has no file "model.stl"; it holds parts/box.stl, readme.txt.',
    );
    expect(zipCode(() => openZipSource(zip, ''))).toMatch(/must name the file inside it/);
    expect(openZipSource(zip, 'parts/box.stl').fileName).toBe('box.stl');
  });
});

describe('the engine and the worker', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-malformed-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const request = async (
    fileName: string,
    bytes: Uint8Array,
    outputs: JobOutputFormat['type'][],
    rootFilename?: string,
  ) => {
    const job = await mkdtemp(path.join(dir, 'job-'));
    await writeFile(path.join(job, 'source'), bytes);
    return {
      sourcePath: path.join(job, 'source'),
      fileName,
      outputs: outputs.map((type) => ({ type })),
      outDir: path.join(job, 'out'),
      ...(rootFilename ? { rootFilename } : {}),
    };
  };

  it('a model without geometry still translates its tree and properties, with a warning; OBJ and STL fail in words', async () => {
    const ifc =
      "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Empty',$,$,$,$,$,$);\nENDSEC;\nEND-ISO-10303-21;\n";
    const result: TranslationResult = await runTranslation(
      await request('empty.ifc', text(ifc), ['svf2', 'obj', 'stl', 'pdf']),
      () => undefined,
    );
    expect(result.warnings.map((warning) => warning.code)).toContain('TranslationWorker-NoGeometry');
    expect(result.derivatives.find((derivative) => derivative.outputType === 'svf2')?.status).toBe('success');
    expect(result.propertiesPath).toBeDefined();
    for (const [type, format] of [
      ['obj', 'OBJ'],
      ['stl', 'STL'],
    ] as const) {
      const failed = result.derivatives.find((derivative) => derivative.outputType === type);
      expect(failed?.status).toBe('failed');
      expect(failed?.messages).toEqual([
        {
          type: 'error',
          code: 'TranslationWorker-NoGeometry',
          message: `This model holds no geometry, so there is nothing to write as ${format}.`,
        },
      ]);
    }
  });

  it('a zip job without rootFilename fails with the reason', async () => {
    const zip = zipSync({ 'a.stl': noise(200) });
    await expect(runTranslation(await request('parts.zip', zip, ['svf2']), () => undefined)).rejects.toMatchObject({
      code: 'TranslationWorker-InvalidZip',
    });
  });

  it('in a real worker process, a damaged file fails its job and the next job runs', async () => {
    const pool = createWorkerPool({ workers: 1, timeoutMs: 60_000, memoryMb: 2048 });
    try {
      const never = new AbortController().signal;
      const damaged = join(
        text(`ISO-10303-21;\nHEADER;\n${IFC4_SCHEMA}ENDSEC;\nDATA;\n#1=IFCPROJECT(#1,#1,#1,#1,#1,#1,#1,#1,#1);\n`),
        noise(3000),
        text('\nENDSEC;\nEND-ISO-10303-21;\n'),
      );
      await expect(
        pool.translate(await request('damaged.ifc', damaged, ['svf2']), () => undefined, never),
      ).rejects.toMatchObject({
        code: 'TranslationWorker-InvalidSource',
        message: expect.stringMatching(/^The IFC file could not be read/) as unknown,
      });
      const ok = text(
        'solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n',
      );
      const result = await pool.translate(await request('ok.stl', ok, ['stl']), () => undefined, never);
      expect(result.derivatives[0]?.status).toBe('success');
    } finally {
      await pool.close();
    }
  });
});
