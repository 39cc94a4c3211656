import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTableObj } from '../demo/meshes';
import { runTranslation } from './engine';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-title-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function pdfOf(title?: string): Promise<string> {
  const sourcePath = path.join(dir, 'source');
  await writeFile(sourcePath, demoTableObj());
  const outDir = await mkdtemp(path.join(dir, 'out-'));
  const request = {
    sourcePath,
    fileName: '0d9e7c1a.obj',
    outputs: [{ type: 'pdf' as const }],
    outDir,
    ...(title ? { title } : {}),
  };
  const result = await runTranslation(request, () => undefined);
  const file = result.derivatives[0]!.files.find((candidate) => candidate.role === 'pdf')!;
  return (await readFile(path.join(outDir, file.path))).toString('latin1');
}

describe('the PDF a translation makes', () => {
  it('is titled with the name the request gives, not the stored file’s key', async () => {
    const pdf = await pdfOf('Table.obj');
    expect(pdf).toContain('Table.obj');
    expect(pdf).not.toContain('0d9e7c1a');
  });

  it('is titled with the file name when the request gives none', async () => {
    expect(await pdfOf()).toContain('0d9e7c1a.obj');
  });
});
