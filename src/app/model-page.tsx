import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { decodeUrn } from '../../contracts/model-derivative';
import { mdQueries } from '../api/model-derivative/queries';
import { EmptyState } from '../components/ui/empty-state';
import { FileIcon } from '../components/ui/icons';
import { SplitPane } from '../components/ui/split-pane';
import { cx } from '../lib/class-names';
import { useSearchUpdate } from '../lib/use-search-update';
import { ManifestView } from '../features/manifest/manifest-view';
import { ModelViews } from '../features/properties/model-views';
import { PropertiesPanel } from '../features/properties/properties-panel';
import { useLatestJob } from '../features/translate/job-store';
import { TranslateDialog } from '../features/translate/translate-dialog';
import { ModelPreview } from '../features/viewer/model-preview';
import { ModelBreadcrumbs } from './model-breadcrumbs';
import { ModelOverview } from './model-overview';

const TABS = ['overview', 'manifest', 'properties', 'preview'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  overview: 'Overview',
  manifest: 'Manifest',
  properties: 'Properties',
  preview: 'Preview',
};

/**
 * `/models/:urn`: one design's derivatives. Features meet here: the manifest, the properties and the
 * preview share the selected view and object, so a pick in 3D shows in the tree and the other way round.
 */
export function ModelPage() {
  const urn = useParams()['urn'] ?? '';
  const [search] = useSearchParams();
  const tab: Tab = TABS.find((candidate) => candidate === search.get('tab')) ?? 'overview';
  const source = decodeUrn(urn);
  const name =
    search.get('name') ??
    source
      ?.slice(source.lastIndexOf('/') + 1)
      .split(':')
      .pop() ??
    urn;
  const translating = search.get('translate') === '1';
  const hubId = search.get('hub');
  const projectId = search.get('project');
  const itemId = search.get('item');
  const item = hubId && projectId && itemId ? { hubId, projectId, itemId } : null;
  const running = useLatestJob(urn)?.endedAt === null;
  const manifest = useQuery({ ...mdQueries.manifest(urn), retry: false });
  // svf2, or the legacy svf another client may have asked for: the platform makes the same viewable for both.
  const hasViewables =
    manifest.data?.derivatives.some(
      (derivative) =>
        (derivative.outputType === 'svf2' || derivative.outputType === 'svf') && derivative.status === 'success',
    ) ?? false;
  const metadata = useQuery({ ...mdQueries.metadata(urn), enabled: hasViewables });
  const views = metadata.data?.state === 'ready' ? metadata.data.data.data.metadata : [];
  const [chosenGuid, setChosenGuid] = useState<string | null>(null);
  const guid = chosenGuid ?? views.find((view) => view.role === '3d')?.guid ?? views[0]?.guid ?? null;
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const update = useSearchUpdate();
  // The dialog stays out of history, so Back after starting a job cannot reopen it for a duplicate.
  const openTranslate = () => update({ translate: '1' }, { replace: true });
  const closeTranslate = () => update({ translate: null }, { replace: true });

  if (!source) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<FileIcon className="size-5" />}
        title="This is not a design's address"
        description="The part after /models/ must be an encoded URN."
      />
    );
  }
  const noViews = (
    <EmptyState
      icon={<FileIcon className="size-5" />}
      title="No model views yet"
      description="Translate the design to SVF2 to read its objects, properties and 3D preview."
    />
  );

  return (
    <section aria-labelledby="model-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="space-y-2 border-b border-neutral-200 px-4 pt-3 sm:px-6 dark:border-neutral-800">
        <ModelBreadcrumbs source={source} name={name} item={item} />
        <div className="flex items-center gap-3">
          <h1 id="model-heading" className="truncate text-base font-semibold">
            {name}
          </h1>
          {guid && tab !== 'overview' && tab !== 'manifest' && (
            <ModelViews
              views={views}
              selected={guid}
              onChange={(next) => {
                setChosenGuid(next);
                setSelectedId(null);
              }}
            />
          )}
        </div>
        <div role="tablist" aria-label="Model" className="flex gap-1">
          {TABS.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              onClick={() => update({ tab: value === 'overview' ? null : value })}
              className={cx(
                'border-b-2 px-3 py-2 text-sm',
                tab === value
                  ? 'border-accent-600 font-medium'
                  : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-300',
              )}
            >
              {TAB_LABELS[value]}
            </button>
          ))}
        </div>
      </header>
      <div
        role="tabpanel"
        aria-label={TAB_LABELS[tab]}
        className="flex min-h-0 flex-1 flex-col overflow-auto p-4 sm:p-6"
      >
        {tab === 'overview' && <ModelOverview urn={urn} manifest={manifest.data} onTranslate={openTranslate} />}
        {tab === 'manifest' && (
          <ManifestView urn={urn} name={name} pollWhileRunning={!running} onTranslate={openTranslate} />
        )}
        {tab === 'properties' &&
          (guid ? (
            <PropertiesPanel urn={urn} guid={guid} name={name} selectedId={selectedId} onSelect={setSelectedId} />
          ) : (
            noViews
          ))}
        {tab === 'preview' &&
          (guid && manifest.data ? (
            <SplitPane
              sideLabel="the objects and properties"
              storageKey="ddm.preview.side-width"
              main={
                <ModelPreview
                  urn={urn}
                  manifest={manifest.data}
                  viewGuid={guid}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                />
              }
              side={
                <PropertiesPanel urn={urn} guid={guid} name={name} selectedId={selectedId} onSelect={setSelectedId} />
              }
            />
          ) : (
            noViews
          ))}
      </div>
      {translating && <TranslateDialog urn={urn} name={name} item={item ?? undefined} onClose={closeTranslate} />}
    </section>
  );
}
