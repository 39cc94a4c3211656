import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookRegion } from '../../../contracts/webhooks';
import { ApiError } from '../../api/http';
import { webhookErrorMessage } from '../../api/webhooks/errors';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { TextField } from './form-field';
import { SECRET_PATTERN, SECRET_RULE } from './hook-settings';

/** The service says 400 when a secret is already set: then the same secret replaces it. */
const alreadySet = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && /exist/i.test(webhookErrorMessage(error));

/**
 * Your own secret for a region: it signs the callbacks of all your hooks there that have none of
 * their own. Write-only: the service never tells it back, so the dialog only sets or removes it.
 */
export function RegionSecret({ region }: { region: WebhookRegion }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation(webhooksMutations.setSecret(region));

  const save = async () => {
    if (!SECRET_PATTERN.test(secret)) return setProblem(SECRET_RULE);
    setProblem(undefined);
    try {
      await change.mutateAsync({ kind: 'create', token: secret }).catch(async (error: unknown) => {
        if (!alreadySet(error)) throw error;
        await change.mutateAsync({ kind: 'replace', token: secret });
      });
      setSecret('');
      setDone(`Your ${region} secret is set. Callbacks are signed with it from now on.`);
    } catch (error) {
      setProblem(webhookErrorMessage(error));
    }
  };
  const remove = () =>
    change.mutate(
      { kind: 'delete' },
      {
        onSuccess: () => setDone(`Your ${region} secret is removed: hooks without their own secret send unsigned.`),
        onError: (error) => setProblem(webhookErrorMessage(error)),
      },
    );

  if (!open)
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        Signing secret…
      </Button>
    );
  return (
    <ModalDialog title={`Signing secret for ${region}`} onCancel={() => setOpen(false)}>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="text-sm">
          Signs the callbacks of all your hooks in {region} that have no secret of their own. It is never shown again.
        </p>
        <TextField
          label="Secret"
          type="password"
          mono
          value={secret}
          hint={SECRET_RULE}
          error={problem}
          onChange={(event) => {
            setSecret(event.target.value);
            setDone(null);
          }}
        />
        <p role="status" className="text-xs text-neutral-600 dark:text-neutral-300">
          {done}
        </p>
        <div className="flex justify-between gap-2 pt-1">
          <Button variant="ghost" onClick={remove} disabled={change.isPending}>
            Remove secret
          </Button>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button type="submit" variant="primary" loading={change.isPending}>
              Save secret
            </Button>
          </div>
        </div>
      </form>
    </ModalDialog>
  );
}
