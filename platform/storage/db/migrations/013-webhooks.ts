/**
 * Events (the Webhooks API v1). Hooks and secrets belong to their owner (an app or a user) in one
 * region. Services that change something write an event row in the same transaction as the change
 * (an outbox), so an event exists exactly when its change was committed; the dispatcher turns each
 * event into one delivery per matching hook, and the deliverer works the deliveries under a lease,
 * recording every attempt with the exact bytes sent. Nothing lives only in memory: a restart or a
 * `kill -9` loses no event, and at most repeats the attempt that was under way.
 */
export const webhooks = `
CREATE TABLE wh_hooks (
  id text COLLATE "C" PRIMARY KEY,
  region text NOT NULL,
  system text NOT NULL,
  event text NOT NULL,
  scope_key text NOT NULL,
  scope_value text NOT NULL,
  callback_url text NOT NULL,
  creator_type text NOT NULL,
  created_by text NOT NULL,
  client_id text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  auto_reactivate boolean NOT NULL DEFAULT false,
  filter jsonb,
  hook_attribute jsonb,
  hook_expiry text,
  expires_at timestamptz,
  tenant text NOT NULL,
  hub_id text,
  project_id text,
  payload_only boolean NOT NULL DEFAULT false,
  token text,
  failed_events integer NOT NULL DEFAULT 0,
  reactivation_cycles integer NOT NULL DEFAULT 0,
  inactive_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX wh_hooks_match ON wh_hooks (region, system);
CREATE INDEX wh_hooks_owner ON wh_hooks (creator_type, created_by, region, updated_at);
CREATE INDEX wh_hooks_client ON wh_hooks (client_id, region, updated_at);
CREATE UNIQUE INDEX wh_hooks_same ON wh_hooks
  (creator_type, created_by, region, system, event, scope_key, scope_value, callback_url);

CREATE TABLE wh_secrets (
  region text NOT NULL,
  creator_type text NOT NULL,
  created_by text NOT NULL,
  token text NOT NULL,
  PRIMARY KEY (region, creator_type, created_by)
);

CREATE TABLE wh_events (
  id bigserial PRIMARY KEY,
  region text NOT NULL,
  system text NOT NULL,
  event text NOT NULL,
  resource_urn text NOT NULL,
  scope_key text NOT NULL,
  scope_values text[] NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  dispatched_at timestamptz
);
CREATE INDEX wh_events_waiting ON wh_events (id) WHERE dispatched_at IS NULL;
CREATE INDEX wh_events_created ON wh_events (created_at);

CREATE TABLE wh_deliveries (
  id text COLLATE "C" PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES wh_events (id) ON DELETE CASCADE,
  hook_id text NOT NULL REFERENCES wh_hooks (id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'event',
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_holder text,
  lease_expires_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX wh_deliveries_once ON wh_deliveries (event_id, hook_id) WHERE kind = 'event';
CREATE INDEX wh_deliveries_due ON wh_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX wh_deliveries_hook ON wh_deliveries (hook_id, created_at);

CREATE TABLE wh_attempts (
  delivery_id text COLLATE "C" NOT NULL REFERENCES wh_deliveries (id) ON DELETE CASCADE,
  n integer NOT NULL,
  delivery_header text NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer,
  request_headers jsonb NOT NULL,
  request_body text NOT NULL,
  response_status integer,
  response_headers jsonb,
  response_body text,
  error text,
  PRIMARY KEY (delivery_id, n)
);

ALTER TABLE md_jobs ADD COLUMN workflow text, ADD COLUMN workflow_attribute jsonb;
`;
