import { randomUUID } from 'node:crypto';
import type { Handle as HandleOf, IFC4 as Ifc4, IfcLineObject } from 'web-ifc';
import type { ModelObject, ReadModel, Rgba, TriangleMesh } from '../model';
// The process's one web-ifc, shared with the IFC reader: its wasm takes ~0.6 s and 150 MB to start.
import { ifcApi } from '../readers/ifc-api';
import { webIfc } from '../readers/web-ifc';
import { colorKey, meshObjects, usableMeshes, zUp } from './geometry';

const { Handle, IFC4 } = webIfc;

/**
 * IFC4 from a model that was not IFC: one IfcBuildingElementProxy per object with an
 * IfcTriangulatedFaceSet per mesh (tessellated, not solids: good for exchange and viewing), its name,
 * a fresh GlobalId and a "DDM_Source" property set. Storeys follow the model's levels. web-ifc writes
 * the STEP text, so escaping and the schema's types are its job; it silently drops an entity with a
 * wrongly typed attribute, which is why the tests reopen every file.
 */

// web-ifc types its enum members as `any`: named once here with the type each one is.
const LENGTH = IFC4.IfcUnitEnum.LENGTHUNIT as Ifc4.IfcUnitEnum;
const AREA = IFC4.IfcUnitEnum.AREAUNIT as Ifc4.IfcUnitEnum;
const VOLUME = IFC4.IfcUnitEnum.VOLUMEUNIT as Ifc4.IfcUnitEnum;
const ANGLE = IFC4.IfcUnitEnum.PLANEANGLEUNIT as Ifc4.IfcUnitEnum;
const METRE = IFC4.IfcSIUnitName.METRE as Ifc4.IfcSIUnitName;
const SQUARE_METRE = IFC4.IfcSIUnitName.SQUARE_METRE as Ifc4.IfcSIUnitName;
const CUBIC_METRE = IFC4.IfcSIUnitName.CUBIC_METRE as Ifc4.IfcSIUnitName;
const RADIAN = IFC4.IfcSIUnitName.RADIAN as Ifc4.IfcSIUnitName;
const ELEMENT = IFC4.IfcElementCompositionEnum.ELEMENT as Ifc4.IfcElementCompositionEnum;
const BOTH_SIDES = IFC4.IfcSurfaceSide.BOTH as Ifc4.IfcSurfaceSide;
const PROXY_ELEMENT = IFC4.IfcBuildingElementProxyTypeEnum.ELEMENT as Ifc4.IfcBuildingElementProxyTypeEnum;

const label = (value: string) => new IFC4.IfcLabel(value);
const length = (value: number) => new IFC4.IfcLengthMeasure(value);
const real = (value: number) => new IFC4.IfcReal(value);
const ratio = (value: number) => new IFC4.IfcNormalisedRatioMeasure(Math.min(1, Math.max(0, value)));

/** IFC's compressed 22-character GlobalId of a random UUID. */
function globalId(): Ifc4.IfcGloballyUniqueId {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
  const hex = randomUUID().replace(/-/g, '');
  let value = BigInt(`0x${hex}`);
  let out = '';
  for (let i = 0; i < 22; i++) {
    out = chars[Number(value & 63n)]! + out;
    value >>= 6n;
  }
  return new IFC4.IfcGloballyUniqueId(out);
}

