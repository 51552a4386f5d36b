// A started-once Firefox profile that every test's Firefox is copied from. A fresh profile's first
// start compiles all of Firefox's own chrome scripts and scans its built-in add-ons; a profile that
// has started once keeps them (startupCache/, extensions.json), and starts with about 40% less CPU
// (docs/performance.md, "CI: Firefox's start in the e2e tests"). The template never sees the
// extension nor the tests' prefs: each copy gets the tests' prefs written anew (user.js) and the
// extension installed as before, so what the extension sees is unchanged.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser as BrowserKind, createProfile } from '@puppeteer/browsers';
import { marionette } from './firefox-marionette.ts';

/** Files of a running Firefox that must not be copied into the next one. */
const NOT_COPIED = new Set(['lock', '.parentlock', 'MarionetteActivePort', 'user.js']);

/** One template per Firefox binary (its size and time), shared by the run's test files. */
function templatePath(firefox: string): string {
  const { size, mtimeMs } = statSync(firefox);
  return join(tmpdir(), `afterparty-firefox-template-${size}-${Math.round(mtimeMs)}`);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Starts Firefox once in a new profile until its start-up is over, then quits it cleanly. */
async function buildTemplate(firefox: string, into: string): Promise<void> {
  await createProfile(BrowserKind.FIREFOX, { path: into, preferences: { 'marionette.port': 0 } });
  const child = spawn(
    firefox,
    ['--headless', '--no-remote', '--profile', into, '--remote-allow-system-access', '--marionette', 'about:blank'],
    { stdio: 'ignore', env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    // The session answers once the idle start-up tasks have run; quitting writes the caches.
    const { chrome } = await marionette(into);
    await chrome('Services.startup.quit(Ci.nsIAppStartup.eAttemptQuit); return null;').catch(() => null);
    await Promise.race([exited, new Promise((done) => setTimeout(done, 60_000))]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
}

/**
 * The template's path, built by the first caller of the run (others wait for it), or null if it
 * could not be built: the caller then starts from a fresh profile, as before.
 */
async function template(firefox: string): Promise<string | null> {
  const path = templatePath(firefox);
  if (await exists(path)) return path;
  const lock = `${path}.lock`;
  const built = await mkdir(lock).then(
    () => true,
    () => false,
  );
  if (built) {
    const work = await mkdtemp(`${path}.tmp-`);
    try {
      await buildTemplate(firefox, work);
      await rename(work, path);
    } catch {
      await rm(work, { recursive: true, force: true });
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
    return (await exists(path)) ? path : null;
  }
  // A lock older than any build is one a killed run left: start fresh rather than wait.
  for (;;) {
    if (await exists(path)) return path;
    const since = await stat(lock).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (since === null || Date.now() - since > 180_000) return null;
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** A new profile folder for one test Firefox: a copy of the template when there is one. */
export async function newProfile(firefox: string): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), 'afterparty-firefox-'));
  const from = await template(firefox).catch(() => null);
  if (from) {
    await cp(from, profile, {
      recursive: true,
      filter: (source) => !NOT_COPIED.has(source.slice(from.length + 1)),
    });
  }
  return profile;
}
