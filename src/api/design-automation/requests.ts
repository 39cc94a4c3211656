import type {
  DaActivity,
  DaActivityRequest,
  DaAlias,
  DaAppBundle,
  DaAppBundleRequest,
  DaEngine,
  DaNicknameRecord,
  DaPage,
  DaUploadParameters,
  DaWorkItem,
  WorkItemStatus,
} from '../../../contracts/design-automation';
import { request, requestJson, requestVoid } from '../http';

/** Design Automation v3. The platform answers in both regions; the app uses the default one. */
export const DA_BASE = '/da/us-east/v3';
export type DaKind = 'appbundles' | 'activities';

const segment = (value: string) => encodeURIComponent(value);
const itemPath = (kind: DaKind, name: string) => `${DA_BASE}/${kind}/${segment(name)}`;

/** Every page of a list: the next is `?page={paginationToken}`, and the last says `null`. */
export async function allPages<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const response = await requestJson<DaPage<T>>(path, { signal, query: { page } });
    items.push(...response.data);
    page = response.paginationToken ?? undefined;
  } while (page);
  return items;
}

/** `GET /forgeapps/me`: a bare JSON string, or `{nickname, publicKey}` once a key is registered. */
export async function getNickname(signal: AbortSignal): Promise<string> {
  const answer = await requestJson<string | DaNicknameRecord>(`${DA_BASE}/forgeapps/me`, { signal });
  return typeof answer === 'string' ? answer : answer.nickname;
}

export const getEngineIds = (signal: AbortSignal) => allPages<string>(`${DA_BASE}/engines`, signal);

export const getEngine = (id: string, signal: AbortSignal) =>
  requestJson<DaEngine>(`${DA_BASE}/engines/${segment(id)}`, { signal });

/** Qualified ids of the app's own items and of those shared with it, one per alias. */
export const getItemIds = (kind: DaKind, signal: AbortSignal) => allPages<string>(`${DA_BASE}/${kind}`, signal);

/** `GET /{kind}/{Owner.Name+Alias}`: an item as one of its aliases names it. */
export function getItem<K extends DaKind>(
  kind: K,
  qualified: string,
  signal: AbortSignal,
): Promise<K extends 'appbundles' ? DaAppBundle : DaActivity> {
  return requestJson(itemPath(kind, qualified), { signal });
}

export const getVersions = (kind: DaKind, name: string, signal: AbortSignal) =>
  allPages<number>(`${itemPath(kind, name)}/versions`, signal);

export function getVersion<K extends DaKind>(
  kind: K,
  name: string,
  version: number,
  signal: AbortSignal,
): Promise<K extends 'appbundles' ? DaAppBundle : DaActivity> {
  return requestJson(`${itemPath(kind, name)}/versions/${version}`, { signal });
}

export const getAliases = (kind: DaKind, name: string, signal: AbortSignal) =>
  allPages<DaAlias>(`${itemPath(kind, name)}/aliases`, signal);

/** `POST /appbundles`: the new appbundle, with the form its zip is then posted with. */
export const createAppBundle = (body: DaAppBundleRequest, signal: AbortSignal) =>
  requestJson<DaAppBundle>(`${DA_BASE}/appbundles`, { signal, method: 'POST', json: body });

export const createAppBundleVersion = (name: string, body: DaAppBundleRequest, signal: AbortSignal) =>
  requestJson<DaAppBundle>(`${itemPath('appbundles', name)}/versions`, { signal, method: 'POST', json: body });

export const createActivity = (body: DaActivityRequest, signal: AbortSignal) =>
  requestJson<DaActivity>(`${DA_BASE}/activities`, { signal, method: 'POST', json: body });

export const createActivityVersion = (name: string, body: DaActivityRequest, signal: AbortSignal) =>
  requestJson<DaActivity>(`${itemPath('activities', name)}/versions`, { signal, method: 'POST', json: body });

export const createAlias = (kind: DaKind, name: string, alias: DaAlias, signal: AbortSignal) =>
  requestJson<DaAlias>(`${itemPath(kind, name)}/aliases`, { signal, method: 'POST', json: alias });

/** `PATCH …/aliases/{id}`: moves an alias to another version. */
export const moveAlias = (kind: DaKind, name: string, alias: DaAlias, signal: AbortSignal) =>
  requestJson<DaAlias>(`${itemPath(kind, name)}/aliases/${segment(alias.id)}`, {
    signal,
    method: 'PATCH',
    json: { version: alias.version, ...(alias.receiver ? { receiver: alias.receiver } : {}) },
  });

export const deleteAlias = (kind: DaKind, name: string, aliasId: string, signal: AbortSignal) =>
  requestVoid(`${itemPath(kind, name)}/aliases/${segment(aliasId)}`, { signal, method: 'DELETE' });

/** Deletes every version and alias. */
export const deleteItem = (kind: DaKind, name: string, signal: AbortSignal) =>
  requestVoid(itemPath(kind, name), { signal, method: 'DELETE' });

export const deleteVersion = (kind: DaKind, name: string, version: number, signal: AbortSignal) =>
  requestVoid(`${itemPath(kind, name)}/versions/${version}`, { signal, method: 'DELETE' });

export const createWorkItem = (body: DaWorkItem, signal: AbortSignal) =>
  requestJson<WorkItemStatus>(`${DA_BASE}/workitems`, { signal, method: 'POST', json: body });

export const getWorkItem = (id: string, signal: AbortSignal) =>
  requestJson<WorkItemStatus>(`${DA_BASE}/workitems/${segment(id)}`, { signal });

/** `DELETE /workitems/{id}`: cancels a pending or running workitem. */
export const cancelWorkItem = (id: string, signal: AbortSignal) =>
  requestVoid(`${DA_BASE}/workitems/${segment(id)}`, { signal, method: 'DELETE' });

/** The text of a signed `report.txt`; the URL carries its own signature, so no token goes with it. */
export async function getReport(url: string, signal: AbortSignal): Promise<string> {
  const response = await request(url, { signal, authenticated: false });
  return response.text();
}

/** The appbundle's upload form: every field in the order given, then `file` last, as S3 requires. */
export function appBundleForm(parameters: DaUploadParameters, zip: Blob, fileName = 'bundle.zip'): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(parameters.formData)) form.append(field, value);
  form.append('file', zip, fileName);
  return form;
}

/** The store's S3 XML error, in the words it gave. */
export function storeError(status: number, body: string): Error {
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return new Error(
    message
      ? `The bundle store refused the zip (${status}): ${message}`
      : `The bundle store refused the zip (${status}).`,
  );
}

/**
 * Posts the zip with XMLHttpRequest, the one browser API that reports upload progress. The form's
 * policy is the credential; no token goes with it.
 */
export function uploadAppBundleZip(
  parameters: DaUploadParameters,
  zip: Blob,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', parameters.endpointURL);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || zip.size);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(storeError(xhr.status, xhr.responseText));
    xhr.onerror = () => reject(new Error('The network failed while sending the zip.'));
    xhr.onabort = aborted;
    xhr.send(appBundleForm(parameters, zip));
  });
}
