/**
 * The benchmark's baseline: a bare Hono app on @hono/node-server that answers every GET with the
 * same bytes and content type (the plan page captured once). No tenancy, no rendering, no
 * database: what the platform costs is the distance between this and the real page.
 *
 *   node tests/bench/bare-server.ts <body-file> <content-type> [content-encoding]
 *
 * Prints "listening <port>" once it accepts connections; exits on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [bodyFile, contentType, contentEncoding] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  process.stderr.write('usage: node tests/bench/bare-server.ts <body-file> <content-type>\n');
  process.exit(2);
}
const body = new Uint8Array(readFileSync(bodyFile));

const app = new Hono();
const headers: Record<string, string> = {
  'content-type': contentType,
  ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
};
app.get('*', (c) => c.body(body, 200, headers));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
