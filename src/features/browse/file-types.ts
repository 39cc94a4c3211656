import type { FileKind } from '../../components/ui/file-icon';

/** What kind of file a name or a version's fileType is, in the words people use, and which icon shows it. */

interface FileType {
  label: string;
  kind: FileKind;
}

const TYPES: Record<string, FileType> = {
  ifc: { label: 'IFC model', kind: 'model' },
  rvt: { label: 'Revit model', kind: 'model' },
  nwd: { label: 'Navisworks model', kind: 'model' },
  step: { label: 'STEP model', kind: 'model' },
  stp: { label: 'STEP model', kind: 'model' },
  iges: { label: 'IGES model', kind: 'model' },
  f3d: { label: 'Fusion design', kind: 'model' },
  obj: { label: 'OBJ mesh', kind: 'mesh' },
  stl: { label: 'STL mesh', kind: 'mesh' },
  fbx: { label: 'FBX scene', kind: 'mesh' },
  gltf: { label: 'glTF scene', kind: 'mesh' },
  glb: { label: 'glTF scene', kind: 'mesh' },
  dwg: { label: 'DWG drawing', kind: 'drawing' },
  dxf: { label: 'DXF drawing', kind: 'drawing' },
  pdf: { label: 'PDF document', kind: 'document' },
  docx: { label: 'Word document', kind: 'document' },
  xlsx: { label: 'Spreadsheet', kind: 'document' },
  csv: { label: 'CSV table', kind: 'document' },
  png: { label: 'PNG image', kind: 'image' },
  jpg: { label: 'JPEG image', kind: 'image' },
  jpeg: { label: 'JPEG image', kind: 'image' },
  txt: { label: 'Text', kind: 'text' },
  json: { label: 'JSON', kind: 'text' },
  zip: { label: 'ZIP archive', kind: 'archive' },
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The version's own fileType wins; the name's extension is the fallback. */
export function fileTypeOf(name: string, fileType?: string): FileType & { extension: string } {
  const extension = (fileType ?? extensionOf(name)).toLowerCase();
  const known = TYPES[extension];
  if (known) return { ...known, extension };
  return { label: extension ? `${extension.toUpperCase()} file` : 'File', kind: 'file', extension };
}
