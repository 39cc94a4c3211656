import type { JobOutputFormat, OutputType, ViewKind } from '../../contracts/model-derivative';
import type { EngineMessage } from './model';

/** One translation, as the job runner hands it to the engine (in a worker process). */
export interface TranslationRequest {
  /** The source file on disk (a copy the engine may read, never the stored blob itself). */
  sourcePath: string;
  /** The source's name, whose extension picks the reader (`rootFilename` for zips). */
  fileName: string;
  /** The design's name as people know it, for the titles of documents made from it; `fileName` when absent
   * (a Data Management upload is stored under a generated key, not its name). */
  title?: string;
  /** Set when the source is a zip: the file inside it to translate. */
  rootFilename?: string;
  outputs: JobOutputFormat[];
  /** An empty directory the engine writes its files into. */
  outDir: string;
}

/** One file the engine wrote, relative to `outDir`. */
export interface EngineFile {
  /** Manifest role: `graphics`, `Autodesk.CloudPlatform.PropertyDatabase`, `thumbnail`, `obj`, `stl`, `ifc`, `pdf` … */
  role: string;
  /** File name within `outDir` (also the last segment of its derivative URN). */
  path: string;
  mime: string;
  size: number;
  /** PNGs only. */
  resolution?: [number, number];
}

/** A viewable of an `svf2` output: one model view, served by `…/metadata/{guid}`. */
export interface EngineView {
  guid: string;
  name: string;
  role: ViewKind;
  files: EngineFile[];
}

export interface EngineDerivative {
  outputType: OutputType;
  status: 'success' | 'failed';
  messages: EngineMessage[];
  /** `svf2` only. */
  views: EngineView[];
  /** Downloadable outputs (obj, stl, ifc, pdf) and thumbnails. */
  files: EngineFile[];
}

export interface TranslationResult {
  derivatives: EngineDerivative[];
  /**
   * The property database (`PropertyDatabase` JSON, see properties-db.ts) relative to `outDir`,
   * shared by every view; absent when reading failed.
   */
  propertiesPath?: string;
  /** Warnings from reading the source, shown on every derivative. */
  warnings: EngineMessage[];
}

/** Progress in percent (0–100) as the engine moves through its steps. */
export type ProgressListener = (percent: number) => void;

/** What the Model Derivative service runs jobs with: a pool of worker processes in the platform, a fake in some tests. */
export interface Translator {
  translate(request: TranslationRequest, onProgress: ProgressListener, signal: AbortSignal): Promise<TranslationResult>;
  close(): Promise<void>;
}

/** The job took longer than the configured limit; the job ends as `timeout`. */
export class TranslationTimeoutError extends Error {}
