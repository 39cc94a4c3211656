import path from 'node:path';
import type { PlanArgument, PlanParameter, RunPlan } from './engine-types';
import { RunFailure } from './run-failure';

/** One parameter of the activity with what the workitem bound to it, placed in the job folder. */
export interface JobArgument {
  name: string;
  parameter: PlanParameter;
  argument: PlanArgument | undefined;
  direction: 'input' | 'output';
  /** The verb the request uses. */
  verb: string;
  /** Relative to the job folder: the file, or the folder a zip is extracted into or made from. */
  localName: string;
  /** Extracted from a zip (or zipped, for an output). */
  zip: boolean;
  optional: boolean;
  /** `$(args[Name].path)`: absolute, inside the job folder. */
  path: string;
}

const OUTPUT_VERBS = new Set(['put', 'post', 'patch']);
const URN = /^urn:adsk\.objects:os\.object:([^/:]+)[/:](.+)$/;

/** A relative path that stays in the job folder, or a failure naming the parameter. */
function checkedRelative(name: string, what: string, value: string): string {
  const normal = value.replaceAll('\\', '/');
  const bad =
    !normal ||
    // eslint-disable-next-line no-control-regex
    /[\x00-\x1f]/.test(normal) ||
    normal.startsWith('/') ||
    /^[a-zA-Z]:/.test(normal) ||
    normal.split('/').some((part) => part === '..' || part === '.' || part === '');
  if (bad)
    throw new RunFailure(
      'failedInstructions',
      `The ${what} of ${name}, ${JSON.stringify(value)}, is not a relative path inside the job folder.`,
    );
  return normal;
}

function nameFromUrl(url: string): string | undefined {
  const urn = URN.exec(url);
  const source = urn ? (urn[2] as string) : /^https?:/i.test(url) ? new URL(url).pathname : undefined;
  if (!source) return undefined;
  let last = source.split('/').filter(Boolean).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // Kept as it is in the URL.
  }
  return last && last !== '.' && last !== '..' && !/[\\/]/.test(last) ? last : undefined;
}

/**
 * Places every parameter in the job folder as the real service does: `localName` (the argument's,
 * else the parameter's; `$(...)` placeholders count as none), else the URL's file name, else the
 * parameter's name. Zipped inputs are extracted into the `localName` folder and their path points at
 * `pathInZip` inside it; zipped outputs are that folder.
 */
export function placeArguments(plan: RunPlan): JobArgument[] {
  return Object.entries(plan.parameters).map(([name, parameter]) => {
    const argument = plan.arguments[name];
    const url = argument?.kind === 'url' ? argument : undefined;
    const explicit = [url?.localName, parameter.localName].find((candidate) => candidate && !candidate.includes('$('));
    const localName = checkedRelative(name, 'localName', explicit ?? (url && nameFromUrl(url.url)) ?? name);
    const direction = OUTPUT_VERBS.has((url?.verb ?? parameter.verb).toLowerCase()) ? 'output' : 'input';
    const pathInZip = url?.pathInZip ? checkedRelative(name, 'pathInZip', url.pathInZip) : undefined;
    if (pathInZip && direction === 'output')
      throw new RunFailure('failedUpload', `The output ${name} has a pathInZip, which only inputs may have.`);
    const zip = Boolean(pathInZip) || (url?.zip ?? parameter.zip);
    const folder = path.join(plan.jobDir, localName);
    return {
      name,
      parameter,
      argument,
      direction,
      verb: (url?.verb ?? parameter.verb).toLowerCase(),
      localName,
      zip,
      optional: url?.optional ?? false,
      path: pathInZip ? path.join(folder, pathInZip) : folder,
    };
  });
}

/** The URL a request goes to: `urn:adsk.objects:os.object:` ids become the platform's own OSS object URL. */
export function requestUrl(url: string, platformUrl: string | undefined): string {
  const urn = URN.exec(url);
  if (!urn) return url;
  if (!platformUrl)
    throw new Error(`${url} is an OSS object id, and the engine was given no platform URL to fetch it from.`);
  return `${platformUrl.replace(/\/+$/, '')}/oss/v2/buckets/${encodeURIComponent(urn[1] as string)}/objects/${encodeURIComponent(urn[2] as string)}`;
}

/** A URL as the report shows it: hidden when the workitem asked for `adskMask`. */
export function shownUrl(url: string, mask: boolean): string {
  if (mask) return '<masked>';
  return url.startsWith('data:') && url.length > 80 ? `${url.slice(0, 80)}...` : url;
}
