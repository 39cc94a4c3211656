import { createHash } from 'node:crypto';
import type {
  Manifest,
  ManifestDerivative,
  ManifestResource,
  TranslationStatus,
} from '../../../contracts/model-derivative';
import type { JobRecord } from '../../storage/repos/md-records';
import type { DerivativeRecord, FileRecord, ManifestRecord } from '../../storage/repos/md-records';

/** `urn:adsk.viewing:fs.file:<encodedSourceUrn>/output/<outputType>/<file path>`: the shape agreed with the app. */
export const derivativeUrn = (urn: string, path: string) => `urn:adsk.viewing:fs.file:${urn}/output/${path}`;

/** The file path a derivative URN of this manifest names, or undefined when it names none of its files. */
export function derivativePath(urn: string, derivative: string): string | undefined {
  const prefix = derivativeUrn(urn, '');
  return derivative.startsWith(prefix) ? derivative.slice(prefix.length) : undefined;
}

/** A stable guid per resource (its URN hashed), so the manifest reads the same on every request. */
function guidOf(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const isLive = (status: TranslationStatus) => status === 'pending' || status === 'inprogress';

/** The overall status: running while any derivative runs, then the worst of their ends. */
export function overallStatus(derivatives: readonly Pick<DerivativeRecord, 'status'>[]): TranslationStatus {
  const statuses = derivatives.map((derivative) => derivative.status);
  for (const status of ['inprogress', 'pending', 'failed', 'timeout'] as const)
    if (statuses.includes(status)) return status;
  return 'success';
}

const progressText = (status: TranslationStatus, job: JobRecord | undefined) =>
  isLive(status) ? `${job?.progress ?? 0}% complete` : 'complete';

function resource(urn: string, file: FileRecord, status: TranslationStatus): ManifestResource {
  const urnOfFile = derivativeUrn(urn, file.path);
  return {
    guid: guidOf(urnOfFile),
    type: 'resource',
    role: file.role,
    mime: file.mime,
    urn: urnOfFile,
    size: file.size,
    status,
    ...(file.resolution !== null ? { resolution: [file.resolution, file.resolution] as [number, number] } : {}),
  };
}

function children(urn: string, derivative: DerivativeRecord, files: readonly FileRecord[]): ManifestResource[] {
  const nodes: ManifestResource[] = [];
  const views = new Map<string, FileRecord[]>();
  for (const file of files) {
    if (file.viewGuid === null) continue;
    views.set(file.viewGuid, [...(views.get(file.viewGuid) ?? []), file]);
  }
  for (const [guid, viewFiles] of views) {
    const first = viewFiles[0]!;
    nodes.push({
      guid,
      type: 'geometry',
      role: first.viewRole ?? '3d',
      name: first.viewName ?? '3D',
      status: derivative.status,
      viewableID: guid,
      hasThumbnail: viewFiles.some((file) => file.role === 'thumbnail') ? 'true' : 'false',
      children: viewFiles.map((file) => resource(urn, file, derivative.status)),
    });
  }
  for (const file of files) if (file.viewGuid === null) nodes.push(resource(urn, file, derivative.status));
  return nodes;
}

/** The manifest in the real service's shape, from the stored rows and the live job's progress. */
export function serializeManifest(
  manifest: ManifestRecord,
  derivatives: readonly DerivativeRecord[],
  files: readonly FileRecord[],
  job: JobRecord | undefined,
): Manifest {
  const serialized: ManifestDerivative[] = derivatives.map((derivative) => {
    const own = files.filter((file) => file.derivativeId === derivative.id);
    return {
      name: manifest.fileName,
      outputType: derivative.outputType,
      status: derivative.status,
      progress: progressText(derivative.status, job),
      hasThumbnail: own.some((file) => file.role === 'thumbnail') ? 'true' : 'false',
      ...(derivative.messages.length ? { messages: derivative.messages } : {}),
      children: children(manifest.urn, derivative, own),
    };
  });
  const status = overallStatus(derivatives);
  return {
    type: 'manifest',
    urn: manifest.urn,
    region: manifest.region,
    version: '1.0',
    status,
    progress: progressText(status, job),
    hasThumbnail: files.some((file) => file.role === 'thumbnail') ? 'true' : 'false',
    derivatives: serialized,
  };
}
