import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reopenIfc } from '../../testing/translation/read-back';
import { writeTriangulatedIfc } from './ifc';
import { smallBuilding } from '../../testing/translation/models';

/** Our own reader for the checks read-back.ts does not make: names, psets, storeys and placement. */
const api = new WebIFC.IfcAPI();
beforeAll(() => api.Init(undefined, true));
afterAll(() => api.Dispose());

interface Named {
  Name?: { value: string } | null;
  GlobalId?: { value: string };
  Elevation?: { value: number };
}

function lines(model: number, type: number): Named[] {
  const ids = api.GetLineIDsWithType(model, type);
  const out: Named[] = [];
  for (let i = 0; i < ids.size(); i++) out.push(api.GetLine(model, ids.get(i)) as Named);
  return out;
}

describe('writeTriangulatedIfc', () => {
  it('writes IFC4 that web-ifc reopens with every object and triangle', async () => {
    const ifc = await writeTriangulatedIfc(smallBuilding());
    const { meshes, triangles, schema } = await reopenIfc(ifc);
    expect(schema).toBe('IFC4');
    expect(meshes).toBe(5);
    expect(triangles).toBe(5 * 12);
  });

  it('names each proxy, gives it a GlobalId and a DDM_Source property set, and puts it on its storey', async () => {
    const ifc = await writeTriangulatedIfc(smallBuilding());
    const model = api.OpenModel(ifc);
    try {
      const proxies = lines(model, WebIFC.IFCBUILDINGELEMENTPROXY);
      expect(proxies.map((proxy) => proxy.Name?.value)).toEqual(['Slab', 'Wall A', 'Wall/B "north"', 'Window', 'Roof']);
      expect(new Set(proxies.map((proxy) => proxy.GlobalId?.value)).size).toBe(5);
      expect(proxies.every((proxy) => /^[0-9A-Za-z_$]{22}$/.test(proxy.GlobalId?.value ?? ''))).toBe(true);
      expect(lines(model, WebIFC.IFCPROJECT)).toHaveLength(1);
      expect(lines(model, WebIFC.IFCSIUNIT).length).toBeGreaterThanOrEqual(1);
      expect(
        lines(model, WebIFC.IFCBUILDINGSTOREY).map((storey) => [storey.Name?.value, storey.Elevation?.value]),
      ).toEqual([
        ['Ground floor', 0],
        ['First floor', 3],
      ]);
      expect(lines(model, WebIFC.IFCSURFACESTYLE)).toHaveLength(3);

      const id = api.GetLineIDsWithType(model, WebIFC.IFCBUILDINGELEMENTPROXY).get(1);
      const sets = (await api.properties.getPropertySets(model, id, true)) as Array<{
        Name?: { value: string };
        HasProperties?: Array<{ Name: { value: string }; NominalValue: { value: unknown } }>;
      }>;
      const source = sets.find((set) => set.Name?.value === 'DDM_Source');
      expect(Object.fromEntries(source?.HasProperties?.map((p) => [p.Name.value, p.NominalValue.value]) ?? [])).toEqual(
        { ExternalId: 'ext-5', Category: 'Wall', SourceFormat: 'TEST' },
      );

      const structure = (await api.properties.getSpatialStructure(model)) as {
        children: Array<{ children: Array<{ children: Array<{ children: unknown[] }> }> }>;
      };
      const storeys = structure.children[0]?.children[0]?.children ?? [];
      expect(storeys.map((storey) => storey.children.length)).toEqual([3, 2]); // the roof belongs to no level, so the first
    } finally {
      api.CloseModel(model);
    }
  });

  it('turns the model Z-up again: the building stands 6.5 m tall along Z', async () => {
    const ifc = await writeTriangulatedIfc(smallBuilding());
    const model = api.OpenModel(ifc);
    try {
      let minZ = Infinity,
        maxZ = -Infinity;
      // web-ifc hands geometry back Y-up, like glTF: its Y is the file's Z.
      api.StreamAllMeshes(model, (mesh) => {
        for (let i = 0; i < mesh.geometries.size(); i++) {
          const placed = mesh.geometries.get(i);
          const geometry = api.GetGeometry(model, placed.geometryExpressID);
          const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
          const m = placed.flatTransformation;
          for (let v = 0; v < vertices.length; v += 6) {
            const y =
              (m[1] ?? 0) * vertices[v]! +
              (m[5] ?? 0) * vertices[v + 1]! +
              (m[9] ?? 0) * vertices[v + 2]! +
              (m[13] ?? 0);
            minZ = Math.min(minZ, y);
            maxZ = Math.max(maxZ, y);
          }
          geometry.delete();
        }
      });
      expect(minZ).toBeCloseTo(-0.2, 4);
      expect(maxZ).toBeCloseTo(6.3, 4);
    } finally {
      api.CloseModel(model);
    }
  });
});
