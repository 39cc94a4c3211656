/** Wire types of Model Derivative v2 (`/modelderivative/v2/designdata/...`). */

/** The error body Model Derivative answers with. */
export interface ModelDerivativeErrorBody {
  diagnostic: string;
}

/**
 * Output types this platform's engine writes (spec part 4). `svf` is the legacy viewable type that
 * Autodesk's samples still ask for: here it is the same GLB-based viewable as `svf2`, not Autodesk's SVF.
 */
export const OUTPUT_TYPES = ['svf2', 'svf', 'pdf', 'obj', 'stl', 'ifc', 'thumbnail'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

export type ViewKind = '2d' | '3d';

export interface JobOutputFormat {
  type: OutputType;
  /** `svf2` and `svf` only: which viewables to make. */
  views?: ViewKind[];
  /** Per-type options (e.g. `stl: {format: 'binary'}`); unknown ones are ignored, as the real service ignores them. */
  advanced?: Record<string, unknown>;
}

export interface JobPayload {
  input: {
    /** The encoded URN (URL-safe Base64, no padding) of an OSS object or a Data Management version. */
    urn: string;
    compressedUrn?: boolean;
    /** The file inside a zip to translate; required when `compressedUrn` is true. */
    rootFilename?: string;
  };
  output: {
    formats: JobOutputFormat[];
    destination?: { region?: string };
  };
  misc?: { workflow?: string; workflowAttribute?: unknown };
}

/** 200 when a job was queued, 201 when every requested derivative already exists. */
export interface JobResponse {
  result: 'created' | 'success';
  urn: string;
  acceptedJobs: { output: JobPayload['output'] };
}

/** The states of a job, of a manifest and of each node in it (spec part 3, plus the real `timeout`). */
export type TranslationStatus = 'pending' | 'inprogress' | 'success' | 'failed' | 'timeout';

export interface ManifestMessage {
  type: 'error' | 'warning' | 'info';
  code: string;
  message: string | string[];
}

export interface ManifestResource {
  guid: string;
  type: 'geometry' | 'view' | 'resource' | 'folder';
  role: string;
  status: TranslationStatus;
  name?: string;
  urn?: string;
  mime?: string;
  progress?: string;
  hasThumbnail?: 'true' | 'false';
  viewableID?: string;
  resolution?: [number, number];
  /** Byte length of a downloadable resource (our addition; the real service puts it in `HEAD`). */
  size?: number;
  messages?: ManifestMessage[];
  children?: ManifestResource[];
}

export interface ManifestDerivative {
  name: string;
  outputType: OutputType;
  status: TranslationStatus;
  /** "NN% complete" while running, "complete" when done. */
  progress: string;
  hasThumbnail: 'true' | 'false';
  messages?: ManifestMessage[];
  children: ManifestResource[];
}

export interface Manifest {
  type: 'manifest';
  urn: string;
  region: string;
  version: '1.0';
  status: TranslationStatus;
  progress: string;
  hasThumbnail: 'true' | 'false';
  derivatives: ManifestDerivative[];
}

export interface ModelView {
  name: string;
  role: ViewKind;
  guid: string;
  isMasterView?: boolean;
}

export interface MetadataResponse {
  data: { type: 'metadata'; metadata: ModelView[] };
}

export interface ObjectTreeNode {
  objectid: number;
  name: string;
  objects?: ObjectTreeNode[];
}

export interface ObjectTreeResponse {
  data: { type: 'objects'; objects: ObjectTreeNode[] };
}

export type PropertyValue = string | number | boolean | null;

export interface ObjectProperties {
  objectid: number;
  name: string;
  externalId: string;
  /** Category → name → value; values with units are text such as "2.500 m". */
  properties: Record<string, Record<string, PropertyValue> | PropertyValue>;
}

export interface PropertiesResponse {
  data: { type: 'properties'; collection: ObjectProperties[] };
}

export interface PropertiesQueryPayload {
  query:
    | { $in: [string, ...(string | number)[]] }
    | { $prefix: [string, string] }
    | { $eq: [string, PropertyValue] }
    | { $contains: [string, string] }
    | { $between: [string, number, number] }
    | { $le: [string, number] }
    | { $ge: [string, number] };
  fields?: string[];
  pagination?: { offset?: number; limit?: number };
  payload?: 'text' | 'unit';
}

export interface PropertiesQueryResponse extends PropertiesResponse {
  pagination: { limit: number; offset: number; totalResults: number };
}

/** `202` while the properties are still being extracted. */
export interface StillProcessingBody {
  result: 'success';
}

/** `DELETE …/{urn}/manifest` answers this even when there was no manifest (idempotent). */
export interface DeleteManifestBody {
  result: 'success';
}

export interface FormatsResponse {
  formats: Partial<Record<OutputType, string[]>>;
}

export interface SignedCookiesResponse {
  etag: string;
  size: number;
  url: string;
  'content-type': string;
  /** Epoch milliseconds. */
  expiration: number;
}

/** Encodes a URN for Model Derivative paths: URL-safe Base64 without padding (spec part 2). */
export function encodeUrn(urn: string): string {
  const bytes = new TextEncoder().encode(urn);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The URN an encoded URN stands for, or undefined when it is not correctly encoded. */
export function decodeUrn(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || encoded.length % 4 === 1) return undefined;
  const standard = encoded.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    return text.startsWith('urn:') && encodeUrn(text) === encoded ? text : undefined;
  } catch {
    return undefined;
  }
}
