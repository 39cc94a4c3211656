/**
 * How a file is cut into parts for a signed S3 upload: every part but the last at least 5 MiB (S3's
 * minimum), at most 10,000 parts, and parts large enough that a request's overhead stays small.
 */

const MiB = 1024 * 1024;
export const MIN_PART_BYTES = 5 * MiB;
export const MAX_PARTS = 10_000;
/** 16 MiB: few enough requests to keep a gigabyte at disk speed, small enough that a retried part costs little. */
export const DEFAULT_PART_BYTES = 16 * MiB;

export interface PartPlan {
  partSize: number;
  count: number;
}

export function planParts(size: number, preferred = DEFAULT_PART_BYTES): PartPlan {
  if (size <= 0) return { partSize: Math.max(preferred, MIN_PART_BYTES), count: 1 };
  // Round the smallest size that keeps the count under the cap up to whole MiB.
  const needed = Math.ceil(Math.ceil(size / MAX_PARTS) / MiB) * MiB;
  const partSize = Math.max(preferred, MIN_PART_BYTES, needed);
  return { partSize, count: Math.ceil(size / partSize) };
}

/** Byte range `[start, end)` of 1-based part `partNumber`. */
export function partRange(plan: PartPlan, size: number, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(size, start + plan.partSize) };
}
