import type { ReadModel } from '../model';
import { inkOnLight, meshObjects, pathSegments, usableMeshes } from './geometry';
import { GlbBuilder, Mode } from './glb-pack';
import { GlbPreparation } from './glb-prepare';
import { nodeQuantization, quantizeLines } from './glb-quantize';

/**
 * Our web viewable: a GLB with one node per object (`extras: {dbId, externalId}`, which the viewer
 * maps to the property database), quantized and compressed with EXT_meshopt_compression. Geometry is
 * in world space; each node's translation and scale only undo its quantization.
 */

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
 * entity, as the object tree lists them, so a pick, a selection or an isolate reaches one entity and a
 * layer is its entities. Texts are not drawn here (the PDF has them).
 */
export async function writeDrawingGlb(model: ReadModel): Promise<Uint8Array> {
  const drawing = model.drawing;
  const glb = new GlbBuilder('2D');
  const objects = new Map(model.objects.map((object) => [object.dbId, object]));
  const layers = new Map(
    model.objects.filter((object) => object.category === 'Layer').map((object) => [object.name, object]),
  );
  const unit = drawing?.unitMetres ?? 1;
  for (const entity of drawing?.entities ?? []) {
    const points: number[] = [];
    for (const path of entity.paths) {
      for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed))
        points.push(ax * unit, ay * unit, 0, bx * unit, by * unit, 0);
    }
    if (points.length === 0) continue;
    const [r, g, b] = inkOnLight(entity.color);
    const positions = new Float32Array(points);
    const placement = nodeQuantization([positions]);
    const primitive = glb.primitive(
      quantizeLines(placement, positions),
      glb.material([r / 255, g / 255, b / 255, 1]),
      Mode.LINES,
    );
    // An entity the tree does not list is drawn as part of the object named as its layer.
    const owner = objects.get(entity.dbId) ?? layers.get(entity.layer);
    glb.node(
      owner?.name ?? entity.layer,
      [primitive],
      placement,
      owner ? { dbId: owner.dbId, externalId: owner.externalId } : undefined,
    );
  }
  return glb.write();
}
