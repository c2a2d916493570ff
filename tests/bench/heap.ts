/**
 * The server's heap, read from outside after a full garbage collection: the server runs with
 * `--inspect-port=127.0.0.1:0` (`heapNodeArgs`, no inspector until asked); `readHeap` sends
 * SIGUSR1, which opens the inspector on a free port (Node prints its address to the server's log),
 * then asks it over the DevTools protocol to collect garbage and report process.memoryUsage().
 */
import { readFileSync } from 'node:fs';

export type HeapFigure = { heapUsedBytes: number; heapTotalBytes: number; rssBytes: number; externalBytes: number };

export const heapNodeArgs = (): string[] => ['--inspect-port=127.0.0.1:0'];

type Pending = Map<number, (result: unknown) => void>;

async function inspectorUrl(pid: number, logFile: string): Promise<string> {
  const find = () => [...readFileSync(logFile, 'utf8').matchAll(/Debugger listening on (ws:\/\/\S+)/g)].at(-1)?.[1];
  let url = find();
  if (!url) process.kill(pid, 'SIGUSR1');
  const deadline = Date.now() + 15_000;
  while (!url && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    url = find();
  }
  if (!url) throw new Error(`process ${pid} opened no inspector within 15 s`);
  return url;
}

/** A DevTools-protocol session with the server's inspector (opened by SIGUSR1 when it is not yet). */
export async function inspect(pid: number, logFile: string): Promise<{ send: Send; close: () => void }> {
  const ws = new WebSocket(await inspectorUrl(pid, logFile));
  const pending: Pending = new Map();
  let nextId = 1;
  ws.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  await new Promise((done, fail) => {
    ws.addEventListener('open', done, { once: true });
    ws.addEventListener('error', fail, { once: true });
  });
  const send: Send = (method, params = {}) =>
    new Promise<unknown>((done) => {
      const id = nextId++;
      pending.set(id, done);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}
type Send = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** Waits `quietMs` (timers and sockets settle), collects garbage in the server until its heap settles, and reads its memory. */
export async function readHeap(pid: number, logFile: string, quietMs = 1000): Promise<HeapFigure> {
  await new Promise((r) => setTimeout(r, quietMs));
  const { send, close } = await inspect(pid, logFile);
  const read = async () => {
    await send('HeapProfiler.collectGarbage');
    const res = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string };
    };
    return JSON.parse(res.result.value) as { heapUsed: number; heapTotal: number; rss: number; external: number };
  };
  try {
    // One collection leaves what only a later one frees (weak references, finalizers, closed
    // sockets' buffers): collect until two readings agree within 256 KB, at most five times.
    let m = await read();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const next = await read();
      const settled = Math.abs(next.heapUsed - m.heapUsed) < 256 * 1024;
      m = next;
      if (settled) break;
    }
    return { heapUsedBytes: m.heapUsed, heapTotalBytes: m.heapTotal, rssBytes: m.rss, externalBytes: m.external };
  } finally {
    close();
  }
}
