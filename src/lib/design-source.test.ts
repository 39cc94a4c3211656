import { describe, expect, it } from 'vitest';
import { designSource } from './design-source';

describe('designSource', () => {
  it('reads a hub version, with its number, and a bucket object, in either form', () => {
    expect(designSource('urn:adsk.wipprod:fs.file:vf.Ab3?version=3')).toEqual({ kind: 'version', versionNumber: 3 });
    expect(designSource('urn:adsk.objects:os.object:my-bucket/models/house.ifc')).toEqual({
      kind: 'object',
      bucketKey: 'my-bucket',
      objectKey: 'models/house.ifc',
    });
    expect(designSource('urn:adsk.objects:os.object:my-bucket:house.ifc')).toEqual({
      kind: 'object',
      bucketKey: 'my-bucket',
      objectKey: 'house.ifc',
    });
    expect(designSource('urn:something:else')).toEqual({ kind: 'other' });
    expect(designSource(undefined)).toEqual({ kind: 'other' });
  });
});
