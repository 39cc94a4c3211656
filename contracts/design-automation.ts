/** Wire types of Design Automation v3 (`/da/{region}/v3/...`). */

/** Every state a workitem can be in; the first two are live, the rest final. */
export const WORKITEM_STATUSES = [
  'pending',
  'inprogress',
  'cancelled',
  'failedLimitDataSize',
  'failedLimitProcessingTime',
  'failedDownload',
  'failedInstructions',
  'failedUpload',
  'failedUploadOptional',
  'success',
] as const;
export type WorkItemStatusValue = (typeof WORKITEM_STATUSES)[number];
export type FinalWorkItemStatus = Exclude<WorkItemStatusValue, 'pending' | 'inprogress'>;

/** Times are ISO 8601 with seven fractional digits and `Z`, as the real service writes them. */
export interface WorkItemStats {
  timeQueued: string;
  timeDownloadStarted?: string;
  timeInstructionsStarted?: string;
  timeInstructionsEnded?: string;
  timeUploadEnded?: string;
  timeFinished?: string;
  bytesDownloaded?: number;
  bytesUploaded?: number;
}
