// IfcRename: renames a model's elements from a pattern and writes a new IFC.
// Runs on Local.WebIfc+1: node main.mjs <model.ifc> <rename.json> <renamed.ifc>
// rename.json: { "types": ["IfcWall", "IfcDoor"], "pattern": "{type} {n}" }; without types, every IfcElement.
// {type} is the IFC class without its "Ifc", {n} counts from 1 per class, {name} is the old name.
import { readFileSync, writeFileSync } from 'node:fs';
import WebIFC from 'web-ifc';
import { log } from '@aps-local/da';

const [modelPath, rulesPath, outputPath] = process.argv.slice(2);
const rules = JSON.parse(readFileSync(rulesPath, 'utf8'));
const pattern = typeof rules.pattern === 'string' ? rules.pattern : '{type} {n}';
const wanted = Array.isArray(rules.types) ? new Set(rules.types.map((type) => String(type).toUpperCase())) : undefined;

const api = new WebIFC.IfcAPI();
await api.Init(undefined, true);
const model = api.OpenModel(new Uint8Array(readFileSync(modelPath)));
const counters = new Map();
let renamed = 0;
const elements = api.GetLineIDsWithType(model, WebIFC.IFCELEMENT, true);
for (let n = 0; n < elements.size(); n++) {
  const id = elements.get(n);
  const ifcClass = api.GetNameFromTypeCode(api.GetLineType(model, id));
  if (wanted && !wanted.has(ifcClass.toUpperCase())) continue;
  const count = (counters.get(ifcClass) ?? 0) + 1;
  counters.set(ifcClass, count);
  const element = api.GetLine(model, id);
  const name = pattern
    .replaceAll('{type}', ifcClass.replace(/^Ifc/, ''))
    .replaceAll('{n}', String(count))
    .replaceAll('{name}', element.Name?.value ?? '');
  element.Name = api.CreateIfcType(model, WebIFC.IFCLABEL, name);
  api.WriteLine(model, element);
  renamed += 1;
}
writeFileSync(outputPath, api.SaveModel(model));
api.CloseModel(model);
log(
  `Renamed ${renamed} elements: ${[...counters].map(([type, count]) => `${count} ${type}`).join(', ') || 'none matched'}.`,
);
