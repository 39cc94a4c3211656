import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ProjectPlace {
  hubId: string;
  projectId: string;
}

interface LastProjectState {
  last: ProjectPlace | null;
  projectBrowsed: (place: ProjectPlace) => void;
}

/**
 * The project this person browsed last, kept in localStorage: forms that need a project (a Design
 * Automation run) start there rather than in whichever project the hub lists first.
 */
export const lastProjectStore = create<LastProjectState>()(
  persist(
    (set) => ({
      last: null,
      projectBrowsed: (place) =>
        set(({ last }) => (last?.hubId === place.hubId && last.projectId === place.projectId ? {} : { last: place })),
    }),
    {
      name: 'ddm.last-project',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ last }) => ({ last }),
    },
  ),
);

export const useLastProject = () => lastProjectStore((state) => state.last);
export const useProjectBrowsed = () => lastProjectStore((state) => state.projectBrowsed);
