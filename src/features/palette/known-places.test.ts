import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dmQueries } from '../../api/data-management/queries';
import { envelope, folder, hub, item, project } from '../../testing/dm-fixtures';
import { knownPlaces, matchPlaces } from './known-places';
import { paletteGroups } from './palette-groups';
import type { PalettePaths, PaletteTarget } from './targets';
import { fileSpellings } from './use-file-search';

const paths: PalettePaths = {
  hub: (h) => `/h/${h}`,
  project: (h, p) => `/h/${h}/p/${p}`,
  folder: (h, p, f) => `/h/${h}/p/${p}/f/${f}`,
  item: (h, p, i) => `/h/${h}/p/${p}/i/${i}`,
};

describe('knownPlaces', () => {
  it('reads hubs, projects and visible folders from the cache, each once, with where it is', () => {
    const client = new QueryClient();
    client.setQueryData(dmQueries.hubs().queryKey, envelope([hub()]));
    client.setQueryData(dmQueries.projects('a.hub').queryKey, envelope([project()]));
    client.setQueryData(
      dmQueries.topFolders('a.hub', 'a.project').queryKey,
      envelope([folder('urn:top', 'Project Files', 'urn:root')]),
    );
    const contents = envelope([
      folder('urn:arch', 'Architecture', 'urn:top'),
      folder('urn:old', 'Old', 'urn:top', { hidden: true }),
      item('urn:i', 'a.ifc', 'urn:top'),
    ]);
    client.setQueryData(
      dmQueries.folderContents({
        projectId: 'a.project',
        folderId: 'urn:top',
        page: 0,
        type: 'all',
        includeHidden: true,
      }).queryKey,
      contents,
    );
    client.setQueryData(
      dmQueries.folder({ projectId: 'a.project', folderId: 'urn:arch' }).queryKey,
      envelope(folder('urn:arch', 'Architecture', 'urn:top')),
    );
    // A folder of a project whose hub is unknown has no address yet.
    client.setQueryData(
      dmQueries.folder({ projectId: 'elsewhere', folderId: 'urn:x' }).queryKey,
      envelope(folder('urn:x', 'Lost', null)),
    );

    expect(knownPlaces(client, paths)).toEqual([
      { kind: 'hub', id: 'a.hub', name: 'Demo Company', path: '/h/a.hub' },
      {
        kind: 'project',
        id: 'a.project',
        name: 'Riverside Offices',
        context: 'Demo Company',
        path: '/h/a.hub/p/a.project',
      },
      {
        kind: 'folder',
        id: 'urn:top',
        name: 'Project Files',
        context: 'Riverside Offices',
        path: '/h/a.hub/p/a.project/f/urn:top',
      },
      {
        kind: 'folder',
        id: 'urn:arch',
        name: 'Architecture',
        context: 'Riverside Offices',
        path: '/h/a.hub/p/a.project/f/urn:arch',
      },
    ]);
  });
});

const place = (name: string, kind: PaletteTarget['kind'] = 'folder'): PaletteTarget => ({
  kind,
  id: name,
  name,
  path: `/${name}`,
});

describe('matching and grouping', () => {
  it('matches every word in any case, names that start with the text first', () => {
    const places = [place('Old Models'), place('Models'), place('Drawings')];
    expect(matchPlaces(places, 'mod').map((p) => p.name)).toEqual(['Models', 'Old Models']);
    expect(matchPlaces(places, 'old MOD').map((p) => p.name)).toEqual(['Old Models']);
  });

  it('shows recent places then the others without text, and matching places then files with it', () => {
    const recent = [place('Models')];
    const known = [place('Models'), place('Drawings')];
    const files = [place('Tower.ifc', 'item')];
    expect(
      paletteGroups({ text: '', recent, known, files: [], filesLabel: 'Files' }).map((g) => [
        g.label,
        g.options.map((o) => o.name),
      ]),
    ).toEqual([
      ['Recent', ['Models']],
      ['Places', ['Drawings']],
    ]);
    expect(
      paletteGroups({ text: 'to', recent, known, files, filesLabel: 'Files in Tower' }).map((g) => [
        g.label,
        g.options.map((o) => o.name),
      ]),
    ).toEqual([['Files in Tower', ['Tower.ifc']]]);
  });

  it('asks the search for each spelling once, without commas', () => {
    expect(fileSpellings('tower')).toEqual(['tower', 'TOWER', 'Tower']);
    expect(fileSpellings('Demo-House')).toEqual(['Demo-House', 'demo-house', 'DEMO-HOUSE', 'Demo-house']);
    expect(fileSpellings('a,b')).toEqual(['a b', 'A B', 'A b']);
    expect(fileSpellings(' , ')).toEqual([]);
  });
});
