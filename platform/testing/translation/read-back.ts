import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { IfcAPI } from 'web-ifc';
import { webIfc } from '../../translation/readers/web-ifc';

/** Opens each of the engine's outputs with an independent reader, as the tests' proof that other tools can. */

interface ValidatorReport {
  issues: { numErrors: number; messages: Array<{ code: string; message: string; severity: number }> };
  info?: { extensionsUsed?: string[] };
}
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options?: object): Promise<ValidatorReport>;
};

/** gltf-validator's errors for a GLB (empty when valid). */
export async function glbErrors(glb: Uint8Array): Promise<string[]> {
  const report = await validator.validateBytes(glb, { maxIssues: 20 });
  return report.issues.messages
    .filter((issue) => issue.severity === 0)
    .map((issue) => `${issue.code}: ${issue.message}`);
}

/** Vertices and faces of an OBJ as three's loader reads them. */
export function parseObj(text: string): { objects: number; triangles: number } {
  const group = new OBJLoader().parse(text);
  let triangles = 0;
  group.traverse((node) => {
    const geometry = (node as { geometry?: { attributes: { position: { count: number } } } }).geometry;
    if (geometry) triangles += geometry.attributes.position.count / 3;
  });
  return { objects: group.children.length, triangles };
}

/** Triangles of a binary STL, checked against its length. */
export function binaryStlTriangles(stl: Uint8Array): number {
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  const count = view.getUint32(80, true);
  if (stl.byteLength !== 84 + count * 50)
    throw new Error(`STL length ${stl.byteLength} does not hold ${count} triangles`);
  return count;
}

let ifcApi: Promise<IfcAPI> | undefined;
/** Products with geometry, and their triangles, as web-ifc reads an IFC file back. */
export async function reopenIfc(ifc: Uint8Array): Promise<{ meshes: number; triangles: number; schema: string }> {
  ifcApi ??= (async () => {
    const api = new webIfc.IfcAPI();
    await api.Init(undefined, true);
    return api;
  })();
  const api = await ifcApi;
  const model = api.OpenModel(ifc);
  try {
    let meshes = 0;
    let triangles = 0;
    api.StreamAllMeshes(model, (mesh) => {
      meshes += 1;
      for (let i = 0; i < mesh.geometries.size(); i++) {
        const geometry = api.GetGeometry(model, mesh.geometries.get(i).geometryExpressID);
        triangles += geometry.GetIndexDataSize() / 3;
        geometry.delete();
      }
    });
    return { meshes, triangles, schema: api.GetModelSchema(model) };
  } finally {
    api.CloseModel(model);
  }
}

/** Pages of a PDF as poppler renders them (PNG files), or undefined where pdftoppm is missing. */
export function renderPdfPages(pdf: Uint8Array): number | undefined {
  if (!['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].some((candidate) => existsSync(candidate))) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ddm-pdf-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '20', '-png', path.join(dir, 'in.pdf'), path.join(dir, 'page')], { stdio: 'pipe' });
    return readdirSync(dir).filter((name) => name.endsWith('.png')).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Size of a PNG and how many of its pixels differ from its corner (the background). */
export function pngFacts(png: Uint8Array): { width: number; height: number; drawn: number } {
  const image = PNG.sync.read(Buffer.from(png));
  const { data, width, height } = image;
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) drawn += 1;
  }
  return { width, height, drawn };
}
