import type { TranslationStatus } from '../../../contracts/model-derivative';
import { StatusPill, TRANSLATION_TONE } from '../../components/ui/status-pill';

const TEXT: Record<TranslationStatus, string> = {
  pending: 'Waiting',
  inprogress: 'In progress',
  success: 'Success',
  failed: 'Failed',
  timeout: 'Timed out',
};

/** A node's status in words, with its progress while it runs. */
export function NodeStatus({ status, progress }: { status: TranslationStatus; progress?: string }) {
  const running = status === 'pending' || status === 'inprogress';
  return (
    <StatusPill tone={TRANSLATION_TONE[status]}>
      {TEXT[status]}
      {running && progress && progress !== 'complete' ? ` · ${progress}` : ''}
    </StatusPill>
  );
}
