/**
 * What a design's URN names: a version of a hub item (`…fs.file:vf.X?version=3`) or an object in a
 * bucket (`urn:adsk.objects:os.object:bucket/key`, or the spec's `…:bucket:key`).
 */
export type DesignSource =
  | { kind: 'version'; versionNumber: number | null }
  | { kind: 'object'; bucketKey: string; objectKey: string }
  | { kind: 'other' };

const OBJECT = /^urn:adsk\.objects:os\.object:([^/:]+)[/:](.+)$/;

export function designSource(urn: string | undefined): DesignSource {
  if (!urn) return { kind: 'other' };
  const object = OBJECT.exec(urn);
  if (object?.[1] && object[2]) return { kind: 'object', bucketKey: object[1], objectKey: object[2] };
  if (urn.includes(':fs.file:')) {
    const version = /\?version=(\d+)$/.exec(urn);
    return { kind: 'version', versionNumber: version?.[1] ? Number(version[1]) : null };
  }
  return { kind: 'other' };
}
