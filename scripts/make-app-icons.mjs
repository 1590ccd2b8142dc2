// Draws the web app manifest's icons (apps/web/public/icons) from the favicon's art (ADR 0014):
// "any" icons are the rounded favicon; maskable ones put the truck on a full-bleed square, inside
// the 80 % safe zone a launcher's mask keeps. Rendered with Playwright's Chromium (no image tools
// needed); the PNGs are committed, so run this only when the art changes: node scripts/make-app-icons.mjs
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";

const publicDir = resolve(import.meta.dirname, "../apps/web/public");
const favicon = readFileSync(resolve(publicDir, "favicon.svg"), "utf8");
const truck = favicon.match(/<path d="([^"]+)"/)?.[1];
if (!truck) throw new Error("favicon.svg has no path");
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#f59e0b"/><g transform="translate(16 16) scale(0.7) translate(-16 -18)"><path d="${truck}" fill="#18181b"/></g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  { file: "maskable-192.png", size: 192, svg: maskable },
  { file: "maskable-512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon.png", size: 180, svg: maskable },
];

mkdirSync(resolve(publicDir, "icons"), { recursive: true });
// The system Chromium, as the e2e suite uses (e2e/playwright.config.ts).
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    await page.screenshot({ path: resolve(publicDir, "icons", file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
