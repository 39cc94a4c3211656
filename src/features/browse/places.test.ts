import { describe, expect, it } from 'vitest';
import { folderPath, placeOf, versionPath } from './places';

describe('places', () => {
  it('build readable addresses that read back as the same place', () => {
    const path = folderPath('a.hub', 'a.project', 'urn:adsk.wipprod:fs.folder:co.A/b c');
    expect(path).toBe('/hubs/a.hub/projects/a.project/folders/urn:adsk.wipprod:fs.folder:co.A%2Fb%20c');
    expect(placeOf(path)).toEqual({
      hubId: 'a.hub',
      projectId: 'a.project',
      folderId: 'urn:adsk.wipprod:fs.folder:co.A/b c',
    });
    expect(placeOf(versionPath('h', 'p', 'urn:i', 3))).toEqual({
      hubId: 'h',
      projectId: 'p',
      itemId: 'urn:i',
      versionNumber: 3,
    });
    expect(placeOf('/hubs')).toEqual({});
    expect(placeOf('/hubs/h/projects/p/items/i/versions/latest')).toEqual({ hubId: 'h', projectId: 'p', itemId: 'i' });
  });
});
