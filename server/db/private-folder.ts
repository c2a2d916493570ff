import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's folder is its owner's alone (decision 0029): the folder and every folder
 * in it 0700, every file 0600. PGlite writes its files world-readable (0644 or 0666 whatever the
 * umask), and an older version of this server made the folder 0755, so the modes are set here:
 * when the folder is opened, once the server has started, and when it stops. A file PGlite creates
 * in between has PGlite's mode, inside a folder nobody else may enter.
 * Symbolic links are left as they are (never followed).
 */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      if (entry.isDirectory()) tighten(path);
      else if (entry.isFile()) {
        const mode = lstatSync(path).mode;
        // The owner's bits stay (0644 and 0666 become 0600); nobody else's.
        if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
      }
    } catch (err) {
      // A file the running database removed meanwhile.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
