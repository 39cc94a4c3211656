import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { targetKey, type PaletteTarget } from './targets';

/** Places kept; older ones drop off, so the list stays a glance. */
const MAX_RECENT = 12;

interface RecentPlacesState {
  places: PaletteTarget[];
  actions: {
    placeVisited: (place: PaletteTarget) => void;
    recentCleared: () => void;
  };
}

/**
 * The hubs, projects, folders and files this person opened last, newest first, kept in localStorage
 * so the palette offers them after a reload and in a new tab. Names and addresses only: client state.
 */
const useRecentPlacesStore = create<RecentPlacesState>()(
  persist(
    (set) => ({
      places: [],
      actions: {
        placeVisited: (place) =>
          set(({ places }) => {
            if (
              places[0] &&
              targetKey(places[0]) === targetKey(place) &&
              places[0].name === place.name &&
              places[0].context === place.context
            )
              return { places };
            return {
              places: [place, ...places.filter((other) => targetKey(other) !== targetKey(place))].slice(0, MAX_RECENT),
            };
          }),
        recentCleared: () => set({ places: [] }),
      },
    }),
    {
      name: 'ddm.recent-places',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ places }) => ({ places }),
    },
  ),
);

export const useRecentPlaces = () => useRecentPlacesStore((state) => state.places);
export const useRecentPlacesActions = () => useRecentPlacesStore((state) => state.actions);
export const recentPlacesStore = useRecentPlacesStore;
