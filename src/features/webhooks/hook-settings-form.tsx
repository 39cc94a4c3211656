import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { HookDetails, WebhookRegion } from '../../../contracts/webhooks';
import { webhookErrorField, webhookErrorMessage } from '../../api/webhooks/errors';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { hookRefOf } from '../../api/webhooks/requests';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CONTROL, TextAreaField, TextField } from './form-field';
import { draftOf, SECRET_RULE, settingsChange, type FieldErrors, type SettingsDraft } from './hook-settings';

/**
 * A hook's settings as the service lets them change: status, filter, attribute, its own secret
 * (write-only: never shown, only replaced or removed), expiry and auto-reactivation.
 */
export function HookSettingsForm({ hook, region }: { hook: HookDetails; region: WebhookRegion }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(hook));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const patch = useMutation(webhooksMutations.patchHook(hookRefOf(hook, region)));
  const set = (change: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setSaved(null);
  };

  const send = (change: Parameters<typeof patch.mutate>[0], done: string) => {
    setErrors({});
    patch.mutate(change, {
      onSuccess: () => {
        setSaved(done);
        setDraft((current) => ({ ...current, secret: '' }));
      },
      onError: (error) => {
        const field = webhookErrorField(error);
        if (field) setErrors({ [field]: webhookErrorMessage(error) });
      },
    });
  };
  const save = () => {
    const result = settingsChange(hook, draft);
    if ('errors' in result) return setErrors(result.errors);
    if (Object.keys(result.change).length === 0) return setSaved('Nothing to save: the settings are as they were.');
    send(result.change, 'Saved.');
  };
  const unplaced = patch.isError && !webhookErrorField(patch.error);

  return (
    <form
      aria-label="Hook settings"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`status-${hook.hookId}`} className="block text-sm font-medium">
          Status
        </label>
        <select
          id={`status-${hook.hookId}`}
          value={draft.status}
          onChange={(event) => set({ status: event.target.value === 'inactive' ? 'inactive' : 'active' })}
          className={`${CONTROL} h-8`}
        >
          <option value="active">Active: receives events</option>
          <option value="inactive">Inactive: receives nothing</option>
        </select>
      </div>
      <TextAreaField
        label="Filter"
        hint="A JsonPath on the event's payload, such as $[?(@.ext=='rvt')]; one per line, all must match. Empty for every event."
        value={draft.filter}
        error={errors.filter}
        onChange={(event) => set({ filter: event.target.value })}
      />
      <TextAreaField
        label="Hook attribute"
        hint="A JSON object sent back with every callback (under 1 KB). Empty for none."
        rows={3}
        value={draft.hookAttribute}
        error={errors.hookAttribute}
        onChange={(event) => set({ hookAttribute: event.target.value })}
      />
      <TextField
        label="New secret for this hook"
        type="password"
        hint={`Signs this hook's callbacks instead of your region secret. Never shown again. ${SECRET_RULE}`}
        value={draft.secret}
        error={errors.token}
        mono
        onChange={(event) => set({ secret: event.target.value })}
      />
      <TextField
        label="Expires"
        type="datetime-local"
        hint="The hook is deleted then. Empty: never."
        value={draft.expiry}
        error={errors.hookExpiry}
        onChange={(event) => set({ expiry: event.target.value })}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.autoReactivate}
          onChange={(event) => set({ autoReactivate: event.target.checked })}
          className="mt-0.5 size-4 accent-accent-600"
        />
        <span>
          Reactivate automatically
          <span className="block text-xs text-neutral-500 dark:text-neutral-400">
            After failed deliveries made it inactive, it tries again a week later.
          </span>
        </span>
      </label>
      {unplaced && (
        <Alert tone="danger" title="The service refused">
          {webhookErrorMessage(patch.error)}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" size="sm" loading={patch.isPending}>
          Save changes
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={patch.isPending}
          onClick={() => send({ token: null }, 'The hook’s own secret was removed.')}
        >
          Remove this hook’s secret
        </Button>
        <p role="status" className="text-xs text-neutral-600 dark:text-neutral-300">
          {saved}
        </p>
      </div>
    </form>
  );
}
