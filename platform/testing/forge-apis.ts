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
  uploadObject(
    bucketKey: string,
    objectKey: string,
    contentLength: number,
    body: Buffer,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
  getObject(
    bucketKey: string,
    objectKey: string,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<Buffer>;
  uploadChunk(
    bucketKey: string,
    objectKey: string,
    contentLength: number,
    contentRange: string,
    sessionId: string,
    body: Buffer,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
  getStatusBySessionId(
    bucketKey: string,
    objectKey: string,
    sessionId: string,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
  createSignedResource(
    bucketKey: string,
    objectKey: string,
    body: Opts,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<{ signedUrl: string; expiration: number; singleUse: boolean }>;
  getSignedResource(id: string, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<string>;
  uploadSignedResource(
    id: string,
    contentLength: number,
    body: Buffer,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
  uploadSignedResourcesChunk(
    id: string,
    contentRange: string,
    sessionId: string,
    body: Buffer,
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
  deleteSignedResource(id: string, opts: Opts, client: NoClient, credentials: ForgeCredentials): Call<string>;
  uploadResources(
    bucketKey: string,
    objects: { objectKey: string; data: Buffer }[],
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Promise<BulkRecord[]>;
  downloadResources(
    bucketKey: string,
    objects: { objectKey: string; responseType: string }[],
    opts: Opts,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Promise<BulkRecord[]>;
}

/** What `uploadResources` / `downloadResources` leave on each record. */
export interface BulkRecord {
  objectKey: string;
  error?: boolean;
  data?: ArrayBuffer | Buffer;
  completed?: { status?: string; objectKey?: string; size?: number; sha1?: string; parts?: unknown[] };
}

/** The SDK's transport: `callApi(path, method, pathParams, query, headers, form, body, contentTypes, accepts, returnType, client, credentials)`. */
interface ForgeApiClient {
  callApi(
    path: string,
    method: string,
    pathParams: Opts,
    queryParams: Opts,
    headerParams: Opts,
    formParams: Opts,
    body: unknown,
    contentTypes: string[],
    accepts: string[],
    returnType: unknown,
    client: NoClient,
    credentials: ForgeCredentials,
  ): Call<unknown>;
}

/** The v1 `UserProfile` model (exported as `User` since 0.9.8): it copies only the v1 fields it knows. */
export interface ForgeUserProfile {
  userId?: string;
  userName?: string;
  emailId?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  '2FaEnabled'?: boolean;
  profileImages?: Record<string, string>;
}

interface ForgeApis {
  ApiClient: new (basePath: string) => ForgeApiClient;
  ObjectsApi: new (client: object) => ForgeObjectsApi;
  UserProfileApi: new (client: object) => {
    getUserProfile(client: NoClient, credentials: ForgeCredentials): Call<unknown>;
  };
  User: { constructFromObject(data: unknown): ForgeUserProfile };
}

const forgeApis = () => createRequire(import.meta.url)('forge-apis') as ForgeApis;

/** The legacy SDK's ObjectsApi on `basePath` (the SDK calls it a server path). */
export function legacyObjectsApi(basePath: string): ForgeObjectsApi {
  const forge = forgeApis();
  return new forge.ObjectsApi(new forge.ApiClient(basePath));
}

/**
 * `UserProfileApi.getUserProfile` as forge-apis made it up to 0.9.7 (src/api/UserProfileApi.js before
 * commit b39cc7c): `GET /userprofile/v1/users/@me` through the SDK's ApiClient, read with its v1
 * `UserProfile` model. From 0.9.8 the method calls `/userinfo` instead; the transport and the model
 * are unchanged in the installed version, so this is the old call on the installed client.
 */
export async function legacyGetUserProfile(basePath: string, credentials: ForgeCredentials) {
  const forge = forgeApis();
  const response = await new forge.ApiClient(basePath).callApi(
    '/userprofile/v1/users/@me',
    'GET',
    {},
    {},
    {},
    {},
    null,
    ['application/json'],
    ['application/vnd.api+json', 'application/json'],
    forge.User,
    null,
    credentials,
  );
  return { ...response, profile: forge.User.constructFromObject(response.body) };
}

/** The installed (0.9.8 and later) `UserProfileApi`, which calls `/userinfo` on `basePath`. */
export const legacyUserProfileApi = (basePath: string) => {
  const forge = forgeApis();
  return new forge.UserProfileApi(new forge.ApiClient(basePath));
};
