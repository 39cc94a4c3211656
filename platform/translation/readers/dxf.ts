import DxfParser, {
  type IDxf,
  type IEntity,
  type IInsertEntity,
  type IMtextEntity,
  type ITextEntity,
} from 'dxf-parser';
import {
  TranslationError,
  type Drawing,
  type DrawingEntity,
  type DrawingPath,
  type DrawingText,
  type EngineMessage,
  type ModelObject,
  type ReadModel,
  type Rgba,
} from '../model';
import {
  apply,
  compose,
  entityPaths,
  IDENTITY,
  MIRROR_X,
  plainMtext,
  rotateScale,
  translate,
  type Affine,
} from './dxf-geometry';
import { malformed, utf8 } from './mesh-utils';

/** Metres per unit of $INSUNITS (AutoCAD's codes); 0 (unitless) and unknown codes count as 1. */
const INSUNITS: Record<number, number> = {
  1: 0.0254,
  2: 0.3048,
  3: 1609.344,
  4: 0.001,
  5: 0.01,
  6: 1,
  7: 1000,
  8: 2.54e-8,
  9: 2.54e-5,
  10: 0.9144,
  14: 0.1,
  15: 10,
  16: 100,
};
const NOT_DRAWN = new Set(['POINT', 'ATTDEF', 'VERTEX', 'SEQEND']);
/** Nested INSERTs deeper than this, or more points than this in all, are a hostile file, not a drawing. */
const MAX_DEPTH = 16;
const MAX_POINTS = 5_000_000;

interface Context {
  dxf: IDxf;
  warnings: EngineMessage[];
  points: number;
  missingBlocks: Set<string>;
}

/** 2D DXF through dxf-parser: one object per layer with its entities as children, blocks expanded into their INSERTs. */
export function readDxf(bytes: Uint8Array): ReadModel {
  if (bytes.length === 0) throw malformed('DXF', 'it is empty.');
  const text = utf8(bytes);
  if (!/^\s*(?:0\s*\r?\n\s*SECTION|999\s*\r?\n)/.test(text))
    throw malformed(
      'DXF',
      'it does not begin with a SECTION, so it is not an ASCII DXF file (binary DXF and DWG are not read).',
    );
  if (!/\bEOF\s*$/.test(text.slice(-64)))
    throw new TranslationError(
      'TranslationWorker-InvalidSource',
      'The DXF file is truncated: it does not end with EOF.',
    );
  let dxf: IDxf | null;
  try {
    dxf = new DxfParser().parseSync(text);
  } catch (error) {
    throw malformed('DXF', `${error instanceof Error ? error.message : String(error)}.`);
  }
  if (!dxf || !Array.isArray(dxf.entities)) throw malformed('DXF', 'it has no ENTITIES section.');
  const context: Context = { dxf, warnings: [], points: 0, missingBlocks: new Set() };
  const unknown = unsupportedEntities(text);
  if (unknown.size) {
    const list = [...unknown].map(([type, count]) => `${count} ${type}`).join(', ');
    context.warnings.push({
      type: 'warning',
      code: 'DXF-UnsupportedEntity',
      message: `Entities this reader does not draw were skipped: ${list}.`,
    });
  }

  const layerColour = (layer: string) => colourOf(dxf.tables?.layer?.layers?.[layer]?.color);
  const objects: ModelObject[] = [];
  const entities: DrawingEntity[] = [];
  const layers = new Map<string, ModelObject>();
  const modelSpace = dxf.entities.filter((entity) => !entity.inPaperSpace && !NOT_DRAWN.has(entity.type));
  // Layers in the order the layer table lists them, then any an entity names that the table lacks.
  const layerNames = [
    ...new Set([...Object.keys(dxf.tables?.layer?.layers ?? {}), ...modelSpace.map((entity) => entity.layer ?? '0')]),
  ];
  const perLayer = new Map<string, number>();
  for (const entity of modelSpace) perLayer.set(entity.layer ?? '0', (perLayer.get(entity.layer ?? '0') ?? 0) + 1);
  for (const name of layerNames) {
    const count = perLayer.get(name) ?? 0;
    if (count === 0) continue;
    const object: ModelObject = {
      dbId: objects.length + 1,
      name,
      externalId: `layer/${name}`,
      category: 'Layer',
      properties: { 'Identity Data': { Name: name, Type: 'Layer', Colour: hex(layerColour(name)), Entities: count } },
      meshes: [],
    };
    objects.push(object);
    layers.set(name, object);
  }
  for (const entity of modelSpace) {
    const layer = entity.layer ?? '0';
    const color = entity.colorIndex === 256 || entity.color === undefined ? layerColour(layer) : colourOf(entity.color);
    const drawn: DrawingEntity = { dbId: objects.length + 1, layer, color, paths: [], texts: [] };
    draw(entity, IDENTITY, drawn, context, 0);
    const name = `${entity.type} [${entity.handle ?? objects.length + 1}]`;
    const identity: Record<string, string | number> = {
      Name: name,
      Type: entity.type,
      Layer: layer,
      Colour: hex(color),
      Handle: String(entity.handle ?? ''),
    };
    if (entity.type === 'INSERT') identity['Block'] = (entity as IInsertEntity).name;
    objects.push({
      dbId: drawn.dbId,
      parent: layers.get(layer)?.dbId,
      name,
      externalId: String(entity.handle ?? drawn.dbId),
      category: entity.type,
      properties: { 'Identity Data': identity },
      meshes: [],
    });
    entities.push(drawn);
  }
  if (context.missingBlocks.size)
    context.warnings.push({
      type: 'warning',
      code: 'DXF-MissingBlock',
      message: `INSERTs of blocks the file does not define were skipped: ${[...context.missingBlocks].slice(0, 5).join(', ')}.`,
    });
  const units = Number(dxf.header?.['$INSUNITS'] ?? 0);
  const drawing: Drawing = { unitMetres: INSUNITS[units] ?? 1, entities };
  return {
    sourceFormat: `DXF ${headerText(dxf.header?.['$ACADVER'])}`.trim(),
    objects,
    drawing,
    warnings: context.warnings,
  };
}

