// Files taken from other projects are not committed here (issue 24): tests read them from
// ../shared beside the project, which CI provides. AFTERPARTY_SHARED names another place for it
// (relative to the project), so the skip can be checked by pointing it at a missing folder.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const SHARED_ROOT = resolve(PROJECT_ROOT, process.env.AFTERPARTY_SHARED ?? '../shared');

/** `../shared/<name>`, or null after one line that names it when it is absent. */
export function sharedFolder(name: string): string | null {
  const dir = resolve(SHARED_ROOT, name);
  if (existsSync(dir)) return dir;
  console.log(`skipped: ../shared/${name} is absent (looked in ${dir})`);
  return null;
}
