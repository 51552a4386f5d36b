// Run as a child process by samples.test.ts: imports every calendar under test/fixtures/ics and
// prints one JSON line per file as soon as its import returns, so a hang names its file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { importICalendar } from '../../../src/core/ical/import.ts';

const ROOT = 'test/fixtures/ics';

function calendars(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return calendars(path);
      return name.endsWith('.ics') ? [path] : [];
    });
}

for (const path of calendars(ROOT)) {
  process.stdout.write(`${JSON.stringify({ start: path })}\n`);
  let outcome: Record<string, unknown>;
  try {
    const result = importICalendar(readFileSync(path, 'utf8'));
    outcome = result.ok ? { ok: true, events: result.feed.events.length } : { ok: false, error: result.error };
  } catch (error) {
    outcome = { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  process.stdout.write(`${JSON.stringify({ path, ...outcome })}\n`);
}