/** Appends an entity's paths and texts, transformed into drawing coordinates, expanding INSERT and DIMENSION blocks. */
function draw(entity: IEntity, transform: Affine, into: DrawingEntity, context: Context, depth: number): void {
  const extrusion = entity as unknown as { extrusionDirectionZ?: number; extrusionDirection?: { z: number } };
  const own =
    (extrusion.extrusionDirectionZ ?? extrusion.extrusionDirection?.z ?? 1) < 0
      ? compose(transform, MIRROR_X)
      : transform;
  if (entity.type === 'INSERT' || entity.type === 'DIMENSION') {
    const name =
      entity.type === 'INSERT' ? (entity as IInsertEntity).name : (entity as unknown as { block?: string }).block;
    const block = name ? context.dxf.blocks?.[name] : undefined;
    if (!block) {
      if (entity.type === 'INSERT' && name) context.missingBlocks.add(name);
      return;
    }
    if (depth >= MAX_DEPTH)
      throw malformed('DXF', `its blocks nest more than ${MAX_DEPTH} deep (block ${name} inserts itself?).`);
    const base = translate(-(block.position?.x ?? 0), -(block.position?.y ?? 0));
    for (const placement of entity.type === 'INSERT' ? insertPlacements(entity as IInsertEntity) : [IDENTITY]) {
      const inner = compose(compose(own, placement), base);
      for (const child of block.entities ?? [])
        if (!NOT_DRAWN.has(child.type)) draw(child, inner, into, context, depth + 1);
    }
    return;
  }
  if (entity.type === 'TEXT' || entity.type === 'MTEXT') {
    into.texts.push(textOf(entity, own));
    return;
  }
  const paths = entityPaths(entity);
  if (!paths) return;
  for (const path of paths) {
    if (path.points.length < 2) continue;
    context.points += path.points.length;
    if (context.points > MAX_POINTS)
      throw malformed(
        'DXF',
        `it expands to more than ${MAX_POINTS.toLocaleString('en-US')} points once its blocks are inserted.`,
      );
    const placed: DrawingPath = { points: path.points.map(([x, y]) => apply(own, x, y)), closed: path.closed };
    into.paths.push(placed);
  }
}

