/** Wire types of Design Automation v3 (`/da/{region}/v3/...`). */

/** Every state a workitem can be in; the first two are live, the rest final. */
export const WORKITEM_STATUSES = [
  'pending',
  'inprogress',
  'cancelled',
  'failedLimitDataSize',
  'failedLimitProcessingTime',
  'failedDownload',
  'failedInstructions',
  'failedUpload',
  'failedUploadOptional',
  'success',
] as const;
export type WorkItemStatusValue = (typeof WORKITEM_STATUSES)[number];
export type FinalWorkItemStatus = Exclude<WorkItemStatusValue, 'pending' | 'inprogress'>;

/** Times are ISO 8601 with seven fractional digits and `Z`, as the real service writes them. */
export interface WorkItemStats {
  timeQueued: string;
  timeDownloadStarted?: string;
  timeInstructionsStarted?: string;
  timeInstructionsEnded?: string;
  timeUploadEnded?: string;
  timeFinished?: string;
  bytesDownloaded?: number;
  bytesUploaded?: number;
}

/** The regions the service answers under: `/da/{region}/v3`. */
export const DA_REGIONS = ['us-east', 'us-west'] as const;
export type DaRegion = (typeof DA_REGIONS)[number];

/** Every list: the next page is `?page={paginationToken}`, and the last page says `null`. */
export interface DaPage<T> {
  paginationToken: string | null;
  data: T[];
}

export const DA_VERBS = ['get', 'head', 'put', 'post', 'patch', 'read'] as const;
export type DaVerb = (typeof DA_VERBS)[number];

/** An activity's parameter as sent; defaults (`zip`, `ondemand`, `required`: false) are not filled in. */
export interface DaParameter {
  verb?: DaVerb;
  localName?: string;
  zip?: boolean;
  ondemand?: boolean;
  required?: boolean;
  description?: string;
}

/** A setting: a bare string, a string (optionally an environment variable), or a URL. */
export type DaSetting =
  | string
  | { value: string; isEnvironmentVariable?: boolean }
  | { url: string; verb?: DaVerb; headers?: Record<string, string> };

/** The eleven fields of the appbundle upload form, in the order the real service lists them. */
export const APPBUNDLE_FORM_FIELDS = [
  'key',
  'content-type',
  'policy',
  'success_action_status',
  'success_action_redirect',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-algorithm',
  'x-amz-date',
  'x-amz-server-side-encryption',
  'x-amz-security-token',
] as const;
export type AppBundleFormField = (typeof APPBUNDLE_FORM_FIELDS)[number];

/** Where and how to send an appbundle's zip: a multipart form POST, every field, then `file` last. */
export interface DaUploadParameters {
  endpointURL: string;
  formData: Record<AppBundleFormField, string>;
}

export interface DaAppBundle {
  /** `Owner.Name` after a create, `Owner.Name+Alias` when read by a qualified id. */
  id: string;
  engine: string;
  description?: string;
  version: number;
  /** A signed URL of the uploaded zip. */
  package?: string;
  settings?: Record<string, DaSetting>;
  appbundles?: string[];
  uploadParameters?: DaUploadParameters;
}

export interface DaActivity {
  id: string;
  engine: string;
  /** An array of command lines run in order; also accepted as one string. */
  commandLine: string[] | string;
  parameters?: Record<string, DaParameter>;
  /** Qualified appbundle ids, `Owner.Name+Alias`. */
  appbundles?: string[];
  settings?: Record<string, DaSetting>;
  description?: string;
  version: number;
}

/** What a create or a new version accepts (the id is taken from the path for a version). */
export type DaAppBundleRequest = Omit<DaAppBundle, 'version' | 'package' | 'uploadParameters' | 'id'> & { id?: string };
export type DaActivityRequest = Omit<DaActivity, 'version' | 'id'> & { id?: string };

export interface DaAlias {
  id: string;
  version: number;
  /** Another app's nickname or client id, or `everyone`: the alias shares that version with it. */
  receiver?: string;
}

/** The alias every appbundle and activity has, on its highest version; it cannot be created or changed. */
export const LATEST_ALIAS = '$LATEST';

/** A URL input or output of a workitem. */
export interface DaUrlArgument {
  url: string;
  verb?: DaVerb;
  headers?: Record<string, string>;
  localName?: string;
  optional?: boolean;
  pathInZip?: string;
  zip?: boolean;
}

/** A workitem argument: a bare string, a value (text or JSON), or a URL. */
export type DaArgument = string | { value: string | object } | DaUrlArgument;

export interface DaWorkItem {
  activityId: string;
  arguments?: Record<string, DaArgument>;
  signatures?: { activityId?: string; baseUrls?: { url: string; signature: string }[] };
  limitProcessingTimeSec?: number;
}

export interface WorkItemStatus {
  id: string;
  status: WorkItemStatusValue;
  progress?: string;
  /** A signed URL of `report.txt`, once the workitem has ended. */
  reportUrl?: string;
  /** A signed URL of the job folder's zip, when `adskDebug.uploadJobFolder` was set. */
  debugInfoUrl?: string;
  stats: WorkItemStats;
  /** In `POST /workitems/status` results, `onComplete` bodies and the report's final block. */
  activityId?: string;
}

export interface DaWorkItemsStatus {
  results: WorkItemStatus[];
  errors: Record<string, string>;
}

export interface DaEngine {
  id: string;
  description: string;
  productVersion: string;
  version: number;
}

export interface DaNicknameRecord {
  nickname: string;
  publicKey?: { Exponent: string; Modulus: string };
}

export interface DaFrontendLimits {
  limitPayloadSizeInKB: number;
  limitVersions: number;
  limitAliases: number;
  limitPublicAliases: number;
  limitAppUploadSizeInMB: number;
}

export interface DaBackendLimits {
  limitProcessingTimeSec: number;
  limitTotalUncompressedAppsSizeInMB: number;
}

export interface DaServiceLimit {
  frontendLimits: DaFrontendLimits;
  /** By engine product, e.g. `AutoCAD` or `WebIfc`. */
  backendLimits: Record<string, DaBackendLimits>;
}

export interface DaShare {
  /** `Name+Alias`. */
  id: string;
  receiver: string;
  type: 'activity' | 'app';
}

/** `GET /health/{engine}`: note the capital S. */
export interface DaHealth {
  Status: string;
}

/** A validation 400: field name to messages. Not-found and conflict errors are bare JSON strings. */
export type DaFieldErrors = Record<string, string[]>;

/** The gateway's 429. */
export interface DaQuotaErrorBody {
  developerMessage: string;
}
