import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderPdfPages } from '../../testing/translation/read-back';
import { writePdf } from './pdf';
import { planSection } from './plan-section';
import { boxMesh, smallBuilding, smallDrawing } from '../../testing/translation/models';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const pageCount = (pdf: Uint8Array) => latin1(pdf).match(/\/Type \/Page\b/g)?.length ?? 0;

/** The page content streams, inflated: what pdfkit drew, as PDF operators. */
function contents(pdf: Uint8Array): string[] {
  const text = latin1(pdf);
  const out: string[] = [];
  for (const match of text.matchAll(/\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(Buffer.from(text.slice(start, end), 'latin1')).toString('latin1'));
    } catch {
      // Not every deflated stream is a page (fonts, images); those that fail to inflate alone are skipped.
    }
  }
  return out;
}

describe('writePdf for a 3D model', () => {
  it('draws one plan page per level and a shaded isometric page, which poppler renders', async () => {
    const pdf = await writePdf(smallBuilding(), { title: 'house.ifc' });
    expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    const rendered = renderPdfPages(pdf);
    if (rendered === undefined) console.warn('pdf.test: pdftoppm is absent, so pages were counted in the file only.');
    else expect(rendered).toBe(3);
    const streams = contents(pdf).join('\n');
    expect(streams).toMatch(/ l\n/); // vector lines of the plan sections
    expect(latin1(pdf)).toContain('/Subtype /Image');
  });

  it('cuts each level 1 m above its elevation: the ground floor through the wall, the first floor through the north wall', () => {
    const ground = planSection(smallBuilding(), 1);
    expect(ground.flatMap((section) => section.color)).toEqual([204, 51, 51]);
    // Wall A is a 6 × 0.3 m box: its cut is a closed rectangle of that size.
    const segments = ground[0]?.segments ?? [];
    const xs = segments.filter((_, i) => i % 2 === 0),
      zs = segments.filter((_, i) => i % 2 === 1);
    expect(
      [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)].map((v) => Number(v.toFixed(5))),
    ).toEqual([0, 6, 0, 0.3]);
    let perimeter = 0;
    for (let i = 0; i < segments.length; i += 4)
      perimeter += Math.hypot(segments[i + 2]! - segments[i]!, segments[i + 3]! - segments[i + 1]!);
    expect(perimeter).toBeCloseTo(2 * (6 + 0.3), 5);
    const first = planSection(smallBuilding(), 4.5);
    expect(first.map((section) => section.color)).toEqual([
      [204, 51, 51],
      [128, 179, 230],
    ]);
  });

  it('draws one section through the lower part of a model without levels, and the same bytes each time', async () => {
    const part = {
      sourceFormat: 'STEP',
      warnings: [],
      objects: [
        {
          dbId: 1,
          name: 'Bolt',
          externalId: '1',
          category: 'Part',
          properties: {},
          meshes: [boxMesh([0, 0, 0], [0.02, 0.05, 0.02], [0.5, 0.5, 0.5, 1])],
        },
      ],
    };
    const pdf = await writePdf(part);
    expect(pageCount(pdf)).toBe(2);
    expect(planSection(part, 0.02)[0]?.segments.length).toBe(8 * 4);
    expect(Buffer.from(await writePdf(part)).equals(Buffer.from(pdf))).toBe(true);
  });

  it('writes a single page saying so for a model without geometry', async () => {
    const pdf = await writePdf({ sourceFormat: 'OBJ', objects: [], warnings: [] });
    expect(pageCount(pdf)).toBe(1);
  });
});

describe('writePdf for a 2D drawing', () => {
  it('draws the drawing as vectors on one A3 landscape page, with its colours and texts', async () => {
    const pdf = await writePdf(smallDrawing(), { title: 'plan.dxf' });
    expect(pageCount(pdf)).toBe(1);
    expect(latin1(pdf)).toMatch(/\/MediaBox \[0 0 1190\.55 841\.89\]/);
    const rendered = renderPdfPages(pdf);
    if (rendered !== undefined) expect(rendered).toBe(1);
    const page = contents(pdf).join('\n');
    expect(page).toContain('1 0 0 SCN'); // the red line
    expect(page).toContain('0 0 1 SCN'); // the blue arc
    expect(page).toContain('0 0 0 SCN'); // the white frame, drawn black on paper
    expect(page).toMatch(/\bTj\b|\bTJ\b/); // the text
    // The title's rule, then the drawing: a closed path closes with h, not with a fourth line.
    expect(page.match(/ l\n/g)?.length).toBe(1 + (1 + 16 + 3));
  });

  it('survives damaged input: non-finite points lose their segments, texts outside Latin-1 do not stop the page', async () => {
    const model = smallDrawing();
    model.drawing?.entities[0]?.paths.push({
      points: [
        [NaN, 0],
        [1, 2],
        [3, Infinity],
      ],
      closed: false,
    });
    model.drawing?.entities[3]?.texts.push(
      { at: [10, 10], height: 30, rotationDegrees: 30, text: '中文 ∅ Ø' },
      { at: [NaN, 0], height: 30, rotationDegrees: 0, text: 'lost' },
    );
    const pdf = await writePdf(model);
    expect(pageCount(pdf)).toBe(1);
    expect(latin1(pdf)).not.toMatch(/NaN|Infinity/);
  });
});
