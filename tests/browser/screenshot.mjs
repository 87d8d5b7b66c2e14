// Takes the README's picture of a goref batch HTML report: headless Chromium (Debian's
// /usr/bin/chromium) driven by playwright-core from .tools opens the page, clicks row N's
// "board", and writes what a WIDTHxHEIGHT window shows from the top of the page as a PNG.
// It prints what it saw as one JSON object; tests/it/browser.rs runs it and checks that.
//
// node tests/browser/screenshot.mjs REPORT.html ROW SCREENSHOT.png WIDTH HEIGHT
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [report, row, screenshot, width, height] = process.argv.slice(2);
if (!report || !row || !screenshot || !(Number(width) > 0) || !(Number(height) > 0)) {
  console.error("usage: node screenshot.mjs REPORT.html ROW SCREENSHOT.png WIDTH HEIGHT");
  process.exit(2);
}
const root = resolve(new URL("../..", import.meta.url).pathname);
const require = createRequire(join(root, ".tools", "package.json"));
const { chromium } = require("playwright-core");

const profile = mkdtempSync(join(tmpdir(), "goref-chromium-"));
process.env.TMPDIR = profile;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--font-render-hinting=none",
  ],
  timeout: 60_000,
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.setDefaultTimeout(60_000);
  const requests = [];
  page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url()); });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(resolve(report)).href, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready='1']");
  await page.click(`#row-${row} button.board-toggle`);
  const board = page.locator(`#row-${row} + tr.board-row svg.goref-diagram`);
  await board.waitFor({ state: "visible" });
  await page.evaluate(() => window.scrollTo(0, 0));
  // Where the board and its count are in the window, and what the count says.
  const seen = await page.evaluate((row) => {
    const tr = document.getElementById(`row-${row}`);
    const box = tr.nextElementSibling.getBoundingClientRect();
    return {
      boardRowTop: box.top,
      boardRowBottom: box.bottom,
      windowHeight: window.innerHeight,
      countText: tr.nextElementSibling.querySelector("table.count").textContent,
    };
  }, row);
  await page.screenshot({ path: screenshot, fullPage: false });
  console.log(JSON.stringify({ errors, requests, ...seen }));
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
