import { constants } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';

/** The open flags of this process's file descriptors on `file` (Linux: /proc/self/fdinfo). */
export async function openFlags(file: string): Promise<number[]> {
  const flags: number[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) !== file) continue;
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    const octal = /^flags:\s+([0-7]+)/m.exec(info)?.[1];
    if (octal) flags.push(parseInt(octal, 8));
  }
  return flags;
}

export const isDirect = (flags: number) => (flags & (constants.O_DIRECT ?? 0)) !== 0;

/**
 * A body that sends `before` bytes, waits for `resume`, then sends `after` more: a write paused
 * midway, to look at its open file. `paused` settles when the writer has taken the bytes before the
 * pause (a web stream asks for the next chunk as the last one is read).
 */
export function pausedBody(before: number, after: number, resume: Promise<void>, chunk = 256 * 1024) {
  let sent = 0;
  let reachedPause!: () => void;
  const paused = new Promise<void>((resolve) => (reachedPause = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === before) {
        reachedPause();
        await resume;
      }
      if (sent === before + after) return controller.close();
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(sent % 251));
    },
  });
  return { body, paused };
}
