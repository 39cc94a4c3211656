import { createRequire } from 'node:module';

/**
 * The part of `forge-apis` (the legacy official Node SDK, plain JavaScript without types) that the
 * wire tests drive, typed as its sources (src/api/ObjectsApi.js, src/ApiClient.js) behave.
 */
export interface ForgeResponse<T> {
  statusCode: number;
  headers: Record<string, string | undefined>;
  body: T;
}

export interface ForgeCredentials {
  access_token: string;
}

type Call<T> = Promise<ForgeResponse<T>>;
type Opts = Record<string, unknown>;
type NoClient = null;

export interface ForgeObjectsApi {
  uploadObject(bucketKey: string, objectKey: string, contentLength: number, body: Buffer, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  getObject(bucketKey: string, objectKey: string, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<Buffer>;
  uploadChunk(bucketKey: string, objectKey: string, contentLength: number, contentRange: string, sessionId: string, body: Buffer, opts: Opts,
    client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  getStatusBySessionId(bucketKey: string, objectKey: string, sessionId: string, client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  createSignedResource(bucketKey: string, objectKey: string, body: Opts, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<{ signedUrl: string; expiration: number; singleUse: boolean }>;
  getSignedResource(id: string, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<string>;
  uploadSignedResource(id: string, contentLength: number, body: Buffer, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  uploadSignedResourcesChunk(id: string, contentRange: string, sessionId: string, body: Buffer, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  deleteSignedResource(id: string, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<string>;
  uploadResources(bucketKey: string, objects: { objectKey: string; data: Buffer }[], opts: Opts, client: NoClient, credentials: ForgeCredentials): Promise<BulkRecord[]>;
  downloadResources(bucketKey: string, objects: { objectKey: string; responseType: string }[], opts: Opts, client: NoClient, credentials: ForgeCredentials): Promise<BulkRecord[]>;
}

/** What `uploadResources` / `downloadResources` leave on each record. */
export interface BulkRecord {
  objectKey: string;
  error?: boolean;
  data?: ArrayBuffer | Buffer;
  completed?: { status?: string; objectKey?: string; size?: number; sha1?: string; parts?: unknown[] };
}

interface ForgeApis {
  ApiClient: new (basePath: string) => object;
  ObjectsApi: new (client: object) => ForgeObjectsApi;
}

/** The legacy SDK's ObjectsApi on `basePath` (the SDK calls it a server path). */
export function legacyObjectsApi(basePath: string): ForgeObjectsApi {
  const forge = createRequire(import.meta.url)('forge-apis') as ForgeApis;
  return new forge.ObjectsApi(new forge.ApiClient(basePath));
}
