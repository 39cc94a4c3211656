import { open, type FileHandle } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { ObjectDetails, SignedS3UploadResponse } from '../contracts/oss';

const PART = 5 * 1024 * 1024;
const BATCH = 25;

/** Where an upload's OSS calls go: the platform itself or the gateway in front of it. */
export interface OssCaller {
  call(route: string, init?: RequestInit): Promise<Response>;
}

/** PUT of raw bytes to a signed URL over node:http, as the SDK's axios does (fetch costs twice the CPU). */
function putPart(agent: Agent, url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'PUT', agent, headers: { 'Content-Length': body.length } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The client the SDK is: 5 MiB parts, one after another, URLs asked for 25 at a time, then
 * complete. It advances one batch per call and counts only the time spent in its own calls, so
 * two uploads can take turns batch by batch and each still gets its own throughput.
 */
export class SignedUpload {
  private elapsedMs = 0;
  private nextPart = 1;
  private uploadKey: string | undefined;
  private readonly agent = new Agent({ keepAlive: true });
  private readonly part = Buffer.allocUnsafe(PART);

  private constructor(
    private readonly via: OssCaller,
    private readonly source: FileHandle,
    private readonly size: number,
    private readonly objectPath: string,
  ) {}

  static async open(via: OssCaller, from: string, objectPath: string): Promise<SignedUpload> {
    const source = await open(from, 'r');
    return new SignedUpload(via, source, (await source.stat()).size, objectPath);
  }

  get done(): boolean {
    return this.nextPart > Math.ceil(this.size / PART);
  }

  async batch(): Promise<void> {
    const started = performance.now();
    const first = this.nextPart;
    const query = new URLSearchParams({
      parts: String(Math.min(BATCH, Math.ceil(this.size / PART) - first + 1)),
      firstPart: String(first),
      ...(this.uploadKey ? { uploadKey: this.uploadKey } : {}),
    });
    const signed = (await (
      await this.via.call(`${this.objectPath}/signeds3upload?${query}`)
    ).json()) as SignedS3UploadResponse;
    this.uploadKey = signed.uploadKey;
    for (const [index, url] of signed.urls.entries()) {
      const { bytesRead } = await this.source.read(this.part, 0, PART, (first - 1 + index) * PART);
      const status = await putPart(this.agent, url, this.part.subarray(0, bytesRead));
      if (status !== 200) throw new Error(`part ${first + index} answered ${status}`);
    }
    this.nextPart += signed.urls.length;
    this.elapsedMs += performance.now() - started;
  }

  async complete(): Promise<{ mibPerSecond: number; sha1: string }> {
    const started = performance.now();
    this.agent.destroy();
    await this.source.close();
    const done = await this.via.call(`${this.objectPath}/signeds3upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadKey: this.uploadKey }),
    });
    if (done.status !== 200) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
    const object = (await done.json()) as ObjectDetails;
    this.elapsedMs += performance.now() - started;
    return { mibPerSecond: this.size / 1024 / 1024 / (this.elapsedMs / 1000), sha1: object.sha1 };
  }
}

/** One upload from start to end, nothing else in between. */
export async function signedUpload(
  via: OssCaller,
  from: string,
  objectPath: string,
): Promise<{ mibPerSecond: number; sha1: string }> {
  const upload = await SignedUpload.open(via, from, objectPath);
  while (!upload.done) await upload.batch();
  return upload.complete();
}
