/**
 * Remembered consent: what a person allowed an app, so the consent page is asked once per app and
 * scope set rather than at every sign-in. One row per person and app, holding every scope they
 * allowed it; withdrawing the consent deletes the row. An `/authorize` request keeps whether it
 * asked for the page anyway (`prompt=consent`) across the sign-in form.
 */
export const consents = `
CREATE TABLE oauth_consents (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES apps (client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  granted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, client_id)
);

ALTER TABLE auth_requests ADD COLUMN prompt_consent boolean NOT NULL DEFAULT false;
`;
