import type {
  FormatsResponse,
  JobPayload,
  JobResponse,
  Manifest,
  MetadataResponse,
  ObjectTreeResponse,
  PropertiesQueryPayload,
  PropertiesQueryResponse,
  PropertiesResponse,
  SignedCookiesResponse,
} from '../../../contracts/model-derivative';
import { ApiError, request, requestJson, requestVoid, type RequestOptions } from '../http';

const BASE = '/modelderivative/v2/designdata';
const modelPath = (urn: string) => `${BASE}/${encodeURIComponent(urn)}`;
const viewPath = (urn: string, guid: string) => `${modelPath(urn)}/metadata/${encodeURIComponent(guid)}`;

/**
 * Object trees and properties are extracted after a translation; until they are, the platform answers
 * `202` with no data. That is a state to show and poll, not an error, so it is its own result.
 */
export type Extracted<T> = { state: 'ready'; data: T } | { state: 'extracting' };

async function extracted<T>(path: string, options: RequestOptions): Promise<Extracted<T>> {
  const response = await request(path, options);
  if (response.status === 202) {
    await response.body?.cancel().catch(() => {});
    return { state: 'extracting' };
  }
  return { state: 'ready', data: (await response.json()) as T };
}

/** `POST …/job`; `force` sends `x-ads-force` so existing derivatives are made again. */
export function startJob(payload: JobPayload, force: boolean, signal: AbortSignal): Promise<JobResponse> {
  return requestJson<JobResponse>(`${BASE}/job`, {
    signal,
    method: 'POST',
    json: payload,
    headers: force ? { 'x-ads-force': 'true' } : {},
  });
}

export function getManifest(urn: string, signal: AbortSignal): Promise<Manifest> {
  return requestJson<Manifest>(`${modelPath(urn)}/manifest`, { signal });
}

export function deleteManifest(urn: string, signal: AbortSignal): Promise<void> {
  return requestVoid(`${modelPath(urn)}/manifest`, { signal, method: 'DELETE' });
}

/** `GET …/formats`: output type → source extensions it is made from. */
export function getFormats(signal: AbortSignal): Promise<FormatsResponse> {
  return requestJson<FormatsResponse>(`${BASE}/formats`, { signal });
}

/**
 * The model's views (the metadata guid is a geometry node's viewable id). While a translation is
 * remaking them the platform answers 202, like the trees and properties.
 */
export function getMetadata(urn: string, signal: AbortSignal): Promise<Extracted<MetadataResponse>> {
  return extracted<MetadataResponse>(`${modelPath(urn)}/metadata`, { signal });
}

export function getObjectTree(urn: string, guid: string, signal: AbortSignal): Promise<Extracted<ObjectTreeResponse>> {
  return extracted<ObjectTreeResponse>(viewPath(urn, guid), { signal });
}

/** Every object's properties, or one object's with `objectid`. */
export function getProperties(
  urn: string,
  guid: string,
  objectid: number | undefined,
  signal: AbortSignal,
): Promise<Extracted<PropertiesResponse>> {
  return extracted<PropertiesResponse>(`${viewPath(urn, guid)}/properties`, { signal, query: { objectid } });
}

export function queryProperties(
  urn: string,
  guid: string,
  payload: PropertiesQueryPayload,
  signal: AbortSignal,
): Promise<Extracted<PropertiesQueryResponse>> {
  return extracted<PropertiesQueryResponse>(`${viewPath(urn, guid)}/properties:query`, {
    signal,
    method: 'POST',
    json: payload,
  });
}

/** The model's thumbnail as PNG bytes, or null when it has none (no manifest, or none made yet). */
export async function getThumbnail(urn: string, width: 100 | 200 | 400, signal: AbortSignal): Promise<Blob | null> {
  try {
    const response = await request(`${modelPath(urn)}/thumbnail`, { signal, query: { width } });
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** `GET …/manifest/{derivativeUrn}/signedcookies`: a self-signed URL that serves one derivative's bytes. */
export function getSignedCookies(
  urn: string,
  derivativeUrn: string,
  signal: AbortSignal,
): Promise<SignedCookiesResponse> {
  return requestJson<SignedCookiesResponse>(
    `${modelPath(urn)}/manifest/${encodeURIComponent(derivativeUrn)}/signedcookies`,
    { signal },
  );
}
