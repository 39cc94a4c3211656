import type {
  JobOutputFormat,
  ManifestMessage,
  OutputType,
  TranslationStatus,
  ViewKind,
} from '../../../contracts/model-derivative';

// The Model Derivative tables' records and the columns that read them, shared by the repos that join them.

export interface ManifestRecord {
  /** The encoded source URN: the manifest's key, as in the paths. */
  urn: string;
  sourceUrn: string;
  bucketKey: string;
  objectKey: string;
  fileName: string;
  rootFilename: string | null;
  region: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DerivativeRecord {
  id: string;
  urn: string;
  jobId: string;
  outputType: OutputType;
  status: TranslationStatus;
  messages: ManifestMessage[];
  createdAt: Date;
}

export interface FileRecord {
  derivativeId: string;
  /** Relative to the derivative's output folder, e.g. `svf2/<viewGuid>/model.glb`: the tail of its URN. */
  path: string;
  blobId: string;
  role: string;
  mime: string;
  size: number;
  sha1: string;
  viewGuid: string | null;
  viewName: string | null;
  viewRole: ViewKind | null;
  resolution: number | null;
  createdAt: Date;
}

export const MANIFEST_COLUMNS = `urn, source_urn AS "sourceUrn", bucket_key AS "bucketKey", object_key AS "objectKey", file_name AS "fileName",
  root_filename AS "rootFilename", region, created_at AS "createdAt", updated_at AS "updatedAt"`;
export const DERIVATIVE_COLUMNS = `d.id, d.urn, d.job_id AS "jobId", d.output_type AS "outputType", d.status, d.messages, d.created_at AS "createdAt"`;
export const FILE_COLUMNS = `f.derivative_id AS "derivativeId", f.path, f.blob_id AS "blobId", f.role, f.mime, f.size::float8 AS size, f.sha1,
  f.view_guid AS "viewGuid", f.view_name AS "viewName", f.view_role AS "viewRole", f.resolution, f.created_at AS "createdAt"`;

export interface JobRecord {
  id: string;
  urn: string;
  clientId: string;
  status: TranslationStatus;
  /** Percent, 0–100. */
  progress: number;
  /** How many times the job has been started (a restart re-runs it from scratch). */
  attempts: number;
  outputs: JobOutputFormat[];
  /** `misc.workflow` of the job request: the Webhooks scope its start and end are told to, if any. */
  workflow: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const JOB_COLUMNS = `id, urn, client_id AS "clientId", status, progress, attempts, outputs, workflow, created_at AS "createdAt",
  started_at AS "startedAt", finished_at AS "finishedAt"`;

/** Everything `GET …/manifest` shows: the manifest, its derivatives and files, and the job running on it. */
export interface ManifestView {
  manifest: ManifestRecord;
  derivatives: DerivativeRecord[];
  files: FileRecord[];
  job: JobRecord | undefined;
}
