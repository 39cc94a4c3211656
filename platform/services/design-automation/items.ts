import { LATEST_ALIAS } from '../../../contracts/design-automation';
import { designAutomationError, HttpError } from '../../http/errors';
import type { DaItemKey, DaKind, DaVersionRecord } from '../../storage/repos/da-items';
import type { Caller } from './access';
import { objectBody } from './body';
import type { DaContext } from './context';
import {
  definitionName,
  parseActivity,
  parseBundle,
  type ActivityDefinition,
  type BundleDefinition,
} from './definitions';
import { parseQualifiedId, qualifiedId, shown, type QualifiedId } from './ids';

/** The real service's defaults (`servicelimits`): versions and aliases an appbundle or activity may have. */
export const ITEM_LIMITS = { versions: 100, aliases: 100 };

export const KIND_WORD: Record<DaKind, string> = { appbundle: 'AppBundle', activity: 'Activity' };

export const ownKey = (caller: Caller, kind: DaKind, name: string): DaItemKey => ({ kind, owner: caller.owner, name });

const notFound = (kind: DaKind, id: string) =>
  designAutomationError(404, `${KIND_WORD[kind]} '${shown(id)}' was not found.`);

function parseDefinition(
  da: DaContext,
  kind: DaKind,
  body: Record<string, unknown>,
): BundleDefinition | ActivityDefinition {
  return kind === 'appbundle' ? parseBundle(body, da.engines) : parseActivity(body, da.engines);
}

/** An activity's appbundles must be ones its owner may use, as they will be when a workitem runs. */
async function checkAppbundles(da: DaContext, caller: Caller, definition: BundleDefinition): Promise<void> {
  for (const id of definition.appbundles ?? []) {
    try {
      await visibleVersion(da, caller, 'appbundle', parseQualifiedId(id)!);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        throw designAutomationError(400, {
          appbundles: [`The appbundle '${shown(id)}' does not exist or is not shared with this app.`],
        });
      }
      throw error;
    }
  }
}

export async function createItem(da: DaContext, caller: Caller, kind: DaKind, raw: unknown) {
  const body = objectBody(raw);
  const name = definitionName(body, true)!;
  const definition = parseDefinition(da, kind, body);
  if (kind === 'activity') await checkAppbundles(da, caller, definition);
  if (
    !(await da.stores.daItems.create(
      ownKey(caller, kind, name),
      caller.clientId,
      definition.engine,
      definition,
      da.clock.now(),
    ))
  ) {
    throw designAutomationError(
      409,
      `An item with this name already exists: ${KIND_WORD[kind]} '${caller.owner}.${name}'.`,
    );
  }
  return { name, version: 1, definition };
}

export async function addItemVersion(da: DaContext, caller: Caller, kind: DaKind, name: string, raw: unknown) {
  const body = objectBody(raw);
  definitionName(body, false, name);
  const definition = parseDefinition(da, kind, body);
  if (kind === 'activity') await checkAppbundles(da, caller, definition);
  const added = await da.stores.daItems.addVersion(
    ownKey(caller, kind, name),
    definition.engine,
    definition,
    da.clock.now(),
    ITEM_LIMITS.versions,
  );
  if (added === 'missing') throw notFound(kind, name);
  if (added === 'limit')
    throw designAutomationError(
      403,
      `Limit for number of versions exceeded: ${KIND_WORD[kind]} '${name}' has ${ITEM_LIMITS.versions} (limitVersions).`,
    );
  return { name, version: added.version, definition };
}

/**
 * The version a qualified id names, if the caller may see it: any alias (and `$LATEST`) of its own
 * items, and the aliases other apps share with it. Anything else is not found.
 */
export async function visibleVersion(
  da: DaContext,
  caller: Pick<Caller, 'owner' | 'receivers'>,
  kind: DaKind,
  id: QualifiedId,
): Promise<DaVersionRecord> {
  const key = { kind, owner: id.owner, name: id.name };
  const own = id.owner === caller.owner;
  let record: DaVersionRecord | undefined;
  if (id.alias === LATEST_ALIAS) {
    record = own ? await da.stores.daItems.latest(key) : undefined;
  } else {
    const alias = await da.stores.daItems.alias(key, id.alias);
    const shared =
      alias?.receiver !== null && alias?.receiver !== undefined && caller.receivers.includes(alias.receiver);
    record = alias && (own || shared) ? await da.stores.daItems.version(key, alias.version) : undefined;
  }
  if (!record) throw notFound(kind, qualifiedId(id));
  return record;
}

export async function ownVersion(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  version: number,
): Promise<DaVersionRecord> {
  const record = await da.stores.daItems.version(ownKey(caller, kind, name), version);
  if (!record) throw notFound(kind, `${caller.owner}.${name} version ${version}`);
  return record;
}

export async function deleteItem(da: DaContext, caller: Caller, kind: DaKind, name: string): Promise<string[]> {
  const blobs = await da.stores.daItems.deleteItem(ownKey(caller, kind, name));
  if (!blobs) throw notFound(kind, name);
  return blobs;
}

export async function deleteVersion(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  version: number,
): Promise<string | null> {
  const deleted = await da.stores.daItems.deleteVersion(ownKey(caller, kind, name), version);
  if (deleted === 'missing') throw notFound(kind, `${caller.owner}.${name} version ${version}`);
  if (deleted === 'aliased')
    throw designAutomationError(
      409,
      `Version ${version} of '${name}' cannot be deleted: an alias refers to it. Move or delete the alias first.`,
    );
  if (deleted === 'last')
    throw designAutomationError(
      409,
      `Version ${version} is the only version of '${name}': delete the ${KIND_WORD[kind]} instead.`,
    );
  return deleted.blobId;
}

/** Frees blobs after the metadata commit; a failure leaves them to the orphan sweep. */
export async function freeBlobs(da: DaContext, blobIds: readonly (string | null)[]): Promise<void> {
  for (const id of blobIds) if (id) await da.blobs.delete(id).catch(() => undefined);
}
