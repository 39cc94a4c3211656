import type { OutputType } from '../../contracts/model-derivative';

/** Source extensions of 3D models the engine reads. */
export const MODEL_EXTENSIONS = ['ifc', 'step', 'stp', 'iges', 'igs', 'obj', 'stl', 'gltf', 'glb', '3dm'] as const;
/** Source extensions of 2D drawings the engine reads. */
export const DRAWING_EXTENSIONS = ['dxf'] as const;

/**
 * Exactly the input → output pairs this engine converts, as `GET …/designdata/formats` lists them
 * (values are source extensions). A zip is translated through its `rootFilename`, so `zip` is listed too.
 */
export const SUPPORTED_FORMATS: Readonly<Record<OutputType, readonly string[]>> = {
  svf2: [...MODEL_EXTENSIONS, ...DRAWING_EXTENSIONS, 'zip'],
  // The real service lists the same sources for svf as for svf2; here both are the same viewable.
  svf: [...MODEL_EXTENSIONS, ...DRAWING_EXTENSIONS, 'zip'],
  thumbnail: [...MODEL_EXTENSIONS, ...DRAWING_EXTENSIONS, 'zip'],
  pdf: [...MODEL_EXTENSIONS, ...DRAWING_EXTENSIONS, 'zip'],
  obj: [...MODEL_EXTENSIONS, 'zip'],
  stl: [...MODEL_EXTENSIONS, 'zip'],
  ifc: [...MODEL_EXTENSIONS, 'zip'],
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const converts = (fileName: string, output: OutputType): boolean =>
  SUPPORTED_FORMATS[output].includes(extensionOf(fileName));
