import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { POLICY_KEYS, type Bucket, type PolicyKey } from '../../../contracts/oss';
import { describeError } from '../../api/describe-error';
import { ossMutations } from '../../api/oss/mutations';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/class-names';
import { BUCKET_NAME_RULES, bucketNameProblem } from './bucket-name-rules';
import { POLICY_LABELS } from './bucket-policies';

export interface CreateBucketFormProps {
  onCreated: (bucket: Bucket) => void;
  onCancel: () => void;
}

/** A new bucket: the name is checked against the platform's rules while typing, before any request. */
export function CreateBucketForm({ onCreated, onCancel }: CreateBucketFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [policyKey, setPolicyKey] = useState<PolicyKey>('transient');
  const create = useMutation(ossMutations.createBucket());
  // Silent until something is typed: an empty field is not yet a mistake.
  const problem = name === '' ? undefined : bucketNameProblem(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name === '' || problem) return;
    create.mutate({ bucketKey: name, policyKey }, { onSuccess: onCreated });
  };

  return (
    <form
      aria-label="New bucket"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      className="space-y-4 border-b border-neutral-200 bg-neutral-50 px-6 py-4 dark:border-neutral-800 dark:bg-neutral-900/40"
    >
      <div className="max-w-md space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-neutral-800 dark:text-neutral-100">
          Bucket name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-rules ${id}-problem`}
          className={cx(
            'h-8 w-full rounded-md border bg-white px-2 font-mono text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:bg-neutral-950 dark:text-neutral-100',
            problem ? 'border-red-500 dark:border-red-400' : 'border-neutral-300 dark:border-neutral-700',
          )}
        />
        <p id={`${id}-rules`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {BUCKET_NAME_RULES}
        </p>
        <p id={`${id}-problem`} role="status" className="min-h-4 text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-neutral-800 dark:text-neutral-100">Retention policy</legend>
        <div className="flex flex-wrap gap-2">
          {POLICY_KEYS.map((key) => (
            <label
              key={key}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm has-checked:border-accent-500 dark:border-neutral-700 dark:bg-neutral-950"
            >
              <input
                type="radio"
                name={`${id}-policy`}
                value={key}
                checked={policyKey === key}
                onChange={() => setPolicyKey(key)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-neutral-900 dark:text-neutral-100">
                  {POLICY_LABELS[key].title}
                </span>
                <span className="block text-xs text-neutral-500 dark:text-neutral-400">
                  {POLICY_LABELS[key].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {create.isError && (
        <Alert tone="danger" title="Couldn't create the bucket">
          {describeError(create.error).message}
        </Alert>
      )}
      <div className="flex gap-2">
        <Button
          type="submit"
          variant="primary"
          loading={create.isPending}
          disabled={name === '' || problem !== undefined}
        >
          Create bucket
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
