import type { DaActivity, DaAppBundle, DaUploadParameters } from '../../../contracts/design-automation';
import type { DaVersionRecord } from '../../storage/repos/da-items';
import type { DaContext } from './context';
import type { ActivityDefinition, BundleDefinition } from './definitions';
import { packagePath, signedStoreUrl } from './store-paths';

/** Properties in the order the real service writes them; nothing filled in that was not sent. */
export function serializeBundle(
  definition: BundleDefinition,
  id: string,
  version: number,
  extras: { package?: string; uploadParameters?: DaUploadParameters } = {},
): DaAppBundle {
  return {
    ...(extras.uploadParameters ? { uploadParameters: extras.uploadParameters } : {}),
    id,
    engine: definition.engine,
    ...(definition.description !== undefined ? { description: definition.description } : {}),
    version,
    ...(extras.package ? { package: extras.package } : {}),
    ...(definition.settings ? { settings: definition.settings } : {}),
    ...(definition.appbundles ? { appbundles: definition.appbundles } : {}),
  };
}

export function serializeActivity(definition: ActivityDefinition, id: string, version: number): DaActivity {
  return {
    commandLine: definition.commandLine,
    ...(definition.parameters ? { parameters: definition.parameters } : {}),
    id,
    engine: definition.engine,
    ...(definition.appbundles ? { appbundles: definition.appbundles } : {}),
    ...(definition.settings ? { settings: definition.settings } : {}),
    ...(definition.description !== undefined ? { description: definition.description } : {}),
    version,
  };
}

/** A stored version as the service answers it; an appbundle's zip, once uploaded, as a signed `package` URL. */
export async function serializeVersion(
  da: DaContext,
  record: DaVersionRecord,
  id: string,
): Promise<DaAppBundle | DaActivity> {
  if (record.kind === 'activity')
    return serializeActivity(record.body as unknown as ActivityDefinition, id, record.version);
  const zip = record.blobId
    ? await signedStoreUrl(da, packagePath(record.owner, record.name, record.version))
    : undefined;
  return serializeBundle(record.body as unknown as BundleDefinition, id, record.version, zip ? { package: zip } : {});
}
