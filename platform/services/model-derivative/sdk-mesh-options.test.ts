import {
  ExportFileStructure,
  Format,
  OutputType,
  Unit,
  View,
  type JobPayloadFormatAdvancedOBJ,
  type JobPayloadFormatAdvancedSTL,
  type Manifest,
  type ManifestDerivative,
} from '@aps_sdk/model-derivative';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { designInBucket } from '../../testing/model-derivative';
import { startSdkEnginePlatform, type SdkEnginePlatform } from '../../testing/model-derivative-sdk';
import type { TestPlatform } from '../../testing/test-platform';
import { parseObj } from '../../testing/translation/read-back';
import { objName } from '../../translation/writers/obj';

// The documented stl and obj options, sent by the official client to a listening platform that runs
// the real engine: the objectIds come from the metadata endpoints of an earlier svf2 translation.
let engine: SdkEnginePlatform;
let platform: TestPlatform;
beforeAll(async () => {
  engine = await startSdkEnginePlatform();
  platform = engine.platform;
});
afterAll(() => engine.close());

const client = (token: string) => engine.client(token);

const derivativeOf = (manifest: Manifest, outputType: string): ManifestDerivative => {
  const found = manifest.derivatives.find((derivative) => derivative.outputType === outputType);
  if (!found) throw new Error(`the manifest has no ${outputType} derivative`);
  return found;
};

describe('@aps_sdk/model-derivative: stl and obj advanced options against the real engine', () => {
  it(
    'writes one ASCII STL per element, and an OBJ of the objectids the metadata gave, in millimetres',
    { timeout: 240_000 },
    async () => {
      const design = await designInBucket(platform, 'demo-house.ifc', new TextEncoder().encode(demoBuildingIfc()));
      const md = client(design.token);
      await md.startJob({
        input: { urn: design.urn },
        output: { formats: [{ type: OutputType.Svf2, views: [View._3d] }] },
      });
      await platform.app.jobs.idle();

      const guid = (await md.getModelViews(design.urn)).data.metadata.find((view) => view.role === '3d')!.guid;
      const properties = (await md.getAllProperties(design.urn, guid)).data.collection;
      const picked = properties.filter((object) =>
        ['South Wall Ground Floor', 'Front Door Ground Floor'].includes(object.name),
      );
      expect(picked).toHaveLength(2);
      const elements = properties.filter((object) => / (Wall|Door) /.test(object.name));
      expect(elements).toHaveLength(10);

      // The documented body. The client's types nest `advanced` one level too deep (JobPayloadFormatOBJ's
      // `advanced` is a JobPayloadFormatAdvancedOBJ, itself `{type, advanced}`), so the options are cast.
      const objOptions = { unit: Unit.Millimeter, modelGuid: guid, objectIds: picked.map((object) => object.objectid) };
      const stlOptions = { format: Format.Ascii, exportFileStructure: ExportFileStructure.Multiple };
      const job = await md.startJob({
        input: { urn: design.urn },
        output: {
          formats: [
            { type: OutputType.Obj, advanced: objOptions as JobPayloadFormatAdvancedOBJ },
            { type: OutputType.Stl, advanced: stlOptions as JobPayloadFormatAdvancedSTL },
          ],
        },
      });
      expect(job.result).toBe('created');
      await platform.app.jobs.idle();
      const manifest = await md.getManifest(design.urn);
      expect(manifest.status).toBe('success');
      const download = async (urn: string) => {
        const signed = await md.getDerivativeUrl(urn, design.urn, { minutesExpiration: 10 });
        const response = await fetch(signed.url!);
        expect(response.status).toBe(200);
        return new Uint8Array(await response.arrayBuffer());
      };

      const stl = derivativeOf(manifest, 'stl');
      expect(stl.messages).toEqual([expect.objectContaining({ type: 'warning', code: 'STL-ColorNotWritten' })]);
      const stlFiles = stl.children!;
      expect(stlFiles).toHaveLength(10);
      expect(stlFiles.every((child) => child.role === 'stl' && child.type === 'resource')).toBe(true);
      expect(stlFiles.map((child) => child.urn.slice(child.urn.lastIndexOf('/') + 1)).sort()).toEqual(
        elements.map((object) => `${object.name.replace(/ /g, '_')}.stl`).sort(),
      );
      for (const child of stlFiles) {
        const bytes = await download(child.urn);
        expect(new TextDecoder().decode(bytes.subarray(0, 6))).toBe('solid ');
        expect(
          new STLLoader().parse(new TextDecoder().decode(bytes)).getAttribute('position').count,
          child.urn,
        ).toBeGreaterThan(0);
      }

      const obj = derivativeOf(manifest, 'obj');
      expect(obj.messages).toEqual([expect.objectContaining({ type: 'info', code: 'OBJ-ModelGuidNotChecked' })]);
      expect(obj.children!.map((child) => child.role).sort()).toEqual(['mtl', 'obj']);
      const text = new TextDecoder().decode(await download(obj.children!.find((child) => child.role === 'obj')!.urn));
      const names = text
        .split('\n')
        .filter((line) => line.startsWith('o '))
        .map((line) => line.slice(2));
      expect(names).toEqual(picked.map((object) => objName(object.name, '')));
      expect(parseObj(text).objects).toBe(2);
      // The wall is 12 m long and 3 m high: in millimetres now.
      const points = text
        .split('\n')
        .filter((line) => line.startsWith('v '))
        .map((line) => line.slice(2).split(' ').map(Number));
      const extent = [0, 1, 2].map(
        (axis) => Math.max(...points.map((point) => point[axis]!)) - Math.min(...points.map((point) => point[axis]!)),
      );
      expect(Math.round(Math.max(...extent))).toBe(12000);
      expect(Math.round(extent[1]!)).toBe(3000);
    },
  );
});
