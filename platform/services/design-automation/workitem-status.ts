import type { WorkItemStats, WorkItemStatus } from '../../../contracts/design-automation';
import type { DaWorkitemRecord } from '../../storage/repos/da-workitems';
import type { DaContext } from './context';
import { debugInfoPath, reportPath, signedStoreUrl } from './store-paths';

const STATS_ORDER = [
  'timeQueued',
  'timeDownloadStarted',
  'timeInstructionsStarted',
  'timeInstructionsEnded',
  'timeUploadEnded',
  'timeFinished',
  'bytesDownloaded',
  'bytesUploaded',
] as const;

/** The stats in the real service's order (the database keeps JSON keys in an order of its own). */
export function orderedStats(stats: WorkItemStats): WorkItemStats {
  const ordered: Record<string, string | number> = {};
  for (const key of STATS_ORDER) if (stats[key] !== undefined) ordered[key] = stats[key];
  return ordered as unknown as WorkItemStats;
}

export const isLive = (status: string): boolean => status === 'pending' || status === 'inprogress';

/** A workitem's status as the service answers it: report and debug URLs once it has ended. */
export async function workitemStatus(
  da: Pick<DaContext, 'base' | 'signer' | 'clock'>,
  record: DaWorkitemRecord,
  withActivity = false,
): Promise<WorkItemStatus> {
  const reportUrl = record.reportBlobId
    ? await signedStoreUrl(da as DaContext, reportPath(record.owner, record.id))
    : undefined;
  const debugInfoUrl = record.debugBlobId
    ? await signedStoreUrl(da as DaContext, debugInfoPath(record.owner, record.id))
    : undefined;
  return {
    status: record.status,
    ...(reportUrl ? { reportUrl } : {}),
    ...(debugInfoUrl ? { debugInfoUrl } : {}),
    stats: orderedStats(record.stats),
    id: record.id,
    ...(withActivity ? { activityId: record.activityId } : {}),
  };
}
