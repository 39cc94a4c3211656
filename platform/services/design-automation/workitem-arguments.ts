import type { DaParameter } from '../../../contracts/design-automation';
import type { PlanArgument, PlanParameter } from '../../automation/engine-types';
import { designAutomationError } from '../../http/errors';
import { field, isObject, optionalBoolean, optionalHeaders, optionalText, type JsonObject } from './body';
import { localNameOf } from './definitions';
import { shown } from './ids';
import type { CallbackTarget } from './workitem-spec';

const bad = (message: string) => designAutomationError(400, { arguments: [message] });
const URL_SCHEMES = /^(https?:\/\/|data:|urn:adsk\.objects:os\.object:)/i;
const OUTPUT_VERBS = new Set(['put', 'post', 'patch']);

export const planParameter = (parameter: DaParameter): PlanParameter => ({
  verb: parameter.verb ?? 'get',
  ...(parameter.localName !== undefined ? { localName: parameter.localName } : {}),
  zip: parameter.zip ?? false,
  ondemand: parameter.ondemand ?? false,
  required: parameter.required ?? false,
  ...(parameter.description !== undefined ? { description: parameter.description } : {}),
});

function urlArgument(name: string, raw: JsonObject): Extract<PlanArgument, { kind: 'url' }> {
  const url = optionalText(field(raw, 'url'), `arguments.${name}.url`, 16384) ?? '';
  if (!URL_SCHEMES.test(url)) throw bad(`The URL of '${name}' must be http(s), data: or urn:adsk.objects:os.object:.`);
  const argument: Extract<PlanArgument, { kind: 'url' }> = { kind: 'url', url };
  const verb = optionalText(field(raw, 'verb'), `arguments.${name}.verb`, 16);
  if (verb !== undefined) {
    if (!['get', 'head', 'put', 'post', 'patch', 'read'].includes(verb.toLowerCase()))
      throw bad(`'${shown(verb)}' is not a verb ('${name}').`);
    argument.verb = verb.toLowerCase();
  }
  const headers = optionalHeaders(field(raw, 'headers'), `arguments.${name}.headers`);
  if (headers) argument.headers = headers;
  const localName = localNameOf(field(raw, 'localName'), `arguments.${name}.localName`);
  if (localName !== undefined) argument.localName = localName;
  const pathInZip = localNameOf(field(raw, 'pathInZip'), `arguments.${name}.pathInZip`);
  if (pathInZip !== undefined) argument.pathInZip = pathInZip;
  for (const flag of ['optional', 'zip'] as const) {
    const value = optionalBoolean(field(raw, flag), `arguments.${name}.${flag}`);
    if (value !== undefined) argument[flag] = value;
  }
  return argument;
}

/** One argument for one parameter: a bare string or `{value}` (text, or JSON written as text), or a URL. */
export function bindArgument(name: string, raw: unknown, parameter: PlanParameter): PlanArgument {
  if (typeof raw === 'string') return { kind: 'value', value: raw };
  if (!isObject(raw)) throw bad(`The argument '${name}' must be a string, {value} or {url}.`);
  const output = OUTPUT_VERBS.has(parameter.verb);
  if (field(raw, 'url') === undefined) {
    const value = field(raw, 'value');
    if (value === undefined || value === null) throw bad(`The argument '${name}' has neither a url nor a value.`);
    if (output) throw bad(`'${name}' is an output (verb ${parameter.verb}): its argument needs a url.`);
    return { kind: 'value', value: typeof value === 'string' ? value : JSON.stringify(value) };
  }
  const argument = urlArgument(name, raw);
  // The real service rejects an output with pathInZip (XrefTreeArgument's table).
  if (argument.pathInZip !== undefined && (output || OUTPUT_VERBS.has(argument.verb ?? '')))
    throw bad(`'${name}' is an output: pathInZip is for inputs only.`);
  return argument;
}

/** `onComplete` and `onProgress`: a URL the service calls, with its verb (POST by default) and headers. */
export function callbackTarget(name: string, raw: unknown): CallbackTarget {
  if (!isObject(raw)) throw bad(`${name} must be {url, verb?, headers?}.`);
  const argument = urlArgument(name, raw);
  if (!/^https?:\/\//i.test(argument.url)) throw bad(`The URL of ${name} must be http or https.`);
  const verb = (argument.verb ?? 'post').toUpperCase();
  if (!['POST', 'PUT', 'PATCH'].includes(verb)) throw bad(`${name} is called with POST, PUT or PATCH, not ${verb}.`);
  return { url: argument.url, verb, headers: argument.headers ?? {} };
}

/** `adskDebug`: `{uploadJobFolder: true}`, also as the string value the .NET client sends. */
export function debugFlags(raw: unknown): { uploadJobFolder: boolean } {
  let value = isObject(raw) && field(raw, 'value') !== undefined ? field(raw, 'value') : raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw bad('adskDebug must be {"uploadJobFolder": true} or its JSON text.');
    }
  }
  if (!isObject(value)) throw bad('adskDebug must be {"uploadJobFolder": true} or its JSON text.');
  return { uploadJobFolder: optionalBoolean(field(value, 'uploadJobFolder'), 'adskDebug.uploadJobFolder') ?? false };
}

/** `adskMask`: true (or `"true"`, or `{value: "true"}`) masks URLs in the report. */
export function maskFlag(raw: unknown): boolean {
  const value = isObject(raw) ? field(raw, 'value') : raw;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw bad('adskMask must be true or false.');
}
