/** Wire types of OSS v2. */

/** The error body OSS answers with. */
export interface OssErrorBody {
  reason: string;
}
