/**
 * Model Derivative: one manifest per encoded source URN, one job row per accepted POST, and the
 * derivatives with the files (blobs) each one produced. Deleting a manifest cascades to the rest;
 * the service frees the blobs after the commit.
 */
export const modelDerivative = `
CREATE TABLE md_manifests (
  urn text PRIMARY KEY,
  source_urn text NOT NULL,
  bucket_key text NOT NULL,
  object_key text NOT NULL,
  file_name text NOT NULL,
  root_filename text,
  region text NOT NULL DEFAULT 'US',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE md_jobs (
  id text PRIMARY KEY,
  urn text NOT NULL REFERENCES md_manifests (urn) ON DELETE CASCADE,
  client_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'inprogress', 'success', 'failed', 'timeout')),
  progress integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  outputs jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
-- The per-app concurrency limit and the restart scan read only the live jobs.
CREATE INDEX md_jobs_live ON md_jobs (client_id) WHERE status IN ('pending', 'inprogress');
CREATE INDEX md_jobs_by_urn ON md_jobs (urn);

CREATE TABLE md_derivatives (
  id text PRIMARY KEY,
  urn text NOT NULL REFERENCES md_manifests (urn) ON DELETE CASCADE,
  job_id text NOT NULL,
  output_type text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'inprogress', 'success', 'failed', 'timeout')),
  messages jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  UNIQUE (urn, output_type)
);

CREATE TABLE md_files (
  derivative_id text NOT NULL REFERENCES md_derivatives (id) ON DELETE CASCADE,
  path text NOT NULL,
  blob_id text NOT NULL,
  role text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL,
  sha1 text NOT NULL,
  view_guid text,
  view_name text,
  view_role text,
  resolution integer,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (derivative_id, path)
);
CREATE INDEX md_files_by_blob ON md_files (blob_id);
`;
