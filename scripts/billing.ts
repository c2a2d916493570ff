/**
 * The billing run from the command line (decision 0019): `npm run billing -- run --at <ISO time>`
 * renews every subscription due at that time and prints what it did, one line per batch on stderr
 * and the totals on stdout. The same job the server runs on its schedule (BILLING_INTERVAL_MS).
 *
 * Where it runs (decision 0028):
 * - on the embedded database with a server running on it (`npm start`): the server runs it, asked
 *   over its admin door (loopback, the token in <DATA_DIR>/admin.json: decision 0029); the server
 *   holds the one PGlite session and the sandbox provider, whose secret is its own;
 * - otherwise here, on DATABASE_URL's PostgreSQL (any number of workers at once) or on the data
 *   folder itself, charging through the configured provider (PAYMENT_PROVIDER_URL and
 *   PAYMENT_SANDBOX_SECRET: the same as the running sandbox's), with the server's own billing
 *   services (`createBillingServices`, the composition root's billing part: decision 0041).
 */
import { request } from 'node:http';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createBillingServices } from '#server/app/composition-billing.ts';
import { loadConfig } from '#server/base/config.ts';
import { ADMIN_BILLING_PATH, type AdminRunLine, type AdminRunRequest } from '#server/features/billing/admin-run.ts';
import { BILLING_USAGE, formatSummary, parseBillingArgs } from '#server/features/billing/cli-args.ts';
import { findRunningServer, openHere } from './store/connect.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Asks the running server for the run and prints its lines as they come; answers the exit code. */
function runOnServer(server: { pid: number; port: number; token: string }, body: AdminRunRequest): Promise<number> {
  return new Promise((done) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: ADMIN_BILLING_PATH,
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => {
            process.stderr.write(`error: the running server (pid ${server.pid}) answered ${res.statusCode}: ${text}\n`);
            done(1);
          });
          return;
        }
        let code = 1;
        const lines = createInterface({ input: res });
        lines.on('line', (text) => {
          const line = JSON.parse(text) as AdminRunLine;
          if ('batch' in line) process.stderr.write(`batch ${line.batch.batches}: ${formatSummary(line.batch)}\n`);
          else if ('summary' in line) {
            process.stdout.write(`${formatSummary(line.summary)}\n`);
            code = 0;
          } else process.stderr.write(`error: the billing run failed in the server: ${line.error}\n`);
        });
        lines.on('close', () => done(code));
      },
    );
    req.on('error', (err) => {
      process.stderr.write(`error: the running server (pid ${server.pid}) did not answer on 127.0.0.1:${server.port}: ${err.message}\n`);
      done(1);
    });
    req.end(payload);
  });
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseBillingArgs(argv, new Date());
  if (!parsed.ok) {
    process.stderr.write(`error: ${parsed.error}\n\n${BILLING_USAGE}\n`);
    return 2;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    process.stdout.write(`${BILLING_USAGE}\n`);
    return 0;
  }
  const config = loadConfig(undefined, ROOT);
  let noServer = '';
  if (!config.DATABASE_URL) {
    const held = await findRunningServer(config.dataDir);
    if (held.running) {
      if (!held.http) {
        process.stderr.write(`error: the server (pid ${held.pid}) holding ${config.dataDir} is still starting; try again in a moment\n`);
        return 1;
      }
      process.stderr.write(`database: the running server's PGlite (pid ${held.pid}); the server runs the billing\n`);
      process.stderr.write(`billing run at ${command.at.toISOString()}\n`);
      return runOnServer(
        { pid: held.pid, ...held.http },
        { at: command.at.toISOString(), batchSize: command.batchSize, concurrency: command.concurrency },
      );
    }
    noServer = held.reason;
  }
  const { database, via } = await openHere(config, noServer);
  process.stderr.write(`database: ${via}\n`);
  // The server's own billing graph (composition-billing.ts), charging through the configured provider.
  const { billing } = createBillingServices({ config, db: database.db });
  try {
    process.stderr.write(`billing run at ${command.at.toISOString()}\n`);
    const summary = await billing.runBilling({
      at: command.at,
      batchSize: command.batchSize,
      concurrency: command.concurrency,
      onBatch: (s) => {
        process.stderr.write(`batch ${s.batches}: ${formatSummary(s)}\n`);
      },
    });
    process.stdout.write(`${formatSummary(summary)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
