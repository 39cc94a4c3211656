import type { DaArgument, DaParameter, DaWorkItem } from '../../../contracts/design-automation';

/**
 * What a person chose for each parameter of an activity, and the workitem that comes of it. Pure:
 * the URLs are signed elsewhere (resolve-choices.ts) and handed in as bindings, so every rule of the
 * wire is tested here without a platform.
 */

export type ParameterRole = 'input' | 'output' | 'value';

/** `read` takes a value; `put`, `post` and `patch` send a file out; `get` and `head` bring one in. */
export function roleOf(parameter: DaParameter): ParameterRole {
  const verb = parameter.verb ?? 'get';
  if (verb === 'read') return 'value';
  return verb === 'put' || verb === 'post' || verb === 'patch' ? 'output' : 'input';
}

/** A project file's version, as the folder browser hands it over. */
export interface VersionChoice {
  kind: 'version';
  hubId: string;
  projectId: string;
  itemId: string;
  versionId: string;
  /** `urn:adsk.objects:os.object:wip.dm.prod/…`, where its bytes are. */
  storageId: string;
  name: string;
}

export type Choice =
  | { kind: 'none' }
  | VersionChoice
  | { kind: 'object'; bucketKey: string; objectKey: string }
  | { kind: 'value'; value: string }
  | { kind: 'folder'; hubId: string; projectId: string; folderId: string; folderName: string; fileName: string }
  | { kind: 'bucket'; bucketKey: string; objectKey: string };

export type Choices = Record<string, Choice>;

const INPUT_KINDS: Choice['kind'][] = ['version', 'object'];
const OUTPUT_KINDS: Choice['kind'][] = ['folder', 'bucket'];

/** What is wrong with the choices, by parameter, in words; empty when the workitem can be sent. */
export function choiceProblems(parameters: Record<string, DaParameter>, choices: Choices): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const choice = choices[name] ?? { kind: 'none' };
    const role = roleOf(parameter);
    if (choice.kind === 'none') {
      if (parameter.required)
        problems[name] =
          role === 'output'
            ? `Choose where ${name} goes.`
            : role === 'value'
              ? `Give a value for ${name}.`
              : `Choose a file for ${name}.`;
      continue;
    }
    if (role === 'input' && !INPUT_KINDS.includes(choice.kind))
      problems[name] = `${name} is an input: choose a project file or a bucket object.`;
    if (role === 'output' && !OUTPUT_KINDS.includes(choice.kind))
      problems[name] = `${name} is an output: choose a folder or a bucket.`;
    if (role === 'value' && choice.kind !== 'value') problems[name] = `${name} takes a value, not a file.`;
    if (choice.kind === 'folder' && !choice.fileName.trim()) problems[name] = `Name the file ${name} is saved as.`;
    if (choice.kind === 'bucket' && !choice.objectKey.trim()) problems[name] = `Name the object ${name} is saved as.`;
    if (choice.kind === 'object' && !choice.objectKey) problems[name] = `Choose an object for ${name}.`;
    if ((choice.kind === 'bucket' || choice.kind === 'object') && !choice.bucketKey)
      problems[name] = `Choose a bucket for ${name}.`;
  }
  return problems;
}

/** A chosen file or destination after signing: the URL the engine reads or writes, with any header it needs. */
export type Binding = { kind: 'url'; url: string; headers?: Record<string, string> } | { kind: 'value'; value: string };

/**
 * The workitem body: each bound parameter as a URL argument with the activity's verb (so an output
 * PUTs where it was told), or a value; parameters left out are not sent, which the service allows
 * for the ones not required.
 */
export function buildWorkItem(
  activityId: string,
  parameters: Record<string, DaParameter>,
  bindings: Record<string, Binding>,
): DaWorkItem {
  const args: Record<string, DaArgument> = {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const binding = bindings[name];
    if (!binding) continue;
    if (binding.kind === 'value') {
      args[name] = { value: binding.value };
      continue;
    }
    const verb = parameter.verb ?? 'get';
    args[name] = {
      url: binding.url,
      ...(verb !== 'get' ? { verb } : {}),
      ...(binding.headers ? { headers: binding.headers } : {}),
    };
  }
  return { activityId, arguments: args };
}

/** The file name an output is saved as when the person does not say: the activity's local name. */
export function defaultFileName(name: string, parameter: DaParameter): string {
  return parameter.localName && !parameter.localName.includes('$(') ? parameter.localName : name;
}

/**
 * The extension (".ifc") the activity expects of an input, from its `localName`; undefined when it names
 * none, takes a zip (any file goes in the archive) or leaves the name to a variable.
 */
export function expectedExtension(parameter: DaParameter): string | undefined {
  const localName = parameter.localName;
  if (!localName || parameter.zip || localName.includes('$(')) return undefined;
  const dot = localName.lastIndexOf('.');
  return dot > 0 && dot < localName.length - 1 ? localName.slice(dot).toLowerCase() : undefined;
}
