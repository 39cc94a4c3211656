import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PlanArgument, RunPlan } from '../../automation/engine-types';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { DaWorkitemRecord } from '../../storage/repos/da-workitems';
import type { WorkitemSpec } from './workitem-spec';

const OSS_URN = /^urn:adsk\.objects:os\.object:([^/:]+)[/:](.+)$/;

/** `urn:adsk.objects:os.object:{bucket}/{object}` (or `:{object}`) as the platform's own OSS URL. */
export function ossUrlOf(url: string, base: string): string {
  const match = OSS_URN.exec(url);
  return match
    ? `${base}/oss/v2/buckets/${encodeURIComponent(match[1]!)}/objects/${encodeURIComponent(match[2]!)}`
    : url;
}

const withOssUrl = (argument: PlanArgument, base: string): PlanArgument =>
  argument.kind === 'url' ? { ...argument, url: ossUrlOf(argument.url, base) } : argument;

/**
 * The run's folder: `job/` (empty, the engine's) and `bundles/{name}.zip`, each appbundle's zip
 * copied from its blob. The engine reads nothing of the service's but these.
 */
export async function prepareRunDir(
  blobs: BlobStore,
  dir: string,
  spec: WorkitemSpec,
): Promise<{ jobDir: string; zips: { name: string; zipPath: string }[] }> {
  const jobDir = path.join(dir, 'job');
  await mkdir(jobDir, { recursive: true });
  await mkdir(path.join(dir, 'bundles'), { recursive: true });
  const zips = [];
  for (const [index, bundle] of spec.bundles.entries()) {
    const zipPath = path.join(dir, 'bundles', `${index}.zip`);
    if (bundle.size === 0) await writeFile(zipPath, new Uint8Array());
    else await pipeline(Readable.from(blobs.read(bundle.blobId, 0, bundle.size - 1)), createWriteStream(zipPath));
    zips.push({ name: bundle.name, zipPath });
  }
  return { jobDir, zips };
}

export function runPlan(
  record: DaWorkitemRecord,
  spec: WorkitemSpec,
  run: { jobDir: string; zips: { name: string; zipPath: string }[]; base: string },
): RunPlan {
  return {
    workitemId: record.id,
    engineId: spec.activity.engineId,
    activityId: record.activityId,
    commandLine: spec.activity.commandLine,
    parameters: spec.activity.parameters,
    arguments: Object.fromEntries(
      Object.entries(spec.arguments).map(([name, argument]) => [name, withOssUrl(argument, run.base)]),
    ),
    appbundles: run.zips,
    settings: spec.activity.settings,
    limitProcessingTimeSec: spec.limitProcessingTimeSec,
    uploadJobFolder: spec.uploadJobFolder,
    mask: spec.mask,
    jobDir: run.jobDir,
  };
}
