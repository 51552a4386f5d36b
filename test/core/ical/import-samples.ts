// Run as a child process by samples.test.ts: imports every calendar of ../shared/ics-samples and
// our own under test/fixtures/ics, and prints one JSON line per file as soon as its import
// returns, so a hang names its file. A shared sample is named by its path in the sample folder.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { importICalendar } from '../../../src/core/ical/import.ts';
import { PROJECT_ROOT, SHARED_ROOT } from '../../shared-folder.ts';

const ROOTS = [join(SHARED_ROOT, 'ics-samples'), join(PROJECT_ROOT, 'test/fixtures/ics')];

function calendars(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return calendars(path);
      return name.endsWith('.ics') ? [path] : [];
    });
}

const label = (file: string): string =>
  file.startsWith(ROOTS[0]!) ? relative(ROOTS[0]!, file) : relative(PROJECT_ROOT, file);

for (const file of ROOTS.flatMap(calendars)) {
  const path = label(file);
  process.stdout.write(`${JSON.stringify({ start: path })}\n`);
  let outcome: Record<string, unknown>;
  try {
    const result = importICalendar(readFileSync(file, 'utf8'));
    outcome = result.ok ? { ok: true, events: result.feed.events.length } : { ok: false, error: result.error };
  } catch (error) {
    outcome = { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  process.stdout.write(`${JSON.stringify({ path, ...outcome })}\n`);
}
