/** One file of a zip: where it goes, and how to read its bytes when its turn comes. */
export interface ZipEntry {
  path: string;
  read: () => Promise<Uint8Array>;
}

/** Already compressed: stored as they are rather than deflated again for nothing. */
const STORED = /\.(png|jpe?g|gz|zip|glb|pdf|svf2?|pack|rvt|nwd|dwg)$/i;

/**
 * The entries in one zip, read one at a time, so at most one file and the zip are held at once;
 * fflate is loaded only when someone asks for a zip. `onFile` hears how many are in.
 */
export async function zipFiles(entries: readonly ZipEntry[], onFile: (done: number) => void = () => undefined) {
  const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
  const chunks: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else chunks.push(chunk);
  });
  for (const [index, entry] of entries.entries()) {
    const bytes = await entry.read();
    const file = STORED.test(entry.path) ? new ZipPassThrough(entry.path) : new ZipDeflate(entry.path, { level: 6 });
    zip.add(file);
    file.push(bytes, true);
    onFile(index + 1);
  }
  zip.end();
  if (failures[0]) throw failures[0];
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}

/** Names made unique within one zip: a second `plan.ifc` becomes `plan (2).ifc`. */
export function uniquePaths(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}
