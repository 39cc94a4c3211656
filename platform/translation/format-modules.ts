/**
 * The readers and writers whose libraries only their own formats need (three.js for OBJ, rhino3dm,
 * dxf-parser, PDFKit), loaded at their first job or once a worker's warm-up is done. Imported with
 * the engine, they cost every worker's start about half a second of CPU (the engine's import took
 * 2.0–2.4 s under tsx, 1.6–1.7 without them) before it could take the IFC job a person posts first.
 */
export const formatModules = {
  obj: () => import('./readers/obj'),
  rhino: () => import('./readers/rhino'),
  dxf: () => import('./readers/dxf'),
  pdf: () => import('./writers/pdf'),
};

export async function loadFormatModules(): Promise<void> {
  await Promise.all(Object.values(formatModules).map((load) => load()));
}
