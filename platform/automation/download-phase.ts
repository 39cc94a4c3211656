import { constants } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeDataUrl } from './data-url';
import { requestUrl, shownUrl, type JobArgument } from './job-arguments';
import type { RunContext } from './run-context';
import { RunFailure } from './run-failure';
import { safeUnzip, UnzipError } from './safe-unzip';
import { download, probe, TransferError } from './transfer';

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

async function writeEmbedded(ctx: RunContext, arg: JobArgument, bytes: Uint8Array, shown: string): Promise<void> {
  await mkdir(path.dirname(arg.path), { recursive: true });
  await writeFile(arg.path, bytes, { flag: NEW_FILE });
  ctx.hooks.log(`Embedded resource [${shown}] is saved as a file in 'UTF-8' at: '${arg.path}'.`);
}

/** Fetches one URL input: into its file, or through a temporary zip into its folder. */
async function fetchInput(
  ctx: RunContext,
  arg: JobArgument,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const target = requestUrl(url, ctx.settings.platformUrl);
  const shown = shownUrl(url, ctx.plan.mask);
  const request = {
    url: target,
    method: arg.verb === 'head' ? 'HEAD' : 'GET',
    headers,
    log: (line: string) => ctx.hooks.log(line),
  };
  ctx.hooks.log(`Start downloading input: verb - '${request.method}', url - '${shown}'`);
  if (arg.verb === 'head') {
    await probe(ctx.hooks.fetch, request, ctx.signal);
    ctx.hooks.log(`End checking input. Source=${shown} (a 'head' input is checked, not downloaded)`);
    return;
  }
  const started = performance.now();
  const folder = path.join(ctx.plan.jobDir, arg.localName);
  const file = arg.zip ? path.join(ctx.runDir, `download-${arg.name}.zip`) : arg.path;
  await mkdir(path.dirname(file), { recursive: true });
  const left = ctx.settings.maxDownloadBytes - ctx.totals.downloaded;
  const bytes = await download(ctx.hooks.fetch, request, file, left, ctx.signal);
  ctx.totals.downloaded += bytes;
  ctx.hooks.bytes('downloaded', ctx.totals.downloaded);
  ctx.hooks.log(
    `End downloading file. Source=${shown},LocalFile=${file},BytesDownloaded=${bytes},Duration=${Math.round(performance.now() - started)}ms`,
  );
  if (arg.zip) {
    const extracted = await safeUnzip(file, folder, {
      maxBytes: ctx.settings.maxJobFolderBytes,
      maxEntries: ctx.settings.maxZipEntries,
    });
    await rm(file, { force: true });
    ctx.hooks.log(`Extracted ${extracted.files} files (${extracted.bytes} bytes) of the zip into '${folder}'.`);
  }
}

async function placeInput(ctx: RunContext, arg: JobArgument): Promise<void> {
  const argument = arg.argument;
  if (!argument) return;
  if (argument.kind === 'value')
    return writeEmbedded(ctx, arg, new TextEncoder().encode(argument.value), argument.value.slice(0, 80));
  if (argument.url.startsWith('data:')) {
    const bytes = decodeDataUrl(argument.url);
    if (!bytes) throw new TransferError('The data: URL cannot be decoded.');
    return writeEmbedded(ctx, arg, bytes, shownUrl(argument.url, ctx.plan.mask));
  }
  if (!/^(https?:|urn:adsk\.objects:os\.object:)/i.test(argument.url)) {
    throw new TransferError(
      `The URL's scheme is not one an input can be fetched with (http, https, data, urn:adsk.objects:os.object).`,
    );
  }
  return fetchInput(ctx, arg, argument.url, argument.headers ?? {});
}

/**
 * The download phase: each input the workitem bound, except `ondemand` ones, is written or fetched
 * into the job folder; outputs get their folders. A limit reached is a data-size failure; any other
 * error fails the download unless the argument is optional.
 */
export async function downloadPhase(ctx: RunContext): Promise<void> {
  ctx.hooks.log('Start download phase.');
  for (const arg of ctx.args) {
    if (arg.direction === 'output') {
      await mkdir(arg.zip ? arg.path : path.dirname(arg.path), { recursive: true });
      continue;
    }
    if (arg.parameter.ondemand) continue;
    try {
      await placeInput(ctx, arg);
    } catch (error) {
      if (ctx.signal.aborted)
        throw new RunFailure('cancelled', 'The workitem was cancelled while its inputs were downloaded.');
      const message = (error as Error).message;
      const overLimit = (error instanceof TransferError || error instanceof UnzipError) && error.overLimit;
      if (overLimit) throw new RunFailure('failedLimitDataSize', `The input ${arg.name} is too large: ${message}`);
      if (arg.optional) {
        ctx.hooks.log(`Warning: the optional input ${arg.name} was not downloaded: ${message}`);
        continue;
      }
      throw new RunFailure('failedDownload', `The input ${arg.name} could not be downloaded: ${message}`);
    }
  }
  ctx.hooks.log('End download phase successfully.');
}
