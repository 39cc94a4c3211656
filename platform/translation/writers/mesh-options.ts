import type { JobOutputFormat } from '../../../contracts/model-derivative';

/**
 * The documented `advanced` options of the `stl` and `obj` outputs, read from a job the request parser
 * has checked. Read defensively all the same: a job recorded before an option was known reaches the
 * engine too, and a value of the wrong kind falls back to the option's documented default.
 */

export type FileStructure = 'single' | 'multiple';

export interface StlOptions {
  format: 'binary' | 'ascii';
  exportColor: boolean;
  fileStructure: FileStructure;
}

export interface ObjOptions {
  fileStructure: FileStructure;
  /** The requested `unit`, absent when the request named none (the geometry stays in the model's metres). */
  unit?: LengthUnit | undefined;
  modelGuid?: string | undefined;
  /** Absent for the whole model (`objectIds` missing, empty or holding -1). */
  objectIds?: number[] | undefined;
}

/** Metres per unit of the OpenAPI's `Unit` enum. */
export const METRES_PER_UNIT = {
  meter: 1,
  decimeter: 0.1,
  centimeter: 0.01,
  millimeter: 0.001,
  micrometer: 1e-6,
  nanometer: 1e-9,
  yard: 0.9144,
  foot: 0.3048,
  inch: 0.0254,
  mil: 2.54e-5,
  microinch: 2.54e-8,
} as const;

export type LengthUnit = keyof typeof METRES_PER_UNIT;

const advancedOf = (output: JobOutputFormat): Record<string, unknown> => output.advanced ?? {};
const fileStructureOf = (value: unknown): FileStructure => (value === 'multiple' ? 'multiple' : 'single');

export function stlOptions(output: JobOutputFormat): StlOptions {
  const { format, exportColor, exportFileStructure } = advancedOf(output);
  return {
    format: format === 'ascii' ? 'ascii' : 'binary',
    exportColor: exportColor !== false,
    fileStructure: fileStructureOf(exportFileStructure),
  };
}

export function objOptions(output: JobOutputFormat): ObjOptions {
  const { exportFileStructure, unit, modelGuid, objectIds } = advancedOf(output);
  const ids = Array.isArray(objectIds) ? objectIds.filter((id): id is number => Number.isInteger(id)) : [];
  return {
    fileStructure: fileStructureOf(exportFileStructure),
    unit: typeof unit === 'string' && Object.hasOwn(METRES_PER_UNIT, unit) ? (unit as LengthUnit) : undefined,
    modelGuid: typeof modelGuid === 'string' && modelGuid !== '' ? modelGuid : undefined,
    objectIds: ids.length === 0 || ids.includes(-1) ? undefined : [...new Set(ids)],
  };
}
