import pg from 'pg';
import { randomChars } from '../storage/ids';

/** The PostgreSQL server the team-deployment tests share instances on (CI: .ci/run sets it). */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

export function reasonToSkip(what: string): string | undefined {
  if (TEST_DATABASE_URL) return undefined;
  if (process.env['CI']) throw new Error('CI must set TEST_DATABASE_URL (.ci/run starts PostgreSQL).');
  const reason = `${what}: skipped, because TEST_DATABASE_URL is not set (several instances need a PostgreSQL server).`;
  console.log(reason);
  return reason;
}

/** A fresh schema on the test server, and the DATABASE_URL that puts a platform in it. */
export async function freshSchema(): Promise<string> {
  const schema = `team_${randomChars(12, 'abcdefghijklmnopqrstuvwxyz')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
