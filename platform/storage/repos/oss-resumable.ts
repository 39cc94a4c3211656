import type { Extent } from '../blobs/extents';
import type { Db, Queryable } from '../db/db';
import { replaceObject, type ObjectRecord } from './oss-objects';

/** A legacy resumable upload is named by its object and the client's `Session-Id`. */
export interface SessionKey {
  bucketKey: string;
  objectKey: string;
  sessionId: string;
}

/** A received chunk: where it starts in the object, and the blob holding it. */
export interface ResumableChunk {
  start: number;
  size: number;
  blobId: string;
}

export interface ResumableSession {
  uploadKey: string;
  total: number;
  expiresAt: Date;
  /** In byte order. */
  chunks: ResumableChunk[];
}

export interface NewChunk {
  start: number;
  total: number;
  blob: { id: string; size: number };
  /** The upload key for a session this chunk starts, and when that session expires. */
  newSession: { uploadKey: string; expiresAt: Date };
  maxChunks: number;
}

export type ChunkOutcome =
  | { status: 'stored'; session: ResumableSession; freed: string[] }
  | { status: 'total-mismatch'; total: number; freed: string[] }
  | { status: 'overlap'; with: { start: number; end: number }; freed: string[] }
  | { status: 'too-many'; freed: string[] }
  | { status: 'no-bucket'; freed: string[] };

export type SessionCompleteOutcome = { status: 'done'; freed: string[] } | { status: 'gone' } | { status: 'changed' };

// Every write to one session takes this lock first, so chunks sent at once queue instead of racing.
const lockSession = (tx: Queryable, key: SessionKey) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    JSON.stringify(['oss-resumable', key.bucketKey, key.objectKey, key.sessionId]),
  ]);

async function sessionOf(tx: Queryable, key: SessionKey): Promise<Omit<ResumableSession, 'chunks'> | undefined> {
  const [session] = await tx.query<Omit<ResumableSession, 'chunks'>>(
    `SELECT s.upload_key AS "uploadKey", s.total_size AS total, u.expires_at AS "expiresAt"
     FROM oss_resumable_sessions s JOIN oss_uploads u ON u.upload_key = s.upload_key
     WHERE s.bucket_key = $1 AND s.object_key = $2 AND s.session_id = $3`,
    [key.bucketKey, key.objectKey, key.sessionId],
  );
  return session && { ...session, total: Number(session.total) };
}

async function chunksOf(tx: Queryable, uploadKey: string): Promise<(ResumableChunk & { partNumber: number })[]> {
  const rows = await tx.query<ResumableChunk & { partNumber: number }>(
    `SELECT c.start_byte AS start, p.size, p.blob_id AS "blobId", c.part_number AS "partNumber"
     FROM oss_resumable_chunks c JOIN oss_parts p ON p.upload_key = c.upload_key AND p.part_number = c.part_number
     WHERE c.upload_key = $1 ORDER BY c.start_byte`,
    [uploadKey],
  );
  return rows.map((row) => ({ ...row, start: Number(row.start), size: Number(row.size) }));
}

/** Drops a session past its expiry (the sweep may not have run yet) and returns its chunks' blobs. */
async function dropExpired(tx: Queryable, uploadKey: string): Promise<string[]> {
  const blobs = await tx.query<{ blobId: string }>('SELECT blob_id AS "blobId" FROM oss_parts WHERE upload_key = $1', [
    uploadKey,
  ]);
  await tx.query('DELETE FROM oss_uploads WHERE upload_key = $1', [uploadKey]);
  return blobs.map((row) => row.blobId);
}

