import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// Issue 21, point 3: the image built and run (decision 0054). scripts/image-check.sh builds it (a
// local Node 24 base when node:24-bookworm-slim cannot be pulled), runs it on a volume and checks
// /healthz, /readyz, a store by its Host, a user that is not root, the health check, SIGTERM, a
// restart and the size. Slow (about 12 minutes cold, 3-6 warm, on a busy 2-core machine): not in
// `npm test`; IMAGE_TEST=1 runs it. Skipped, saying why, without podman or docker.

const run = promisify(execFile);
const hasEngine = () => ['podman', 'docker'].some((e) => spawnSync(e, ['--version'], { stdio: 'ignore' }).status === 0);
const skip =
  process.env.IMAGE_TEST !== '1'
    ? 'slow: IMAGE_TEST=1 runs it (scripts/image-check.sh)'
    : hasEngine()
      ? null
      : 'neither podman nor docker is installed';
if (skip) console.warn(`image: skipped: ${skip}`);

it.skipIf(skip !== null)(
  'builds the image, serves the stores from it as a user that is not root, and stops cleanly on SIGTERM',
  async () => {
    const { stdout } = await run('scripts/image-check.sh', [], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (err: { stdout?: string; stderr?: string }) => {
        throw new Error(`image-check failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
      },
    );
    process.stdout.write(stdout); // the figures
    const lines = stdout.split('\n');
    expect(lines).toContain('image-check: ok');
    expect(lines.some((l) => /^image-check: the server runs as uid [1-9]/.test(l))).toBe(true);
    expect(lines.some((l) => /^image-check: first stop \(SIGTERM\): exit 0/.test(l))).toBe(true);
  },
  40 * 60_000,
);
