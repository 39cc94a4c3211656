import { DA_VERBS, type DaParameter, type DaSetting, type DaVerb } from '../../../contracts/design-automation';
import type { EngineDescription } from '../../automation/engine-types';
import { designAutomationError } from '../../http/errors';
import { field, isObject, optionalBoolean, optionalHeaders, optionalText, requiredText, type JsonObject } from './body';
import { quotedPathProblem } from './command-line-rules';
import { isName, parseQualifiedId, shown } from './ids';

/** What an appbundle version holds, with the names of its properties as the service writes them. */
export interface BundleDefinition {
  engine: string;
  description?: string;
  settings?: Record<string, DaSetting>;
  appbundles?: string[];
}

export interface ActivityDefinition extends BundleDefinition {
  commandLine: string[] | string;
  parameters?: Record<string, DaParameter>;
}

const KEY = /^[A-Za-z0-9_.-]{1,128}$/;
const bad = (name: string, message: string) => designAutomationError(400, { [name]: [message] });

/** The `id` of a create (required) or of a new version (absent, null, or the same name). */
export function definitionName(body: JsonObject, required: boolean, current?: string): string | undefined {
  const id = field(body, 'id');
  if (id === undefined || id === null) {
    if (required) throw bad('id', 'The id field is required.');
    return current;
  }
  if (!isName(id))
    throw bad(
      'id',
      `${typeof id === 'string' ? `'${shown(id)}'` : 'That'} is not a valid id: use 1 to 128 letters, digits and underscores.`,
    );
  if (current !== undefined && id !== current)
    throw bad('id', `The id of a new version must be omitted or be '${current}'.`);
  return id;
}

/**
 * `package` is the zip's URL that a read answers; Autodesk's own samples also send it on a create,
 * holding the bundle's name, and the service takes the body. Its type is checked, its value is not
 * kept or echoed: the zip still arrives through `uploadParameters`, and only then has a URL.
 */
export function parseBundle(body: JsonObject, engines: readonly EngineDescription[]): BundleDefinition {
  const zip = field(body, 'package');
  if (zip !== undefined && zip !== null && typeof zip !== 'string') throw bad('package', 'package must be a string.');
  return common(body, engines);
}

export function parseActivity(body: JsonObject, engines: readonly EngineDescription[]): ActivityDefinition {
  const rawCommandLine = field(body, 'commandLine');
  const commandLine = rawCommandLine === undefined || rawCommandLine === null ? [] : rawCommandLine;
  const lines = typeof commandLine === 'string' ? [commandLine] : commandLine;
  if (!Array.isArray(lines) || lines.length > 64)
    throw bad('commandLine', 'commandLine must be a string or an array of at most 64 strings.');
  for (const line of lines) {
    optionalText(line, 'commandLine', 8192);
    if (typeof line !== 'string') throw bad('commandLine', 'commandLine must be a string or an array of strings.');
    const problem = quotedPathProblem(line);
    if (problem) throw bad('commandLine', problem);
  }
  const parameters = field(body, 'parameters');
  return {
    commandLine: commandLine as string[] | string,
    ...(parameters !== undefined && parameters !== null ? { parameters: parseParameters(parameters) } : {}),
    ...common(body, engines),
  };
}

function common(body: JsonObject, engines: readonly EngineDescription[]): BundleDefinition {
  const engine = requiredText(field(body, 'engine'), 'engine', 256);
  if (!engines.some((known) => known.id === engine))
    throw bad('engine', `The engine '${shown(engine)}' does not exist: GET /engines lists the engines.`);
  const definition: BundleDefinition = { engine };
  const appbundles = field(body, 'appbundles');
  if (appbundles !== undefined && appbundles !== null) {
    if (!Array.isArray(appbundles) || appbundles.length > 50)
      throw bad('appbundles', 'appbundles must be an array of at most 50 qualified ids.');
    for (const id of appbundles) {
      if (typeof id !== 'string' || !parseQualifiedId(id))
        throw bad(
          'appbundles',
          `'${typeof id === 'string' ? shown(id) : String(id)}' is not a fully qualified appbundle id (Owner.Name+Alias).`,
        );
    }
    definition.appbundles = appbundles as string[];
  }
  const settings = field(body, 'settings');
  if (settings !== undefined && settings !== null) definition.settings = parseSettings(settings);
  const description = optionalText(field(body, 'description'), 'description');
  if (description !== undefined) definition.description = description;
  return definition;
}

