import rhino3dm, { type File3dm, type GeometryBase, type Mesh, type RhinoModule } from 'rhino3dm';
import type { ModelObject, ReadModel, Rgba, TriangleMesh } from '../model';
import { malformed, meshOrNothing, NEUTRAL_GREY, transformNormals, zUpToYUp } from './mesh-utils';

let shared: Promise<RhinoModule> | undefined;
/** The process's one rhino3dm instance. */
const rhino = (): Promise<RhinoModule> => (shared ??= rhino3dm());

/** Metres per model unit, by rhino3dm's UnitSystem value. */
const UNIT_METRES: Record<number, number> = {
  1: 1e-6,
  2: 1e-3,
  3: 1e-2,
  4: 1,
  5: 1e3,
  6: 2.54e-8,
  7: 2.54e-5,
  8: 0.0254,
  9: 0.3048,
  10: 1609.344,
  12: 1e-10,
  13: 1e-9,
  14: 0.1,
  15: 10,
  16: 100,
  19: 0.9144,
};
const Z_UP_TO_Y_UP = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
const COLOUR_FROM_OBJECT = 1;
const COLOUR_FROM_MATERIAL = 2;

interface RhinoColour {
  r: number;
  g: number;
  b: number;
  a: number;
}
interface ThreeJson {
  data: {
    attributes: { position: { array: ArrayLike<number> }; normal?: { array: ArrayLike<number> } };
    index?: { array: ArrayLike<number> };
  };
}

/**
 * Rhino .3dm through rhino3dm: the layer tree, object names and user strings, and the render meshes
 * Rhino cached in the file. rhino3dm cannot mesh Breps itself, so a file saved without render meshes
 * gives its objects and a warning, not a failure.
 */
export async function readRhino(bytes: Uint8Array): Promise<ReadModel> {
  if (bytes.length === 0) throw malformed('3DM', 'it is empty.');
  const rh = await rhino();
  const doc = rh.File3dm.fromByteArray(bytes) as File3dm | null;
  if (!doc) throw malformed('3DM', 'rhino3dm cannot open it (it is malformed, truncated or not a Rhino file).');
  try {
    return readDocument(rh, doc);
  } finally {
    // An Embind object: its wasm memory is freed only by delete(), which the typings leave out.
    (doc as unknown as { delete(): void }).delete();
  }
}

