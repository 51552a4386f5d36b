// What several Chromium e2e files ask the extension's worker from one of its pages, and the
// local times they write into the events they add (the reader's zone is the test machine's).
import type { Page } from 'playwright-core';

type Reply<T> = { result?: T; error?: string };

/** Sends a message from `page` (an extension page) and gives its result, or throws its error. */
export async function ask<T>(page: Page, type: string, params: Record<string, unknown> = {}): Promise<T> {
  const reply = (await page.evaluate((m) => chrome.runtime.sendMessage(m), { type, params })) as Reply<T>;
  if (!reply.result) throw new Error(`${type}: ${reply.error}`);
  return reply.result;
}

/** `at` as an ISO date-time with the test machine's offset ("2026-12-01T21:00:00-05:00"). */
function withLocalOffset(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** A local date-time `days` from today at `hour`:00. */
export function localAt(days: number, hour: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  at.setHours(hour, 0, 0, 0);
  return withLocalOffset(at);
}

/** A local date-time `ms` from now, to the second. */
export function isoIn(ms: number): string {
  return withLocalOffset(new Date(Math.ceil((Date.now() + ms) / 1000) * 1000));
}
