import type { ObjectDetails } from '../../../contracts/oss';
import { CopyButton } from '../../components/ui/copy-button';
import { Link } from 'react-router-dom';
import { DownloadIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { base64UrlEncode } from '../../lib/base64url';
import { formatBytes } from '../../lib/format-bytes';
import { modelPath } from '../../lib/model-paths';
import { ObjectName } from './object-name';

const HEAD =
  'sticky top-0 z-10 h-8 border-b border-neutral-200 bg-neutral-50/95 px-3 text-left text-xs font-medium text-neutral-500 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95 dark:text-neutral-400';
const CELL = 'h-9 border-b border-neutral-100 px-3 dark:border-neutral-800/70';
const ACTION = 'rounded px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-accent-500';

/** The URN the Model Derivative API takes: the object id in URL-safe base64 without padding. */
export const encodedUrn = (objectId: string) => base64UrlEncode(new TextEncoder().encode(objectId));

function TableHead() {
  return (
    <thead>
      <tr>
        <th scope="col" className={`${HEAD} pl-6`}>
          Key
        </th>
        <th scope="col" className={`${HEAD} text-right`}>
          Size
        </th>
        <th scope="col" className={HEAD}>
          Object id
        </th>
        <th scope="col" className={`${HEAD} pr-6 text-right`}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

export interface ObjectsTableProps {
  objects: ObjectDetails[];
  onDownload: (object: ObjectDetails) => void;
  onDelete: (object: ObjectDetails) => void;
}

export function ObjectsTable({ objects, onDownload, onDelete }: ObjectsTableProps) {
  return (
    <table aria-label="Objects" className="w-full border-separate border-spacing-0 text-sm">
      <TableHead />
      <tbody>
        {objects.map((object) => (
          <tr key={object.objectKey} className="group hover:bg-neutral-50 dark:hover:bg-neutral-900">
            <th scope="row" className={`${CELL} pl-6 text-left font-medium text-neutral-900 dark:text-neutral-100`}>
              <ObjectName objectKey={object.objectKey} urn={encodedUrn(object.objectId)} />
            </th>
            <td className={`${CELL} text-right text-neutral-600 tabular-nums dark:text-neutral-300`}>
              {formatBytes(object.size)}
            </td>
            <td className={CELL}>
              <span className="flex items-center gap-1">
                <code
                  className="max-w-64 truncate font-mono text-xs text-neutral-500 dark:text-neutral-400"
                  title={object.objectId}
                >
                  {object.objectId}
                </code>
                <CopyButton value={object.objectId} label={`object id of ${object.objectKey}`} />
                <CopyButton value={encodedUrn(object.objectId)} label={`encoded URN of ${object.objectKey}`} />
              </span>
            </td>
            <td className={`${CELL} pr-6 text-right whitespace-nowrap`}>
              <Link
                to={modelPath(encodedUrn(object.objectId), { translate: true, name: object.objectKey })}
                className={`${ACTION} text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-neutral-800`}
              >
                Translate<span className="sr-only"> {object.objectKey}</span>
              </Link>
              <button
                type="button"
                onClick={() => onDownload(object)}
                className={`${ACTION} text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800`}
              >
                <DownloadIcon className="inline size-3.5" /> Download
                <span className="sr-only"> {object.objectKey}</span>
              </button>
              <button
                type="button"
                onClick={() => onDelete(object)}
                className={`${ACTION} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/50`}
              >
                Delete<span className="sr-only"> {object.objectKey}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ObjectsTableSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading objects…
      </p>
      <table aria-hidden="true" className="w-full border-separate border-spacing-0 text-sm">
        <TableHead />
        <tbody>
          {Array.from({ length: 4 }, (_, index) => (
            <tr key={index}>
              <td className={`${CELL} pl-6`}>
                <Skeleton className="h-3 w-48" />
              </td>
              <td className={CELL}>
                <Skeleton className="ml-auto h-3 w-12" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-3 w-64" />
              </td>
              <td className={`${CELL} pr-6`} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
