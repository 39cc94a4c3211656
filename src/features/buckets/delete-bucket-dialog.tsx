import { useMutation } from '@tanstack/react-query';
import { describeError } from '../../api/describe-error';
import { ossMutations } from '../../api/oss/mutations';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Deleting a bucket takes every object with it and cannot be undone: the name must be typed. */
export function DeleteBucketDialog({
  bucketKey,
  onDeleted,
  onCancel,
}: {
  bucketKey: string;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const remove = useMutation(ossMutations.deleteBucket(bucketKey));
  return (
    <ConfirmDialog
      title={`Delete bucket ${bucketKey}?`}
      confirmLabel="Delete bucket"
      typeToConfirm={bucketKey}
      busy={remove.isPending}
      error={
        remove.isError && (
          <Alert tone="danger" title="Couldn't delete the bucket">
            {describeError(remove.error).message}
          </Alert>
        )
      }
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      onCancel={onCancel}
    >
      The bucket <strong className="font-mono">{bucketKey}</strong> and every object in it will be deleted. This cannot
      be undone.
    </ConfirmDialog>
  );
}
