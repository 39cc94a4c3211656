import {
  OUTPUT_TYPES,
  type JobOutputFormat,
  type JobPayload,
  type OutputType,
  type ViewKind,
} from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import { converts, extensionOf } from '../../translation/formats';
import { OUTPUT_OPTIONS } from '../../translation/output-options';

const VIEWS: readonly ViewKind[] = ['2d', '3d'];
// The documented limits of `misc`: a workflow id of at most 36 letters, digits or hyphens, an attribute under 1 KB.
const WORKFLOW = /^[A-Za-z0-9-]{1,36}$/;
const MAX_WORKFLOW_ATTRIBUTE_BYTES = 1024;
const VIEWABLE_TYPES: readonly OutputType[] = ['svf2', 'svf'];

const bad = (message: string) => modelDerivativeError(400, message);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `misc.workflow`: the Webhooks scope (`derivative` system) the job's start and end are told to. */
export interface JobWorkflow {
  id: string;
  /** `misc.workflowAttribute`, echoed in those events. */
  attribute: Record<string, unknown> | null;
}

export interface ValidJob {
  payload: JobPayload;
  /** Each format with only the fields the service knows: what the job runs with and the answer echoes. */
  formats: JobOutputFormat[];
  rootFilename: string | undefined;
  workflow: JobWorkflow | undefined;
}

/**
 * The job body, as strict as the real service: a wrong value of a documented field is named in a
 * 400; a field it does not know is ignored (and dropped), as it ignores one.
 */
export function parseJobPayload(body: unknown): ValidJob {
  if (!isRecord(body)) throw bad('The body must be a JSON object with input and output.');
  const { input, output } = body;
  if (!isRecord(input) || typeof input.urn !== 'string' || !input.urn)
    throw bad('input.urn is required: the encoded URN of the source design.');
  if (input.compressedUrn !== undefined && typeof input.compressedUrn !== 'boolean')
    throw bad('input.compressedUrn must be true or false.');
  const compressed = input.compressedUrn === true;
  if (compressed && (typeof input.rootFilename !== 'string' || !input.rootFilename))
    throw bad('input.rootFilename is required when input.compressedUrn is true.');
  if (!isRecord(output) || !Array.isArray(output.formats) || output.formats.length === 0)
    throw bad('output.formats must list at least one output format.');
  const region = isRecord(output.destination) ? output.destination.region : undefined;
  if (region !== undefined && (typeof region !== 'string' || region.toUpperCase() !== 'US'))
    throw bad(`output.destination.region ${JSON.stringify(region)} is not served here: only US.`);
  const formats = output.formats.map(parseFormat);
  const types = formats.map((format) => format.type);
  const twice = types.find((type, index) => types.indexOf(type) !== index);
  if (twice) throw bad(`The output type ${twice} is requested twice.`);
  const workflow = parseMisc(body.misc);
  const payload = body as unknown as JobPayload;
  return { payload, formats, rootFilename: compressed ? (input.rootFilename as string) : undefined, workflow };
}

/** `misc`: only its workflow fields mean something here; the attribute is ignored without a workflow, as documented. */
function parseMisc(misc: unknown): JobWorkflow | undefined {
  if (misc === undefined || misc === null) return undefined;
  if (!isRecord(misc)) throw bad('misc must be an object.');
  const { workflow, workflowAttribute } = misc;
  if (workflow === undefined || workflow === null) return undefined;
  if (typeof workflow !== 'string' || !WORKFLOW.test(workflow))
    throw bad('misc.workflow must be 1 to 36 characters, each a letter, a digit or a hyphen.');
  if (workflowAttribute === undefined || workflowAttribute === null) return { id: workflow, attribute: null };
  if (!isRecord(workflowAttribute)) throw bad('misc.workflowAttribute must be a JSON object.');
  if (Buffer.byteLength(JSON.stringify(workflowAttribute)) >= MAX_WORKFLOW_ATTRIBUTE_BYTES)
    throw bad('misc.workflowAttribute must be smaller than 1 KB as JSON.');
  return { id: workflow, attribute: workflowAttribute };
}

function parseFormat(format: unknown, index: number): JobOutputFormat {
  const at = `output.formats[${index}]`;
  if (!isRecord(format)) throw bad(`${at} must be an object with a type.`);
  const type: unknown = format.type;
  if (typeof type !== 'string' || !(OUTPUT_TYPES as readonly string[]).includes(type)) {
    throw bad(
      `${at}.type ${JSON.stringify(type)} is not an output type of this platform: one of ${OUTPUT_TYPES.join(', ')}.`,
    );
  }
  const outputType = type as OutputType;
  const parsed: JobOutputFormat = { type: outputType };
  // `views` is a field of svf and svf2 only; on another type the service does not know it.
  if (format.views !== undefined && VIEWABLE_TYPES.includes(outputType)) {
    if (!Array.isArray(format.views) || format.views.length === 0) throw bad(`${at}.views must list 2d, 3d or both.`);
    const wrong: unknown = (format.views as unknown[]).find((view) => !VIEWS.includes(view as ViewKind));
    if (wrong !== undefined) throw bad(`${at}.views: ${JSON.stringify(wrong)} is not a view kind: 2d or 3d.`);
    parsed.views = format.views as ViewKind[];
  }
  if (format.advanced !== undefined) {
    if (!isRecord(format.advanced)) throw bad(`${at}.advanced must be an object.`);
    const rules = OUTPUT_OPTIONS[outputType];
    const known = Object.entries(format.advanced).filter(([name]) => Object.hasOwn(rules, name));
    for (const [name, value] of known) {
      const rule = rules[name]!;
      if (!rule.valid(value))
        throw bad(
          `${at}.advanced.${name} ${JSON.stringify(value).slice(0, 100)} is not valid for ${outputType}: it must be ${rule.expected}.`,
        );
    }
    if (known.length) parsed.advanced = Object.fromEntries(known);
  }
  return parsed;
}

/** 406 as the real service answers a source it cannot translate to a requested type. */
export function checkConvertible(
  fileName: string,
  rootFilename: string | undefined,
  formats: readonly JobOutputFormat[],
): void {
  const name = rootFilename ?? fileName;
  const refused = formats.filter(
    (format) => !converts(name, format.type) || (rootFilename !== undefined && !converts(fileName, format.type)),
  );
  if (refused.length) {
    const what = extensionOf(name) ? `A .${extensionOf(name)} file` : 'A file without an extension';
    throw modelDerivativeError(
      406,
      `${what} cannot be translated to ${refused.map((format) => format.type).join(', ')}. GET /modelderivative/v2/designdata/formats lists what can.`,
    );
  }
}
