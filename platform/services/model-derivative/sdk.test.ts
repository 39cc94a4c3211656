import { OutputType, View, Width, type Manifest } from '@aps_sdk/model-derivative';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { designInBucket } from '../../testing/model-derivative';
import { startSdkEnginePlatform, type SdkEnginePlatform } from '../../testing/model-derivative-sdk';
import type { TestPlatform } from '../../testing/test-platform';
import { parseObj } from '../../testing/translation/read-back';

// The official client against a listening platform running the real engine in a worker process:
// the whole path a real APS client takes, from upload to properties and downloads.
let engine: SdkEnginePlatform;
let platform: TestPlatform;
beforeAll(async () => {
  engine = await startSdkEnginePlatform();
  platform = engine.platform;
});
afterAll(() => engine.close());

const client = (token: string) => engine.client(token);

const resources = (manifest: Manifest, outputType: string) =>
  JSON.stringify(manifest.derivatives.find((derivative) => derivative.outputType === outputType)?.children ?? []);

describe('@aps_sdk/model-derivative against the platform and the real engine', () => {
  it(
    'translates the demo IFC to svf2 + obj, then reads views, tree, properties, thumbnail and the OBJ, and deletes the manifest',
    { timeout: 180_000 },
    async () => {
      const design = await designInBucket(platform, 'demo-house.ifc', new TextEncoder().encode(demoBuildingIfc()));
      const md = client(design.token);

      const job = await md.startJob({
        input: { urn: design.urn },
        output: { formats: [{ type: OutputType.Svf2, views: [View._3d] }, { type: OutputType.Obj }] },
      });
      expect(job).toMatchObject({ result: 'created', urn: design.urn });
      const early = await md.getManifest(design.urn);
      expect(['pending', 'inprogress', 'success']).toContain(early.status);
      expect(early.progress).toMatch(/^(\d{1,2}% complete|complete)$/);
      // The condition: the runner has ended the job (the engine works in its own process meanwhile).
      await platform.app.jobs.idle();
      const manifest = await md.getManifest(design.urn);
      expect(manifest).toMatchObject({
        urn: design.urn,
        status: 'success',
        progress: 'complete',
        hasThumbnail: 'true',
      });
      expect(manifest.derivatives.map((derivative) => derivative.status)).toEqual(['success', 'success']);
      expect(resources(manifest, 'svf2')).toContain('"mime":"model/gltf-binary"');

      const views = await md.getModelViews(design.urn);
      const view = views.data.metadata.find((candidate) => candidate.role === '3d');
      expect(view?.guid).toBeTruthy();
      const guid = view!.guid;

      const tree = await md.getObjectTree(design.urn, guid);
      expect(tree.isProcessing).toBe(false);
      const treeText = JSON.stringify(tree.data.objects);
      expect(treeText).toContain('"objectid"');

      const all = await md.getAllProperties(design.urn, guid);
      expect(all.isProcessing).toBe(false);
      const wall = all.data.collection.find((object) => 'Pset_WallCommon' in (object.properties ?? {}));
      expect(wall, 'a wall with Pset_WallCommon').toBeDefined();
      expect(treeText).toContain(`"objectid":${wall!.objectid}`);
      const one = await md.getAllProperties(design.urn, guid, { objectId: wall!.objectid });
      expect(one.data.collection.map((object) => object.objectid)).toEqual([wall!.objectid]);
      const queried = await md.fetchSpecificProperties(design.urn, guid, {
        query: { $in: ['objectid', wall!.objectid] },
        fields: ['objectid', 'name', 'properties.Pset_WallCommon'],
        pagination: { offset: 0, limit: 10 },
      });
      expect(queried.data.collection).toHaveLength(1);
      expect(queried.pagination).toMatchObject({ totalResults: 1 });

      const thumbnail = (await md.getThumbnail(design.urn, {
        width: Width.NUMBER_200,
        options: { responseType: 'arraybuffer' },
      })) as unknown as ArrayBuffer;
      const png = PNG.sync.read(Buffer.from(thumbnail));
      expect([png.width, png.height]).toEqual([200, 200]);

      const objUrn = manifest.derivatives
        .find((derivative) => derivative.outputType === 'obj')
        ?.children?.find((child) => child.role === 'obj')?.urn;
      if (!objUrn) throw new Error('the manifest lists no obj resource');
      const head = await md.headCheckDerivative(design.urn, objUrn);
      // The client hands back axios's response, typed `any`.
      expect((head.response as { status: number }).status).toBe(200);
      const signed = await md.getDerivativeUrl(objUrn, design.urn, { minutesExpiration: 10 });
      expect(signed).toMatchObject({ 'content-type': 'application/octet-stream' });
      // The client appends the cookies' values to the URL; the URL's own signature still holds.
      const download = await fetch(signed.url!);
      expect(download.status).toBe(200);
      const obj = await download.text();
      expect(obj.length).toBe(signed.size);
      expect(parseObj(obj).triangles).toBeGreaterThan(0);

      expect(await md.deleteManifest(design.urn)).toMatchObject({ result: 'success' });
      await expect(md.getManifest(design.urn)).rejects.toThrow(/status : 404/);
      expect(await platform.stores.mdManifests.files(design.urn)).toEqual([]);
    },
  );
});
