import { useQuery } from '@tanstack/react-query';
import { decodeUrn, type Manifest } from '../../contracts/model-derivative';
import { mdQueries } from '../api/model-derivative/queries';
import { Button } from '../components/ui/button';
import { CopyButton } from '../components/ui/copy-button';
import { useObjectUrl } from '../lib/use-object-url';
import { useNow } from '../lib/time';
import { useLatestJob } from '../features/translate/job-store';
import { formatElapsed, ProgressBar, StatusBadge } from '../features/translate/job-status';

interface Props {
  urn: string;
  manifest: Manifest | undefined;
  onTranslate: () => void;
}

/** What this design is, its thumbnail, and the last translation this person started of it. */
export function ModelOverview({ urn, manifest, onTranslate }: Props) {
  const thumbnail = useQuery({ ...mdQueries.thumbnail(urn, 400), enabled: manifest?.hasThumbnail === 'true' });
  const src = useObjectUrl(thumbnail.data);
  const job = useLatestJob(urn);
  const now = useNow(1000);
  const source = decodeUrn(urn);
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="flex aspect-square items-center justify-center rounded-lg border border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
        {src ? (
          <img src={src} alt="Model thumbnail" className="size-full rounded-lg object-contain" />
        ) : (
          <span className="text-xs text-neutral-500">No thumbnail</span>
        )}
      </div>
      <div className="space-y-4 text-sm">
        <dl className="space-y-2">
          <div>
            <dt className="text-xs text-neutral-500">Source</dt>
            <dd className="flex items-center gap-1 font-mono text-xs break-all">
              {source ?? urn}
              <CopyButton value={urn} label="encoded URN" />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-neutral-500">Derivatives</dt>
            <dd>
              {manifest
                ? `${manifest.derivatives.map((derivative) => derivative.outputType).join(', ') || 'none'} · ${manifest.status}`
                : 'Not translated yet'}
            </dd>
          </div>
        </dl>
        {job && (
          <section
            aria-label="Latest translation"
            className="space-y-1.5 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
          >
            <div className="flex items-center gap-2">
              <span className="font-medium">Latest translation</span>
              <StatusBadge status={job.status} />
              <span className="ml-auto text-xs text-neutral-500 tabular-nums">
                {formatElapsed((job.endedAt ?? now) - job.startedAt)}
              </span>
            </div>
            {job.endedAt === null && <ProgressBar progress={job.progress} label="Translation progress" />}
            {job.message && <p className="text-xs text-red-700 dark:text-red-300">{job.message}</p>}
          </section>
        )}
        <Button variant="primary" onClick={onTranslate}>
          Translate…
        </Button>
      </div>
    </div>
  );
}
