import {
  BuildingStoreys,
  ConversionMethod,
  type ModelDerivativeClient,
  OpeningElements,
  OutputType,
  Spaces,
  View,
  type Manifest,
  type ObjectTreeDataObjects,
} from '@aps_sdk/model-derivative';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { roomIfc } from '../../testing/ifc-rooms';
import { designInBucket } from '../../testing/model-derivative';
import { startSdkEnginePlatform, type SdkEnginePlatform } from '../../testing/model-derivative-sdk';
import type { TestPlatform } from '../../testing/test-platform';
import { glbNodes } from '../../testing/translation/glb-nodes';

// The bodies of Autodesk's documentation and samples, sent by the official client to a listening
// platform running the real engine: the legacy svf type, and svf2's IFC options.
let engine: SdkEnginePlatform;
let platform: TestPlatform;
beforeAll(async () => {
  engine = await startSdkEnginePlatform();
  platform = engine.platform;
});
afterAll(() => engine.close());

const client = (token: string) => engine.client(token);

/** What a viewer client does with a manifest: derivative → geometry child (its viewableID) → graphics resource. */
function viewable(manifest: Manifest, outputType: string) {
  const derivative = manifest.derivatives.find((candidate) => candidate.outputType === outputType);
  const geometry = derivative?.children?.find((child) => child.type === 'geometry' && child.role === '3d');
  const graphics = geometry?.children?.find((child) => child.role === 'graphics');
  if (!derivative || !geometry?.viewableID || !graphics?.urn)
    throw new Error(`no ${outputType} viewable in ${JSON.stringify(manifest)}`);
  return { derivative, guid: geometry.viewableID, graphicsUrn: graphics.urn };
}

const names = (nodes: readonly ObjectTreeDataObjects[]): string[] =>
  nodes.flatMap((node) => [node.name ?? '', ...names(node.objects ?? [])]);

async function glbOf(md: ModelDerivativeClient, urn: string, derivativeUrn: string) {
  const signed = await md.getDerivativeUrl(derivativeUrn, urn, { minutesExpiration: 10 });
  const response = await fetch(signed.url!);
  expect(response.status).toBe(200);
  return glbNodes(new Uint8Array(await response.arrayBuffer()));
}

