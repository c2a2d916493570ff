// `node scripts/render-touch-icons.ts`: renders every public/brand/<store>/apple-touch-icon.svg to
// the 180 x 180 PNG beside it. iOS ignores an SVG home-screen icon, so stores link the PNG; the SVG
// stays the source. Uses the system Chromium (as the end-to-end suite does); run it after changing
// an icon and commit both files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const brandDir = join(import.meta.dirname, '..', 'public', 'brand');
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 180, height: 180 }, deviceScaleFactor: 1 });
  for (const store of readdirSync(brandDir).sort()) {
    const svg = join(brandDir, store, 'apple-touch-icon.svg');
    if (!existsSync(svg)) continue;
    const markup = readFileSync(svg, 'utf8');
    await page.setContent(`<!doctype html><style>html,body{margin:0}svg{display:block;width:180px;height:180px}</style>${markup}`);
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 180, height: 180 }, omitBackground: false });
    writeFileSync(join(brandDir, store, 'apple-touch-icon.png'), png);
    process.stdout.write(`${store}: apple-touch-icon.png (${png.length} bytes)\n`);
  }
} finally {
  await browser.close();
}
