// Other projects' files are read from ../shared, never committed here (issue 24): a committed
// file with the bytes of a file under ../shared is a copy, whatever its name.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SHARED_ROOT } from '../shared-folder.ts';

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Each committed file of `repo` that is a byte copy of a file under `shared`, with its original. */
export function copiesOf(repo: string, shared: string): string[] {
  const originals = new Map<string, string>();
  for (const path of filesUnder(shared)) {
    // Two empty files are equal without one being a copy of the other.
    if (statSync(path).size > 0) originals.set(sha256(path), relative(shared, path));
  }
  const committed = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0');
  return committed
    .filter((name) => name && statSync(join(repo, name), { throwIfNoEntry: false })?.isFile())
    .flatMap((name) => {
      const original = originals.get(sha256(join(repo, name)));
      return original ? [`${name} is a copy of ../shared/${original}`] : [];
    });
}

let shared: string | null = SHARED_ROOT;
try {
  statSync(SHARED_ROOT);
} catch {
  console.log(`skipped: ../shared is absent (looked in ${SHARED_ROOT})`);
  shared = null;
}

describe.skipIf(!shared)('files of ../shared', () => {
  it('finds a copy in a repository where one was put (positive control)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ap-copies-'));
    mkdirSync(join(dir, 'shared/samples'), { recursive: true });
    mkdirSync(join(dir, 'repo/test'), { recursive: true });
    writeFileSync(join(dir, 'shared/samples/theirs.ics'), 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    copyFileSync(join(dir, 'shared/samples/theirs.ics'), join(dir, 'repo/test/renamed.ics'));
    writeFileSync(join(dir, 'repo/test/ours.ics'), 'BEGIN:VCALENDAR\r\nX-OURS:1\r\nEND:VCALENDAR\r\n');
    execFileSync('git', ['init', '-q'], { cwd: join(dir, 'repo') });
    execFileSync('git', ['add', '.'], { cwd: join(dir, 'repo') });
    expect(copiesOf(join(dir, 'repo'), join(dir, 'shared'))).toEqual([
      'test/renamed.ics is a copy of ../shared/samples/theirs.ics',
    ]);
  });

  it('are not committed here', () => {
    expect(copiesOf(PROJECT_ROOT, shared!)).toEqual([]);
  });
});
