import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookRegion } from '../../../contracts/webhooks';
import { describeError } from '../../api/describe-error';
import { webhooksQueries } from '../../api/webhooks/queries';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { RefreshIcon, SearchIcon } from '../../components/ui/icons';
import { DeliveriesSection } from './deliveries-section';
import { filterHooks, groupHooks } from './hook-groups';
import { HookList } from './hook-list';
import { HookPanel } from './hook-panel';
import { RegionSecret } from './region-secret';
import { useCachedFolderName } from './scope-label';
import { PAGE_REGIONS } from './paths';
import { useWebhooksView } from './use-webhooks-view';
import { WhySection } from './why-section';

const CONTROL =
  'h-7 rounded-md border border-neutral-300 bg-white text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

/**
 * The caller's hooks in one region, by system and event, one of them open beside the list. `local`:
 * the app runs against the local platform, which also shows what each hook was sent.
 */
export function WebhooksPage({ local }: { local: boolean }) {
  const view = useWebhooksView();
  const hooks = useQuery(webhooksQueries.hooks(view.region));
  const nameOf = useCachedFolderName();
  // The field keeps its own text so no key is lost while the address follows.
  const [text, setText] = useState(view.filter);
  const groups = groupHooks(filterHooks(hooks.data ?? [], text, nameOf));
  const open = hooks.data?.find((hook) => hook.hookId === view.hookId);

  return (
    <section aria-labelledby="webhooks-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <h1 id="webhooks-heading" className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
            Webhooks
          </h1>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            URLs told of changes as they happen. Add one from a folder’s menu: “Notify a URL of changes…”.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
            Region
            <select
              value={view.region}
              onChange={(event) => view.regionChanged(event.target.value as WebhookRegion)}
              className={`${CONTROL} px-1.5`}
            >
              {PAGE_REGIONS.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </select>
          </label>
          <RegionSecret key={view.region} region={view.region} />
          <Button size="sm" variant="ghost" onClick={() => void hooks.refetch()} loading={hooks.isRefetching}>
            {!hooks.isRefetching && <RefreshIcon className="size-3.5" />}
            Refresh
          </Button>
        </div>
      </header>
      <div className="border-b border-neutral-200 px-6 py-2 dark:border-neutral-800">
        <label className="relative flex w-72 items-center">
          <span className="sr-only">Filter hooks</span>
          <SearchIcon className="pointer-events-none absolute left-2 size-3.5 text-neutral-400" />
          <input
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              view.filterChanged(event.target.value);
            }}
            placeholder="Filter by event, URL, folder, status"
            className={`${CONTROL} w-full pr-2 pl-7`}
          />
        </label>
      </div>
      <div className="flex min-h-0 flex-1">
        <div
          className={open ? 'min-h-0 w-[26rem] shrink-0 overflow-auto max-lg:hidden' : 'min-h-0 flex-1 overflow-auto'}
        >
          {hooks.isPending ? (
            <div aria-busy="true" aria-label="Loading hooks" className="space-y-1 p-4">
              {Array.from({ length: 6 }, (_, index) => (
                <div key={index} className="h-8 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
              ))}
            </div>
          ) : hooks.isError ? (
            <ErrorState
              title="Couldn't load the hooks"
              {...describeError(hooks.error)}
              onRetry={() => void hooks.refetch()}
            />
          ) : groups.length === 0 ? (
            <EmptyState
              title={hooks.data.length === 0 ? `No hooks in ${view.region}` : 'No hook matches the filter'}
              description={
                hooks.data.length === 0
                  ? 'Open a folder, open a subfolder’s menu and choose “Notify a URL of changes…” to have a URL told of new versions and more.'
                  : 'Try fewer words, or clear the filter.'
              }
            />
          ) : (
            <HookList groups={groups} selected={view.hookId} compact={Boolean(open)} onSelect={view.hookOpened} />
          )}
        </div>
        {open && (
          <HookPanel
            key={open.hookId}
            hook={open}
            region={view.region}
            onClose={() => view.hookOpened(null)}
            localTools={
              local && (
                <>
                  <DeliveriesSection hookId={open.hookId} selected={view.deliveryId} onSelect={view.deliveryOpened} />
                  <WhySection hook={open} />
                </>
              )
            }
          />
        )}
      </div>
    </section>
  );
}
