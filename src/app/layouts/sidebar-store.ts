import { create } from 'zustand';

/**
 * Whether the sidebar shows: null follows the screen (open from tablet width up, closed below), a
 * person's toggle overrides it for the rest of the visit.
 */
interface SidebarState {
  open: boolean | null;
  actions: { sidebarToggled: (wide: boolean) => void; sidebarClosed: () => void };
}

const useSidebarStore = create<SidebarState>()((set) => ({
  open: null,
  actions: {
    sidebarToggled: (wide) => set(({ open }) => ({ open: !(open ?? wide) })),
    sidebarClosed: () => set({ open: false }),
  },
}));

export const useSidebarOpen = () => useSidebarStore((state) => state.open);
export const useSidebarActions = () => useSidebarStore((state) => state.actions);
