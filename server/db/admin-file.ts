import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * `<DATA_DIR>/admin.json`: written by a server running on PGlite (readable by its own user only),
 * naming its process, the loopback port where it serves the PostgreSQL protocol (docs/decisions/0004)
 * and, once it listens, its HTTP port and the token that lets `npm run billing` ask it for a billing
 * run (decision 0028).
 */
export const adminFilePath = (dataDir: string) => join(dataDir, 'admin.json');

const port = z.number().int().min(1).max(65535);
export const adminFileSchema = z.object({
  pid: z.number().int().positive(),
  port,
  http: z.object({ port, token: z.string().min(32) }).optional(),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

/** The file's content; null when absent, 'unreadable' when it is not ours. */
export function readAdminFile(dataDir: string): AdminFile | null | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(adminFilePath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const parsed = adminFileSchema.safeParse(
    (() => {
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    })(),
  );
  return parsed.success ? parsed.data : 'unreadable';
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
