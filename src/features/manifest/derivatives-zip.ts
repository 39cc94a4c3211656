import type { Manifest, ManifestResource } from '../../../contracts/model-derivative';
import { zipFiles } from '../../lib/zip-files';

export interface DerivativeFile {
  derivativeUrn: string;
  /** Where it goes in the zip: its place under the manifest's `output/`, so files that refer to each other still do. */
  path: string;
}

/** Every finished file the manifest lists, once each, in the order the manifest lists them. */
export function derivativeFiles(manifest: Manifest): DerivativeFile[] {
  const seen = new Map<string, DerivativeFile>();
  const visit = (resource: ManifestResource) => {
    if (resource.urn && resource.status === 'success' && !seen.has(resource.urn)) {
      seen.set(resource.urn, { derivativeUrn: resource.urn, path: zipPath(resource.urn) });
    }
    for (const child of resource.children ?? []) visit(child);
  };
  for (const derivative of manifest.derivatives) for (const child of derivative.children) visit(child);
  return [...seen.values()];
}

/** `urn:adsk.viewing:fs.file:…/output/obj/model.obj` → `obj/model.obj`; a URN without `output/` keeps its last segment. */
export function zipPath(derivativeUrn: string): string {
  const at = derivativeUrn.indexOf('/output/');
  const tail =
    at >= 0 ? derivativeUrn.slice(at + '/output/'.length) : derivativeUrn.slice(derivativeUrn.lastIndexOf('/') + 1);
  // Nothing in a zip may climb out of the folder it is unpacked into.
  return tail
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
}

/** The files in one zip, with the manifest beside them as `manifest.json`. */
export function zipDerivatives(
  manifest: Manifest,
  files: DerivativeFile[],
  read: (file: DerivativeFile) => Promise<Uint8Array>,
  onFile: (done: number) => void = () => undefined,
): Promise<Blob> {
  const manifestEntry = {
    path: 'manifest.json',
    read: () => Promise.resolve(new TextEncoder().encode(JSON.stringify(manifest, null, 2))),
  };
  const entries = files.map((file) => ({ path: file.path, read: () => read(file) }));
  return zipFiles([manifestEntry, ...entries], (done) => {
    if (done > 1) onFile(done - 1);
  });
}
