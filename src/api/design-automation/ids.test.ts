import { describe, expect, it } from 'vitest';
import { groupIds, parseDaId, preferredAlias, splitByOwner } from './ids';

describe('Design Automation ids', () => {
  it('parses Owner.Name+Alias, $LATEST included, and nothing else', () => {
    expect(parseDaId('DesignDataManager.IfcPropertiesCsv+prod')).toEqual({
      owner: 'DesignDataManager',
      name: 'IfcPropertiesCsv',
      alias: 'prod',
    });
    expect(parseDaId('A.B+$LATEST')).toEqual({ owner: 'A', name: 'B', alias: '$LATEST' });
    expect(parseDaId('Local.Test')).toBeNull();
  });

  it('groups a list by item with its aliases, and splits owned from shared', () => {
    const items = groupIds(['Me.B+prod', 'Me.B+$LATEST', 'Autodesk.Nop+Latest', 'Me.A+$LATEST']);
    expect(items).toEqual([
      { owner: 'Autodesk', name: 'Nop', aliases: ['Latest'] },
      { owner: 'Me', name: 'A', aliases: ['$LATEST'] },
      { owner: 'Me', name: 'B', aliases: ['prod', '$LATEST'] },
    ]);
    const { owned, shared } = splitByOwner(items, 'Me');
    expect(owned.map((item) => item.name)).toEqual(['A', 'B']);
    expect(shared.map((item) => item.name)).toEqual(['Nop']);
  });

  it('prefers a named alias, since workitems may not use $LATEST', () => {
    expect(preferredAlias(['$LATEST', 'prod'])).toBe('prod');
    expect(preferredAlias(['$LATEST'])).toBeUndefined();
  });
});
