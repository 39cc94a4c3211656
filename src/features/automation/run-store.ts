import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { WorkItemStatusValue } from '../../../contracts/design-automation';
import type { Choices } from './argument-builder';

/**
 * The workitems this person started from this app, kept in localStorage: Design Automation has no
 * list of workitems, so this is the only history there is. Client state only: the live status comes
 * from the workitem query, and the watcher copies it here so the history, the job centre and the
 * notifications agree.
 */

const MAX_KEPT = 200;

/** Where a folder output's bytes went before the run, and the item or version made of them after. */
export interface FolderOutput {
  parameter: string;
  kind: 'folder';
  hubId: string;
  projectId: string;
  folderId: string;
  fileName: string;
  storageId: string;
  uploadKey: string;
  made?: { itemId: string; versionId: string; versionNumber: number };
}

export interface BucketOutput {
  parameter: string;
  kind: 'bucket';
  bucketKey: string;
  objectKey: string;
}

export type RunOutput = FolderOutput | BucketOutput;

export interface WorkItemRun {
  id: string;
  activityId: string;
  startedAt: number;
  status: WorkItemStatusValue;
  progress?: string;
  endedAt: number | null;
  /** What the person chose, so the run can be made again with the same arguments. */
  choices: Choices;
  outputs: RunOutput[];
  /** After a success, folder outputs become items or versions: `done`, or what went wrong. */
  finishing: 'none' | 'due' | 'done' | { error: string };
}

export const isLiveRun = (run: WorkItemRun) => run.endedAt === null;

interface RunActions {
  runStarted: (run: Pick<WorkItemRun, 'id' | 'activityId' | 'choices' | 'outputs' | 'status'>, now?: number) => void;
  runProgressed: (id: string, status: WorkItemStatusValue, progress?: string) => void;
  runEnded: (id: string, status: WorkItemStatusValue, now?: number) => void;
  runFinished: (id: string, outputs: RunOutput[], finishing: WorkItemRun['finishing']) => void;
  runDismissed: (id: string) => void;
}

interface RunState {
  runs: WorkItemRun[];
  actions: RunActions;
}

const update = (runs: WorkItemRun[], id: string, change: (run: WorkItemRun) => WorkItemRun) =>
  runs.map((run) => (run.id === id ? change(run) : run));

const useRunStore = create<RunState>()(
  persist(
    (set) => ({
      runs: [],
      actions: {
        runStarted: (run, now = Date.now()) =>
          set(({ runs }) => ({
            runs: [
              { ...run, startedAt: now, endedAt: null, finishing: 'none' as const },
              ...runs.filter((other) => other.id !== run.id),
            ].slice(0, MAX_KEPT),
          })),
        runProgressed: (id, status, progress) =>
          set(({ runs }) => ({
            runs: update(runs, id, (run) => (isLiveRun(run) ? { ...run, status, progress } : run)),
          })),
        runEnded: (id, status, now = Date.now()) =>
          set(({ runs }) => ({
            runs: update(runs, id, (run) =>
              isLiveRun(run)
                ? {
                    ...run,
                    status,
                    endedAt: now,
                    finishing:
                      status === 'success' && run.outputs.some((output) => output.kind === 'folder') ? 'due' : 'none',
                  }
                : run,
            ),
          })),
        runFinished: (id, outputs, finishing) =>
          set(({ runs }) => ({ runs: update(runs, id, (run) => ({ ...run, outputs, finishing })) })),
        runDismissed: (id) => set(({ runs }) => ({ runs: runs.filter((run) => run.id !== id) })),
      },
    }),
    { name: 'ddm.workitems', storage: createJSONStorage(() => localStorage), partialize: ({ runs }) => ({ runs }) },
  ),
);

export const useRuns = () => useRunStore((state) => state.runs);
export const useRun = (id: string) => useRunStore((state) => state.runs.find((run) => run.id === id) ?? null);
export const useLiveRunCount = () => useRunStore((state) => state.runs.filter(isLiveRun).length);
export const useRunActions = () => useRunStore((state) => state.actions);
/** For tests and code outside React. */
export const runStore = useRunStore;
