/** Accounts, apps, hubs and projects, and what the authorization server keeps. */
export const foundations = `
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE apps (
  client_id text PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('spa', 'web', 'server')),
  secret_hash text,
  callbacks text[] NOT NULL DEFAULT '{}',
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'spa') = (secret_hash IS NULL))
);

CREATE TABLE hubs (
  id text PRIMARY KEY,
  name text NOT NULL,
  region text NOT NULL DEFAULT 'US',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE hub_members (
  hub_id text NOT NULL REFERENCES hubs (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (hub_id, user_id)
);
CREATE INDEX hub_members_by_user ON hub_members (user_id);

CREATE TABLE hub_apps (
  hub_id text NOT NULL REFERENCES hubs (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  PRIMARY KEY (hub_id, client_id)
);

CREATE TABLE projects (
  id text PRIMARY KEY,
  hub_id text NOT NULL REFERENCES hubs (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_by_hub ON projects (hub_id, name);

CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_requests (
  id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  scopes text[] NOT NULL,
  state text,
  nonce text,
  code_challenge text,
  csrf_token text NOT NULL,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE browser_sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE token_families (
  id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE auth_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  scopes text[] NOT NULL,
  code_challenge text,
  nonce text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  family_id text REFERENCES token_families (id) ON DELETE SET NULL
);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE access_tokens (
  jti text PRIMARY KEY,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  family_id text REFERENCES token_families (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX access_tokens_by_family ON access_tokens (family_id);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
`;
