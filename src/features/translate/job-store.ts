import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { OutputType, TranslationStatus } from '../../../contracts/model-derivative';
import type { ModelItemPlace } from '../../lib/model-paths';

/**
 * The translations this person started, kept in localStorage so the job centre survives a reload and
 * a new tab. Client state only: the live status comes from the manifest query, and the watcher copies
 * it here so the list, the indicator and the notifications agree.
 */

/** The platform runs at most this many jobs at once per app (spec part 8). */
export const CONCURRENT_JOB_LIMIT = 20;
/** Finished jobs kept in the list; older ones drop off so the store stays small. */
const MAX_KEPT = 100;

export interface TranslationJob {
  id: string;
  /** The encoded source URN. */
  urn: string;
  name: string;
  /** The hub item the design is a version of, when started from one: the job's link leads back there. */
  item?: ModelItemPlace;
  outputs: OutputType[];
  startedAt: number;
  status: TranslationStatus;
  progress: string;
  endedAt: number | null;
  /** The first error message of a failed job, in the platform's words. */
  message: string | null;
  /** When a page last saw it running: a reload soon after still owes the person its end. */
  watchedAt?: number;
  /** When a page told the person of its end: one that replaced that page a moment later tells again. */
  announcedAt?: number;
}

interface JobActions {
  jobStarted: (job: Pick<TranslationJob, 'urn' | 'name' | 'outputs' | 'item'>, now?: number) => string;
  jobProgressed: (id: string, status: TranslationStatus, progress: string, now?: number) => void;
  jobEnded: (id: string, status: TranslationStatus, message: string | null, now?: number) => void;
  jobAnnounced: (id: string, now?: number) => void;
  jobDismissed: (id: string) => void;
  finishedCleared: () => void;
}

interface JobState {
  jobs: TranslationJob[];
  actions: JobActions;
}

export const isRunning = (job: TranslationJob) => job.endedAt === null;

const useJobStore = create<JobState>()(
  persist(
    (set) => ({
      jobs: [],
      actions: {
        jobStarted: (job, now = Date.now()) => {
          const id = `${job.urn}@${now}`;
          // A new job on the same design replaces a running one: the platform restarts it, not queues it.
          set(({ jobs }) => ({
            jobs: [
              {
                ...job,
                id,
                startedAt: now,
                watchedAt: now,
                status: 'pending' as const,
                progress: '0% complete',
                endedAt: null,
                message: null,
              },
              ...jobs.filter((other) => !(other.urn === job.urn && isRunning(other))),
            ].slice(0, MAX_KEPT),
          }));
          return id;
        },
        jobProgressed: (id, status, progress, now = Date.now()) =>
          set(({ jobs }) => ({
            jobs: jobs.map((job) =>
              job.id === id && isRunning(job) ? { ...job, status, progress, watchedAt: now } : job,
            ),
          })),
        jobEnded: (id, status, message, now = Date.now()) =>
          set(({ jobs }) => ({
            jobs: jobs.map((job) =>
              job.id === id && isRunning(job) ? { ...job, status, message, progress: 'complete', endedAt: now } : job,
            ),
          })),
        jobAnnounced: (id, now = Date.now()) =>
          set(({ jobs }) => ({ jobs: jobs.map((job) => (job.id === id ? { ...job, announcedAt: now } : job)) })),
        jobDismissed: (id) => set(({ jobs }) => ({ jobs: jobs.filter((job) => job.id !== id) })),
        finishedCleared: () => set(({ jobs }) => ({ jobs: jobs.filter(isRunning) })),
      },
    }),
    { name: 'ddm.jobs', storage: createJSONStorage(() => localStorage), partialize: ({ jobs }) => ({ jobs }) },
  ),
);

export const useJobs = () => useJobStore((state) => state.jobs);
export const useRunningCount = () => useJobStore((state) => state.jobs.filter(isRunning).length);
/** The latest job of one design, if this person started any. */
export const useLatestJob = (urn: string) => useJobStore((state) => state.jobs.find((job) => job.urn === urn) ?? null);
export const useJobActions = () => useJobStore((state) => state.actions);
/** For tests and code outside React. */
export const jobStore = useJobStore;
