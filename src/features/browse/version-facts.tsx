import type { Item, Version } from '../../../contracts/data-management';
import { CopyButton } from '../../components/ui/copy-button';
import { FileThumbnail } from '../../components/ui/file-icon';
import { formatBytes } from '../../lib/format-bytes';
import { formatDateTime } from '../../lib/time';
import { fileTypeOf } from './file-types';
import { versionComment } from './version-history';
import { isDeletedVersion } from './version-translation';

export function Fact({
  label,
  value,
  copy,
  mono = false,
}: {
  label: string;
  value: string;
  copy?: boolean;
  mono?: boolean;
}) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2 py-1.5">
      <dt className="text-xs text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="flex min-w-0 items-start gap-1 text-sm text-neutral-800 dark:text-neutral-200">
        <span className={mono ? 'font-mono text-xs break-all' : 'break-words'}>{value}</span>
        {copy && <CopyButton value={value} label={label} className="-mt-0.5 shrink-0" />}
      </dd>
    </div>
  );
}

/** The facts of one version, ids one click from the clipboard; the thumbnail waits for Model Derivative. */
export function VersionFacts({ item, version }: { item: Item; version: Version }) {
  const type = fileTypeOf(version.attributes.name, version.attributes.fileType);
  const { versionNumber, createTime, createUserName, storageSize } = version.attributes;
  const storage = version.relationships['storage']?.data?.id;
  const comment = versionComment(version);
  return (
    <section
      aria-labelledby="version-facts-heading"
      className="space-y-3 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-md bg-neutral-100 dark:bg-neutral-900">
          <FileThumbnail kind={type.kind} className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="version-facts-heading" className="text-sm font-semibold">
            Version {versionNumber}
          </h2>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">{type.label}</p>
        </div>
      </div>
      <dl className="divide-y divide-neutral-100 dark:divide-neutral-800">
        <Fact label="Created" value={`${formatDateTime(Date.parse(createTime))} by ${createUserName}`} />
        <Fact
          label="Size"
          value={
            isDeletedVersion(version)
              ? 'None: this version records that the file was deleted'
              : storageSize === undefined
                ? 'Unknown'
                : `${formatBytes(storageSize)} (${storageSize.toLocaleString()} bytes)`
          }
        />
        {comment && <Fact label="Comment" value={comment} />}
        <Fact label="Version ID" value={version.id} copy mono />
        <Fact label="Item ID" value={item.id} copy mono />
        {storage && <Fact label="Storage object" value={storage} copy mono />}
      </dl>
    </section>
  );
}
