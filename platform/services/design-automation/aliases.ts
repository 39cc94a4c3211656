import { LATEST_ALIAS, type DaAlias, type DaPage } from '../../../contracts/design-automation';
import { designAutomationError } from '../../http/errors';
import type { DaAliasRecord, DaKind } from '../../storage/repos/da-items';
import type { Caller } from './access';
import { field, objectBody, optionalText } from './body';
import type { DaContext } from './context';
import { isName, shown } from './ids';
import { ITEM_LIMITS, KIND_WORD, ownKey } from './items';
import { PAGE_SIZE, pageOf, pagePosition } from './paging';

export const serializeAlias = (alias: DaAliasRecord): DaAlias => ({
  version: alias.version,
  id: alias.alias,
  ...(alias.receiver ? { receiver: alias.receiver } : {}),
});

const MISSING_ALIAS = 'Cannot modify alias that does not exist.';
const LATEST_FIXED = designAutomationError(400, {
  id: [
    `The alias ${LATEST_ALIAS} is kept by the service on the highest version: it cannot be created, changed or deleted.`,
  ],
});

function versionOf(body: Record<string, unknown>): number {
  const version = field(body, 'version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw designAutomationError(400, { version: ['version must be a whole number of at least 1.'] });
  return version;
}

/** `receiver`: another app's nickname or client id, or `everyone`; null or absent for none. */
async function receiverOf(
  da: DaContext,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<string | null | undefined> {
  const raw = field(body, 'receiver');
  if (raw === null) return null;
  const receiver = optionalText(raw, 'receiver', 128);
  if (receiver === undefined || receiver === '') return receiver === '' ? null : undefined;
  if (receiver === 'everyone') return receiver;
  if (caller.receivers.includes(receiver))
    throw designAutomationError(400, { receiver: ['An alias is shared with another app, not with its own app.'] });
  if (!(await da.stores.daApps.appExists(receiver)))
    throw designAutomationError(400, {
      receiver: [`'${shown(receiver)}' names no app: use its nickname or client id, or everyone.`],
    });
  return receiver;
}

async function latestAlias(da: DaContext, caller: Caller, kind: DaKind, name: string): Promise<DaAliasRecord> {
  const latest = await da.stores.daItems.latest(ownKey(caller, kind, name));
  if (!latest) throw designAutomationError(404, `${KIND_WORD[kind]} '${shown(name)}' was not found.`);
  return { alias: LATEST_ALIAS, version: latest.version, receiver: null };
}

/** `$LATEST` leads the first page, as it sorts before every other alias. */
export async function listAliases(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  token: string | undefined,
): Promise<DaPage<DaAlias>> {
  const after = pagePosition(token, (value): value is string => typeof value === 'string');
  const latest = after === null ? [await latestAlias(da, caller, kind, name)] : [];
  const rows = [
    ...latest,
    ...(await da.stores.daItems.aliases(ownKey(caller, kind, name), after ?? '', PAGE_SIZE + 1 - latest.length)),
  ];
  return pageOf(rows, serializeAlias, (row) => row.alias);
}

export async function getAlias(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  aliasId: string,
): Promise<DaAlias> {
  if (aliasId === LATEST_ALIAS) return serializeAlias(await latestAlias(da, caller, kind, name));
  const alias = await da.stores.daItems.alias(ownKey(caller, kind, name), aliasId);
  if (!alias)
    throw designAutomationError(404, `Alias '${shown(aliasId)}' of ${KIND_WORD[kind]} '${shown(name)}' was not found.`);
  return serializeAlias(alias);
}

export async function createAlias(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  raw: unknown,
): Promise<DaAlias> {
  const body = objectBody(raw);
  const id = field(body, 'id');
  if (id === LATEST_ALIAS) throw LATEST_FIXED;
  if (!isName(id))
    throw designAutomationError(400, { id: ['The alias id is required: 1 to 128 letters, digits and underscores.'] });
  const alias: DaAliasRecord = {
    alias: id,
    version: versionOf(body),
    receiver: (await receiverOf(da, caller, body)) ?? null,
  };
  const change = await da.stores.daItems.createAlias(
    ownKey(caller, kind, name),
    alias,
    da.clock.now(),
    ITEM_LIMITS.aliases,
  );
  if (change === 'missing') throw designAutomationError(404, `${KIND_WORD[kind]} '${shown(name)}' was not found.`);
  if (change === 'exists') throw designAutomationError(409, `An alias with this name already exists: '${id}'.`);
  if (change === 'no-version')
    throw designAutomationError(400, { version: [`Version ${alias.version} of '${name}' does not exist.`] });
  if (change === 'limit')
    throw designAutomationError(
      403,
      `Limit for number of aliases exceeded: '${name}' has ${ITEM_LIMITS.aliases} (limitAliases).`,
    );
  return serializeAlias(alias);
}

export async function modifyAlias(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  aliasId: string,
  raw: unknown,
): Promise<DaAlias> {
  if (aliasId === LATEST_ALIAS) throw LATEST_FIXED;
  const body = objectBody(raw);
  const version = versionOf(body);
  const receiver = await receiverOf(da, caller, body);
  const change = await da.stores.daItems.updateAlias(ownKey(caller, kind, name), aliasId, { version, receiver });
  if (change === 'missing') throw designAutomationError(404, MISSING_ALIAS);
  if (change === 'no-version')
    throw designAutomationError(400, { version: [`Version ${version} of '${name}' does not exist.`] });
  return serializeAlias((await da.stores.daItems.alias(ownKey(caller, kind, name), aliasId))!);
}

export async function deleteAlias(
  da: DaContext,
  caller: Caller,
  kind: DaKind,
  name: string,
  aliasId: string,
): Promise<void> {
  if (aliasId === LATEST_ALIAS) throw LATEST_FIXED;
  if (!(await da.stores.daItems.deleteAlias(ownKey(caller, kind, name), aliasId)))
    throw designAutomationError(404, MISSING_ALIAS);
}
