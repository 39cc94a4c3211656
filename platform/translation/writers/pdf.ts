import PDFDocument from 'pdfkit';
import type { ReadModel } from '../model';
import { drawDrawingPage } from './pdf-drawing';
import { drawModelPages } from './pdf-model';
import { PAGE } from './pdf-page';

/**
 * A vector PDF on A3 landscape: a 2D drawing as drawn, or a 3D model as a plan section per level
 * followed by a shaded isometric view. The same model always gives the same bytes (fixed dates, no
 * random ids), so outputs can be compared and cached.
 */

/** 2000-01-01: a fixed creation date, so the file does not change from one run to the next. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

export interface PdfOptions {
  /** The source's name, for the title line; the source format when absent. */
  title?: string;
}

export async function writePdf(model: ReadModel, options: PdfOptions = {}): Promise<Uint8Array> {
  const title = options.title ?? `${model.sourceFormat} model`;
  const doc = new PDFDocument({
    size: 'A3',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: title,
      Producer: 'Design Data Manager',
      Creator: 'Design Data Manager',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (model.drawing) drawDrawingPage(doc, model, title);
  else drawModelPages(doc, model, title);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
