/**
 * The server's heap, read from outside: the server runs with Node's diagnostic report on SIGUSR2
 * (`heapReportNodeArgs`), and `readHeap` sends the signal and reads the report it writes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export type HeapFigure = { heapUsedBytes: number; heapTotalBytes: number; rssBytes: number };

export const heapReportNodeArgs = (dir: string): string[] => [
  '--report-on-signal',
  '--report-signal=SIGUSR2',
  `--report-directory=${dir}`,
  '--report-compact',
];

type Report = { javascriptHeap?: { usedMemory?: number; totalMemory?: number }; resourceUsage?: { rss?: number } };

/** Waits `quietMs` (timers and sockets settle), signals the server and reads its report. */
export async function readHeap(pid: number, dir: string, quietMs = 1000): Promise<HeapFigure> {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) rmSync(join(dir, f), { force: true });
  await new Promise((r) => setTimeout(r, quietMs));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const file = readdirSync(dir).find((f) => f.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Report;
        const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        return {
          heapUsedBytes: report.javascriptHeap?.usedMemory ?? 0,
          heapTotalBytes: report.javascriptHeap?.totalMemory ?? 0,
          rssBytes: rss,
        };
      } catch {
        // Still being written.
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no diagnostic report from process ${pid} within 10 s`);
}
