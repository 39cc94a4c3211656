import type { PlanArgument, PlanSetting } from '../../automation/engine-types';
import { designAutomationError, HttpError } from '../../http/errors';
import type { Caller } from './access';
import { field, isObject, type JsonObject } from './body';
import { commandLines } from './command-line-rules';
import type { DaContext } from './context';
import type { ActivityDefinition } from './definitions';
import { parseQualifiedId, shown } from './ids';
import { visibleVersion } from './items';
import { processingLimit } from './service-limits';
import { bindArgument, callbackTarget, debugFlags, maskFlag, planParameter } from './workitem-arguments';
import type { WorkitemSpec } from './workitem-spec';

const bad = (field: string, message: string) => designAutomationError(400, { [field]: [message] });

async function activityOf(da: DaContext, caller: Caller, id: unknown) {
  const qualified = typeof id === 'string' ? parseQualifiedId(id) : undefined;
  if (!qualified)
    throw bad(
      'activityId',
      'activityId must name an activity by a fully qualified id with an alias: Owner.Name+Alias.',
    );
  try {
    return {
      id: id as string,
      owner: qualified.owner,
      record: await visibleVersion(da, caller, 'activity', qualified),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw bad('activityId', `The activity '${shown(id as string)}' does not exist or is not shared with this app.`);
    throw error;
  }
}

/** The activity's appbundles, as its owner sees them, each with an uploaded zip. */
async function bundlesOf(
  da: DaContext,
  owner: string,
  definition: ActivityDefinition,
): Promise<WorkitemSpec['bundles']> {
  const receivers = await da.stores.daApps.receiversOf(owner);
  const bundles: WorkitemSpec['bundles'] = [];
  for (const id of definition.appbundles ?? []) {
    const qualified = parseQualifiedId(id)!;
    const record = await visibleVersion(da, { owner, receivers }, 'appbundle', qualified).catch(() => undefined);
    if (!record)
      throw bad(
        'activityId',
        `The activity's appbundle '${id}' does not exist or is not shared with the activity's owner.`,
      );
    if (!record.blobId || record.blobSize === null)
      throw bad(
        'activityId',
        `The appbundle '${id}' (version ${record.version}) has no package: upload its zip first.`,
      );
    bundles.push({ id, name: qualified.name, blobId: record.blobId, size: record.blobSize });
  }
  return bundles;
}

const settingOf = (setting: NonNullable<ActivityDefinition['settings']>[string]): PlanSetting =>
  typeof setting === 'string' ? { value: setting } : setting;

/**
 * A posted workitem, checked and resolved: its activity (by alias, visible to the caller), the
 * activity's appbundles, and each argument bound to a parameter whatever the case of its name.
 * Missing required arguments and unknown ones get 400, as does an output with `pathInZip`.
 */
export async function resolveWorkitem(
  da: DaContext,
  caller: Caller,
  raw: unknown,
): Promise<{ activityId: string; spec: WorkitemSpec }> {
  if (!isObject(raw)) throw bad('body', 'A workitem must be a JSON object.');
  const body: JsonObject = raw;
  const activity = await activityOf(da, caller, field(body, 'activityId'));
  const definition = activity.record.body as unknown as ActivityDefinition;
  const parameters = Object.fromEntries(
    Object.entries(definition.parameters ?? {}).map(([name, parameter]) => [name, planParameter(parameter)]),
  );
  const spec: WorkitemSpec = {
    activity: {
      engineId: definition.engine,
      commandLine: commandLines(definition.commandLine),
      parameters,
      settings: Object.fromEntries(
        Object.entries(definition.settings ?? {}).map(([name, setting]) => [name, settingOf(setting)]),
      ),
    },
    bundles: await bundlesOf(da, activity.owner, definition),
    arguments: {},
    limitProcessingTimeSec: 0,
    uploadJobFolder: false,
    mask: false,
  };
  bindArguments(spec, field(body, 'arguments'));
  const engine = da.engines.find((known) => known.id === definition.engine);
  const allowed = engine ? processingLimit(engine, await da.stores.daApps.find(caller.clientId)) : 0;
  const asked = field(body, 'limitProcessingTimeSec');
  if (asked !== undefined && asked !== null && (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1)) {
    throw bad('limitProcessingTimeSec', 'limitProcessingTimeSec must be a whole number of seconds, at least 1.');
  }
  spec.limitProcessingTimeSec =
    typeof asked === 'number' && allowed ? Math.min(asked, allowed) : allowed || (asked as number | undefined) || 0;
  return { activityId: activity.id, spec };
}

function bindArguments(spec: WorkitemSpec, raw: unknown): void {
  if (raw !== undefined && raw !== null && !isObject(raw)) throw bad('arguments', 'arguments must be an object.');
  const names = Object.keys(spec.activity.parameters);
  const bound: Record<string, PlanArgument> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'oncomplete') spec.onComplete = callbackTarget('onComplete', value);
    else if (lower === 'onprogress') spec.onProgress = callbackTarget('onProgress', value);
    else if (lower === 'adskdebug') spec.uploadJobFolder = debugFlags(value).uploadJobFolder;
    else if (lower === 'adskmask') spec.mask = maskFlag(value);
    else {
      const parameter = names.find((known) => known.toLowerCase() === lower);
      if (!parameter) throw bad('arguments', `'${shown(name)}' is not a parameter of the activity.`);
      bound[parameter] = bindArgument(parameter, value, spec.activity.parameters[parameter]!);
    }
  }
  for (const name of names) {
    if (spec.activity.parameters[name]!.required && !bound[name])
      throw bad('arguments', `The required argument '${name}' is missing.`);
  }
  spec.arguments = bound;
}
