import { Link } from 'react-router-dom';
import type { Version } from '../../../contracts/data-management';
import { describeError } from '../../api/describe-error';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import { formatBytes } from '../../lib/format-bytes';
import { useNow } from '../../lib/time';
import { TimeAgo } from '../../components/ui/time-ago';
import { NothingToDownloadError, useDownloadVersion } from './use-download-version';
import { DeletedLabel, isDeletedVersion, VersionTranslation } from './version-translation';

const HEAD =
  'sticky top-0 h-8 border-b border-neutral-200 bg-neutral-50 px-3 text-left text-xs font-medium text-neutral-500 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-400';
const CELL = 'h-9 border-b border-neutral-100 px-3 whitespace-nowrap dark:border-neutral-800/70';

/** Versions come with an optional comment in `extension.data.comment`. */
export function versionComment(version: Version): string | null {
  const comment = version.attributes.extension.data['comment'];
  return typeof comment === 'string' && comment.trim() !== '' ? comment : null;
}

interface VersionHistoryProps {
  versions: Version[];
  selected: number | null;
  hrefOf: (version: Version) => string;
}

/** Every version of an item, newest first, each with its author, size, comment and a download. */
export function VersionHistory({ versions, selected, hrefOf }: VersionHistoryProps) {
  const download = useDownloadVersion();
  const now = useNow(60_000);
  const failed = download.isError ? download.variables : undefined;
  return (
    <div className="space-y-3 overflow-x-auto">
      <table aria-label="Version history" className="w-full border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className={`${HEAD} pl-4`}>
              Version
            </th>
            <th scope="col" className={HEAD}>
              Date
            </th>
            <th scope="col" className={`${HEAD} hidden sm:table-cell`}>
              Author
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Size
            </th>
            <th scope="col" className={`${HEAD} hidden lg:table-cell`}>
              Translation
            </th>
            <th scope="col" className={`${HEAD} hidden md:table-cell`}>
              Comment
            </th>
            <th scope="col" className={`${HEAD} pr-4 text-right`}>
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => {
            const { versionNumber, createTime, createUserName, storageSize } = version.attributes;
            const current = versionNumber === selected;
            const deleted = isDeletedVersion(version);
            const created = Date.parse(createTime);
            return (
              <tr
                key={version.id}
                className={cx(
                  current ? 'bg-accent-50/70 dark:bg-accent-950/40' : 'hover:bg-neutral-50 dark:hover:bg-neutral-900',
                )}
              >
                <th scope="row" className={`${CELL} pl-4 text-left font-medium tabular-nums`}>
                  <Link
                    to={hrefOf(version)}
                    aria-current={current ? 'page' : undefined}
                    className="text-accent-700 hover:underline dark:text-accent-300"
                  >
                    v{versionNumber}
                  </Link>
                </th>
                <td className={`${CELL} text-neutral-600 tabular-nums dark:text-neutral-300`}>
                  <TimeAgo at={created} now={now} />
                </td>
                <td className={`${CELL} hidden text-neutral-600 sm:table-cell dark:text-neutral-300`}>
                  {createUserName}
                </td>
                <td className={`${CELL} text-right text-neutral-600 tabular-nums dark:text-neutral-300`}>
                  {deleted ? <DeletedLabel /> : storageSize === undefined ? '—' : formatBytes(storageSize)}
                </td>
                <td className={`${CELL} hidden lg:table-cell`}>
                  <VersionTranslation version={version} />
                </td>
                <td className={`${CELL} hidden max-w-72 truncate text-neutral-600 md:table-cell dark:text-neutral-300`}>
                  {versionComment(version) ?? '—'}
                </td>
                <td className={`${CELL} pr-4 text-right`}>
                  {!deleted && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Download version ${versionNumber}`}
                      loading={download.isPending && download.variables.id === version.id}
                      onClick={() => download.mutate(version)}
                    >
                      <DownloadIcon className="size-3.5" />
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {failed && (
        <div className="px-4">
          <Alert tone="danger" title={`Couldn't download version ${failed.attributes.versionNumber}`}>
            {download.error instanceof NothingToDownloadError
              ? download.error.message
              : describeError(download.error).message}
          </Alert>
        </div>
      )}
    </div>
  );
}
