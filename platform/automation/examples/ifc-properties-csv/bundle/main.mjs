// IfcPropertiesCsv: every single-value property of every object of an IFC model, one CSV row each.
// Runs on Local.WebIfc+1: node main.mjs <model.ifc> <properties.csv>
import { readFileSync, writeFileSync } from 'node:fs';
import WebIFC from 'web-ifc';
import { log, progress } from '@aps-local/da';

const [modelPath, csvPath] = process.argv.slice(2);
const api = new WebIFC.IfcAPI();
await api.Init(undefined, true);
const model = api.OpenModel(new Uint8Array(readFileSync(modelPath)));
log(`Opened ${modelPath} (${api.GetModelSchema(model)}).`);

// A CSV field a spreadsheet reads as data (OWASP, "CSV Injection"): a value starting with = + - @, a
// tab or a carriage return gets a leading ' so that it is not run as a formula, except a plain number
// (-3.5 runs nothing and should stay a number); quoted as RFC 4180 says, and also when a formula
// character comes further in, so that the field stays one cell where a spreadsheet splits on ';'.
// The app has the same rule (src/lib/csv.ts); this program runs alone in the engine, so it keeps its own copy.
const cell = (value) => {
  const text = value === null || value === undefined ? '' : String(value);
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return text;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n\t=+\-@]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const valueOf = (field) => (field && typeof field === 'object' && 'value' in field ? field.value : field);
const idsOf = (field) => (Array.isArray(field) ? field : [field]).map(valueOf).filter((id) => typeof id === 'number');

const rows = [['GlobalId', 'Class', 'Name', 'PropertySet', 'Property', 'Value']];
const relationships = api.GetLineIDsWithType(model, WebIFC.IFCRELDEFINESBYPROPERTIES);
for (let n = 0; n < relationships.size(); n++) {
  const relationship = api.GetLine(model, relationships.get(n));
  for (const setId of idsOf(relationship.RelatingPropertyDefinition)) {
    if (api.GetLineType(model, setId) !== WebIFC.IFCPROPERTYSET) continue;
    const set = api.GetLine(model, setId);
    const properties = idsOf(set.HasProperties)
      .filter((id) => api.GetLineType(model, id) === WebIFC.IFCPROPERTYSINGLEVALUE)
      .map((id) => api.GetLine(model, id));
    for (const objectId of idsOf(relationship.RelatedObjects)) {
      const object = api.GetLine(model, objectId);
      const ifcClass = api.GetNameFromTypeCode(api.GetLineType(model, objectId));
      for (const property of properties) {
        rows.push([
          valueOf(object.GlobalId),
          ifcClass,
          valueOf(object.Name),
          valueOf(set.Name),
          valueOf(property.Name),
          valueOf(property.NominalValue),
        ]);
      }
    }
  }
  if (n % 500 === 499) progress({ step: 'properties', done: n + 1, of: relationships.size() });
}
api.CloseModel(model);
writeFileSync(csvPath, `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`);
log(`Wrote ${rows.length - 1} properties to ${csvPath}.`);
