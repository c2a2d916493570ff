import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * `<DATA_DIR>/admin.json`: written by a server running on PGlite (0600, in its 0700 folder), naming
 * its process (which holds the folder) and, once it listens, its admin door: the loopback port and
 * the token with which `npm run store` and `npm run billing` ask it to work (decisions 0028, 0029).
 */
export const adminFilePath = (dataDir: string) => join(dataDir, 'admin.json');

const port = z.number().int().min(1).max(65535);
export const adminFileSchema = z.object({
  pid: z.number().int().positive(),
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
