import type { PlanArgument, PlanParameter, PlanSetting } from '../../automation/engine-types';

/** Where a callback (`onComplete`, `onProgress`) goes. */
export interface CallbackTarget {
  url: string;
  verb: string;
  headers: Record<string, string>;
}

/**
 * Everything a workitem's runs need, resolved when it was accepted and kept with it: the activity
 * version (as its id named it then), the zips of its appbundles, and the arguments bound to its
 * parameters. A restart runs it from this alone.
 */
export interface WorkitemSpec {
  activity: {
    engineId: string;
    commandLine: string[];
    parameters: Record<string, PlanParameter>;
    settings: Record<string, PlanSetting>;
  };
  bundles: { name: string; blobId: string; size: number; id: string }[];
  arguments: Record<string, PlanArgument>;
  onComplete?: CallbackTarget;
  onProgress?: CallbackTarget;
  limitProcessingTimeSec: number;
  uploadJobFolder: boolean;
  mask: boolean;
}

/** Stats times as the real service writes them: ISO 8601 with seven fractional digits. */
export const statsTime = (at: Date): string => at.toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
