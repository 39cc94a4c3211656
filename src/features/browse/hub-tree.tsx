import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { HubNode } from './hub-tree-nodes';
import { placeOf, type Place } from './places';
import { TreeFocusContext, TreeGroupLoading } from './tree-node';
import { treeKey, useTreeActions } from './tree-store';
import { useFolderChain } from './use-folder-chain';

/**
 * The sidebar's tree of hubs, projects and folders (ARIA tree). It loads each level when opened and
 * opens itself along the way to the page on screen. Up and Down move through the visible nodes,
 * Home and End jump to the ends. `place` is where the page sits when its path does not say (a model
 * page names its hub item in the query), so a reload there still opens the way to the item.
 */
export function HubTree({ place: given }: { place?: Place }) {
  const hubs = useQuery(dmQueries.hubs());
  const pathPlace = placeOf(useLocation().pathname);
  const place = given ?? pathPlace;
  const { pathRevealed } = useTreeActions();
  // On an item's page the tree shows the folder that holds it; the page has loaded the item already.
  const item = useQuery({
    ...dmQueries.item({ projectId: place.projectId ?? '', itemId: place.itemId ?? '' }),
    enabled: Boolean(place.projectId && place.itemId),
  });
  const folderId = place.folderId ?? (place.itemId ? item.data?.data.relationships['parent']?.data?.id : undefined);
  const chain = useFolderChain(
    place.hubId ?? '',
    place.projectId ?? '',
    place.hubId && place.projectId ? folderId : undefined,
  );
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);

  const currentKey = folderId
    ? treeKey.folder(folderId)
    : place.projectId
      ? treeKey.project(place.projectId)
      : place.hubId
        ? treeKey.hub(place.hubId)
        : null;
  // Open every node above the page: the hub, the project, and the folders above this folder.
  const reveal = useMemo(() => {
    const keys: string[] = [];
    if (place.hubId && place.projectId) keys.push(treeKey.hub(place.hubId));
    if (place.projectId && folderId) keys.push(treeKey.project(place.projectId));
    for (const folder of chain.folders.slice(0, -1)) keys.push(treeKey.folder(folder.id));
    return keys;
  }, [place.hubId, place.projectId, folderId, chain.folders]);
  useEffect(() => pathRevealed(reveal), [reveal, pathRevealed]);

  const firstHub = hubs.data?.data[0];
  const focus = {
    activeKey: activeKey ?? currentKey ?? (firstHub ? treeKey.hub(firstHub.id) : null),
    activate: setActiveKey,
    currentKey,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(treeRef.current?.querySelectorAll<HTMLElement>('[role=treeitem]') ?? []);
    const index = items.findIndex((item) => item === document.activeElement);
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined || index < 0) return;
    event.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, target))]?.focus();
  };

  if (hubs.isPending) return <TreeGroupLoading level={0} />;
  if (hubs.isLoadingError)
    return <p className="px-2 text-xs text-red-700 dark:text-red-400">Couldn&apos;t load hubs.</p>;
  return (
    <TreeFocusContext value={focus}>
      <ul
        ref={treeRef}
        role="tree"
        aria-label="Hubs, projects and folders"
        onKeyDown={onKeyDown}
        className="space-y-px"
      >
        {hubs.data.data.map((hub) => (
          <HubNode key={hub.id} hub={hub} />
        ))}
      </ul>
    </TreeFocusContext>
  );
}
