// `npm start`: build, serve the demo page, open Chromium with the extension on it.
// Without a display it runs headless: hovers a title and writes screenshots instead.
// `npm start -- --docs` (always headless) writes the README's screenshots of the card, the popup,
// the options page and the first-run page, light and dark, into docs/screenshots/.
// AFTERPARTY_DIST=DIR builds into DIR instead of dist/ (parallel runs).
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  INSTALL_HINT,
  findChromium,
  hoverText,
  launchWithExtension,
  serveFolder,
  waitForHighlights,
} from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = process.argv.includes('--docs');
const executablePath = findChromium();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}

const outRoot = process.env.AFTERPARTY_DIST ?? join(root, 'dist');
execFileSync(
  process.execPath,
  [join(root, 'build.mjs'), '--dev', ...(process.env.AFTERPARTY_DIST ? ['--out', outRoot] : [])],
  { stdio: 'inherit' },
);
const server = await serveFolder(join(root, 'demo'));
const headless = docs || (!process.env.DISPLAY && process.platform === 'linux');
const { context, extensionId } = await launchWithExtension({
  extensionDir: join(outRoot, 'chrome'),
  headless,
  executablePath,
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(server.url);
console.log(`Demo page: ${server.url}`);
console.log(`Popup:     chrome-extension://${extensionId}/popup.html`);
console.log(`Welcome:   chrome-extension://${extensionId}/welcome.html`);

async function openCard(target, title = 'Fugitive Pieces') {
  await waitForHighlights(target);
  await hoverText(target, title);
  await target.waitForFunction(() => document.querySelector('html > div[data-afterparty-ignore]') !== null, null, {
    timeout: 10_000,
  });
  await target.waitForTimeout(400);
}

/** The first-run page the extension opens on install, at a laptop's width. */
async function shootWelcome(ctx, id, colorScheme, path) {
  const welcome = await ctx.newPage();
  await welcome.setViewportSize({ width: 900, height: 1000 });
  await welcome.emulateMedia({ colorScheme });
  await welcome.goto(`chrome-extension://${id}/welcome.html`);
  await welcome.waitForSelector('.shortcut-line[data-shortcut]', { timeout: 10_000 });
  await welcome.waitForTimeout(200);
  await welcome.screenshot({ path, fullPage: true });
  await welcome.close();
}

/** The popup page pointed at the demo tab (?tab=ID), so "This page" describes it. */
async function openPopup(demo, colorScheme, ctx = context, id = extensionId) {
  const popup = await ctx.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  await popup.emulateMedia({ colorScheme });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const tabId = await popup.evaluate(
    async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id ?? -1,
    demo.url(),
  );
  await popup.goto(`chrome-extension://${id}/popup.html?tab=${tabId}`);
  await popup.waitForSelector('.ap-film-title, .festival-heading', { timeout: 10_000 });
  await popup.waitForTimeout(300);
  return popup;
}

if (docs) {
  const shots = join(root, 'docs', 'screenshots');
  await mkdir(shots, { recursive: true });
  const written = [];
  await context.close();
  // English and French, each in a browser whose UI language picks the extension's catalog.
  for (const [lang, suffix] of [
    ['en-US', ''],
    ['fr', '-fr'],
  ]) {
    const { context: ctx, extensionId: id } = await launchWithExtension({
      extensionDir: join(outRoot, 'chrome'),
      headless: true,
      executablePath,
      lang,
    });
    const demo = ctx.pages()[0] ?? (await ctx.newPage());
    await demo.goto(server.url);
    for (const colorScheme of ['light', 'dark']) {
      await demo.emulateMedia({ colorScheme });
      await demo.reload();
      await openCard(demo);
      const card = await demo.locator('html > div[data-afterparty-ignore]').boundingBox();
      const clip = card && {
        x: 0,
        y: Math.max(0, card.y - 90),
        width: 1200,
        height: Math.min(800 - Math.max(0, card.y - 90), card.height + 110),
      };
      const cardShot = join(shots, `card-${colorScheme}${suffix}.png`);
      await demo.screenshot({ path: cardShot, ...(clip ? { clip } : {}) });
      await demo.mouse.move(1, 1);
      const popup = await openPopup(demo, colorScheme, ctx, id);
      const popupShot = join(shots, `popup-${colorScheme}${suffix}.png`);
      await popup.screenshot({ path: popupShot });
      await popup.getByRole('tab', { name: /Schedule|Programme|Calendrier/ }).click();
      // Festivals that are over are folded under their names: the shot opens the first seed festival.
      await popup.waitForSelector('.festival-heading', { timeout: 10_000 });
      await popup.locator('details.festival:not([open]) > summary').last().click();
      await popup.waitForTimeout(200);
      const scheduleShot = join(shots, `popup-schedule-${colorScheme}${suffix}.png`);
      await popup.screenshot({ path: scheduleShot });
      await popup.close();
      const options = await ctx.newPage();
      await options.setViewportSize({ width: 900, height: 1000 });
      await options.emulateMedia({ colorScheme });
      await options.goto(`chrome-extension://${id}/options.html`);
      await options.waitForSelector('#setting-theme', { timeout: 10_000 });
      await options.waitForTimeout(300);
      const optionsShot = join(shots, `options-${colorScheme}${suffix}.png`);
      await options.screenshot({ path: optionsShot, fullPage: true });
      await options.close();
      const welcomeShot = join(shots, `welcome-${colorScheme}${suffix}.png`);
      await shootWelcome(ctx, id, colorScheme, welcomeShot);
      written.push(cardShot, popupShot, scheduleShot, optionsShot, welcomeShot);
    }
    await ctx.close();
  }
  console.log('Wrote the documentation screenshots:');
  for (const shot of written) console.log(`  ${relative(process.cwd(), shot)}`);
  await server.close();
} else if (!headless) {
  console.log('Chromium is open with Afterparty loaded. Hover a film title. Close the browser to stop.');
  context.on('close', () => server.close().then(() => process.exit(0)));
} else {
  const shots = join(root, 'screenshots');
  await mkdir(shots, { recursive: true });
  await openCard(page);
  const cardShot = join(shots, 'hover-card.png');
  await page.screenshot({ path: cardShot });
  await page.mouse.move(1, 1);
  const popup = await openPopup(page, 'light');
  await popup.getByRole('tab', { name: 'Schedule' }).click();
  // Festivals that are over are folded under their names: the shot opens the first seed festival.
  await popup.waitForSelector('.festival-heading', { timeout: 10_000 });
  await popup.locator('details.festival:not([open]) > summary').last().click();
  const popupShot = join(shots, 'popup.png');
  await popup.screenshot({ path: popupShot });
  const welcomeShot = join(shots, 'welcome.png');
  await shootWelcome(context, extensionId, 'light', welcomeShot);
  console.log('No display: ran headless and wrote');
  console.log(`  ${relative(process.cwd(), cardShot)}`);
  console.log(`  ${relative(process.cwd(), popupShot)}`);
  console.log(`  ${relative(process.cwd(), welcomeShot)}`);
  await context.close();
  await server.close();
}
