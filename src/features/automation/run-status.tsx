import type { WorkItemStatusValue } from '../../../contracts/design-automation';
import { StatusPill, type PillTone } from '../../components/ui/status-pill';

const WORDS: Record<WorkItemStatusValue, [string, PillTone]> = {
  pending: ['Queued', 'neutral'],
  inprogress: ['Running', 'accent'],
  success: ['Succeeded', 'success'],
  cancelled: ['Cancelled', 'neutral'],
  failedDownload: ['Input failed', 'danger'],
  failedInstructions: ['Program failed', 'danger'],
  failedUpload: ['Output failed', 'danger'],
  failedUploadOptional: ['Optional output failed', 'danger'],
  failedLimitDataSize: ['Too much data', 'warning'],
  failedLimitProcessingTime: ['Ran too long', 'warning'],
};

export function RunStatus({ status }: { status: WorkItemStatusValue }) {
  const [words, tone] = WORDS[status];
  return (
    <StatusPill tone={tone}>
      {words}
      <span className="sr-only"> ({status})</span>
    </StatusPill>
  );
}

/** What a final status means and what to do about it, before the report is read. */
export function statusMeaning(status: WorkItemStatusValue): string | null {
  switch (status) {
    case 'failedDownload':
      return 'An input could not be fetched: its signed address expired, the file was deleted, or its host is not one the platform may reach.';
    case 'failedInstructions':
      return 'The program of the activity failed: it ended with an error, or its engine does not run on this platform. The report holds its output.';
    case 'failedUpload':
      return 'A result could not be sent where it was told: the destination refused it, or the program did not write the file the activity names.';
    case 'failedUploadOptional':
      return 'An optional result could not be sent; the rest was.';
    case 'failedLimitDataSize':
      return 'The job read or wrote more than the engine allows.';
    case 'failedLimitProcessingTime':
      return 'The program ran longer than the engine allows and was stopped.';
    case 'cancelled':
      return 'The job was cancelled before it ended.';
    default:
      return null;
  }
}
