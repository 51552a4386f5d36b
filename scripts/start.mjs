// `npm start`: build, serve the demo page, open Chromium with the extension on it.
// Without a display it runs headless: hovers a title and writes screenshots instead.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALL_HINT, findChromium, hoverText, launchWithExtension, serveFolder, waitForHighlights } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = findChromium();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}

execFileSync(process.execPath, [join(root, 'build.mjs'), '--dev'], { stdio: 'inherit' });
const server = await serveFolder(join(root, 'demo'));
const headless = !process.env.DISPLAY && process.platform === 'linux';
const { context, extensionId } = await launchWithExtension({ extensionDir: join(root, 'dist', 'chrome'), headless, executablePath });
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(server.url);
console.log(`Demo page: ${server.url}`);
console.log(`Popup:     chrome-extension://${extensionId}/popup.html`);

if (!headless) {
  console.log('Chromium is open with Afterparty loaded. Hover a film title. Close the browser to stop.');
  context.on('close', () => server.close().then(() => process.exit(0)));
} else {
  const shots = join(root, 'screenshots');
  await mkdir(shots, { recursive: true });
  await waitForHighlights(page);
  await hoverText(page, 'Fugitive Pieces');
  await page.waitForFunction(() => document.querySelector('afterparty-card') !== null, null, { timeout: 10_000 });
  await page.waitForTimeout(400);
  const cardShot = join(shots, 'hover-card.png');
  await page.screenshot({ path: cardShot });
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.waitForSelector('.day-heading', { timeout: 10_000 });
  const popupShot = join(shots, 'popup.png');
  await popup.screenshot({ path: popupShot });
  console.log('No display: ran headless and wrote');
  console.log(`  ${relative(process.cwd(), cardShot)}`);
  console.log(`  ${relative(process.cwd(), popupShot)}`);
  await context.close();
  await server.close();
}
