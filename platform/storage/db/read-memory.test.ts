import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDb } from '../../testing/memory-db';
import type { Db } from './db';
import { cacheable, mayWrite, readMemory } from './read-memory';

const HUB = 'SELECT id, name FROM hubs WHERE id = $1';

function counted<T>(answer: () => T | Promise<T>) {
  const read = async (): Promise<T> => {
    read.calls += 1;
    return answer();
  };
  read.calls = 0;
  return read;
}

describe('which statements are remembered', () => {
  it('remembers plain SELECTs on data and parameters alone, and counts anything else as a write', () => {
    expect(cacheable(HUB, ['h1'])).toBe(true);
    expect(cacheable('  select 1', [])).toBe(true);
    expect(cacheable('SELECT * FROM oss_objects WHERE expires_at > $1', [new Date()])).toBe(false);
    expect(cacheable('SELECT now()', [])).toBe(false);
    expect(cacheable('SELECT id FROM jobs FOR UPDATE', [])).toBe(false);
    expect(mayWrite('SELECT id FROM jobs FOR UPDATE')).toBe(true);
    expect(mayWrite("INSERT INTO hubs (id, name) VALUES ('x', 'y')")).toBe(true);
    expect(mayWrite('WITH gone AS (DELETE FROM hubs RETURNING id) SELECT id FROM gone')).toBe(true);
    expect(mayWrite('SELECT updated_at, deleted FROM folders')).toBe(false);
  });
});

describe('read memory', () => {
  it('answers a repeated read from memory until something is written, then reads again', async () => {
    const memory = readMemory();
    let name = 'First';
    const read = counted(() => [{ name }]);
    expect(await memory.query(HUB, ['h1'], read)).toEqual([{ name: 'First' }]);
    expect(await memory.query(HUB, ['h1'], read)).toEqual([{ name: 'First' }]);
    expect(read.calls).toBe(1);
    expect(await memory.query(HUB, ['h2'], read)).toEqual([{ name: 'First' }]);
    expect(read.calls).toBe(2);
    name = 'Second';
    memory.wrote();
    expect(await memory.query(HUB, ['h1'], read)).toEqual([{ name: 'Second' }]);
    expect(read.calls).toBe(3);
  });

  it('shares one read among requests that ask at once, and never keeps an answer read across a write', async () => {
    const memory = readMemory();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let name = 'Before';
    const read = counted(async () => {
      const seen = name;
      await gate;
      return [{ name: seen }];
    });
    const together = [memory.query(HUB, ['h1'], read), memory.query(HUB, ['h1'], read)];
    name = 'After';
    memory.wrote();
    release();
    expect(await Promise.all(together)).toEqual([[{ name: 'Before' }], [{ name: 'Before' }]]);
    expect(read.calls).toBe(1);
    expect(await memory.query(HUB, ['h1'], read)).toEqual([{ name: 'After' }]);
    expect(read.calls).toBe(2);
  });

  it('does not remember a read that failed', async () => {
    const memory = readMemory();
    let fail = true;
    const read = counted(() => {
      if (fail) throw new Error('connection lost');
      return [{ name: 'Back' }];
    });
    await expect(memory.query(HUB, ['h1'], read)).rejects.toThrow('connection lost');
    fail = false;
    expect(await memory.query(HUB, ['h1'], read)).toEqual([{ name: 'Back' }]);
  });

  it('freezes a remembered answer, so that one caller cannot change what the next is given', async () => {
    const memory = readMemory();
    const [row] = await memory.query(HUB, ['h1'], () => Promise.resolve([{ permissions: [{ access: 'read' }] }]));
    expect(() => row!.permissions.push({ access: 'full' })).toThrow(TypeError);
  });

  it('keeps a time-bound answer from its time until its first expiry, and not for a clock turned back', async () => {
    const memory = readMemory();
    let page = ['a', 'b'];
    const read = counted(() => page);
    const until = () => 1_000;
    expect(await memory.remember('page', new Date(100), read, until)).toEqual(['a', 'b']);
    page = ['b'];
    expect(await memory.remember('page', new Date(999), read, until)).toEqual(['a', 'b']);
    expect(read.calls).toBe(1);
    expect(await memory.remember('page', new Date(1_000), read, until)).toEqual(['b']);
    expect(await memory.remember('page', new Date(50), read, until)).toEqual(['b']);
    expect(read.calls).toBe(3);
  });
});

describe('read memory on the embedded database', () => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb();
    await db.query("INSERT INTO hubs (id, name) VALUES ('h1', 'One')");
  });
  afterEach(() => db.close());

  it('sees every write made through the database, in a transaction or not, committed or rolled back', async () => {
    expect(await db.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'One' }]);
    await db.query("UPDATE hubs SET name = 'Renamed' WHERE id = 'h1'");
    expect(await db.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'Renamed' }]);
    await db.transaction(async (tx) => {
      await tx.query("UPDATE hubs SET name = 'In a transaction' WHERE id = 'h1'");
      expect(await tx.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'In a transaction' }]);
    });
    expect(await db.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'In a transaction' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE hubs SET name = 'Rolled back' WHERE id = 'h1'");
        expect(await tx.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'Rolled back' }]);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await db.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'In a transaction' }]);
  });

  it('gives the same remembered answer to a repeated read', async () => {
    const first = await db.query(HUB, ['h1']);
    expect(await db.query(HUB, ['h1'])).toBe(first);
    await db.exec("UPDATE hubs SET name = 'By a script' WHERE id = 'h1'");
    expect(await db.query(HUB, ['h1'])).toEqual([{ id: 'h1', name: 'By a script' }]);
  });
});