export async function writeTriangulatedIfc(model: ReadModel): Promise<Uint8Array> {
  const ifc = await ifcApi();
  const id = ifc.CreateModel({
    schema: 'IFC4',
    name: 'model.ifc',
    description: ['ViewDefinition [ReferenceView]'],
    authors: ['Design Data Manager'],
    organizations: ['Design Data Manager'],
    authorization: 'none',
  });
  try {
    // Written first and referenced by Handle afterwards, so each is one line however often it is used.
    const write = <T extends IfcLineObject>(entity: T): HandleOf<T> => {
      ifc.WriteLine(id, entity);
      return new Handle<T>(entity.expressID);
    };
    const origin = () =>
      new IFC4.IfcAxis2Placement3D(new IFC4.IfcCartesianPoint([length(0), length(0), length(0)]), null, null);
    const context = write(
      new IFC4.IfcGeometricRepresentationContext(
        null,
        label('Model'),
        new IFC4.IfcDimensionCount(3),
        real(1e-5),
        origin(),
        null,
      ),
    );
    const units = new IFC4.IfcUnitAssignment([
      new IFC4.IfcSIUnit(LENGTH, null, METRE),
      new IFC4.IfcSIUnit(AREA, null, SQUARE_METRE),
      new IFC4.IfcSIUnit(VOLUME, null, CUBIC_METRE),
      new IFC4.IfcSIUnit(ANGLE, null, RADIAN),
    ]);
    const project = write(
      new IFC4.IfcProject(globalId(), null, label('Project'), null, null, null, null, [context], units),
    );
    const sitePlacement = write(new IFC4.IfcLocalPlacement(null, origin()));
    const site = write(
      new IFC4.IfcSite(
        globalId(),
        null,
        label('Site'),
        null,
        null,
        sitePlacement,
        null,
        null,
        ELEMENT,
        null,
        null,
        null,
        null,
        null,
      ),
    );
    const buildingPlacement = write(new IFC4.IfcLocalPlacement(sitePlacement, origin()));
    const building = write(
      new IFC4.IfcBuilding(
        globalId(),
        null,
        label(`Translated from ${model.sourceFormat}`),
        null,
        null,
        buildingPlacement,
        null,
        null,
        ELEMENT,
        null,
        null,
        null,
      ),
    );
    write(new IFC4.IfcRelAggregates(globalId(), null, null, null, project, [site]));
    write(new IFC4.IfcRelAggregates(globalId(), null, null, null, site, [building]));

    const levels =
      model.levels && model.levels.length > 0 ? model.levels : [{ dbId: -1, name: 'Storey', elevationMetres: 0 }];
    const storeys = levels.map((level) => {
      const placement = write(new IFC4.IfcLocalPlacement(buildingPlacement, origin()));
      const storey = write(
        new IFC4.IfcBuildingStorey(
          globalId(),
          null,
          label(level.name),
          null,
          null,
          placement,
          null,
          null,
          ELEMENT,
          length(level.elevationMetres),
        ),
      );
      return { dbId: level.dbId, placement, storey, elements: [] as HandleOf<Ifc4.IfcBuildingElementProxy>[] };
    });
    write(
      new IFC4.IfcRelAggregates(
        globalId(),
        null,
        null,
        null,
        building,
        storeys.map((entry) => entry.storey),
      ),
    );

    const styles = new Map<string, HandleOf<Ifc4.IfcSurfaceStyle>>();
    const styleOf = (color: Rgba, name: string | undefined) => {
      const key = colorKey(color);
      let style = styles.get(key);
      if (!style) {
        const shading = new IFC4.IfcSurfaceStyleShading(
          new IFC4.IfcColourRgb(null, ratio(color[0]), ratio(color[1]), ratio(color[2])),
          ratio(1 - color[3]),
        );
        style = write(new IFC4.IfcSurfaceStyle(label(name ?? `Colour ${key}`), BOTH_SIDES, [shading]));
        styles.set(key, style);
      }
      return style;
    };

    const parents = new Map(model.objects.map((object) => [object.dbId, object.parent]));
    const storeyOf = (object: ModelObject) => {
      const seen = new Set<number>();
      for (let at: number | undefined = object.dbId; at !== undefined && !seen.has(at); at = parents.get(at)) {
        seen.add(at);
        const match = storeys.find((entry) => entry.dbId === at);
        if (match) return match;
      }
      return storeys[0]!;
    };

    for (const object of meshObjects(model)) {
      const items = usableMeshes(object).map((mesh) => {
        const faceSet = write(faceSetOf(mesh));
        write(new IFC4.IfcStyledItem(faceSet, [styleOf(mesh.color, mesh.material)], null));
        return faceSet;
      });
      const shape = new IFC4.IfcProductDefinitionShape(null, null, [
        new IFC4.IfcShapeRepresentation(context, label('Body'), label('Tessellation'), items),
      ]);
      const storey = storeyOf(object);
      const placement = write(new IFC4.IfcLocalPlacement(storey.placement, origin()));
      const proxy = write(
        new IFC4.IfcBuildingElementProxy(
          globalId(),
          null,
          label(object.name),
          null,
          label(object.category),
          placement,
          shape,
          null,
          PROXY_ELEMENT,
        ),
      );
      storey.elements.push(proxy);
      const source = new IFC4.IfcPropertySet(globalId(), null, label('DDM_Source'), null, [
        new IFC4.IfcPropertySingleValue(
          new IFC4.IfcIdentifier('ExternalId'),
          null,
          new IFC4.IfcIdentifier(object.externalId),
          null,
        ),
        new IFC4.IfcPropertySingleValue(new IFC4.IfcIdentifier('Category'), null, label(object.category), null),
        new IFC4.IfcPropertySingleValue(new IFC4.IfcIdentifier('SourceFormat'), null, label(model.sourceFormat), null),
      ]);
      write(new IFC4.IfcRelDefinesByProperties(globalId(), null, null, null, [proxy], write(source)));
    }
    for (const entry of storeys) {
      if (entry.elements.length > 0)
        write(new IFC4.IfcRelContainedInSpatialStructure(globalId(), null, null, null, entry.elements, entry.storey));
    }
    return ifc.SaveModel(id);
  } finally {
    ifc.CloseModel(id);
  }
}

/** The mesh, Z-up again (IFC's convention), as one IfcTriangulatedFaceSet with 1-based indices. */
function faceSetOf(mesh: TriangleMesh): Ifc4.IfcTriangulatedFaceSet {
  const p = zUp(mesh.positions);
  const points: Ifc4.IfcLengthMeasure[][] = [];
  for (let i = 0; i + 2 < p.length; i += 3) points.push([length(p[i]!), length(p[i + 1]!), length(p[i + 2]!)]);
  const triangles: Ifc4.IfcPositiveInteger[][] = [];
  const index = mesh.indices;
  for (let t = 0; t + 2 < index.length; t += 3) {
    triangles.push([
      new IFC4.IfcPositiveInteger(index[t]! + 1),
      new IFC4.IfcPositiveInteger(index[t + 1]! + 1),
      new IFC4.IfcPositiveInteger(index[t + 2]! + 1),
    ]);
  }
  return new IFC4.IfcTriangulatedFaceSet(new IFC4.IfcCartesianPointList3D(points), null, null, triangles, null);
}
