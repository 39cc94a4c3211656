import { describe, expect, it } from 'vitest';
import { modelPath } from '../../lib/model-paths';
import { currentPlace } from './current-place';

const at = (path: string) => {
  const url = new URL(path, 'http://app.test');
  return { pathname: url.pathname, search: url.search };
};

describe('currentPlace', () => {
  it('reads a browser place from the address', () => {
    expect(currentPlace(at('/hubs/a.hub/projects/a.project'))).toEqual({ hubId: 'a.hub', projectId: 'a.project' });
  });

  it('puts a model page in the project of the hub item its link names, so the palette can search it', () => {
    const path = modelPath('dXJu', {
      name: 'house.ifc',
      item: { hubId: 'a.hub', projectId: 'a.project', itemId: 'urn:i' },
    });
    expect(currentPlace(at(path))).toEqual({ hubId: 'a.hub', projectId: 'a.project', itemId: 'urn:i' });
  });

  it('has no place for a model page of a bucket object', () => {
    expect(currentPlace(at(modelPath('dXJu', { name: 'house.ifc' })))).toEqual({});
  });
});
