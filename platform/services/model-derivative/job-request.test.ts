import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { notAppliedMessages } from '../../translation/output-options';
import { parseJobPayload } from './job-request';

const body = (...formats: unknown[]) => ({
  input: { urn: 'dXJuOmFkc2sub2JqZWN0czpvcy5vYmplY3Q6Yi9ob3VzZS5pZmM' },
  output: { formats },
});

/** The 400's status and diagnostic, or undefined when the body is accepted. */
function refusal(payload: unknown): { status: number; diagnostic: string } | undefined {
  try {
    parseJobPayload(payload);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, diagnostic: (error.body as { diagnostic: string }).diagnostic };
  }
}

/** Every advanced option the official OpenAPI documents for svf and svf2 (JobPayloadFormatSVF*Advanced*), one body each. */
const VIEWABLE_BODIES: Record<string, unknown>[] = [
  ...['legacy', 'modern', 'v3', 'v4'].map((conversionMethod) => ({ conversionMethod })),
  ...['buildingStoreys', 'spaces', 'openingElements'].flatMap((name) =>
    ['hide', 'show', 'skip'].map((mode) => ({ [name]: mode })),
  ),
  { conversionMethod: 'v3', buildingStoreys: 'show', spaces: 'skip', openingElements: 'hide' },
  { '2dviews': 'legacy' },
  { '2dviews': 'pdf' },
  { extractorVersion: 'next' },
  { extractorVersion: 'previous' },
  { generateMasterViews: true },
  { generateMasterViews: false },
  ...['auto', 'basic', 'autodesk'].map((materialMode) => ({ materialMode })),
  { hiddenObjects: true, basicMaterialProperties: false, autodeskMaterialProperties: true, timelinerProperties: false },
  { requestedLinkageIDs: [1, 2, 3] },
  { hierarchy: 'Classic' },
  { hierarchy: 'SystemPath' },
];

describe('parseJobPayload', () => {
  it.each(['svf2', 'svf'])('accepts every documented %s advanced option, keeping it for the engine', (type) => {
    for (const advanced of VIEWABLE_BODIES) {
      expect(refusal(body({ type, views: ['2d', '3d'], advanced }))).toBeUndefined();
      expect(parseJobPayload(body({ type, views: ['3d'], advanced })).formats).toEqual([
        { type, views: ['3d'], advanced },
      ]);
    }
  });

  it('accepts the stl, obj, thumbnail and ifc options of the OpenAPI', () => {
    const accepted = [
      { type: 'stl', advanced: { format: 'ascii', exportColor: false, exportFileStructure: 'multiple' } },
      { type: 'stl', advanced: { format: 'binary', exportColor: true, exportFileStructure: 'single' } },
      ...[
        'meter',
        'decimeter',
        'centimeter',
        'millimeter',
        'micrometer',
        'nanometer',
        'yard',
        'foot',
        'inch',
        'mil',
        'microinch',
      ].map((unit) => ({
        type: 'obj',
        advanced: { exportFileStructure: 'multiple', unit, modelGuid: 'view-guid', objectIds: [-1, 4, 7] },
      })),
      { type: 'thumbnail', advanced: { width: 400, height: 400 } },
      { type: 'ifc', advanced: { exportSettingName: 'IFC4 Reference View' } },
    ];
    for (const format of accepted) expect(parseJobPayload(body(format)).formats).toEqual([format]);
  });

  it('asks for svf and svf2 in one job', () => {
    expect(
      parseJobPayload(body({ type: 'svf', views: ['2d', '3d'] }, { type: 'svf2', views: ['3d'] })).formats.map(
        (format) => format.type,
      ),
    ).toEqual(['svf', 'svf2']);
  });

  it('refuses a wrong value of a documented option with a 400 that names it', () => {
    const wrong: Array<[unknown, string]> = [
      [{ type: 'svf2', advanced: { spaces: 'visible' } }, 'advanced.spaces'],
      [{ type: 'svf', advanced: { conversionMethod: 'v5' } }, 'advanced.conversionMethod'],
      [{ type: 'svf2', advanced: { generateMasterViews: 'yes' } }, 'advanced.generateMasterViews'],
      [{ type: 'svf2', advanced: { requestedLinkageIDs: ['a'] } }, 'advanced.requestedLinkageIDs'],
      [{ type: 'stl', advanced: { format: 'text' } }, 'advanced.format'],
      [{ type: 'stl', advanced: { exportColor: 'true' } }, 'advanced.exportColor'],
      [{ type: 'obj', advanced: { unit: 'furlong' } }, 'advanced.unit'],
      [{ type: 'obj', advanced: { objectIds: [1.5] } }, 'advanced.objectIds'],
      [{ type: 'obj', advanced: { modelGuid: 7 } }, 'advanced.modelGuid'],
      [{ type: 'thumbnail', advanced: { width: 300 } }, 'advanced.width'],
      [{ type: 'svf', views: ['4d'] }, '"4d"'],
    ];
    for (const [format, named] of wrong) {
      const refused = refusal(body(format));
      expect(refused?.status, JSON.stringify(format)).toBe(400);
      expect(refused?.diagnostic).toContain(named);
    }
  });

  it('ignores and drops fields the service does not know, in a format and in advanced', () => {
    const parsed = parseJobPayload(
      body(
        { type: 'svf2', views: ['3d'], advanced: { spaces: 'show', futureOption: 1 }, comment: 'mine' },
        { type: 'obj', views: ['3d'], advanced: { exportColor: true } },
        { type: 'pdf', advanced: { pageSize: 'A3' } },
      ),
    );
    expect(parsed.formats).toEqual([
      { type: 'svf2', views: ['3d'], advanced: { spaces: 'show' } },
      { type: 'obj' },
      { type: 'pdf' },
    ]);
  });
});

describe('notAppliedMessages', () => {
  it('says which documented options the engine did not apply, and why, and nothing of those it honours', () => {
    const messages = notAppliedMessages(
      {
        type: 'svf2',
        advanced: { conversionMethod: 'v4', spaces: 'show', materialMode: 'basic', hiddenObjects: true },
      },
      'house.ifc',
    );
    expect(messages.map((message) => [message.type, message.code])).toEqual(
      Array(3).fill(['warning', 'TranslationWorker-OptionNotApplied']),
    );
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringMatching(/conversionMethod was not applied: .*one IFC loader \(web-ifc\)/),
      expect.stringMatching(/materialMode was not applied: it applies to Revit sources/),
      expect.stringMatching(/hiddenObjects was not applied: it applies to Navisworks/),
    ]);
    expect(notAppliedMessages({ type: 'svf', advanced: { spaces: 'skip' } }, 'part.step')[0]?.message).toContain(
      'applies to IFC sources, and this source is a .step file',
    );
    expect(notAppliedMessages({ type: 'stl', advanced: { format: 'ascii', exportColor: false } }, 'part.step')).toEqual(
      [],
    );
  });
});
