import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { useThumbnailUrl } from '../../api/model-derivative/use-thumbnail-url';
import { Button } from '../../components/ui/button';
import { FileThumbnail } from '../../components/ui/file-icon';
import { CloseIcon } from '../../components/ui/icons';
import { TimeAgo } from '../../components/ui/time-ago';
import { formatBytes } from '../../lib/format-bytes';
import { useNow } from '../../lib/time';
import type { ContentRow } from './content-rows';
import type { MenuAction } from './row-menu';
import { TranslationPill, useTranslationState } from './translation-cell';
import { useDerivativeUrn } from './use-derivative-urn';
import { downloadableRows } from './use-download-rows';
import { Fact } from './version-facts';
import { versionComment } from './version-history';

export interface RowCommands {
  open: (row: ContentRow) => void;
  rename: (row: ContentRow) => void;
  move: (rows: ContentRow[]) => void;
  remove: (rows: ContentRow[]) => void;
  /** A row's menu entries from outside browse, plugged in by src/app (say, "Notify a URL of changes…" on a folder). */
  more?: (row: ContentRow) => MenuAction[];
  /** Entries for several picked rows from outside browse (say, "Translate N…"), plugged in by src/app. */
  moreForMany?: (rows: ContentRow[]) => MenuAction[];
  /** Many files in one zip, and how far the packing is. */
  downloadMany?: { run: (rows: ContentRow[]) => void; packing: { done: number; total: number } | null };
}

interface DetailsPanelProps {
  projectId: string;
  rows: ContentRow[];
  hrefOf: (row: ContentRow) => string;
  commands: RowCommands;
  onClose: () => void;
}

const PANEL =
  'flex w-80 shrink-0 flex-col gap-4 overflow-y-auto border-l border-neutral-200 p-4 dark:border-neutral-800';
const SHOWN_VERSIONS = 5;

/** What is picked in the folder: one row in full (picture, facts, ids, versions, translation), or a count and what can be done to all. */
export function DetailsPanel({ projectId, rows, hrefOf, commands, onClose }: DetailsPanelProps) {
  const close = (
    <Button size="sm" variant="ghost" aria-label="Close details" onClick={onClose}>
      <CloseIcon className="size-3.5" />
    </Button>
  );
  if (rows.length !== 1) {
    const folders = rows.filter((row) => row.kind === 'folder');
    const files = downloadableRows(rows);
    const packing = commands.downloadMany?.packing;
    return (
      <aside aria-label="Details" className={PANEL}>
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold">{rows.length} selected</h2>
          {close}
        </div>
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          {folders.length} {folders.length === 1 ? 'folder' : 'folders'}, {rows.length - folders.length}{' '}
          {rows.length - folders.length === 1 ? 'file' : 'files'}
        </p>
        <div className="flex flex-wrap gap-2">
          {folders.length === rows.length && (
            <Button size="sm" variant="secondary" onClick={() => commands.move(rows)}>
              Move…
            </Button>
          )}
          {(commands.moreForMany?.(rows) ?? []).map((action) => (
            <Button key={action.label} size="sm" variant="secondary" onClick={action.run}>
              {action.label}
            </Button>
          ))}
          {commands.downloadMany && files.length > 0 && (
            <Button size="sm" variant="secondary" loading={!!packing} onClick={() => commands.downloadMany?.run(rows)}>
              {packing ? `Packing ${packing.done} of ${packing.total}…` : `Download ${files.length} as zip`}
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => commands.remove(rows)}>
            Delete {rows.length}
          </Button>
        </div>
      </aside>
    );
  }
  const row = rows[0]!;
  return (
    <aside aria-label="Details" className={PANEL}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-sm font-semibold break-words">{row.name}</h2>
        {close}
      </div>
      <RowPicture row={row} />
      <dl className="divide-y divide-neutral-100 dark:divide-neutral-800">
        <Fact label="Type" value={row.typeLabel} />
        {row.size !== null && <Fact label="Size" value={formatBytes(row.size)} />}
        {row.versionNumber !== null && <Fact label="Version" value={`v${row.versionNumber}`} />}
        <Fact label="Modified by" value={row.modifiedBy} />
        <Fact label={row.kind === 'folder' ? 'Folder ID' : 'Item ID'} value={row.id} copy mono />
        {row.tipId && <Fact label="Version ID" value={row.tipId} copy mono />}
      </dl>
      {row.kind === 'item' && <ItemTranslation row={row} />}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={() => commands.open(row)}>
          Open
        </Button>
        {(commands.more?.(row) ?? []).map((action) => (
          <Button key={action.label} size="sm" variant="secondary" onClick={action.run}>
            {action.label}
          </Button>
        ))}
        <Button size="sm" variant="secondary" onClick={() => commands.rename(row)}>
          Rename…
        </Button>
        {row.kind === 'folder' && (
          <Button size="sm" variant="secondary" onClick={() => commands.move([row])}>
            Move…
          </Button>
        )}
        <Button size="sm" variant="danger" onClick={() => commands.remove([row])}>
          Delete
        </Button>
      </div>
      {row.kind === 'item' && <RecentVersions projectId={projectId} itemId={row.id} allHref={hrefOf(row)} />}
    </aside>
  );
}

function RowPicture({ row }: { row: ContentRow }) {
  const src = useThumbnailUrl(useDerivativeUrn(row), true, 200);
  return (
    <div className="flex h-40 items-center justify-center rounded-md bg-neutral-100 dark:bg-neutral-900">
      {src ? (
        <img src={src} alt={`Thumbnail of ${row.name}`} className="max-h-full max-w-full object-contain" />
      ) : (
        <FileThumbnail kind={row.fileKind} className="size-12" />
      )}
    </div>
  );
}

function ItemTranslation({ row }: { row: ContentRow }) {
  const translation = useTranslationState(useDerivativeUrn(row));
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="text-xs text-neutral-500 dark:text-neutral-400">Translation</span>
      <TranslationPill translation={translation} />
    </p>
  );
}

function RecentVersions({ projectId, itemId, allHref }: { projectId: string; itemId: string; allHref: string }) {
  const versions = useQuery(dmQueries.itemVersions({ projectId, itemId }));
  const now = useNow(60_000);
  const shown = (versions.data?.data ?? []).slice(0, SHOWN_VERSIONS);
  return (
    <section aria-labelledby="details-versions" className="space-y-2">
      <h3 id="details-versions" className="text-xs font-medium text-neutral-500 dark:text-neutral-400">
        Versions
      </h3>
      {versions.isPending && <p className="text-sm text-neutral-500 dark:text-neutral-400">Loading versions…</p>}
      {versions.isError && <p className="text-sm text-red-700 dark:text-red-300">Couldn't load the versions.</p>}
      <ol aria-label="Versions" className="space-y-1.5 text-sm">
        {shown.map((version) => (
          <li key={version.id} className="flex flex-col">
            <span className="flex gap-2">
              <span className="font-medium tabular-nums">v{version.attributes.versionNumber}</span>
              <TimeAgo
                at={Date.parse(version.attributes.createTime)}
                now={now}
                className="text-neutral-600 dark:text-neutral-300"
              />
              <span className="truncate text-neutral-600 dark:text-neutral-300">
                {version.attributes.createUserName}
              </span>
            </span>
            {versionComment(version) && (
              <span className="text-neutral-700 italic dark:text-neutral-200">{versionComment(version)}</span>
            )}
          </li>
        ))}
      </ol>
      <Link to={allHref} className="text-sm text-accent-700 hover:underline dark:text-accent-300">
        All versions
      </Link>
    </section>
  );
}
