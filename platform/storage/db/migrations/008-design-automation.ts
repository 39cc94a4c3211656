/**
 * Design Automation. An app's DA name (nickname, else client id) owns appbundles and activities
 * ("items"): numbered versions, each a JSON body (and for an appbundle the blob of its zip), and
 * named aliases on versions, which may share a version with another app (`receiver`). `$LATEST` is
 * not stored: it is the highest version. Workitems are a persisted state machine; what a run needs
 * (the activity version, the bundles' blobs, the bound arguments) is copied into `spec` when it is
 * accepted. Names use the "C" collation so listing and paging follow byte order.
 */
export const designAutomation = `
CREATE TABLE da_apps (
  client_id text PRIMARY KEY,
  nickname text COLLATE "C",
  public_key jsonb,
  limits jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX da_apps_nickname ON da_apps (lower(nickname));

CREATE TABLE da_items (
  kind text NOT NULL CHECK (kind IN ('appbundle', 'activity')),
  owner text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  client_id text NOT NULL,
  last_version integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (kind, owner, name)
);
CREATE INDEX da_items_by_client ON da_items (client_id);

CREATE TABLE da_versions (
  kind text NOT NULL,
  owner text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  engine text NOT NULL,
  body jsonb NOT NULL,
  blob_id text,
  blob_size bigint,
  uploaded_at timestamptz,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (kind, owner, name, version),
  FOREIGN KEY (kind, owner, name) REFERENCES da_items (kind, owner, name) ON DELETE CASCADE
);
CREATE INDEX da_versions_by_blob ON da_versions (blob_id) WHERE blob_id IS NOT NULL;

CREATE TABLE da_aliases (
  kind text NOT NULL,
  owner text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  alias text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  receiver text COLLATE "C",
  created_at timestamptz NOT NULL,
  PRIMARY KEY (kind, owner, name, alias),
  FOREIGN KEY (kind, owner, name) REFERENCES da_items (kind, owner, name) ON DELETE CASCADE
);
CREATE INDEX da_aliases_by_receiver ON da_aliases (kind, receiver) WHERE receiver IS NOT NULL;

CREATE TABLE da_workitems (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  owner text NOT NULL,
  activity_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'inprogress', 'cancelled', 'failedLimitDataSize', 'failedLimitProcessingTime',
    'failedDownload', 'failedInstructions', 'failedUpload', 'failedUploadOptional', 'success')),
  attempts integer NOT NULL DEFAULT 0,
  spec jsonb NOT NULL,
  stats jsonb NOT NULL,
  report_blob_id text,
  report_size bigint,
  debug_blob_id text,
  debug_size bigint,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- The restart scan reads only the live workitems; the retention sweep only the finished ones.
CREATE INDEX da_workitems_live ON da_workitems (created_at) WHERE status IN ('pending', 'inprogress');
CREATE INDEX da_workitems_finished ON da_workitems (finished_at) WHERE finished_at IS NOT NULL;
`;