describe('@aps_sdk/model-derivative: legacy svf and the IFC options of svf2', () => {
  it(
    'translates to svf (views 2d and 3d) and to svf and svf2 in one job; views, tree and properties read from either',
    { timeout: 180_000 },
    async () => {
      const design = await designInBucket(platform, 'demo-house.ifc', new TextEncoder().encode(demoBuildingIfc()));
      const md = client(design.token);
      await md.startJob({
        input: { urn: design.urn },
        output: { formats: [{ type: OutputType.Svf, views: [View._2d, View._3d] }] },
      });
      await platform.app.jobs.idle();
      const manifest = await md.getManifest(design.urn);
      expect(manifest.status).toBe('success');
      expect(manifest.derivatives.map((derivative) => [derivative.outputType, derivative.status])).toEqual([
        ['svf', 'success'],
      ]);
      const svf = viewable(manifest, 'svf');
      expect(JSON.stringify(svf.derivative)).toContain('"mime":"model/gltf-binary"');
      // Described honestly: a client that expects Autodesk's SVF files is told what it got.
      expect(svf.derivative.messages).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'info', code: 'TranslationWorker-SvfAsGlb' })]),
      );
      const formats = await md.getFormats();
      expect(formats.formats?.['svf']).toEqual(formats.formats?.['svf2']);
      expect(formats.formats?.['svf']).toContain('ifc');

      const views = await md.getModelViews(design.urn);
      expect(views.data.metadata.map((view) => view.guid)).toEqual([svf.guid]);
      const tree = await md.getObjectTree(design.urn, svf.guid);
      expect(names(tree.data.objects)).toEqual(expect.arrayContaining(['Ground Floor', 'South Wall Ground Floor']));
      const properties = await md.getAllProperties(design.urn, svf.guid);
      expect(properties.data.collection.some((object) => 'Pset_WallCommon' in (object.properties ?? {}))).toBe(true);
      expect((await glbOf(md, design.urn, svf.graphicsUrn)).length).toBeGreaterThan(0);

      await md.startJob(
        {
          input: { urn: design.urn },
          output: {
            formats: [
              { type: OutputType.Svf, views: [View._3d] },
              { type: OutputType.Svf2, views: [View._3d] },
            ],
          },
        },
        { xAdsForce: true },
      );
      await platform.app.jobs.idle();
      const both = await md.getManifest(design.urn);
      expect(both.derivatives.map((derivative) => [derivative.outputType, derivative.status]).sort()).toEqual([
        ['svf', 'success'],
        ['svf2', 'success'],
      ]);
      // svf2 is listed as the model's views; the svf view's guid still finds its own tree.
      expect((await md.getModelViews(design.urn)).data.metadata.map((view) => view.guid)).toEqual([
        viewable(both, 'svf2').guid,
      ]);
      expect(names((await md.getObjectTree(design.urn, viewable(both, 'svf').guid)).data.objects)).toContain(
        'Ground Floor',
      );
    },
  );

  it(
    'honours spaces and openingElements show, hide and skip in the tree and the GLB, and says conversionMethod was not applied',
    { timeout: 180_000 },
    async () => {
      const design = await designInBucket(platform, 'room.ifc', new TextEncoder().encode(roomIfc()));
      const md = client(design.token);
      const run = async (spaces: Spaces, openings: OpeningElements, storeys: BuildingStoreys) => {
        await md.startJob(
          {
            input: { urn: design.urn },
            output: {
              formats: [
                {
                  type: OutputType.Svf2,
                  views: [View._3d],
                  advanced: {
                    conversionMethod: ConversionMethod.V3,
                    spaces,
                    openingElements: openings,
                    buildingStoreys: storeys,
                  },
                },
              ],
            },
          },
          { xAdsForce: true },
        );
        await platform.app.jobs.idle();
        const manifest = await md.getManifest(design.urn);
        expect(manifest.status).toBe('success');
        const svf2 = viewable(manifest, 'svf2');
        const tree = names((await md.getObjectTree(design.urn, svf2.guid)).data.objects);
        const nodes = Object.fromEntries(
          (await glbOf(md, design.urn, svf2.graphicsUrn)).map((node) => [node.name, node.hidden ? 'hidden' : 'drawn']),
        );
        return { tree, nodes, messages: svf2.derivative.messages ?? [] };
      };

      const shown = await run(Spaces.Show, OpeningElements.Show, BuildingStoreys.Show);
      expect(shown.tree).toEqual(
        expect.arrayContaining(['Ground Floor', 'Living Room', 'South Wall', 'Window Opening']),
      );
      expect(shown.nodes).toEqual({ 'South Wall': 'drawn', 'Living Room': 'drawn', 'Window Opening': 'drawn' });
      expect(shown.messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'warning',
            code: 'TranslationWorker-OptionNotApplied',
            message: expect.stringContaining('conversionMethod'),
          }),
        ]),
      );

      const hidden = await run(Spaces.Hide, OpeningElements.Hide, BuildingStoreys.Hide);
      expect(hidden.tree).toEqual(
        expect.arrayContaining(['Ground Floor', 'Living Room', 'South Wall', 'Window Opening']),
      );
      expect(hidden.nodes).toEqual({ 'South Wall': 'drawn', 'Living Room': 'hidden', 'Window Opening': 'hidden' });

      const skipped = await run(Spaces.Skip, OpeningElements.Skip, BuildingStoreys.Skip);
      expect(skipped.tree).toEqual(['Room', 'Site', 'Room Building', 'South Wall']);
      expect(skipped.nodes).toEqual({ 'South Wall': 'drawn' });
      const [view] = (await md.getModelViews(design.urn)).data.metadata;
      const properties = await md.getAllProperties(design.urn, view!.guid);
      expect(properties.data.collection.map((object) => object.name)).not.toEqual(
        expect.arrayContaining(['Living Room']),
      );
    },
  );
});
