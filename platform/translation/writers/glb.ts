import type { ModelObject, ReadModel, Rgba } from '../model';
import { colorKey, inkOnLight, meshObjects, pathSegments, usableMeshes } from './geometry';
import { GlbBuilder, Mode } from './glb-pack';
import { GlbPreparation } from './glb-prepare';
import { nodeQuantization, quantizeLines } from './glb-quantize';

/**
 * Our web viewable: a GLB with one node per object (`extras: {dbId, externalId}`, which the viewer
 * maps to the property database), quantized and compressed with EXT_meshopt_compression. Geometry is
 * in world space; each node's translation and scale only undo its quantization.
 */

/** The entity's layer object: the nearest ancestor named as its layer, else its parent. */
function layerOf(objects: Map<number, ModelObject>, dbId: number, layer: string): ModelObject | undefined {
  const owner = objects.get(dbId);
  const seen = new Set<number>();
  for (let at = owner?.parent; at !== undefined && !seen.has(at); at = objects.get(at)?.parent) {
    seen.add(at);
    if (objects.get(at)?.name === layer) return objects.get(at);
  }
  return owner?.parent === undefined ? undefined : objects.get(owner.parent);
}

/**
 * `preparation` holds what was quantized while the model was still being read; the rest is quantized here.
 * A `hidden` object's node carries `extras.hidden`: in the model, not drawn until someone asks (glTF has no visibility of its own).
 */
export async function writeModelGlb(
  model: ReadModel,
  preparation = new GlbPreparation(),
  hidden: ReadonlySet<number> = new Set(),
): Promise<Uint8Array> {
  const glb = new GlbBuilder('3D');
  for (const object of meshObjects(model)) {
    const { placement, primitives } = preparation.node(usableMeshes(object));
    const packed = primitives.flatMap(({ source, quantized }) =>
      quantized ? [glb.primitive(quantized, glb.material(source.color, source.material))] : [],
    );
    if (packed.length)
      glb.node(object.name, packed, placement, {
        dbId: object.dbId,
        externalId: object.externalId,
        ...(hidden.has(object.dbId) ? { hidden: true } : {}),
      });
  }
  return glb.write();
}

/**
 * A 2D drawing as LINES primitives in the XY plane (z = 0), in metres: a glTF viewer's default camera
 * looks down −Z with +Y up, so the drawing faces it the right way up without a turn. One node per
 * layer, one primitive per colour within it. Texts are not drawn here (the PDF has them).
 */
export async function writeDrawingGlb(model: ReadModel): Promise<Uint8Array> {
  const drawing = model.drawing;
  const glb = new GlbBuilder('2D');
  const objects = new Map(model.objects.map((object) => [object.dbId, object]));
  const unit = drawing?.unitMetres ?? 1;

  // layer name → colour key → segment end points
  const layers = new Map<string, { object?: ModelObject; colors: Map<string, { color: Rgba; points: number[] }> }>();
  for (const entity of drawing?.entities ?? []) {
    let layer = layers.get(entity.layer);
    if (!layer) {
      const layerObject = layerOf(objects, entity.dbId, entity.layer);
      layer = { ...(layerObject ? { object: layerObject } : {}), colors: new Map() };
      layers.set(entity.layer, layer);
    }
    const [r, g, b] = inkOnLight(entity.color);
    const color: Rgba = [r / 255, g / 255, b / 255, 1];
    const key = colorKey(color);
    const bucket = layer.colors.get(key) ?? { color, points: [] };
    layer.colors.set(key, bucket);
    for (const path of entity.paths) {
      for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed))
        bucket.points.push(ax * unit, ay * unit, 0, bx * unit, by * unit, 0);
    }
  }

  for (const [name, layer] of layers) {
    const lines = [...layer.colors.values()]
      .filter(({ points }) => points.length > 0)
      .map(({ color, points }) => ({ color, positions: new Float32Array(points) }));
    if (lines.length === 0) continue;
    const placement = nodeQuantization(lines.map(({ positions }) => positions));
    const primitives = lines.map(({ color, positions }) =>
      glb.primitive(quantizeLines(placement, positions), glb.material(color), Mode.LINES),
    );
    glb.node(
      layer.object?.name ?? name,
      primitives,
      placement,
      layer.object ? { dbId: layer.object.dbId, externalId: layer.object.externalId } : undefined,
    );
  }
  return glb.write();
}
