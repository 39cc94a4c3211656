import { create } from 'zustand';

/** Which nodes of the hub tree are open: client state only; the nodes' data lives in the query cache. */
interface TreeState {
  expanded: ReadonlySet<string>;
  actions: {
    nodeToggled: (key: string) => void;
    nodeCollapsed: (key: string) => void;
    /** The page moved somewhere: open the way to it. */
    pathRevealed: (keys: readonly string[]) => void;
  };
}

const useTreeStore = create<TreeState>()((set) => ({
  expanded: new Set(),
  actions: {
    nodeToggled: (key) =>
      set(({ expanded }) => {
        const next = new Set(expanded);
        if (!next.delete(key)) next.add(key);
        return { expanded: next };
      }),
    nodeCollapsed: (key) =>
      set(({ expanded }) => {
        if (!expanded.has(key)) return {};
        const next = new Set(expanded);
        next.delete(key);
        return { expanded: next };
      }),
    pathRevealed: (keys) =>
      set(({ expanded }) =>
        keys.every((key) => expanded.has(key)) ? {} : { expanded: new Set([...expanded, ...keys]) },
      ),
  },
}));

export const useIsExpanded = (key: string) => useTreeStore((state) => state.expanded.has(key));
export const useTreeActions = () => useTreeStore((state) => state.actions);

export const treeKey = {
  hub: (hubId: string) => `hub:${hubId}`,
  project: (projectId: string) => `project:${projectId}`,
  folder: (folderId: string) => `folder:${folderId}`,
};
