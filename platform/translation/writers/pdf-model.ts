import type { ReadModel } from '../model';
import { inkOnLight, modelBounds } from './geometry';
import { fit, hex, pageWithTitle, type Pdf } from './pdf-page';
import { planSection, sectionHeights } from './plan-section';
import { rasterModel } from './raster';
import { encodePng } from './png';

/**
 * A 3D model on paper: an exact vector plan section per level (all at one scale, so they overlay),
 * then a shaded isometric view. A vector iso view would need hidden-line removal to be right, so that
 * page embeds our rasteriser's image instead.
 */

/** The shaded view's resolution: sharp when printed on A3 (about 140 dpi across the page). */
const ISO_WIDTH = 1600;
const POINTS_PER_METRE_OF_PAPER = 72 / 0.0254;

export function drawModelPages(doc: Pdf, model: ReadModel, title: string) {
  const bounds = modelBounds(model);
  if (!bounds) {
    const area = pageWithTitle(doc, title, '3D model');
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#666666')
      .text('The model has no geometry to draw.', area.x, area.y + 20);
    return;
  }
  for (const { name, height } of sectionHeights(model, bounds.min[1], bounds.max[1])) {
    const area = pageWithTitle(doc, title, `${name}: plan section at ${height.toFixed(2)} m`);
    const plan = { ...area, height: area.height - 40 }; // room for the scale bar
    // Plan: x to the right, −z (glTF's "back") up the page, which is +z down the page.
    const { scale, centre, page } = fit(plan, [bounds.min[0], bounds.min[2]], [bounds.max[0], bounds.max[2]]);
    const toX = (x: number) => page[0] + (x - centre[0]) * scale;
    const toY = (z: number) => page[1] + (z - centre[1]) * scale;
    const sections = planSection(model, height);
    doc.lineWidth(0.75).lineCap('round');
    for (const { color, segments } of sections) {
      for (let i = 0; i + 3 < segments.length; i += 4) {
        doc.moveTo(toX(segments[i]!), toY(segments[i + 1]!)).lineTo(toX(segments[i + 2]!), toY(segments[i + 3]!));
      }
      doc.strokeColor(hex(darker(inkOnLight([color[0] / 255, color[1] / 255, color[2] / 255, 1])))).stroke();
    }
    if (sections.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor('#666666')
        .text('Nothing is cut at this height.', area.x, area.y + 10, { lineBreak: false });
    }
    scaleBar(doc, scale, area.x, area.y + area.height - 14);
  }
  const area = pageWithTitle(doc, title, 'Isometric view, shaded');
  const pixelsHigh = Math.round((ISO_WIDTH * area.height) / area.width);
  const png = encodePng(rasterModel(model, ISO_WIDTH, pixelsHigh));
  doc.image(Buffer.from(png), area.x, area.y, { fit: [area.width, area.height], align: 'center', valign: 'center' });
}

/** Section lines are drawn darker than the surface colour: light walls would vanish on white paper. */
const darker = ([r, g, b]: [number, number, number]): [number, number, number] => [r * 0.7, g * 0.7, b * 0.7];

/** A bar of a round length (1, 2 or 5 × 10ⁿ m) about 150 pt long, and the page's scale as 1:n on A3. */
function scaleBar(doc: Pdf, pointsPerMetre: number, x: number, y: number) {
  const target = 150 / pointsPerMetre;
  const power = 10 ** Math.floor(Math.log10(target));
  const metres = [1, 2, 5, 10]
    .map((step) => step * power)
    .reduce((best, value) => (Math.abs(value - target) < Math.abs(best - target) ? value : best));
  const length = metres * pointsPerMetre;
  doc.lineWidth(1).strokeColor('black');
  doc
    .moveTo(x, y)
    .lineTo(x + length, y)
    .stroke();
  for (const tick of [0, 0.5, 1])
    doc
      .moveTo(x + length * tick, y - 4)
      .lineTo(x + length * tick, y + 4)
      .stroke();
  const label = metres >= 1 ? `${metres} m` : `${Number((metres * 1000).toPrecision(3))} mm`;
  const ratio = Math.round(POINTS_PER_METRE_OF_PAPER / pointsPerMetre);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('black')
    .text(`${label}    scale 1:${ratio} on A3`, x + length + 8, y - 4, { lineBreak: false });
}