function parseVerb(value: unknown, name: string): DaVerb | undefined {
  if (value === undefined || value === null) return undefined;
  const verb = typeof value === 'string' ? value.toLowerCase() : '';
  if (!(DA_VERBS as readonly string[]).includes(verb))
    throw bad(name, `The verb must be one of ${DA_VERBS.join(', ')}.`);
  return verb as DaVerb;
}

/** A file or folder name in the job folder: relative, without `..`. */
export function localNameOf(value: unknown, name: string): string | undefined {
  const localName = optionalText(value, name, 256);
  if (localName === undefined) return undefined;
  if (localName === '' || /^([\\/]|[A-Za-z]:)/.test(localName) || localName.split(/[\\/]/).includes('..')) {
    throw bad(name, `'${shown(localName)}' must be a relative path inside the job folder, without '..'.`);
  }
  return localName;
}

function parseParameters(value: unknown): Record<string, DaParameter> {
  if (!isObject(value) || Object.keys(value).length > 100)
    throw bad('parameters', 'parameters must be an object of at most 100 parameters.');
  const parameters: Record<string, DaParameter> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!KEY.test(name)) throw bad('parameters', `'${shown(name)}' is not a valid parameter name.`);
    if (!isObject(raw)) throw bad(`parameters.${name}`, 'A parameter must be an object.');
    const parameter: DaParameter = {};
    const verb = parseVerb(field(raw, 'verb'), `parameters.${name}.verb`);
    if (verb) parameter.verb = verb;
    const localName = localNameOf(field(raw, 'localName'), `parameters.${name}.localName`);
    if (localName !== undefined) parameter.localName = localName;
    for (const flag of ['zip', 'ondemand', 'required'] as const) {
      const set = optionalBoolean(field(raw, flag), `parameters.${name}.${flag}`);
      if (set !== undefined) parameter[flag] = set;
    }
    const description = optionalText(field(raw, 'description'), `parameters.${name}.description`);
    if (description !== undefined) parameter.description = description;
    parameters[name] = parameter;
  }
  return parameters;
}

function parseSettings(value: unknown): Record<string, DaSetting> {
  if (!isObject(value) || Object.keys(value).length > 50)
    throw bad('settings', 'settings must be an object of at most 50 settings.');
  const settings: Record<string, DaSetting> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!KEY.test(name)) throw bad('settings', `'${shown(name)}' is not a valid setting name.`);
    const where = `settings.${name}`;
    if (typeof raw === 'string') {
      settings[name] = optionalText(raw, where, 16384) ?? '';
      continue;
    }
    if (!isObject(raw)) throw bad(where, 'A setting is a string, {value} or {url}.');
    const url = optionalText(field(raw, 'url'), `${where}.url`, 8192);
    if (url !== undefined) {
      const verb = parseVerb(field(raw, 'verb'), `${where}.verb`);
      const headers = optionalHeaders(field(raw, 'headers'), `${where}.headers`);
      settings[name] = { url, ...(verb ? { verb } : {}), ...(headers ? { headers } : {}) };
      continue;
    }
    const text = optionalText(field(raw, 'value'), `${where}.value`, 16384);
    if (text === undefined) throw bad(where, 'A setting is a string, {value} or {url}.');
    const isEnvironmentVariable = optionalBoolean(
      field(raw, 'isEnvironmentVariable'),
      `${where}.isEnvironmentVariable`,
    );
    settings[name] = { value: text, ...(isEnvironmentVariable !== undefined ? { isEnvironmentVariable } : {}) };
  }
  return settings;
}
