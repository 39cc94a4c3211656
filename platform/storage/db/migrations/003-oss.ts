/**
 * OSS metadata. Bytes are never here: an object is an ordered list of blobs (files named by id) so
 * completing a multipart upload is one transaction that moves the parts' blobs to the object, and a
 * copy shares its source's blobs. Keys use the "C" collation so listing and paging follow byte order.
 */
export const oss = `
CREATE TABLE oss_buckets (
  bucket_key text COLLATE "C" PRIMARY KEY,
  owner_client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  policy_key text NOT NULL CHECK (policy_key IN ('transient', 'temporary', 'persistent')),
  region text NOT NULL,
  permissions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL
);
CREATE INDEX oss_buckets_by_owner ON oss_buckets (owner_client_id, region, bucket_key);

CREATE TABLE oss_objects (
  id text PRIMARY KEY,
  bucket_key text COLLATE "C" NOT NULL REFERENCES oss_buckets (bucket_key) ON DELETE CASCADE,
  object_key text COLLATE "C" NOT NULL,
  size bigint NOT NULL,
  sha1 text NOT NULL,
  content_type text NOT NULL,
  content_disposition text,
  content_encoding text,
  cache_control text,
  user_metadata text,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  accessed_at timestamptz,
  expires_at timestamptz,
  UNIQUE (bucket_key, object_key)
);
CREATE INDEX oss_objects_expiring ON oss_objects (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE oss_object_blobs (
  object_id text NOT NULL REFERENCES oss_objects (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  blob_id text NOT NULL,
  size bigint NOT NULL,
  PRIMARY KEY (object_id, seq)
);
CREATE INDEX oss_object_blobs_by_blob ON oss_object_blobs (blob_id);

CREATE TABLE oss_uploads (
  upload_key text PRIMARY KEY,
  bucket_key text COLLATE "C" NOT NULL REFERENCES oss_buckets (bucket_key) ON DELETE CASCADE,
  object_key text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oss_uploads_expiring ON oss_uploads (expires_at);

CREATE TABLE oss_parts (
  upload_key text NOT NULL REFERENCES oss_uploads (upload_key) ON DELETE CASCADE,
  part_number integer NOT NULL,
  blob_id text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (upload_key, part_number)
);
CREATE INDEX oss_parts_by_blob ON oss_parts (blob_id);
`;
