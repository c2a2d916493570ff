/**
 * Issue 6, defect 2: the heap of the running server after a flood of random unknown host names
 * (each a 404 that names no store). The host map holds only configured hosts, so the heap should
 * not grow with the flood. Requests go over keep-alive connections from this process, 20 at a time.
 */

import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { row } from './goals.ts';
import type { Measurement } from './measurements.ts';

function get(port: number, host: string, agent: Agent): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host }, agent }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

export const unknownHostsMeasurement: Measurement = {
  name: 'unknown-hosts',
  async run({ port, quick, heap }) {
    const hosts = quick ? 20_000 : 100_000;
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const statuses = new Map<number, number>();
    const flood = async (count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < count) {
            next++;
            const status = await get(port, `${randomBytes(6).toString('hex')}.example`, agent);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    };
    // A first, uncounted flood: what the 404 path sets up once (compiled code, the error answer's
    // catalogs, buffers) is in the heap before it is read, so the figure is growth per host only.
    await flood(2_000);
    statuses.clear();
    const before = await heap();
    const started = performance.now();
    await flood(hosts);
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const after = await heap();
    const mib = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    const grew = mib(after.heapUsedBytes - before.heapUsedBytes);
    const result = {
      hosts,
      seconds: Math.round(seconds * 10) / 10,
      statuses: Object.fromEntries(statuses),
      heapUsedBeforeMiB: mib(before.heapUsedBytes),
      heapUsedAfterMiB: mib(after.heapUsedBytes),
      heapGrowthMiB: grew,
    };
    return {
      result,
      rows: [
        row(
          'memory',
          `heap after ${hosts.toLocaleString('en')} random unknown hosts (issue 6)`,
          `${result.heapUsedAfterMiB} MiB (${grew >= 0 ? '+' : ''}${grew} MiB)`,
          'no growth (< 1 MiB)',
          grew < 1,
        ),
      ],
    };
  },
};
