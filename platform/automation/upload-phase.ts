import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { requestUrl, shownUrl, type JobArgument } from './job-arguments';
import type { RunContext } from './run-context';
import { RunFailure } from './run-failure';
import { TransferError, upload } from './transfer';
import { zipFolder, ZipTooLargeError } from './zip-folder';

/** The setting that makes a failed optional upload end the workitem as `failedUploadOptional` rather than `success`. */
const REPORT_OPTIONAL_FAILURES = 'dasreportfaileduploadoptional';

/** The file that goes up for an output: its own, or a zip of its folder. Links and paths leaving the job folder are refused. */
async function outputFile(ctx: RunContext, arg: JobArgument): Promise<{ file: string; size: number } | undefined> {
  const stats = await lstat(arg.path).catch(() => undefined);
  if (!stats) return undefined;
  const root = await realpath(ctx.plan.jobDir);
  const real = await realpath(arg.path);
  if (stats.isSymbolicLink() || path.relative(root, real).startsWith('..'))
    throw new TransferError(`${arg.path} is a link, not a file of the job folder.`);
  if (arg.zip) {
    if (!stats.isDirectory())
      throw new TransferError(`${arg.path} is not a folder, and the output is zipped from one.`);
    const zip = path.join(ctx.runDir, `upload-${arg.name}.zip`);
    const size = await zipFolder(arg.path, zip, ctx.settings.maxUploadBytes).catch((error: Error) => {
      throw error instanceof ZipTooLargeError ? new TransferError(error.message, true) : error;
    });
    return { file: zip, size };
  }
  if (!stats.isFile())
    throw new TransferError(
      `${arg.path} is a folder; an output sent as it is must be a file (set zip to send a folder).`,
    );
  if (stats.size > ctx.settings.maxUploadBytes)
    throw new TransferError(
      `${arg.path} is ${stats.size} bytes, more than the ${ctx.settings.maxUploadBytes} an output may have.`,
      true,
    );
  return { file: arg.path, size: stats.size };
}

async function sendOutput(
  ctx: RunContext,
  arg: JobArgument,
  url: string,
  headers: Record<string, string>,
): Promise<boolean> {
  if (!/^(https?:|urn:adsk\.objects:os\.object:)/i.test(url))
    throw new TransferError('An output goes to an http(s) URL or an OSS object id.');
  const found = await outputFile(ctx, arg);
  if (!found) return false;
  const method = arg.verb.toUpperCase();
  ctx.hooks.log(`Uploading '${arg.path}': verb - '${method}', url - '${shownUrl(url, ctx.plan.mask)}'`);
  await upload(
    ctx.hooks.fetch,
    { url: requestUrl(url, ctx.settings.platformUrl), method, headers, log: (line: string) => ctx.hooks.log(line) },
    found.file,
    found.size,
    ctx.signal,
  );
  ctx.totals.uploaded += found.size;
  ctx.hooks.bytes('uploaded', ctx.totals.uploaded);
  return true;
}

/**
 * The upload phase: each output the workitem bound is sent with its verb and headers. A missing or
 * failed output fails the workitem unless it is optional; a failed optional one is a warning, or
 * `failedUploadOptional` when the activity sets `dasreportfaileduploadoptional`.
 */
export async function uploadPhase(ctx: RunContext): Promise<'success' | 'failedUploadOptional'> {
  ctx.hooks.log('Start upload phase.');
  let optionalFailed = false;
  for (const arg of ctx.args) {
    const argument = arg.argument;
    if (arg.direction !== 'output' || argument?.kind !== 'url') continue;
    try {
      if (!(await sendOutput(ctx, arg, argument.url, argument.headers ?? {}))) {
        if (arg.optional) ctx.hooks.log(`Warning: the optional output [${arg.path}] is missing.`);
        else {
          ctx.hooks.log(`Error: Non-optional output [${arg.path}] is missing.`);
          throw new RunFailure('failedUpload', `The program did not write the output ${arg.name} (${arg.localName}).`);
        }
      }
    } catch (error) {
      if (error instanceof RunFailure) throw error;
      if (ctx.signal.aborted)
        throw new RunFailure('cancelled', 'The workitem was cancelled while its outputs were uploaded.');
      const message = (error as Error).message;
      if (error instanceof TransferError && error.overLimit)
        throw new RunFailure('failedLimitDataSize', `The output ${arg.name} is too large: ${message}`);
      if (!arg.optional)
        throw new RunFailure('failedUpload', `The output ${arg.name} could not be uploaded: ${message}`);
      ctx.hooks.log(`Warning: the optional output ${arg.name} could not be uploaded: ${message}`);
      optionalFailed = true;
    }
  }
  ctx.hooks.log('End upload phase successfully.');
  const reportOptional = Object.keys(ctx.plan.settings).some((name) => name.toLowerCase() === REPORT_OPTIONAL_FAILURES);
  return optionalFailed && reportOptional ? 'failedUploadOptional' : 'success';
}
