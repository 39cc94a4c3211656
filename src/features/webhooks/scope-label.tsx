import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HookDetails } from '../../../contracts/webhooks';
import { dmQueries } from '../../api/data-management/queries';

/** The folder a hook watches, as Data Management keys it: only hooks that carry their project can be looked up. */
function folderRefOf(hook: HookDetails) {
  const folderId = hook.scope['folder'];
  return folderId && hook.projectId ? { projectId: hook.projectId, folderId } : null;
}

/** The folder's name if the app has already read it (for filtering by name), else undefined. */
export function cachedFolderName(queryClient: QueryClient, hook: HookDetails): string | undefined {
  const ref = folderRefOf(hook);
  if (!ref) return undefined;
  const attributes = queryClient.getQueryData(dmQueries.folder(ref).queryKey)?.data.attributes;
  return attributes ? attributes.displayName || attributes.name : undefined;
}

export function useCachedFolderName() {
  const queryClient = useQueryClient();
  return (hook: HookDetails) => cachedFolderName(queryClient, hook);
}

/**
 * What a hook watches, in words: a folder by its name where the app can read it (the hook carries its
 * project), otherwise the scope's own value, which is a URN the person can copy.
 */
export function ScopeLabel({ hook }: { hook: HookDetails }) {
  const ref = folderRefOf(hook);
  const folder = useQuery({
    ...dmQueries.folder(ref ?? { projectId: '', folderId: '' }),
    enabled: ref !== null,
  });
  const [key, value] = Object.entries(hook.scope)[0] ?? ['scope', ''];
  const attributes = folder.data?.data.attributes;
  if (attributes)
    return (
      <span title={value} className="truncate">
        Folder “{attributes.displayName || attributes.name}”
      </span>
    );
  return (
    <span title={value} className="truncate">
      {key === 'folder' ? 'Folder' : key} <span className="font-mono">{value}</span>
    </span>
  );
}
