import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contracts/model-derivative';
import { derivativeFiles, zipDerivatives, zipPath } from './derivatives-zip';

const SOURCE = 'urn:adsk.viewing:fs.file:dXJu';
const manifest: Manifest = {
  type: 'manifest',
  urn: 'dXJu',
  region: 'US',
  version: '1.0',
  status: 'success',
  progress: 'complete',
  hasThumbnail: 'true',
  derivatives: [
    {
      name: 'house.ifc',
      outputType: 'obj',
      status: 'success',
      progress: 'complete',
      hasThumbnail: 'false',
      children: [
        { guid: 'a', type: 'resource', role: 'obj', status: 'success', urn: `${SOURCE}/output/obj/house.obj` },
        { guid: 'b', type: 'resource', role: 'mtl', status: 'success', urn: `${SOURCE}/output/obj/house.mtl` },
        { guid: 'c', type: 'resource', role: 'obj', status: 'failed', urn: `${SOURCE}/output/obj/broken.obj` },
      ],
    },
    {
      name: 'house.ifc',
      outputType: 'svf2',
      status: 'success',
      progress: 'complete',
      hasThumbnail: 'true',
      children: [
        {
          guid: 'd',
          type: 'geometry',
          role: '3d',
          status: 'success',
          children: [
            { guid: 'e', type: 'resource', role: 'thumbnail', status: 'success', urn: `${SOURCE}/output/1/thumb.png` },
            { guid: 'f', type: 'resource', role: 'thumbnail', status: 'success', urn: `${SOURCE}/output/1/thumb.png` },
          ],
        },
      ],
    },
  ],
};

// jsdom's Blob has no arrayBuffer(); its FileReader reads one.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

describe('derivatives zip', () => {
  it('lists each finished file once, placed as under the manifest’s output folder', () => {
    expect(derivativeFiles(manifest).map((file) => file.path)).toEqual([
      'obj/house.obj',
      'obj/house.mtl',
      '1/thumb.png',
    ]);
  });

  it('keeps every path inside the zip', () => {
    expect(zipPath(`${SOURCE}/output/../../etc/passwd`)).toBe('etc/passwd');
    expect(zipPath('urn:adsk.viewing:fs.file:dXJu/model.glb')).toBe('model.glb');
  });

  it('packs the files and the manifest, read one by one', async () => {
    const read: string[] = [];
    const progress: number[] = [];
    const files = derivativeFiles(manifest);
    const zip = await zipDerivatives(
      manifest,
      files,
      (file) => {
        read.push(file.path);
        return Promise.resolve(new TextEncoder().encode(`bytes of ${file.path}`));
      },
      (done) => progress.push(done),
    );
    const entries = unzipSync(await bytesOf(zip));
    expect(Object.keys(entries)).toEqual(['manifest.json', 'obj/house.obj', 'obj/house.mtl', '1/thumb.png']);
    expect(strFromU8(entries['obj/house.mtl']!)).toBe('bytes of obj/house.mtl');
    expect(JSON.parse(strFromU8(entries['manifest.json']!))).toEqual(manifest);
    expect(progress).toEqual([1, 2, 3]);
    expect(read).toHaveLength(3);
  });
});
