import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';
import { fakeOss } from '../../testing/upload/fake-oss';
import { uploadContent, type ContentEvents } from './signed-upload';
import { instantTimers } from '../../testing/upload/timers';

// Ten-byte parts keep the files tiny; the 5 MiB rule is planParts' business, tested on its own.
const plan = (size: number) => ({ partSize: 10, count: Math.max(1, Math.ceil(size / 10)) });
const text = 'abcdefghij'.repeat(6) + 'xyz'; // 7 parts

function setup() {
  const timers = instantTimers();
  const oss = fakeOss(timers.now);
  const seen = { started: [] as string[], finished: [] as number[], failed: [] as number[], bytes: 0, restarted: 0 };
  const events: ContentEvents = {
    uploadStarted: (key) => seen.started.push(key),
    uploadRestarted: () => (seen.restarted += 1),
    partFinished: (part) => seen.finished.push(part),
    partFailed: (part) => seen.failed.push(part),
    bytesSent: (delta) => (seen.bytes += delta),
  };
  const deps = {
    sign: oss.sign,
    sendPart: oss.sendPart,
    limiter: createLimiter(4),
    timers,
    plan,
    policy: { retries: 3, baseMs: 100, maxMs: 1000 },
  };
  return { timers, oss, seen, events, deps };
}

describe('uploadContent', () => {
  it('sends every part through signed URLs and reports each byte once', async () => {
    const { oss, seen, events, deps } = setup();
    const result = await uploadContent(
      new Blob([text]),
      { doneParts: new Set() },
      deps,
      events,
      new AbortController().signal,
    );
    expect(result).toEqual({ uploadKey: 'key-1', size: text.length });
    expect(oss.assembled('key-1')).toBe(text);
    expect(seen.finished.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.bytes).toBe(text.length);
    expect(oss.signs[0]).toEqual({ parts: 7, firstPart: 1, uploadKey: undefined });
  });

  it('sends a file of one part as the file itself, and a file of several parts as slices', async () => {
    const { events, deps, oss } = setup();
    const bodies: Blob[] = [];
    const sendPart: typeof deps.sendPart = (url, body, signal, onProgress) => {
      bodies.push(body);
      return oss.sendPart(url, body, signal, onProgress);
    };
    const single = new Blob(['abcdefghij']);
    await uploadContent(single, { doneParts: new Set() }, { ...deps, sendPart }, events, new AbortController().signal);
    expect(bodies).toEqual([single]);
    expect(bodies[0]).toBe(single);
    const several = new Blob([text]);
    await uploadContent(several, { doneParts: new Set() }, { ...deps, sendPart }, events, new AbortController().signal);
    expect(bodies.slice(1)).toHaveLength(7);
    expect(bodies.slice(1).every((body) => body !== several && body.size <= 10)).toBe(true);
  });

  it('retries a failed part with backoff, and takes back the bytes of the failed attempt', async () => {
    const { oss, seen, events, deps, timers } = setup();
    oss.failPart(3, 2);
    await uploadContent(new Blob([text]), { doneParts: new Set() }, deps, events, new AbortController().signal);
    expect(oss.assembled('key-1')).toBe(text);
    expect(seen.failed).toEqual([3, 3]);
    expect(timers.sleeps).toEqual([75, 150]);
    expect(seen.bytes).toBe(text.length);
  });

  it('signs again a part whose URL was refused (403) before retrying it', async () => {
    const { oss, events, deps } = setup();
    oss.failPart(2, 1, 403);
    await uploadContent(new Blob([text]), { doneParts: new Set() }, deps, events, new AbortController().signal);
    expect(oss.signs.map((request) => request.firstPart)).toEqual([1, 2]);
    expect(oss.signs[1]?.uploadKey).toBe('key-1');
  });

  it('fails the file when a part keeps failing, and stops its other parts', async () => {
    const { oss, events, deps } = setup();
    oss.failPart(1, 10, 500);
    await expect(
      uploadContent(
        new Blob([text]),
        { doneParts: new Set() },
        { ...deps, parallel: 1 },
        events,
        new AbortController().signal,
      ),
    ).rejects.toThrow('fails on purpose');
    expect(oss.sent).toEqual([]);
  });

  it('resumes under the same uploadKey without sending the finished parts again', async () => {
    const { oss, seen, events, deps } = setup();
    oss.failPart(5, 10, 500);
    await expect(
      uploadContent(
        new Blob([text]),
        { doneParts: new Set() },
        { ...deps, parallel: 1 },
        events,
        new AbortController().signal,
      ),
    ).rejects.toThrow();
    expect(seen.finished).toEqual([1, 2, 3, 4]);
    oss.failPart(5, 0);
    oss.sent.length = 0;

    const result = await uploadContent(
      new Blob([text]),
      { uploadKey: 'key-1', doneParts: new Set(seen.finished) },
      deps,
      events,
      new AbortController().signal,
    );
    expect(result.uploadKey).toBe('key-1');
    expect(oss.sent.sort()).toEqual([5, 6, 7]);
    expect(oss.signs.at(-1)).toEqual({ parts: 3, firstPart: 5, uploadKey: 'key-1' });
    expect(oss.assembled('key-1')).toBe(text);
  });

  it('signs each next batch of URLs once, ahead of the parts that need it', async () => {
    const { oss, events, deps } = setup();
    const long = 'abcdefghij'.repeat(60); // 60 parts: three batches of URLs
    const partsSentWhenSigned: number[] = [];
    const sign: typeof deps.sign = (request) => {
      partsSentWhenSigned.push(oss.sent.length);
      return oss.sign(request);
    };
    await uploadContent(
      new Blob([long]),
      { doneParts: new Set() },
      { ...deps, sign },
      events,
      new AbortController().signal,
    );
    expect(oss.signs.map((request) => request.firstPart)).toEqual([1, 26, 51]);
    // Asked for well before the batch's end: waiting for part 26 to need it would mean 22 or more sent.
    expect(partsSentWhenSigned[1]).toBeLessThan(20);
    expect(partsSentWhenSigned[2]).toBeLessThan(45);
    expect(oss.assembled('key-1')).toBe(long);
  });

  it('starts over under a new key when the old upload has expired', async () => {
    const { oss, seen, events, deps } = setup();
    const result = await uploadContent(
      new Blob([text]),
      { uploadKey: 'gone', doneParts: new Set([1, 2]) },
      deps,
      events,
      new AbortController().signal,
    );
    expect(seen.restarted).toBe(1);
    expect(result.uploadKey).toBe('key-1');
    expect(oss.assembled('key-1')).toBe(text);
  });

  it('stops at once when cancelled', async () => {
    const { oss, events, deps } = setup();
    const controller = new AbortController();
    const sendPart: typeof deps.sendPart = async (url, body, signal, onProgress) => {
      if (url.endsWith('/2')) controller.abort();
      return oss.sendPart(url, body, signal, onProgress);
    };
    await expect(
      uploadContent(
        new Blob([text]),
        { doneParts: new Set() },
        { ...deps, sendPart, parallel: 1 },
        events,
        controller.signal,
      ),
    ).rejects.toThrow(/abort/i);
    expect(oss.sent).toEqual([1]);
  });
});
