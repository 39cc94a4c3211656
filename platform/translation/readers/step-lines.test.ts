import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { IFCPROJECT, IFCPROPERTYSINGLEVALUE, IFCSIUNIT, IFCWALL } from 'web-ifc';
import { describe, expect, it } from 'vitest';
import { ifcApi } from './ifc-api';
import { ifcLines } from './ifc-lines';
import { StepLines } from './step-lines';
import { FIXTURES, fixture, haveFixtures, warnIfNoFixtures } from '../../testing/translation/reader-fixtures';

warnIfNoFixtures('step-lines.test');

const step = (data: string) =>
  new StepLines(
    new TextEncoder().encode(
      `ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n${data}\nENDSEC;\nEND-ISO-10303-21;\n`,
    ),
  );

describe('StepLines', () => {
  it('reads each kind of attribute in the form web-ifc gives it', () => {
    const lines = step(
      `#1=IFCPROPERTYSINGLEVALUE('It''s',$,IFCLABEL('Gr\\X2\\00FC\\X0\\n'),#7);\n#2= IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);\n#3=IFCWALL('g',#1,'a;b#9=X(',$,(#1,#2),1.5E-3,-42,.T.,.U.,IFCBOOLEAN(.F.),IFCREAL(2.));`,
    );
    expect(lines.type(1)).toBe(IFCPROPERTYSINGLEVALUE);
    expect(lines.attributes(1)).toEqual([
      { type: 1, value: "It's" },
      null,
      { type: 2, typecode: expect.any(Number) as number, value: 'Grün' },
      { type: 5, value: 7 },
    ]);
    // Derived attributes (*) are left out, as web-ifc does.
    expect(lines.attributes(2)).toEqual([
      { type: 3, value: 'LENGTHUNIT' },
      { type: 3, value: 'MILLI' },
      { type: 3, value: 'METRE' },
    ]);
    expect(lines.type(2)).toBe(IFCSIUNIT);
    expect(lines.attributes(3)).toEqual([
      { type: 1, value: 'g' },
      { type: 5, value: 1 },
      { type: 1, value: 'a;b#9=X(' },
      null,
      [
        { type: 5, value: 1 },
        { type: 5, value: 2 },
      ],
      { type: 4, value: '1.5E-3' },
      { type: 10, value: -42 },
      { type: 3, value: true },
      { type: 3 },
      { type: 2, typecode: expect.any(Number) as number, value: false },
      { type: 2, typecode: expect.any(Number) as number, value: '2.' },
    ]);
    // A `#9=` inside a string is not an instance.
    expect(lines.type(9)).toBeUndefined();
  });

  it('reads signed, long and plain integers and raw UTF-8 text exactly', () => {
    const lines = step(
      `#1=IFCWALL(+7,-0,12345678901234567890,'Grüße, 東京',.NOTDEFINED.,999999999,1482339244,0001073741824);`,
    );
    expect(lines.attributes(1)).toEqual([
      { type: 10, value: 7 },
      { type: 10, value: -0 },
      { type: 10, value: Number('12345678901234567890') },
      { type: 1, value: 'Grüße, 東京' },
      { type: 3, value: 'NOTDEFINED' },
      { type: 10, value: 999999999 },
      { type: 10, value: 1482339244 },
      { type: 10, value: 1073741824 },
    ]);
  });

  it('indexes instances by type, skips comments and unknown types, and keeps the first of a repeated id', () => {
    const lines = step(
      `/* #50=IFCWALL('comment'); */\n#4=IFCWALL('a');\n#5=IFCNOTATYPE('b');\n#4=IFCWALL('again');\n#6=IFCWALL('c');`,
    );
    expect(lines.idsOfType(IFCWALL)).toEqual([4, 6]);
    expect(lines.attributes(4)).toEqual([{ type: 1, value: 'a' }]);
    expect(lines.type(5)).toBeUndefined();
    expect(lines.type(50)).toBeUndefined();
    expect(lines.attributes(404)).toBeUndefined();
  });

  it('takes ids far beyond the usual range and survives an unterminated last line', () => {
    const lines = step(`#2147483000=IFCPROJECT('far');\n#7=IFCWALL('open',(#1,`);
    expect(lines.idsOfType(IFCPROJECT)).toEqual([2147483000]);
    expect(lines.attributes(2147483000)).toEqual([{ type: 1, value: 'far' }]);
    expect(lines.attributes(7)?.[0]).toEqual({ type: 1, value: 'open' });
  });

  it('ends an enumeration left open at the end of the file instead of reading the file again from its start', () => {
    const lines = new StepLines(new TextEncoder().encode(`DATA;\n#7=IFCWALL(.T);\nENDSEC;\nEND-ISO-10303-21;\n`));
    expect(lines.attributes(7)).toEqual([{ type: 3, value: 'T);\nENDSEC;\nEND-ISO-10303-21;\n' }]);
  });

  it('makes web-ifc line objects, and a bare stand-in for an id the file lacks', () => {
    const lines = ifcLines(
      new TextEncoder().encode(`DATA;\n#3=IFCWALL('0abc',$,'Wall',$,$,$,$,$,$);\nENDSEC;`),
      'IFC4',
    );
    const wall = lines.line(3);
    expect(wall.constructor.name).toBe('IfcWall');
    expect(wall.expressID).toBe(3);
    expect((wall.Name as { value: string }).value).toBe('Wall');
    expect(lines.line(8)).toEqual({ expressID: 8, type: 0 });
    expect([...lines.missing]).toEqual([8]);
  });
});

describe.skipIf(!haveFixtures)('StepLines against web-ifc on every IFC fixture', () => {
  const files = haveFixtures ? readdirSync(path.join(FIXTURES, 'ifc')).filter((name) => name.endsWith('.ifc')) : [];
  it.each(files)('%s: every instance has the type and attributes web-ifc reads', async (name) => {
    const bytes = fixture(`ifc/${name}`);
    const api = await ifcApi();
    const model = api.OpenModel(bytes);
    try {
      const lines = new StepLines(bytes);
      const ids = api.GetAllLines(model);
      expect(ids.size()).toBeGreaterThan(0);
      const differing: unknown[] = [];
      for (let i = 0; i < ids.size(); i++) {
        const id = ids.get(i);
        const raw = api.GetRawLineData(model, id);
        const mine = { type: lines.type(id), attributes: JSON.stringify(lines.attributes(id)) };
        const theirs = { type: raw.type, attributes: JSON.stringify(raw.arguments) };
        if (!isDeepStrictEqual(mine, theirs)) differing.push({ id, mine, theirs });
      }
      expect(differing.slice(0, 3)).toEqual([]);
    } finally {
      api.CloseModel(model);
    }
  });
});
