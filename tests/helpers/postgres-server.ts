import pg from 'pg';

/** The PostgreSQL server tests that need one use: DATABASE_URL's, else the local default. */
export const POSTGRES_SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why no PostgreSQL server answers at url (a line for the skipped test's output), or null when one does. */
export async function postgresUnreachable(url = POSTGRES_SERVER): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return `no PostgreSQL answers at ${new URL(url).host}: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    await client.end().catch(() => {});
  }
}
