/**
 * A scratch PostgreSQL database for the benchmark's PostgreSQL mode: created on the server that
 * DATABASE_URL names (or the local one at 127.0.0.1:5432), dropped afterwards. Never a database
 * the benchmark did not create.
 */
import pg from 'pg';

export type ScratchDatabase = { url: string; name: string; drop: () => Promise<void> };

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Null when no PostgreSQL server answers. */
export async function createScratchDatabase(baseUrl = process.env.DATABASE_URL ?? LOCAL): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `store_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
