import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Where the lock of a data directory lives: a socket only one process can listen on, which the
 * kernel closes the moment its process dies (a pid file outlives it, and a zombie still answers
 * `kill(pid, 0)`, so a supervisor's immediate restart would be refused). Linux has abstract
 * sockets (no file to go stale; per network namespace, as the pid file was per pid namespace),
 * Windows named pipes; elsewhere a socket file, unlinked when found dead.
 */
export function lockAddress(dataDir: string): { address: string; isFile: boolean } {
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return { address: `\0ddm-platform-${key}`, isFile: false };
  if (process.platform === 'win32') return { address: `\\\\.\\pipe\\ddm-platform-${key}`, isFile: false };
  return { address: path.join(os.tmpdir(), `ddm-platform-${key}.sock`), isFile: true };
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // A process asking who holds the lock gets the holder's pid, for the message it prints.
    const server = net.createServer((socket) => socket.end(String(process.pid)));
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.unref(); // the lock never keeps a process alive
      resolve(server);
    });
  });
}

/** The pid of the process listening on `address`, or undefined when nobody does. */
function holderOf(address: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let said = '';
    const socket = net.connect(address);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (said += chunk.toString()));
    socket.on('end', () => resolve(Number(said) || -1));
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => resolve(said ? Number(said) || -1 : -1));
  });
}

/**
 * Takes the data directory for this process. PGlite has no lock of its own, and two processes on
 * one directory silently lose each other's writes, so a second platform must refuse to start.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const { address, isFile } = lockAddress(realpathSync(dataDir));
  // Older versions kept a pid file; it means nothing now.
  rmSync(path.join(dataDir, 'platform.lock'), { force: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const server = await listen(address);
      return () => server.close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await holderOf(address);
      if (holder !== undefined) {
        const who = holder > 0 ? ` (pid ${holder})` : '';
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another running platform${who}. Stop it first, or use another --data-dir.`,
        );
      }
      // Nobody listens: a socket file left by a process that died, or a holder closing right now.
      if (isFile) rmSync(address, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
