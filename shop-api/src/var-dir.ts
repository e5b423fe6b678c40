/**
 * The shop's data folder (PGlite files, drawn secrets, mail outbox, media) belongs to the shop's
 * user alone: folders 0700, files 0600. The process starts under umask 077 so whatever it creates
 * is owner-only; PGlite sets its files' modes itself (0666 from its template, whatever the umask),
 * so its folder is tightened again after it opens and when it closes — the 0700 folders around
 * them keep everyone else out in between.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const OWNER_ONLY_UMASK = 0o077;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** `path` as an owner-only folder, created (with its parents) when missing. */
export function ownerOnlyFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: FOLDER_MODE });
  chmodSync(path, FOLDER_MODE);
}

/**
 * Every folder and file under `root` (itself included) made owner-only. Symbolic links are left
 * alone and not followed: only what the folder holds is the shop's. Returns the paths it was not
 * allowed to change (another user's files), for the caller to report.
 */
export function restrictToOwner(root: string): string[] {
  const refused: string[] = [];
  const walk = (path: string) => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return;
      const wanted = stat.isDirectory() ? FOLDER_MODE : FILE_MODE;
      if ((stat.mode & 0o777) !== wanted) chmodSync(path, wanted);
      if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOENT: removed meanwhile (a temporary file of the database), nothing left to protect.
      if (code === 'EPERM' || code === 'EACCES') refused.push(path);
      else if (code !== 'ENOENT') throw error;
    }
  };
  walk(root);
  return refused;
}
