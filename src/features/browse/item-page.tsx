import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { FileThumbnail } from '../../components/ui/file-icon';
import { FileIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { formatBytes } from '../../lib/format-bytes';
import { Breadcrumbs } from './breadcrumbs';
import { DerivativeLinks } from './derivative-links';
import { fileTypeOf } from './file-types';
import { PageHeader } from './page-header';
import { PlaceError } from './place-error';
import { itemPath, requireParam, versionPath } from './places';
import { VersionFacts } from './version-facts';
import { isDeletedVersion } from './version-translation';
import { VersionHistory } from './version-history';

/**
 * `/…/items/:itemId` and `/…/items/:itemId/versions/:versionNumber`: an item, its version history and
 * the facts of one version (the tip unless the address names another).
 */
export function ItemPage() {
  const params = useParams();
  const hubId = requireParam(params, 'hubId');
  const projectId = requireParam(params, 'projectId');
  const itemId = requireParam(params, 'itemId');
  const asked = params['versionNumber'] === undefined ? null : Number(params['versionNumber']);
  const item = useQuery(dmQueries.item({ projectId, itemId }));
  const versions = useQuery(dmQueries.itemVersions({ projectId, itemId }));

  if (item.isLoadingError) {
    return (
      <PlaceError
        what="item"
        hubId={hubId}
        projectId={projectId}
        id={itemId}
        error={item.error}
        onRetry={() => void item.refetch()}
        retrying={item.isFetching}
      />
    );
  }

  const data = item.data?.data;
  const tip = item.data?.included?.[0];
  const list = versions.data?.data ?? [];
  const selectedNumber = asked ?? tip?.attributes.versionNumber ?? null;
  const selected =
    list.find((version) => version.attributes.versionNumber === selectedNumber) ?? (asked === null ? tip : undefined);
  const name = data?.attributes.displayName ?? null;
  const type = name ? fileTypeOf(name, tip?.attributes.fileType) : null;
  const hrefOf = (version: { attributes: { versionNumber: number } }) =>
    versionPath(hubId, projectId, itemId, version.attributes.versionNumber);

  return (
    <section aria-labelledby="item-heading" className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        breadcrumbs={
          <Breadcrumbs
            hubId={hubId}
            projectId={projectId}
            folderId={data?.relationships['parent']?.data?.id}
            tail={[
              ...(name ? [{ label: name, href: itemPath(hubId, projectId, itemId) }] : []),
              ...(asked !== null ? [{ label: `Version ${asked}` }] : []),
            ]}
          />
        }
        icon={type ? <FileThumbnail kind={type.kind} /> : undefined}
        title={name}
        titleId="item-heading"
        subtitle={
          tip && type
            ? `${type.label} · ${list.length || tip.attributes.versionNumber} ${(list.length || tip.attributes.versionNumber) === 1 ? 'version' : 'versions'} · latest ${formatBytes(tip.attributes.storageSize ?? 0)}`
            : undefined
        }
      />
      <div className="min-h-0 flex-1 overflow-auto">
        <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="versions-heading" className="min-w-0 space-y-2">
            <h2 id="versions-heading" className="text-sm font-semibold">
              Versions
            </h2>
            {versions.isPending ? (
              <div aria-busy="true" className="space-y-2">
                <p role="status" className="sr-only">
                  Loading versions…
                </p>
                {[0, 1, 2].map((row) => (
                  <Skeleton key={row} className="h-7 w-full" />
                ))}
              </div>
            ) : versions.isLoadingError ? (
              <ErrorState
                title="Couldn't load the versions"
                message={describeError(versions.error).message}
                onRetry={() => void versions.refetch()}
                retrying={versions.isFetching}
              />
            ) : (
              <VersionHistory versions={list} selected={selectedNumber} hrefOf={hrefOf} />
            )}
          </section>
          <aside aria-label="Version details" className="min-w-0">
            {data && selected ? (
              <div className="space-y-3">
                {!isDeletedVersion(selected) && (
                  <DerivativeLinks
                    versionId={selected.id}
                    name={selected.attributes.name}
                    item={{ hubId, projectId, itemId }}
                  />
                )}
                <VersionFacts item={data} version={selected} />
              </div>
            ) : asked !== null && versions.isSuccess ? (
              <EmptyState
                icon={<FileIcon className="size-5" />}
                title={`There is no version ${asked}`}
                description="The history lists every version this item has."
              />
            ) : (
              <Skeleton className="h-48 w-full" />
            )}
          </aside>
        </div>
      </div>
    </section>
  );
}
