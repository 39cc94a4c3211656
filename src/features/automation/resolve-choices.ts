import { parseObjectUrn } from '../../../contracts/oss';
import type { DaParameter } from '../../../contracts/design-automation';
import { createStorage } from '../../api/data-management/requests';
import { createSignedResource, getSignedDownloadForUrn, getSignedUpload } from '../../api/oss/requests';
import type { Binding, Choice, Choices } from './argument-builder';
import type { RunOutput } from './run-store';

/** The longest the platform signs for: a queued workitem may start some minutes after it was sent. */
const SIGNED_MINUTES = 60;

function objectOf(storageId: string) {
  const parsed = parseObjectUrn(storageId);
  if (!parsed) throw new Error(`The platform gave a storage id that is not an OSS object: ${storageId}`);
  return parsed;
}

async function bind(
  parameter: string,
  choice: Choice,
  signal: AbortSignal,
): Promise<{ binding?: Binding; output?: RunOutput }> {
  switch (choice.kind) {
    case 'none':
      return {};
    case 'value':
      return { binding: { kind: 'value', value: choice.value } };
    case 'version': {
      // A project's bucket is not the app's: OSS signs a download for its members, not a signed resource.
      const signed = await getSignedDownloadForUrn(choice.storageId, { minutesExpiration: SIGNED_MINUTES }, signal);
      if (!signed.url)
        throw new Error(`${choice.name} cannot be read in one piece (its download is ${signed.status}).`);
      return { binding: { kind: 'url', url: signed.url } };
    }
    case 'object': {
      const signed = await createSignedResource(choice.bucketKey, choice.objectKey, 'read', SIGNED_MINUTES, signal);
      return { binding: { kind: 'url', url: signed.signedUrl } };
    }
    case 'bucket': {
      const signed = await createSignedResource(choice.bucketKey, choice.objectKey, 'write', SIGNED_MINUTES, signal);
      return {
        binding: { kind: 'url', url: signed.signedUrl },
        output: { parameter, kind: 'bucket', bucketKey: choice.bucketKey, objectKey: choice.objectKey },
      };
    }
    case 'folder': {
      // The file's bytes go to a storage object signed for one part; the item or version is made of it
      // once the workitem has succeeded (finish-run.ts), as the upload of any file ends.
      const storage = await createStorage(
        { projectId: choice.projectId, folderId: choice.folderId, name: choice.fileName },
        signal,
      );
      const { bucketKey, objectKey } = objectOf(storage.data.id);
      const upload = await getSignedUpload(
        bucketKey,
        objectKey,
        { parts: 1, firstPart: 1, minutesExpiration: SIGNED_MINUTES },
        signal,
      );
      const url = upload.urls[0];
      if (!url) throw new Error('The platform signed no upload address for the output.');
      const { hubId, projectId, folderId, fileName } = choice;
      return {
        binding: { kind: 'url', url },
        output: {
          parameter,
          kind: 'folder',
          hubId,
          projectId,
          folderId,
          fileName,
          storageId: storage.data.id,
          uploadKey: upload.uploadKey,
        },
      };
    }
  }
}

/** Signs a URL for every chosen file and destination; the outputs say where results will be. */
export async function resolveChoices(
  parameters: Record<string, DaParameter>,
  choices: Choices,
  signal: AbortSignal,
): Promise<{ bindings: Record<string, Binding>; outputs: RunOutput[] }> {
  const bindings: Record<string, Binding> = {};
  const outputs: RunOutput[] = [];
  for (const name of Object.keys(parameters)) {
    const { binding, output } = await bind(name, choices[name] ?? { kind: 'none' }, signal);
    if (binding) bindings[name] = binding;
    if (output) outputs.push(output);
  }
  return { bindings, outputs };
}
