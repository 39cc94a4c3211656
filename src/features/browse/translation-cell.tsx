import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/http';
import { mdQueries } from '../../api/model-derivative/queries';
import { StatusPill, TRANSLATION_TONE } from '../../components/ui/status-pill';
import type { TranslationStatus } from '../../../contracts/model-derivative';

const WORDS: Record<TranslationStatus, string> = {
  pending: 'Queued',
  inprogress: 'Translating',
  success: 'Translated',
  failed: 'Failed',
  timeout: 'Timed out',
};

export type TranslationState =
  | { state: 'unknown' }
  | { state: 'none' }
  | { state: 'known'; status: TranslationStatus; progress: string | undefined };

/** A version's translation as its manifest tells it: none yet (the manifest is a 404), or its status. */
export function useTranslationState(urn: string | null, enabled = true): TranslationState {
  // A row asks once: a failure shows as unknown in place rather than retrying behind the list.
  const manifest = useQuery({
    ...mdQueries.manifest(urn ?? ''),
    enabled: enabled && urn !== null,
    retry: false,
    staleTime: 60_000,
  });
  if (manifest.data) return { state: 'known', status: manifest.data.status, progress: manifest.data.progress };
  if (manifest.error instanceof ApiError && manifest.error.status === 404) return { state: 'none' };
  return { state: 'unknown' };
}

export function TranslationPill({ translation }: { translation: TranslationState }) {
  if (translation.state === 'unknown') return <span aria-label="Translation not known">—</span>;
  if (translation.state === 'none')
    return <span className="text-neutral-500 dark:text-neutral-400">Not translated</span>;
  const progress = translation.status === 'inprogress' && translation.progress ? ` ${translation.progress}` : '';
  return (
    <StatusPill tone={TRANSLATION_TONE[translation.status]}>
      {WORDS[translation.status]}
      {progress}
    </StatusPill>
  );
}
