import path from 'node:path';
import { parseObjectUrn } from '../../../contracts/oss';
import type { WebhookRegion } from '../../../contracts/webhooks';
import type { Actor, FolderLink, FolderRecord } from '../../storage/repos/dm-folders';
import type { VersionRecord } from '../../storage/repos/dm-items';

// The payloads of the `data` system's events (docs/webhooks digest §4.3), built from records alone:
// events.ts reads what they need inside the change's transaction and records them.

/** Where an event happens: its hub (tenant and region) and project. */
export interface EventPlace {
  region: WebhookRegion;
  /** The hub's id. */
  tenant: string;
  /** The project's id without its `a.`/`b.` prefix, as the payloads carry it. */
  project: string;
}

/** Who made the change, and when. */
export interface EventCause {
  actor: Actor;
  at: Date;
}

/** The item a version event is about, as it is after the change. */
export interface EventItem {
  id: string;
  folderId: string;
  hidden: boolean;
}

/** `yyyy-MM-ddTHH:mm:ss+0000`: the payloads' timestamps have no milliseconds, unlike the hooks'. */
export const eventTime = (at: Date): string => `${at.toISOString().slice(0, 19)}+0000`;

export const bareId = (id: string): string => id.replace(/^[ab]\./, '');

/** A version's URN without `?version=`: what names the file as a whole. */
export const fileUrn = (versionUrn: string): string => versionUrn.replace(/\?version=\d+$/, '');

const ancestorsOf = (chain: readonly FolderLink[]) => chain.map(({ id, name }) => ({ urn: id, name }));

const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** `dm.version.*` and `dm.lineage.*`: the version (tip, added or deleted) in the folder whose chain is `chain`. */
export function versionPayload(
  place: EventPlace,
  cause: EventCause,
  item: EventItem,
  version: VersionRecord,
  chain: readonly FolderLink[],
  name = version.name,
): Record<string, unknown> {
  return {
    ext: version.fileType ?? extOf(name),
    name,
    version: String(version.versionNumber),
    state: 'CONTENT_AVAILABLE',
    source: version.id,
    lineageUrn: item.id,
    sizeInBytes: version.storageSize ?? 0,
    hidden: item.hidden,
    indexable: true,
    createdTime: eventTime(version.createdAt),
    modifiedTime: eventTime(cause.at),
    creator: version.createdBy,
    modifiedBy: cause.actor.id,
    user_info: { id: cause.actor.id },
    project: place.project,
    parentFolderUrn: item.folderId,
    ancestors: ancestorsOf(chain),
    tenant: place.tenant,
  };
}

/**
 * What a change that keeps the content adds (`dm.version.modified`, `moved`, `dm.lineage.*`): where
 * the bytes are, and which kind of change it was, as a string holding JSON (the service sends it so).
 */
export function contentChange(version: VersionRecord, flags: { newVersion: boolean; metadataOnly: boolean }) {
  const storage = version.storageUrn ? parseObjectUrn(version.storageUrn) : undefined;
  return {
    ...(storage ? { contentURL: `urn:adsk.objects:os.object:${storage.bucketKey}/${storage.objectKey}` } : {}),
    modification_flags: JSON.stringify({
      newVersion: flags.newVersion,
      accessDefOrScopeChange: false,
      metadataOnly: flags.metadataOnly,
    }),
  };
}

/** `dm.folder.*`: the folder, in the parent whose chain (root first, the parent last) is `parentChain`. */
export function folderPayload(
  place: EventPlace,
  cause: EventCause,
  folder: FolderRecord,
  parentChain: readonly FolderLink[],
): Record<string, unknown> {
  return {
    name: folder.name,
    source: folder.id,
    parentFolderUrn: parentChain.at(-1)?.id ?? null,
    ancestors: ancestorsOf(parentChain),
    folderAggregatePath: `/${[...parentChain, folder].map((link) => link.name).join('/')}`,
    hidden: folder.hidden,
    indexable: false,
    createdTime: eventTime(folder.createdAt),
    modifiedTime: eventTime(cause.at),
    modifiedBy: cause.actor.id,
    user_info: { id: cause.actor.id },
    project: place.project,
    tenant: place.tenant,
  };
}
