/** Page layout shared by the PDF's drawing and model pages. */

export type Pdf = PDFKit.PDFDocument;

/** A3 landscape in PDF points. */
export const PAGE = { width: 1190.55, height: 841.89, margin: 36, titleHeight: 34 } as const;

/** A new page with the title line across its top; returns the box left for the content. */
export function pageWithTitle(
  doc: Pdf,
  title: string,
  subtitle: string,
): { x: number; y: number; width: number; height: number } {
  doc.addPage({ size: 'A3', layout: 'landscape', margin: PAGE.margin });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('black')
    .text(title, PAGE.margin, PAGE.margin, { lineBreak: false });
  const titleWidth = doc.widthOfString(title);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#444444')
    .text(`  ${subtitle}`, PAGE.margin + titleWidth, PAGE.margin + 2, { lineBreak: false });
  doc
    .moveTo(PAGE.margin, PAGE.margin + 22)
    .lineTo(PAGE.width - PAGE.margin, PAGE.margin + 22)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  const top = PAGE.margin + PAGE.titleHeight;
  return { x: PAGE.margin, y: top, width: PAGE.width - 2 * PAGE.margin, height: PAGE.height - top - PAGE.margin };
}

/** Scale and offset that fit a box of the given size (any units) centred into an area. */
export function fit(
  area: { x: number; y: number; width: number; height: number },
  min: [number, number],
  max: [number, number],
) {
  const width = Math.max(max[0] - min[0], 1e-9),
    height = Math.max(max[1] - min[1], 1e-9);
  const scale = Math.min(area.width / width, area.height / height);
  const centre: [number, number] = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2];
  return { scale, centre, page: [area.x + area.width / 2, area.y + area.height / 2] as [number, number] };
}

export const hex = ([r, g, b]: [number, number, number]): string =>
  `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
