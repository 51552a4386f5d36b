#!/usr/bin/env node
// Renders icons/icon.svg to the PNG sizes the Chrome Web Store and AMO want.
// The PNGs are committed, so builds never need a browser; re-run with
// `npm run icons` after editing the SVG.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = join(root, 'icons');
const SIZES = [16, 32, 48, 96, 128];

const svg = await readFile(join(iconsDir, 'icon.svg'), 'utf8');
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: { width: size, height: size },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html><head><style>
        html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
        img { display: block; width: ${size}px; height: ${size}px; }
      </style></head><body><img src="${svgUrl}" alt=""></body></html>`,
    );
    await page.waitForFunction(() => {
      const img = document.querySelector('img');
      return img && img.complete && img.naturalWidth > 0;
    });
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    const out = join(iconsDir, `icon-${size}.png`);
    await writeFile(out, png);
    console.log(`wrote ${out}`);
    await context.close();
  }
} finally {
  await browser.close();
}
