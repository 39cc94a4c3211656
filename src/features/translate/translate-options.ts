import type {
  FormatsResponse,
  JobOutputFormat,
  JobPayload,
  Manifest,
  OutputType,
  ViewKind,
} from '../../../contracts/model-derivative';

/** The order outputs are offered in: the viewable first, then the files people download. */
const OFFERED: readonly OutputType[] = ['svf2', 'obj', 'stl', 'ifc', 'pdf', 'thumbnail'];

export const OUTPUT_LABELS: Record<OutputType, string> = {
  svf2: 'Viewable (SVF2)',
  // Not offered (svf2 is), but a manifest made by another client may hold one.
  svf: 'Viewable (SVF, legacy)',
  obj: 'OBJ mesh',
  stl: 'STL mesh',
  ifc: 'IFC',
  pdf: 'PDF',
  thumbnail: 'Thumbnails',
};

export type StlFormat = 'binary' | 'ascii';
export type ThumbnailSize = 100 | 200 | 400;

export interface TranslateChoices {
  outputs: OutputType[];
  views: ViewKind[];
  stlFormat: StlFormat;
  thumbnailSize: ThumbnailSize;
  force: boolean;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The outputs the platform says it makes from a file with this name's extension. */
export function outputsFor(formats: FormatsResponse, fileName: string): OutputType[] {
  const extension = extensionOf(fileName);
  return OFFERED.filter((type) => formats.formats[type]?.includes(extension) ?? false);
}

/** The outputs a manifest already holds, so the dialog can offer to make them again. */
export function existingOutputs(manifest: Manifest | undefined): OutputType[] {
  return (
    manifest?.derivatives
      .filter((derivative) => derivative.status === 'success')
      .map((derivative) => derivative.outputType) ?? []
  );
}

export function defaultChoices(available: readonly OutputType[]): TranslateChoices {
  return {
    outputs: available.includes('svf2') ? ['svf2'] : available.slice(0, 1),
    views: ['2d', '3d'],
    stlFormat: 'binary',
    thumbnailSize: 200,
    force: false,
  };
}

/** The job body for the chosen outputs; options are sent only for the outputs they belong to. */
export function buildJobPayload(urn: string, choices: TranslateChoices): JobPayload {
  const formats = OFFERED.filter((type) => choices.outputs.includes(type)).map((type): JobOutputFormat => {
    if (type === 'svf2') return { type, views: choices.views };
    if (type === 'stl') return { type, advanced: { format: choices.stlFormat } };
    // The platform writes every size; asking for one names the size the manifest's thumbnail shows.
    if (type === 'thumbnail' && choices.thumbnailSize !== 200)
      return { type, advanced: { width: choices.thumbnailSize, height: choices.thumbnailSize } };
    return { type };
  });
  return { input: { urn }, output: { formats, destination: { region: 'US' } } };
}

/** Why the choices cannot be sent yet, or null when they can. */
export function choicesProblem(choices: TranslateChoices): string | null {
  if (choices.outputs.length === 0) return 'Choose at least one output.';
  if (choices.outputs.includes('svf2') && choices.views.length === 0) return 'Choose the 2D view, the 3D view or both.';
  return null;
}
