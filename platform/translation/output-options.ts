import type { JobOutputFormat, OutputType } from '../../contracts/model-derivative';
import { extensionOf } from './formats';
import type { EngineMessage } from './model';

/**
 * The `advanced` options the official OpenAPI documents for each output type, with the values each
 * takes. The job parser refuses a wrong value of one (400) and ignores a key that is not here, as
 * the real service does; the engine says in the manifest which of them it did not apply.
 */
export interface OptionRule {
  /** What a valid value is, in words for the 400. */
  expected: string;
  valid: (value: unknown) => boolean;
  /** Why the engine does not apply it, for a manifest warning; absent when it is honoured. */
  notApplied?: (fileName: string) => string | undefined;
}

const oneOf = (...values: readonly unknown[]): Pick<OptionRule, 'expected' | 'valid'> => ({
  expected: `one of ${values.join(', ')}`,
  valid: (value) => values.includes(value),
});
const boolean: Pick<OptionRule, 'expected' | 'valid'> = {
  expected: 'true or false',
  valid: (value) => typeof value === 'boolean',
};
const text: Pick<OptionRule, 'expected' | 'valid'> = {
  expected: 'a string',
  valid: (value) => typeof value === 'string',
};
const integers: Pick<OptionRule, 'expected' | 'valid'> = {
  expected: 'an array of integers',
  valid: (value) => Array.isArray(value) && value.every(Number.isInteger),
};

/** An option for one kind of source, which this engine does not read: never applied. */
const otherSource = (rule: Pick<OptionRule, 'expected' | 'valid'>, sources: string): OptionRule => ({
  ...rule,
  notApplied: () => `it applies to ${sources} sources, which this engine does not read.`,
});

const isIfc = (fileName: string) => extensionOf(fileName) === 'ifc';
const visibility = oneOf('hide', 'show', 'skip');
/** An IFC option the engine honours: only said to be not applied for another kind of source. */
const ifcOption: OptionRule = {
  ...visibility,
  notApplied: (fileName) =>
    isIfc(fileName) ? undefined : `it applies to IFC sources, and this source is ${describe(fileName)}.`,
};

const VIEWABLE: Record<string, OptionRule> = {
  conversionMethod: {
    ...oneOf('legacy', 'modern', 'v3', 'v4'),
    notApplied: (fileName) =>
      isIfc(fileName)
        ? 'this platform has one IFC loader (web-ifc), which read the file whatever loader was named; buildingStoreys, spaces and openingElements are applied with it.'
        : `it applies to IFC sources, and this source is ${describe(fileName)}.`,
  },
  buildingStoreys: ifcOption,
  spaces: ifcOption,
  openingElements: ifcOption,
  '2dviews': otherSource(oneOf('legacy', 'pdf'), 'Revit and DWG'),
  extractorVersion: otherSource(oneOf('next', 'previous'), 'Revit'),
  generateMasterViews: otherSource(boolean, 'Revit'),
  materialMode: otherSource(oneOf('auto', 'basic', 'autodesk'), 'Revit'),
  hiddenObjects: otherSource(boolean, 'Navisworks (NWD)'),
  basicMaterialProperties: otherSource(boolean, 'Navisworks (NWD)'),
  autodeskMaterialProperties: otherSource(boolean, 'Navisworks (NWD)'),
  timelinerProperties: otherSource(boolean, 'Navisworks (NWD)'),
  requestedLinkageIDs: otherSource(integers, 'DGN'),
  hierarchy: otherSource(oneOf('Classic', 'SystemPath'), 'VUE'),
};

const UNITS = [
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
];

/** stl and obj options are honoured by their writers, which add their own messages where they fall short. */
export const OUTPUT_OPTIONS: Record<OutputType, Record<string, OptionRule>> = {
  svf2: VIEWABLE,
  svf: VIEWABLE,
  thumbnail: { width: oneOf(100, 200, 400), height: oneOf(100, 200, 400) },
  stl: { format: oneOf('binary', 'ascii'), exportColor: boolean, exportFileStructure: oneOf('single', 'multiple') },
  obj: {
    exportFileStructure: oneOf('single', 'multiple'),
    unit: oneOf(...UNITS),
    modelGuid: text,
    objectIds: integers,
  },
  ifc: { exportSettingName: otherSource(text, 'Revit (its saved IFC export settings)') },
  pdf: {},
};

function describe(fileName: string): string {
  const extension = extensionOf(fileName);
  return extension ? `a .${extension} file` : 'a file without an extension';
}

/** The manifest warnings for the options of `output` this engine did not apply to this source. */
export function notAppliedMessages(output: JobOutputFormat, fileName: string): EngineMessage[] {
  const rules = OUTPUT_OPTIONS[output.type];
  return Object.keys(output.advanced ?? {}).flatMap((name) => {
    const why = rules[name]?.notApplied?.(fileName);
    return why
      ? [
          {
            type: 'warning' as const,
            code: 'TranslationWorker-OptionNotApplied',
            message: `${output.type} advanced.${name} was not applied: ${why}`,
          },
        ]
      : [];
  });
}
