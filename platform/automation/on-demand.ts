import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseAcesLine, progressBody, type AcesOperation } from './aces-api';
import { requestUrl, shownUrl } from './job-arguments';
import type { RunContext } from './run-context';
import { download } from './transfer';

/** What a program reads on its stdin after an on-demand request: ETX when the file is there, a new line when not. */
const DONE = '\x03';
const FAILED = '\n';

function insideJob(ctx: RunContext, file: string): string | undefined {
  const resolved = path.resolve(ctx.plan.jobDir, file.replaceAll('\\', '/'));
  const relative = path.relative(ctx.plan.jobDir, resolved);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? resolved : undefined;
}

async function fetchOnDemand(ctx: RunContext, operation: AcesOperation): Promise<boolean> {
  const arg =
    ctx.args.find((candidate) => candidate.name === operation.name) ??
    ctx.args.find((candidate) => candidate.name.toLowerCase() === operation.name.toLowerCase());
  const argument = arg?.argument;
  if (!arg || arg.direction !== 'input' || argument?.kind !== 'url') {
    ctx.hooks.log(`Error: the program asked for ${operation.name}, which is no input of this workitem with a URL.`);
    return false;
  }
  const file = insideJob(ctx, operation.responseFile || arg.localName);
  if (!file) {
    ctx.hooks.log(
      `Error: the program asked for ${operation.name} to be written to ${JSON.stringify(operation.responseFile)}, outside the job folder.`,
    );
    return false;
  }
  const url = requestUrl(argument.url, ctx.settings.platformUrl) + operation.suffix;
  const shown = shownUrl(argument.url + operation.suffix, ctx.plan.mask);
  // A request with data is sent as a POST whatever the input's verb: a GET may carry no body.
  const method = operation.data ? 'POST' : 'GET';
  ctx.hooks.log(`Start downloading input on demand: verb - '${method}', url - '${shown}'`);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const left = ctx.settings.maxDownloadBytes - ctx.totals.downloaded;
    const bytes = await download(
      ctx.hooks.fetch,
      {
        url,
        method,
        headers: { ...argument.headers, ...operation.headers },
        log: (line: string) => ctx.hooks.log(line),
      },
      file,
      left,
      ctx.signal,
      operation.data || undefined,
    );
    ctx.totals.downloaded += bytes;
    ctx.hooks.bytes('downloaded', ctx.totals.downloaded);
    ctx.hooks.log(`End downloading file. Source=${shown},LocalFile=${file},BytesDownloaded=${bytes}`);
    return true;
  } catch (error) {
    ctx.hooks.log(`Error: the on-demand input ${operation.name} could not be downloaded: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Reads a program's output line for `!ACESAPI:acesHttpOperation` requests: `onProgress` goes to
 * the hooks (the service posts it); any other name fetches that `ondemand` input and answers on
 * the program's stdin.
 */
export function acesListener(ctx: RunContext): (line: string, answer: (reply: string) => void) => void {
  return (line, answer) => {
    const operation = parseAcesLine(line);
    if (!operation) return;
    if (operation.name.toLowerCase() === 'onprogress') {
      ctx.hooks.progress(progressBody(operation));
      return;
    }
    void fetchOnDemand(ctx, operation).then((done) => answer(done ? DONE : FAILED));
  };
}
