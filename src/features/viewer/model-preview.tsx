import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { Manifest, ManifestResource, ObjectTreeNode } from '../../../contracts/model-derivative';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/spinner';

// three.js is large: it loads with the preview, never with the first screen or the other tabs.
const ThreeView = lazy(() => import('./three-view').then((module) => ({ default: module.ThreeView })));

/** The GLB of one view: the `graphics` resource under the svf2 (or legacy svf) geometry node whose guid is the view's. */
export function viewableGlb(manifest: Manifest, viewGuid: string): ManifestResource | null {
  const viewables = manifest.derivatives.filter(
    (derivative) => derivative.outputType === 'svf2' || derivative.outputType === 'svf',
  );
  const view = viewables
    .flatMap((derivative) => derivative.children)
    .find((child) => child.type === 'geometry' && (child.guid === viewGuid || child.viewableID === viewGuid));
  return view?.children?.find((child) => child.role === 'graphics' && child.status === 'success' && child.urn) ?? null;
}

/** The object and every object below it in the tree (an assembly is seen as its parts); just the object when the tree lacks it. */
export function withDescendants(nodes: readonly ObjectTreeNode[], id: number | null): ReadonlySet<number> {
  if (id === null) return new Set();
  const stack = [...nodes];
  while (stack.length) {
    const node = stack.pop() as ObjectTreeNode;
    if (node.objectid !== id) {
      stack.push(...(node.objects ?? []));
      continue;
    }
    const ids = new Set<number>();
    const below = [node];
    while (below.length) {
      const next = below.pop() as ObjectTreeNode;
      ids.add(next.objectid);
      below.push(...(next.objects ?? []));
    }
    return ids;
  }
  return new Set([id]);
}

export interface ModelPreviewProps {
  urn: string;
  manifest: Manifest;
  viewGuid: string;
  selectedId: number | null;
  onSelect: (dbId: number | null) => void;
}

export function ModelPreview({ urn, manifest, viewGuid, selectedId, onSelect }: ModelPreviewProps) {
  const glb = viewableGlb(manifest, viewGuid);
  // Never refetched: a new URL would reload the scene, and this one only has to be valid while the GLB loads.
  const signed = useQuery({
    ...mdQueries.signedDownload(urn, glb?.urn ?? ''),
    enabled: Boolean(glb?.urn),
    staleTime: Infinity,
  });
  const tree = useQuery(mdQueries.objectTree(urn, viewGuid));
  const roots = tree.data?.state === 'ready' ? tree.data.data.data.objects : null;
  const selectedIds = useMemo(() => withDescendants(roots ?? [], selectedId), [roots, selectedId]);
  if (!glb) return <Alert tone="info">This view has no 3D viewable. Translate the design to SVF2 to preview it.</Alert>;
  if (signed.isPending) return <Skeleton className="h-96 w-full" />;
  if (signed.isError)
    return (
      <Alert tone="danger" title="Couldn't open the viewable">
        {describeError(signed.error).message}
      </Alert>
    );
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" />}>
      <ThreeView url={signed.data.url} selectedId={selectedId} selectedIds={selectedIds} onSelect={onSelect} />
    </Suspense>
  );
}
