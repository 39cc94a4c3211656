import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBuildingIfc } from '../demo/ifc-building';
import { exampleBundles } from './examples';
import { engineSuite } from '../testing/automation/engine-suite';

// The shipped IfcPropertiesCsv on a model whose property values are formulas: its CSV must hand
// them to a spreadsheet as text, and keep a negative number a number.
describe('IfcPropertiesCsv and property values a spreadsheet would run', () => {
  const suite = engineSuite();

  it('writes them as text, a leading quote before each, and a negative number as it is', async () => {
    const ifc = demoBuildingIfc({ storeys: 1 })
      .replace("IFCLABEL('REI 90')", `IFCLABEL('=HYPERLINK("http://evil.test","a, b")')`)
      .replace("IFCLABEL('EI 30')", "IFCLABEL('-2+3+cmd|'' /C calc''!A0')")
      .replace('IFCTHERMALTRANSMITTANCEMEASURE(0.24)', 'IFCTHERMALTRANSMITTANCEMEASURE(-0.24)');
    suite.server.files.set('hostile.ifc', Buffer.from(ifc));
    const example = (await exampleBundles()).find((candidate) => candidate.name === 'IfcPropertiesCsv')!;
    const activity = example.activity('Tester', 'prod');
    const zipPath = path.join(suite.dirs.root, 'example.zip');
    await writeFile(zipPath, example.zip);
    const { outcome, report } = await suite.run({
      engineId: activity.engine,
      commandLine: activity.commandLine,
      parameters: Object.fromEntries(
        Object.entries(activity.parameters).map(([key, value]) => [
          key,
          { zip: false, ondemand: false, required: false, ...value },
        ]),
      ),
      arguments: {
        model: { kind: 'url', url: `${suite.server.url}/files/hostile.ifc` },
        properties: { kind: 'url', url: `${suite.server.url}/files/properties.csv`, verb: 'put' },
      },
      appbundles: [{ name: example.name, zipPath }],
    });
    expect(outcome, report).toEqual({ status: 'success' });

    const lines = suite.server.files.get('properties.csv')!.toString('utf8').split('\r\n');
    const valuesOf = (property: string) => [
      ...new Set(
        lines
          .filter((line) => line.includes(`,${property},`))
          .map((line) => line.slice(line.indexOf(`,${property},`) + property.length + 2)),
      ),
    ];
    expect(valuesOf('FireRating').sort()).toEqual([
      `"'-2+3+cmd|' /C calc'!A0"`,
      `"'=HYPERLINK(""http://evil.test"",""a, b"")"`,
    ]);
    expect(valuesOf('ThermalTransmittance')).toEqual(['-0.24']);
    // No unquoted field anywhere starts a formula; only plain numbers start with a minus.
    expect(lines.filter((line) => /(^|,)([=+@\t]|-(?!\d+(\.\d+)?(,|$)))/.test(line))).toEqual([]);
  });
});
