import type { Manifest, ManifestResource } from '../../../contracts/model-derivative';

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

/** Already compressed: stored as they are rather than deflated again for nothing. */
const STORED = /\.(png|jpe?g|gz|zip|glb|pdf|svf2?|pack)$/i;

/**
 * The files in one zip, with the manifest beside them as `manifest.json`. Read one at a time, so
 * at most one file and the zip are held at once; fflate is loaded only when someone asks.
 */
export async function zipDerivatives(
  manifest: Manifest,
  files: DerivativeFile[],
  read: (file: DerivativeFile) => Promise<Uint8Array>,
  onFile: (done: number) => void = () => undefined,
): Promise<Blob> {
  const { Zip, ZipDeflate, ZipPassThrough, strToU8 } = await import('fflate');
  const chunks: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else chunks.push(chunk);
  });
  const add = (path: string, bytes: Uint8Array) => {
    const entry = STORED.test(path) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  };
  add('manifest.json', strToU8(JSON.stringify(manifest, null, 2)));
  for (const [index, file] of files.entries()) {
    add(file.path, await read(file));
    onFile(index + 1);
  }
  zip.end();
  if (failures[0]) throw failures[0];
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}