/** Legacy resumable uploads (`PUT …/resumable`, `GET …/status/{sessionId}`), their chunks kept as upload parts. */
export function ossResumableRepo(db: Db) {
  return {
    async session(key: SessionKey, now: Date): Promise<ResumableSession | undefined> {
      const session = await sessionOf(db, key);
      if (!session || session.expiresAt <= now) return undefined;
      const chunks = await chunksOf(db, session.uploadKey);
      return { ...session, chunks: chunks.map(({ start, size, blobId }) => ({ start, size, blobId })) };
    },

    /**
     * Records a chunk whose bytes are already a blob, starting the session if this is its first.
     * A chunk sent again over the same range replaces the earlier one; one overlapping another
     * chunk is refused, as is one whose total differs from the session's.
     */
    async putChunk(key: SessionKey, chunk: NewChunk, now: Date): Promise<ChunkOutcome> {
      return db.transaction(async (tx) => {
        await lockSession(tx, key);
        const freed: string[] = [];
        let session = await sessionOf(tx, key);
        if (session && session.expiresAt <= now) {
          freed.push(...(await dropExpired(tx, session.uploadKey)));
          session = undefined;
        }
        if (!session) {
          const [bucket] = await tx.query('SELECT 1 FROM oss_buckets WHERE bucket_key = $1 FOR KEY SHARE', [
            key.bucketKey,
          ]);
          if (!bucket) return { status: 'no-bucket', freed };
          session = {
            uploadKey: chunk.newSession.uploadKey,
            total: chunk.total,
            expiresAt: chunk.newSession.expiresAt,
          };
          await tx.query(
            'INSERT INTO oss_uploads (upload_key, bucket_key, object_key, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
            [session.uploadKey, key.bucketKey, key.objectKey, now, session.expiresAt],
          );
          await tx.query(
            'INSERT INTO oss_resumable_sessions (upload_key, bucket_key, object_key, session_id, total_size) VALUES ($1, $2, $3, $4, $5)',
            [session.uploadKey, key.bucketKey, key.objectKey, key.sessionId, session.total],
          );
        }
        if (session.total !== chunk.total) return { status: 'total-mismatch', total: session.total, freed };
        const end = chunk.start + chunk.blob.size - 1;
        const chunks = await chunksOf(tx, session.uploadKey);
        const same = chunks.find((other) => other.start === chunk.start && other.size === chunk.blob.size);
        const clash = chunks.find(
          (other) => other !== same && other.start <= end && chunk.start <= other.start + other.size - 1,
        );
        if (clash) return { status: 'overlap', with: { start: clash.start, end: clash.start + clash.size - 1 }, freed };
        if (!same && chunks.length >= chunk.maxChunks) return { status: 'too-many', freed };
        const partNumber = same?.partNumber ?? Math.max(0, ...chunks.map((other) => other.partNumber)) + 1;
        if (same) {
          await tx.query('DELETE FROM oss_parts WHERE upload_key = $1 AND part_number = $2', [
            session.uploadKey,
            partNumber,
          ]);
          freed.push(same.blobId);
        }
        await tx.query(
          'INSERT INTO oss_parts (upload_key, part_number, blob_id, size, created_at) VALUES ($1, $2, $3, $4, $5)',
          [session.uploadKey, partNumber, chunk.blob.id, chunk.blob.size, now],
        );
        await tx.query('INSERT INTO oss_resumable_chunks (upload_key, part_number, start_byte) VALUES ($1, $2, $3)', [
          session.uploadKey,
          partNumber,
          chunk.start,
        ]);
        const stored = (await chunksOf(tx, session.uploadKey)).map(({ start, size, blobId }) => ({
          start,
          size,
          blobId,
        }));
        return { status: 'stored', session: { ...session, chunks: stored }, freed };
      });
    },

    /**
     * Makes the object from the session's chunks, in byte order, and ends the session: one
     * transaction, provided the chunks are still exactly the ones that were checked and hashed.
     */
    async completeSession(
      key: SessionKey,
      uploadKey: string,
      checked: readonly Extent[],
      object: ObjectRecord,
      now: Date,
    ): Promise<SessionCompleteOutcome> {
      return db.transaction(async (tx) => {
        await lockSession(tx, key);
        const session = await sessionOf(tx, key);
        if (!session || session.uploadKey !== uploadKey || session.expiresAt <= now) return { status: 'gone' };
        const chunks = await chunksOf(tx, uploadKey);
        const same =
          chunks.length === checked.length && chunks.every((chunk, index) => chunk.blobId === checked[index]!.blobId);
        if (!same) return { status: 'changed' };
        const freed = await replaceObject(tx, object, checked);
        await tx.query('DELETE FROM oss_uploads WHERE upload_key = $1', [uploadKey]);
        return { status: 'done', freed };
      });
    },
  };
}

export type OssResumableRepo = ReturnType<typeof ossResumableRepo>;
