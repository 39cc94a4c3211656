import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { ossQueries } from '../../api/oss/queries';
import { SELECT } from './project-picker';

export interface BucketPick {
  bucketKey: string;
  objectKey: string;
}

/** A bucket of this app and, for an input, one of its objects; for an output, the name to write. */
export function BucketPicker({
  mode,
  label,
  value,
  onChange,
}: {
  mode: 'object' | 'destination';
  label: string;
  value: BucketPick;
  onChange: (pick: BucketPick) => void;
}) {
  const id = useId();
  const buckets = useQuery(ossQueries.buckets());
  const bucketKey = value.bucketKey || buckets.data?.items[0]?.bucketKey || '';
  // The bucket shown first is the one chosen until another is.
  useEffect(() => {
    if (!value.bucketKey && bucketKey) onChange({ bucketKey, objectKey: value.objectKey });
  }, [bucketKey, value, onChange]);
  const objects = useQuery({
    ...ossQueries.objects({ bucketKey, beginsWith: '' }),
    enabled: mode === 'object' && Boolean(bucketKey),
  });
  if (buckets.data && buckets.data.items.length === 0)
    return <p className="text-sm text-neutral-600 dark:text-neutral-400">This app has no buckets yet.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      <label htmlFor={`${id}-bucket`} className="sr-only">
        Bucket for {label}
      </label>
      <select
        id={`${id}-bucket`}
        className={SELECT}
        value={bucketKey}
        onChange={(event) =>
          onChange({ bucketKey: event.target.value, objectKey: mode === 'object' ? '' : value.objectKey })
        }
      >
        {buckets.data?.items.map((bucket) => (
          <option key={bucket.bucketKey} value={bucket.bucketKey}>
            {bucket.bucketKey}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-object`} className="sr-only">
        {mode === 'object' ? `Object for ${label}` : `Object name for ${label}`}
      </label>
      {mode === 'object' ? (
        <select
          id={`${id}-object`}
          className={SELECT}
          value={value.objectKey}
          onChange={(event) => onChange({ bucketKey, objectKey: event.target.value })}
        >
          <option value="">Choose an object…</option>
          {objects.data?.items.map((object) => (
            <option key={object.objectKey} value={object.objectKey}>
              {object.objectKey}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={`${id}-object`}
          className={`${SELECT} font-mono`}
          value={value.objectKey}
          onChange={(event) => onChange({ bucketKey, objectKey: event.target.value })}
        />
      )}
    </div>
  );
}
