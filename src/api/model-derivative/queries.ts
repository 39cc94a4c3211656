import { queryOptions } from '@tanstack/react-query';
import type { Manifest, TranslationStatus } from '../../../contracts/model-derivative';
import {
  getFormats,
  getManifest,
  getMetadata,
  getObjectTree,
  getProperties,
  getSignedCookies,
  getThumbnail,
  type Extracted,
} from './requests';

/**
 * Model Derivative query keys, from generic to specific: `['md']` reaches everything, `modelScope(urn)`
 * everything of one design (manifest, views, trees, properties, thumbnail).
 */

export const ENDED_STATUSES: readonly TranslationStatus[] = ['success', 'failed', 'timeout'];
export const isEnded = (status: TranslationStatus | undefined): boolean =>
  status !== undefined && ENDED_STATUSES.includes(status);

const FIRST_ASK_MS = 250;
const STEADY_ASK_MS = 1_500;
const LONGEST_ASK_MS = 10_000;

/**
 * How long to wait before asking again about a job that has run for `elapsedMs`. In its first 3 s,
 * half the time it has run, from 250 ms, since a small file's job ends in well under a second; then
 * every 1.5 s, so a status change shows within 2 s; then a tenth of the time already waited, up to
 * 10 s, so a long job costs a few requests a minute.
 */
export function pollDelay(elapsedMs: number): number {
  const settled = Math.max(STEADY_ASK_MS, elapsedMs / 10);
  return Math.round(Math.min(LONGEST_ASK_MS, Math.max(FIRST_ASK_MS, Math.min(elapsedMs / 2, settled))));
}

/** Waits between asks while properties are still extracting: 0.5 s, 1 s, 2 s… up to 5 s. */
export function extractingDelay(attempts: number): number {
  return Math.min(5_000, 500 * 2 ** Math.max(0, attempts - 1));
}

/** refetchInterval for an Extracted query: poll with backoff while extracting, stop once ready. */
function whileExtracting<T>(query: {
  state: { data: Extracted<T> | undefined; dataUpdateCount: number };
}): number | false {
  return query.state.data?.state === 'extracting' ? extractingDelay(query.state.dataUpdateCount) : false;
}

export const mdQueries = {
  all: () => ['md'] as const,
  formats: () =>
    queryOptions({
      queryKey: [...mdQueries.all(), 'formats'] as const,
      queryFn: ({ signal }) => getFormats(signal),
      // The platform's converters change with a release, not during a session.
      staleTime: Infinity,
    }),
  modelScope: (urn: string) => [...mdQueries.all(), 'model', { urn }] as const,
  manifest: (urn: string) =>
    queryOptions<Manifest>({
      queryKey: [...mdQueries.modelScope(urn), 'manifest'] as const,
      queryFn: ({ signal }) => getManifest(urn, signal),
    }),
  metadata: (urn: string) =>
    queryOptions({
      queryKey: [...mdQueries.modelScope(urn), 'metadata'] as const,
      queryFn: ({ signal }) => getMetadata(urn, signal),
      refetchInterval: whileExtracting,
    }),
  viewScope: (urn: string, guid: string) => [...mdQueries.modelScope(urn), 'view', { guid }] as const,
  objectTree: (urn: string, guid: string) =>
    queryOptions({
      queryKey: [...mdQueries.viewScope(urn, guid), 'tree'] as const,
      queryFn: ({ signal }) => getObjectTree(urn, guid, signal),
      refetchInterval: whileExtracting,
    }),
  /** Every object's properties (`objectid` undefined) or one object's. */
  properties: (urn: string, guid: string, objectid?: number) =>
    queryOptions({
      queryKey: [...mdQueries.viewScope(urn, guid), 'properties', { objectid }] as const,
      queryFn: ({ signal }) => getProperties(urn, guid, objectid, signal),
      refetchInterval: whileExtracting,
    }),
  thumbnail: (urn: string, width: 100 | 200 | 400 = 200) =>
    queryOptions({
      queryKey: [...mdQueries.modelScope(urn), 'thumbnail', { width }] as const,
      queryFn: ({ signal }) => getThumbnail(urn, width, signal),
      retry: false,
    }),
  /** A signed URL for one derivative; it expires, so it is asked again shortly before then. */
  signedDownload: (urn: string, derivativeUrn: string) =>
    queryOptions({
      queryKey: [...mdQueries.modelScope(urn), 'signed', { derivativeUrn }] as const,
      queryFn: ({ signal }) => getSignedCookies(urn, derivativeUrn, signal),
      staleTime: 60_000,
    }),
};