/** An INSERT's placements: position · rotation · scale, repeated over its rows and columns. */
function insertPlacements(insert: IInsertEntity): Affine[] {
  const rotation = ((insert.rotation ?? 0) * Math.PI) / 180;
  const scale = rotateScale(rotation, insert.xScale ?? 1, insert.yScale ?? 1);
  const placements: Affine[] = [];
  const rows = Math.min(insert.rowCount || 1, 1000);
  const columns = Math.min(insert.columnCount || 1, 1000);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const [dx, dy] = apply(
        rotateScale(rotation, 1, 1),
        column * (insert.columnSpacing ?? 0),
        row * (insert.rowSpacing ?? 0),
      );
      placements.push(compose(translate((insert.position?.x ?? 0) + dx, (insert.position?.y ?? 0) + dy), scale));
    }
  }
  return placements;
}

function textOf(entity: IEntity, transform: Affine): DrawingText {
  const mtext = entity.type === 'MTEXT' ? (entity as IMtextEntity) : undefined;
  const text = entity as ITextEntity;
  const at = mtext ? mtext.position : text.halign || text.valign ? (text.endPoint ?? text.startPoint) : text.startPoint;
  const height = (mtext ? mtext.height : text.textHeight) || 1;
  const ownRotation = mtext?.directionVector
    ? (Math.atan2(mtext.directionVector.y, mtext.directionVector.x) * 180) / Math.PI
    : (mtext?.rotation ?? text.rotation ?? 0);
  const transformRotation = (Math.atan2(transform[1], transform[0]) * 180) / Math.PI;
  const scale = Math.hypot(transform[2], transform[3]);
  const raw = mtext
    ? plainMtext(mtext.text ?? '')
    : (text.text ?? '')
        .replace(/%%[cC]/g, 'Ø')
        .replace(/%%[dD]/g, '°')
        .replace(/%%[pP]/g, '±');
  return {
    at: apply(transform, at?.x ?? 0, at?.y ?? 0),
    height: height * scale,
    rotationDegrees: ownRotation + transformRotation,
    text: raw,
  };
}

/** Entity types in the ENTITIES and BLOCKS sections that dxf-parser drops without a word (HATCH, IMAGE, 3DSOLID …). */
function unsupportedEntities(text: string): Map<string, number> {
  const known = new Set([
    'LINE',
    'LWPOLYLINE',
    'POLYLINE',
    'ARC',
    'CIRCLE',
    'ELLIPSE',
    'SPLINE',
    'TEXT',
    'MTEXT',
    'INSERT',
    'DIMENSION',
    'SOLID',
    '3DFACE',
    'POINT',
    'ATTDEF',
    'VERTEX',
    'SEQEND',
    'ENDSEC',
    'BLOCK',
    'ENDBLK',
    'EOF',
    'SECTION',
    'ATTRIB',
    'VIEWPORT',
  ]);
  const counts = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  let section = '';
  // Group codes and values alternate line by line; a 0 code starts an entity (or a section marker).
  for (let i = 0; i + 1 < lines.length; i += 2) {
    if ((lines[i] as string).trim() !== '0') {
      if ((lines[i] as string).trim() === '2' && lines[i - 1]?.trim() === 'SECTION')
        section = (lines[i + 1] as string).trim();
      continue;
    }
    const type = (lines[i + 1] as string).trim();
    if ((section === 'ENTITIES' || section === 'BLOCKS') && !known.has(type))
      counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

/** A 24-bit RGB from dxf-parser as RGBA; white (ACI 7) is drawn black, as on paper. */
function colourOf(rgb: number | undefined): Rgba {
  if (rgb === undefined || rgb === 0xffffff) return [0, 0, 0, 1];
  return [((rgb >> 16) & 255) / 255, ((rgb >> 8) & 255) / 255, (rgb & 255) / 255, 1];
}

const hex = (color: Rgba) =>
  `#${color
    .slice(0, 3)
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const headerText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
