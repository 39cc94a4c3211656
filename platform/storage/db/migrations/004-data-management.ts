/**
 * Data Management: the folder tree of each project, items and their numbered versions. Who made and
 * changed a thing is kept by name as well as id, as the service reports both.
 */
export const dataManagement = `
ALTER TABLE projects ADD COLUMN root_folder_id text;

CREATE TABLE dm_folders (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  parent_id text REFERENCES dm_folders (id) ON DELETE CASCADE,
  name text NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_by_name text NOT NULL,
  modified_at timestamptz NOT NULL,
  modified_by text NOT NULL,
  modified_by_name text NOT NULL,
  rollup_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX dm_folders_name_in_parent ON dm_folders (parent_id, lower(name));
CREATE INDEX dm_folders_by_project ON dm_folders (project_id);

CREATE TABLE dm_items (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  folder_id text NOT NULL REFERENCES dm_folders (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  extension_type text NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  tip_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_by_name text NOT NULL,
  modified_at timestamptz NOT NULL,
  modified_by text NOT NULL,
  modified_by_name text NOT NULL
);
CREATE UNIQUE INDEX dm_items_name_in_folder ON dm_items (folder_id, lower(display_name));

CREATE TABLE dm_versions (
  id text PRIMARY KEY,
  item_id text NOT NULL REFERENCES dm_items (id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  version_number integer NOT NULL,
  name text NOT NULL,
  extension_type text NOT NULL,
  storage_urn text,
  storage_size bigint,
  mime_type text,
  file_type text,
  comment text,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_by_name text NOT NULL,
  UNIQUE (item_id, version_number)
);

-- The platform's own app owns the buckets that hold each project's files, as APS's wip.dm.prod does.
INSERT INTO apps (client_id, name, type, secret_hash, callbacks, scopes)
VALUES ('ddm-platform', 'Design Data Platform', 'server', 'unusable:' || md5(random()::text), '{}', '{}');

CREATE TABLE dm_project_buckets (
  project_id text PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  bucket_key text NOT NULL UNIQUE
);

-- Storage handed out by POST /storage: the object a client may upload, and the project it is for.
CREATE TABLE dm_storage (
  object_id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  bucket_key text NOT NULL,
  object_key text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dm_storage_by_object ON dm_storage (bucket_key, object_key);
`;
