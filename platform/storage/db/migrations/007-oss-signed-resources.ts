/**
 * OSS signed resources (`/oss/v2/signedresources/{hash}`) and the legacy resumable upload sessions.
 * A session is an `oss_uploads` row whose chunks are its parts, so the expiry sweep, bucket deletion
 * and the blob release see them like any part; `oss_resumable_chunks` adds where each chunk starts.
 */
export const ossSignedResources = `
CREATE TABLE oss_signed_resources (
  id text PRIMARY KEY,
  bucket_key text COLLATE "C" NOT NULL REFERENCES oss_buckets (bucket_key) ON DELETE CASCADE,
  object_key text COLLATE "C" NOT NULL,
  access text NOT NULL CHECK (access IN ('read', 'write', 'readwrite')),
  single_use boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oss_signed_resources_expiring ON oss_signed_resources (expires_at);

CREATE TABLE oss_resumable_sessions (
  upload_key text PRIMARY KEY REFERENCES oss_uploads (upload_key) ON DELETE CASCADE,
  bucket_key text COLLATE "C" NOT NULL,
  object_key text COLLATE "C" NOT NULL,
  session_id text NOT NULL,
  total_size bigint NOT NULL,
  UNIQUE (bucket_key, object_key, session_id)
);

CREATE TABLE oss_resumable_chunks (
  upload_key text NOT NULL,
  part_number integer NOT NULL,
  start_byte bigint NOT NULL,
  PRIMARY KEY (upload_key, part_number),
  UNIQUE (upload_key, start_byte),
  FOREIGN KEY (upload_key, part_number) REFERENCES oss_parts (upload_key, part_number) ON DELETE CASCADE
);
`;
