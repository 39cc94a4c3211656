import type { DaContext } from './context';

/**
 * The platform's stand-in for the real service's S3 store: `/da/store/…`, reached with signed URLs
 * (no token), as the real `package`, `reportUrl` and `debugInfoUrl` are presigned S3 URLs.
 */
export const STORE_PREFIX = '/da/store';

export const packagePath = (owner: string, name: string, version: number) =>
  `${STORE_PREFIX}/apps/${owner}/${name}/${version}`;
export const reportPath = (owner: string, workitemId: string) =>
  `${STORE_PREFIX}/workItem/${owner}/${workitemId}/report.txt`;
export const debugInfoPath = (owner: string, workitemId: string) =>
  `${STORE_PREFIX}/workItem/${owner}/${workitemId}/debugInfo.zip`;

/** How long a signed store URL holds: the real `reportUrl` says 3600 seconds. */
export const STORE_URL_SECONDS = 3600;

export async function signedStoreUrl(da: DaContext, path: string, seconds = STORE_URL_SECONDS): Promise<string> {
  const expires = Math.floor(da.clock.now().getTime() / 1000) + seconds;
  return `${da.base()}${path}?${(await da.signer()).sign(path, expires)}`;
}
