import type { DaActivityRequest, DaParameter, DaVerb } from '../../../contracts/design-automation';

/**
 * The activity form's model: what the fields hold, the request they make, and back (the JSON view
 * edits the request, and the form reads it again). Pure, so the round trip is tested.
 */

export interface ParameterDraft {
  name: string;
  verb: DaVerb;
  localName: string;
  zip: boolean;
  required: boolean;
  description: string;
}

export interface ActivityDraft {
  name: string;
  engine: string;
  description: string;
  /** Qualified appbundle ids, `Owner.Name+Alias`. */
  appbundles: string[];
  /** One command line per line. */
  commandLines: string;
  parameters: ParameterDraft[];
}

export const emptyParameter = (): ParameterDraft => ({
  name: '',
  verb: 'get',
  localName: '',
  zip: false,
  required: true,
  description: '',
});

export const emptyDraft = (): ActivityDraft => ({
  name: '',
  engine: '',
  description: '',
  appbundles: [],
  commandLines: '',
  parameters: [],
});

export function requestOf(draft: ActivityDraft): DaActivityRequest {
  const parameters: Record<string, DaParameter> = {};
  for (const parameter of draft.parameters) {
    if (!parameter.name.trim()) continue;
    parameters[parameter.name.trim()] = {
      verb: parameter.verb,
      ...(parameter.localName ? { localName: parameter.localName } : {}),
      ...(parameter.zip ? { zip: true } : {}),
      required: parameter.required,
      ...(parameter.description ? { description: parameter.description } : {}),
    };
  }
  return {
    id: draft.name,
    engine: draft.engine,
    commandLine: draft.commandLines
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    parameters,
    appbundles: draft.appbundles,
    ...(draft.description ? { description: draft.description } : {}),
  };
}

/** Reads the JSON view back into the form; a problem is said in words. */
export function draftOf(json: string): { draft: ActivityDraft } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return { problem: `This is not JSON: ${(error as Error).message}` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { problem: 'The activity must be a JSON object.' };
  const body = raw as Partial<DaActivityRequest>;
  const lines = Array.isArray(body.commandLine)
    ? body.commandLine
    : typeof body.commandLine === 'string'
      ? [body.commandLine]
      : [];
  return {
    draft: {
      name: typeof body.id === 'string' ? body.id : '',
      engine: typeof body.engine === 'string' ? body.engine : '',
      description: typeof body.description === 'string' ? body.description : '',
      appbundles: Array.isArray(body.appbundles)
        ? body.appbundles.filter((id): id is string => typeof id === 'string')
        : [],
      commandLines: lines.join('\n'),
      parameters: Object.entries(body.parameters ?? {}).map(([name, parameter]) => ({
        name,
        verb: parameter.verb ?? 'get',
        localName: parameter.localName ?? '',
        zip: parameter.zip ?? false,
        required: parameter.required ?? false,
        description: parameter.description ?? '',
      })),
    },
  };
}

/** The variables a command line may use with this draft's parameters and appbundles, quoted as the service requires of paths. */
export function commandVariables(draft: ActivityDraft): string[] {
  const bundles = draft.appbundles
    .map((id) => /^[^.]+\.([^+]+)/.exec(id)?.[1])
    .filter((name): name is string => Boolean(name));
  return [
    '$(engine.path)',
    ...bundles.map((name) => `"$(appbundles[${name}].path)"`),
    ...draft.parameters
      .filter((parameter) => parameter.name.trim())
      .map((parameter) => `"$(args[${parameter.name.trim()}].path)"`),
  ];
}