function readDocument(rh: RhinoModule, doc: File3dm): ReadModel {
  const scale = UNIT_METRES[enumValue(doc.settings().modelUnitSystem)] ?? 1;
  const model: ReadModel = { sourceFormat: '3DM', objects: [], warnings: [] };
  const layers = doc.layers();
  const layerDbIds = new Map<string, number>();
  const layerColours = new Map<number, Rgba>();
  const pending = Array.from({ length: layers.count }, (_, index) => layers.get(index));
  // Parents before children: a layer waits until its parent has a dbId (bounded passes, against cycles).
  for (let pass = 0; pass <= layers.count && pending.length; pass++) {
    for (let i = 0; i < pending.length;) {
      const layer = pending[i] as (typeof pending)[number];
      const parentId = layer.parentLayerId;
      const hasParent = parentId && !/^0{8}-/.test(parentId);
      if (hasParent && !layerDbIds.has(parentId) && pass < layers.count) {
        i++;
        continue;
      }
      pending.splice(i, 1);
      const dbId = model.objects.length + 1;
      const colour = rgba(layer.color as RhinoColour);
      layerDbIds.set(layer.id, dbId);
      layerColours.set(layer.index, colour);
      model.objects.push({
        dbId,
        name: layer.name,
        externalId: layer.id,
        category: 'Layer',
        properties: { 'Identity Data': { Name: layer.name, Type: 'Layer', Path: layer.fullPath } },
        meshes: [],
        ...(hasParent && layerDbIds.has(parentId) ? { parent: layerDbIds.get(parentId) } : {}),
      });
    }
  }

  const objects = doc.objects();
  let withoutMeshes = 0;
  for (let index = 0; index < objects.count; index++) {
    const object = objects.get(index);
    const attributes = object.attributes();
    const geometry = object.geometry();
    const layerIndex = attributes.layerIndex;
    const colourSource = enumValue(attributes.colorSource);
    const material =
      colourSource === COLOUR_FROM_MATERIAL && attributes.materialIndex >= 0
        ? doc.materials().get(attributes.materialIndex)
        : undefined;
    let colour =
      colourSource === COLOUR_FROM_OBJECT
        ? rgba(attributes.objectColor as RhinoColour)
        : material
          ? rgba(material.diffuseColor as unknown as RhinoColour)
          : (layerColours.get(layerIndex) ?? NEUTRAL_GREY);
    // Black is Rhino's default wire colour, not a surface colour: shaded, it would hide the shape.
    if (colour[0] + colour[1] + colour[2] === 0) colour = NEUTRAL_GREY;
    const meshes = renderMeshes(rh, geometry).flatMap((mesh) => toTriangles(mesh, colour, scale));
    if (meshes.length === 0) withoutMeshes++;
    const type = geometry.constructor.name || 'Object';
    const name = attributes.name || `${type} ${index + 1}`;
    const userStrings = (attributes.getUserStrings() as unknown[]).map((entry) =>
      Array.isArray(entry)
        ? [String(entry[0]), String(entry[1] ?? '')]
        : [String(entry), String(attributes.getUserString(String(entry)) ?? '')],
    );
    const object3d: ModelObject = {
      dbId: model.objects.length + 1,
      name,
      externalId: attributes.id,
      category: type,
      properties: {
        'Identity Data': {
          Name: name,
          Type: type,
          Layer: layers.findIndex(layerIndex)?.fullPath ?? String(layerIndex),
        },
      },
      meshes,
    };
    const layer = layers.findIndex(layerIndex);
    const parent = layer ? layerDbIds.get(layer.id) : undefined;
    if (parent !== undefined) object3d.parent = parent;
    if (userStrings.length)
      object3d.properties['User Strings'] = Object.fromEntries(userStrings) as Record<string, string>;
    model.objects.push(object3d);
  }
  if (withoutMeshes > 0) {
    model.warnings.push({
      type: 'warning',
      code: '3DM-NoRenderMesh',
      message: `${withoutMeshes} objects have no render mesh saved in the file and are not shown; save the file in Rhino with render meshes to see them.`,
    });
  }
  return model;
}

/** The render meshes Rhino cached: per Brep face, on an Extrusion, or the object itself when it is a Mesh. */
function renderMeshes(rh: RhinoModule, geometry: GeometryBase): Mesh[] {
  const any = rh.MeshType.Any;
  if (geometry instanceof rh.Mesh) return [geometry];
  if (geometry instanceof rh.Brep) {
    const faces = geometry.faces();
    return Array.from({ length: faces.count }, (_, i) => faces.get(i).getMesh(any)).filter((mesh): mesh is Mesh =>
      Boolean(mesh),
    );
  }
  if (geometry instanceof rh.Extrusion) {
    const mesh = geometry.getMesh(any);
    return mesh ? [mesh] : [];
  }
  return [];
}

function toTriangles(mesh: Mesh, color: Rgba, scale: number): TriangleMesh[] {
  const json = mesh.toThreejsJSON() as ThreeJson;
  const positions = Float32Array.from(json.data.attributes.position.array);
  zUpToYUp(positions, scale);
  const normals = json.data.attributes.normal ? Float32Array.from(json.data.attributes.normal.array) : undefined;
  if (normals) transformNormals(normals, Z_UP_TO_Y_UP);
  const indices = json.data.index
    ? Uint32Array.from(json.data.index.array)
    : Uint32Array.from({ length: positions.length / 3 }, (_, i) => i);
  return meshOrNothing({ positions, ...(normals ? { normals } : {}), indices, color });
}

/** rhino3dm's enums are Embind objects whose number is `value` (not in the typings). */
const enumValue = (entry: unknown): number => (entry as { value: number }).value;

const rgba = (c: RhinoColour): Rgba => [c.r / 255, c.g / 255, c.b / 255, c.a === 0 ? 1 : c.a / 255];
