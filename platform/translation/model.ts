/**
 * The engine's internal model: every reader produces one, every writer consumes one. Geometry is
 * flattened to world-space triangles (Y-up, metres) so each writer stays simple; properties follow
 * Model Derivative's own shape (dbId → category → name → value) so the API serves them as stored.
 */

export type PropertyValue = string | number | boolean | null;
export type PropertyGroups = Record<string, Record<string, PropertyValue>>;

/** Flat RGBA in 0..1. */
export type Rgba = [number, number, number, number];

export interface TriangleMesh {
  /** x,y,z per vertex, world space, metres, Y up. */
  positions: Float32Array;
  /** One normal per vertex, or absent (writers compute flat normals). */
  normals?: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  color: Rgba;
  /** A material name for OBJ/MTL and glTF, when the source had one. */
  material?: string;
}

/** One node of the object tree (the model's element, part, group or layer). */
export interface ModelObject {
  /** 1-based, unique in the model, stable for the same input: Model Derivative's `objectid`. */
  dbId: number;
  /** The parent's dbId; absent for a root. */
  parent?: number;
  name: string;
  /** The source's own id (IFC GlobalId, STEP product id, DXF handle, glTF node index …). */
  externalId: string;
  /** What kind of thing it is (IfcWall, Part, Layer, Mesh …), shown as `Category`-like text. */
  category: string;
  properties: PropertyGroups;
  /** Units of numeric properties where the source states them (group → name → "m²"); values stay numbers. */
  propertyUnits?: Record<string, Record<string, string>>;
  /** Geometry of this object itself (not of its children). */
  meshes: TriangleMesh[];
}

/** A 2D drawing (DXF): polylines and texts per object, in drawing units. */
export interface DrawingPath {
  points: Array<[number, number]>;
  closed: boolean;
}

export interface DrawingText {
  at: [number, number];
  height: number;
  rotationDegrees: number;
  text: string;
}

export interface DrawingEntity {
  /** The ModelObject this entity is. */
  dbId: number;
  layer: string;
  color: Rgba;
  paths: DrawingPath[];
  texts: DrawingText[];
}

export interface Drawing {
  /** Metres per drawing unit (from $INSUNITS; 1 when unknown). */
  unitMetres: number;
  entities: DrawingEntity[];
}

export interface ReadModel {
  /** The source format's name, e.g. "IFC4", "STEP", "OBJ". */
  sourceFormat: string;
  objects: ModelObject[];
  /** Present for 2D inputs. A 2D model has objects (layers, entities) but no meshes. */
  drawing?: Drawing;
  /**
   * Building storeys (IFC) or other horizontal levels, bottom up: the PDF writer draws a plan section
   * of each, cut 1 m above its elevation. Absent or empty: one section through the model's lower part.
   */
  levels?: Array<{ dbId: number; name: string; elevationMetres: number }>;
  /** Things the reader skipped or could not read, shown as manifest warnings. */
  warnings: EngineMessage[];
  /**
   * Meshes by dbId that only a viewable draws, when one asked for them (IFC spaces and openings):
   * kept apart from `objects[].meshes` so mesh outputs and thumbnails leave them out.
   */
  viewableOnly?: Map<number, TriangleMesh[]>;
  /**
   * Every thumbnail size's PNG, when the reader has them rendered alongside (the IFC reader's geometry
   * thread draws them while this thread writes the GLB); writers draw their own when absent or failed.
   */
  thumbnails?: Promise<Map<number, Uint8Array>>;
}

export interface EngineMessage {
  type: 'error' | 'warning' | 'info';
  /** Stable code, e.g. `TranslationWorker-InternalFailure`, `IFC-EmptyGeometry`. */
  code: string;
  message: string;
}

/** A malformed or unsupported input: the job fails with this message, the platform goes on. */
export class TranslationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
