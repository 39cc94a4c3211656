/**
 * One deployment on many machines. Rate-limit windows live here when instances share a PostgreSQL
 * server, so a published limit holds per app across all of them (the embedded database keeps them in
 * memory, as one process needs no more). Jobs and workitems get a lease: whoever runs one holds it
 * until `lease_expires_at` and renews it while working; a holder that dies lets it lapse, and the
 * next worker claims the job again.
 */
export const teamDeployment = `
CREATE TABLE rate_limit_windows (
  key text COLLATE "C" NOT NULL,
  window_index bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_index)
);

ALTER TABLE md_jobs ADD COLUMN lease_holder text, ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE da_workitems ADD COLUMN lease_holder text, ADD COLUMN lease_expires_at timestamptz;
`;
