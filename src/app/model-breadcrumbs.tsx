import { useQuery } from '@tanstack/react-query';
import { dmQueries } from '../api/data-management/queries';
import { Breadcrumbs, CrumbTrail, type Crumb } from '../features/browse/breadcrumbs';
import { itemPath, versionPath } from '../features/browse/places';
import { bucketPath, BUCKETS_PATH } from '../features/buckets/bucket-paths';
import { designSource } from '../lib/design-source';
import { JOBS_PATH } from '../lib/model-paths';

interface ModelBreadcrumbsProps {
  /** The design's URN, decoded. */
  source: string | undefined;
  name: string;
  /** The hub item it is a version of, when the link that led here said so. */
  item: { hubId: string; projectId: string; itemId: string } | null;
}

/** Where a design's page sits: under its hub item's version, or its bucket; else under the translations. */
export function ModelBreadcrumbs({ source, name, item }: ModelBreadcrumbsProps) {
  const design = designSource(source);
  const here: Crumb = { label: 'Derivatives' };
  if (item)
    return (
      <ItemTrail
        {...item}
        versionNumber={design.kind === 'version' ? design.versionNumber : null}
        name={name}
        here={here}
      />
    );
  if (design.kind === 'object') {
    return (
      <CrumbTrail
        crumbs={[
          { label: 'Buckets', href: BUCKETS_PATH },
          { label: design.bucketKey, href: bucketPath(design.bucketKey) },
          { label: design.objectKey },
          here,
        ]}
      />
    );
  }
  return <CrumbTrail crumbs={[{ label: 'Translations', href: JOBS_PATH }, { label: name }, here]} />;
}

function ItemTrail({
  hubId,
  projectId,
  itemId,
  versionNumber,
  name,
  here,
}: {
  hubId: string;
  projectId: string;
  itemId: string;
  versionNumber: number | null;
  name: string;
  here: Crumb;
}) {
  const item = useQuery(dmQueries.item({ projectId, itemId }));
  const label = item.data?.data.attributes.displayName ?? name;
  return (
    <Breadcrumbs
      hubId={hubId}
      projectId={projectId}
      folderId={item.data?.data.relationships['parent']?.data?.id}
      tail={[
        { label, href: itemPath(hubId, projectId, itemId) },
        ...(versionNumber === null
          ? []
          : [{ label: `Version ${versionNumber}`, href: versionPath(hubId, projectId, itemId, versionNumber) }]),
        here,
      ]}
    />
  );
}
