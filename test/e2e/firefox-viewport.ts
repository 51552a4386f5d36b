import type { Page, Viewport } from 'puppeteer-core';

/**
 * puppeteer's setViewport sends BiDi's viewport command and, beside it, a screen-orientation
 * override that firefox-esr 140 does not know ("unknown command"), which rejects the whole call
 * although the viewport was set. puppeteer tolerates the same for its touch override; so do we,
 * and wait until the viewport really took.
 */
export async function setViewport(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewport(viewport).catch((error: unknown) => {
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride')) throw error;
  });
  // The rejection can come before the viewport command's own reply: wait for the width to take.
  // A safety net, not a speed check: a loaded machine once took over 5 s (firefox-touch.test.ts).
  await page.waitForFunction((width) => window.innerWidth === width, { timeout: 20_000 }, viewport.width);
}
