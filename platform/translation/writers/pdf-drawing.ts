import type { DrawingEntity, ReadModel } from '../model';
import { Bounds2D, inkOnLight, pathSegments } from './geometry';
import { fit, hex, pageWithTitle, type Pdf } from './pdf-page';

/** A 2D drawing as drawn: every path and text in vector, its colours, fitted on one A3 page. */

const UNIT_NAMES: Array<[number, string]> = [
  [0.001, 'millimetres'],
  [0.01, 'centimetres'],
  [1, 'metres'],
  [0.0254, 'inches'],
  [0.3048, 'feet'],
  [1000, 'kilometres'],
];

export function unitName(unitMetres: number): string {
  const known = UNIT_NAMES.find(([metres]) => Math.abs(metres - unitMetres) < metres * 1e-6);
  return known ? known[1] : `units of ${unitMetres} m`;
}

function drawingBounds(entities: DrawingEntity[]): { min: [number, number]; max: [number, number] } | undefined {
  const bounds = new Bounds2D();
  const add = (x: number, y: number) => {
    if (Number.isFinite(x) && Number.isFinite(y)) bounds.include(x, y);
  };
  for (const entity of entities) {
    for (const path of entity.paths) for (const [x, y] of path.points) add(x, y);
    for (const text of entity.texts) add(text.at[0], text.at[1]);
  }
  return bounds.isEmpty() ? undefined : { min: [bounds.minX, bounds.minY], max: [bounds.maxX, bounds.maxY] };
}

export function drawDrawingPage(doc: Pdf, model: ReadModel, title: string) {
  const drawing = model.drawing;
  const area = pageWithTitle(doc, title, `2D drawing, ${unitName(drawing?.unitMetres ?? 1)}`);
  const entities = drawing?.entities ?? [];
  const bounds = drawingBounds(entities);
  if (!bounds) {
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#666666')
      .text('The drawing has nothing to draw.', area.x, area.y + 20);
    return;
  }
  const { scale, centre, page } = fit(area, bounds.min, bounds.max);
  // Drawing Y goes up, PDF Y goes down.
  const toX = (x: number) => page[0] + (x - centre[0]) * scale;
  const toY = (y: number) => page[1] - (y - centre[1]) * scale;

  doc.lineWidth(0.5).lineJoin('round').lineCap('round');
  // Paths of one colour are stroked together: far fewer PDF operators for large drawings.
  let pending = '';
  let open = false;
  for (const entity of entities) {
    const color = hex(inkOnLight(entity.color));
    if (open && color !== pending) {
      doc.strokeColor(pending).stroke();
      open = false;
    }
    for (const path of entity.paths) {
      const finite = path.points.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
      if (finite) {
        const [first, ...rest] = path.points;
        if (!first || rest.length === 0) continue;
        doc.moveTo(toX(first[0]), toY(first[1]));
        for (const [x, y] of rest) doc.lineTo(toX(x), toY(y));
        if (path.closed) doc.closePath();
      } else {
        // A damaged path: its good segments only (pdfkit refuses NaN outright).
        for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed))
          doc.moveTo(toX(ax), toY(ay)).lineTo(toX(bx), toY(by));
      }
      open = true;
      pending = color;
    }
  }
  if (open) doc.strokeColor(pending).stroke();

  doc.font('Helvetica');
  for (const entity of entities) {
    if (entity.texts.length === 0) continue;
    doc.fillColor(hex(inkOnLight(entity.color)));
    for (const text of entity.texts) {
      const size = text.height * scale;
      if (
        !(size >= 0.5) ||
        !Number.isFinite(size) ||
        !Number.isFinite(text.at[0] + text.at[1] + text.rotationDegrees) ||
        text.text.trim() === ''
      )
        continue;
      doc.save();
      doc.translate(toX(text.at[0]), toY(text.at[1])).rotate(-text.rotationDegrees);
      doc.fontSize(size).text(text.text, 0, 0, { lineBreak: false, baseline: 'alphabetic' });
      doc.restore();
    }
  }
}
