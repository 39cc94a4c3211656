import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WebhookRegion } from '../../../contracts/webhooks';
import { webhookErrorField, webhookErrorMessage } from '../../api/webhooks/errors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { EventPicker } from './event-picker';
import { CONTROL, TextAreaField, TextField } from './form-field';
import { SECRET_RULE, type FieldErrors } from './hook-settings';
import { initialDraft, planNotify, type NotifyDraft, type NotifyFolder } from './notify-plan';
import { hookPagePath, PAGE_REGIONS } from './paths';
import { runNotify, type CreatedHook } from './run-notify';

const madeFor = (created: CreatedHook[]) => created.map((hook) => hook.event).join(', ');

/**
 * "Notify a URL of changes…" for one folder (and everything below it): the URL, which events, an
 * optional filter and secret. A refusal is said next to the field it concerns, in the service's words.
 */
export function NotifyDialog({ folder, onClose }: { folder: NotifyFolder; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NotifyDraft>(initialDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CreatedHook[] | null>(null);
  const set = (change: Partial<NotifyDraft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = async () => {
    const planned = planNotify(folder, draft);
    setGeneral(null);
    if ('errors' in planned) return setErrors(planned.errors);
    setErrors({});
    setBusy(true);
    const { created, error } = await runNotify(queryClient, planned.plan);
    setBusy(false);
    if (!error) return setDone(created);
    const field = webhookErrorField(error);
    const message = webhookErrorMessage(error);
    if (field && field !== 'scope') setErrors({ [field]: message });
    const before = created.length > 0 ? `Made for ${madeFor(created)} before this. ` : '';
    setGeneral(field && field !== 'scope' ? before || null : `${before}${message}`);
  };

  if (done) {
    const first = done.find((hook) => hook.hookId)?.hookId ?? null;
    return (
      <ModalDialog title={`Notifying about “${folder.name}”`} onCancel={onClose}>
        <p role="status" className="text-sm">
          {done.length === 1 ? 'One hook now tells' : `${done.length} hooks now tell`}{' '}
          <span className="font-mono break-all">{draft.callbackUrl.trim()}</span> of {madeFor(done)} in “{folder.name}”
          and the folders below it.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Link
            to={hookPagePath(draft.region, first)}
            className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-accent-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-accent-300 dark:hover:bg-neutral-800"
          >
            Open on the Webhooks page
          </Link>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={`Notify a URL of changes in “${folder.name}”`} onCancel={onClose}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <TextField
          label="Callback URL"
          type="url"
          mono
          autoFocus
          placeholder="http://localhost:3000/aps/callback"
          hint="Receives a POST for each change in this folder or any folder below it."
          value={draft.callbackUrl}
          error={errors.callbackUrl}
          onChange={(event) => set({ callbackUrl: event.target.value })}
        />
        <EventPicker
          choice={draft.choice}
          event={draft.event}
          events={draft.events}
          error={errors.events}
          onChange={set}
        />
        <TextAreaField
          label="Filter (optional)"
          hint="A JsonPath on the event, such as $[?(@.ext=='rvt')]."
          value={draft.filter}
          error={errors.filter}
          onChange={(event) => set({ filter: event.target.value })}
        />
        <TextField
          label="Secret (optional)"
          type="password"
          mono
          hint={`Signs each callback (x-adsk-signature). ${SECRET_RULE}`}
          value={draft.secret}
          error={errors.token}
          onChange={(event) => set({ secret: event.target.value })}
        />
        <label className="flex items-center gap-2 text-sm">
          Region
          <select
            value={draft.region}
            onChange={(event) => set({ region: event.target.value as WebhookRegion })}
            className={`${CONTROL} h-8 w-auto`}
          >
            {PAGE_REGIONS.map((region) => (
              <option key={region}>{region}</option>
            ))}
          </select>
        </label>
        {general && (
          <Alert tone="danger" title="The service refused">
            {general}
          </Alert>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
