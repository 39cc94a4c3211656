import { IFCWALL } from 'web-ifc';
import { describe, expect, it } from 'vitest';
import { ifcLines } from './ifc-lines';
import { readAllProperties } from './ifc-properties';
import { projectUnits } from './ifc-values';

const read = (data: string) => {
  const lines = ifcLines(new TextEncoder().encode(`DATA;\n${data}\nENDSEC;`), 'IFC4');
  return { lines, properties: readAllProperties(lines, projectUnits(lines)) };
};

describe('readAllProperties', () => {
  it('shares a set among its elements, and copies it only for the element where a second set of that name merges in', () => {
    const { lines, properties } = read(`
#1=IFCWALL('a',$,'A',$,$,$,$,$,$);
#2=IFCWALL('b',$,'B',$,$,$,$,$,$);
#10=IFCPROPERTYSINGLEVALUE('Fire',$,IFCLABEL('EI60'),$);
#11=IFCPROPERTYSINGLEVALUE('Height',$,IFCLENGTHMEASURE(2.5),$);
#12=IFCPROPERTYSINGLEVALUE('Fire',$,IFCLABEL('EI90'),$);
#20=IFCPROPERTYSET('s1',$,'Common',$,(#10,#11));
#21=IFCPROPERTYSET('s2',$,'Common',$,(#12));
#30=IFCRELDEFINESBYPROPERTIES('r1',$,$,$,(#1,#2),#20);
#31=IFCRELDEFINESBYPROPERTIES('r2',$,$,$,(#2),#21);`);
    expect(lines.idsOfType(IFCWALL)).toEqual([1, 2]);
    const a = properties.get(1)!,
      b = properties.get(2)!;
    expect(a.groups['Common']).toEqual({ Fire: 'EI60', Height: 2.5 });
    expect(a.units['Common']).toEqual({ Height: 'm' });
    expect(b.groups['Common']).toEqual({ Fire: 'EI90', Height: 2.5 });
    expect(b.groups['Common']).not.toBe(a.groups['Common']);
    // Wall A's set was not changed by what merged into wall B's.
    expect(a.groups['Common']).toEqual({ Fire: 'EI60', Height: 2.5 });
  });

  it('reads a complex property that contains itself once, instead of recursing for ever', () => {
    const { properties } = read(`
#1=IFCWALL('a',$,'A',$,$,$,$,$,$);
#10=IFCCOMPLEXPROPERTY('Loop',$,'X',(#11,#10));
#11=IFCPROPERTYSINGLEVALUE('Inner',$,IFCINTEGER(3),$);
#20=IFCPROPERTYSET('s',$,'Set',$,(#10));
#30=IFCRELDEFINESBYPROPERTIES('r',$,$,$,(#1),#20);`);
    expect(properties.get(1)!.groups['Set']).toEqual({ 'Loop.Inner': 3 });
  });
});
