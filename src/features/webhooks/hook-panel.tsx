import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { HookDetails, WebhookRegion } from '../../../contracts/webhooks';
import { webhookErrorMessage } from '../../api/webhooks/errors';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { hookRefOf } from '../../api/webhooks/requests';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { CloseIcon } from '../../components/ui/icons';
import { StatusPill } from '../../components/ui/status-pill';
import { formatDateTime } from '../../lib/time';
import { parseHookDate, systemLabel } from './hook-groups';
import { HOOK_STATUS_TONE } from './hook-list';
import { HookSettingsForm } from './hook-settings-form';
import { filterLines } from './hook-settings';
import { ScopeLabel } from './scope-label';

const H3 = 'mt-5 mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 break-all">{children}</dd>
    </div>
  );
}

const when = (value: string | undefined) => {
  const at = parseHookDate(value);
  return Number.isNaN(at) ? '—' : formatDateTime(at);
};

interface HookPanelProps {
  hook: HookDetails;
  region: WebhookRegion;
  /** The local platform's deliveries and match explanations; absent against APS. */
  localTools?: ReactNode;
  onClose: () => void;
}

/** One hook: what it is, its settings, deleting it, and (on the local platform) what it was sent. */
export function HookPanel({ hook, region, localTools, onClose }: HookPanelProps) {
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({ ...webhooksMutations.deleteHook(hookRefOf(hook, region)), onSuccess: onClose });
  return (
    <section
      aria-labelledby="hook-heading"
      className="min-h-0 min-w-0 flex-1 overflow-auto border-l border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="hook-heading" className="font-mono text-sm font-semibold break-all">
            {hook.event}
          </h2>
          <p className="mt-1 flex items-center gap-2 text-xs text-neutral-500 dark:text-neutral-400">
            <StatusPill tone={HOOK_STATUS_TONE[hook.status]}>{hook.status}</StatusPill>
            {systemLabel(hook.system)} · {region}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the hook"
          className="rounded p-1 text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-neutral-800"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
        <Fact label="Callback URL">
          <span className="font-mono">{hook.callbackUrl}</span>
          <CopyButton value={hook.callbackUrl} label="callback URL" />
        </Fact>
        <Fact label="Scope">
          <ScopeLabel hook={hook} />
        </Fact>
        <Fact label="Hook id">
          <span className="font-mono">{hook.hookId}</span>
          <CopyButton value={hook.hookId} label="hook id" />
        </Fact>
        <Fact label="Filter">
          {hook.filter ? <span className="font-mono">{filterLines(hook.filter)}</span> : 'None: every event'}
        </Fact>
        <Fact label="Expires">{hook.hookExpiry ? when(hook.hookExpiry) : 'Never'}</Fact>
        <Fact label="Created">{when(hook.createdDate)}</Fact>
        <Fact label="Updated">{when(hook.lastUpdatedDate)}</Fact>
        <Fact label="Owner">
          {hook.creatorType === 'Application' ? 'App' : 'User'} <span className="font-mono">{hook.createdBy}</span>
        </Fact>
      </dl>
      <h3 className={H3}>Settings</h3>
      <HookSettingsForm key={hook.hookId} hook={hook} region={region} />
      <div className="mt-4">
        <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
          Delete hook…
        </Button>
      </div>
      {localTools}
      {deleting && (
        <ConfirmDialog
          title="Delete this hook?"
          confirmLabel="Delete hook"
          busy={remove.isPending}
          error={
            remove.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {webhookErrorMessage(remove.error)}
              </p>
            ) : undefined
          }
          onConfirm={() => remove.mutate()}
          onCancel={() => setDeleting(false)}
        >
          <span className="font-mono">{hook.callbackUrl}</span> will no longer be told of{' '}
          <span className="font-mono">{hook.event}</span>. This cannot be undone: a new hook would have a new id.
        </ConfirmDialog>
      )}
    </section>
  );
}
