// Drives headless Chromium (Debian's /usr/bin/chromium) with playwright-core from .tools
// over a goref batch HTML report, as a reader would: it waits for the page's script, sorts
// by a column twice, types a filter, ticks "only games with problems", opens a board, and
// takes a screenshot. It prints what it saw as one JSON object; tests/browser.rs decides
// whether that is right.
//
// node tests/browser/report.mjs REPORT.html SCREENSHOT.png SORT_HEADER FILTER_TEXT
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [report, screenshot, sortHeader, filterText] = process.argv.slice(2);
if (!report || !screenshot || !sortHeader || filterText === undefined) {
  console.error("usage: node report.mjs REPORT.html SCREENSHOT.png SORT_HEADER FILTER_TEXT");
  process.exit(2);
}
const root = resolve(new URL("../..", import.meta.url).pathname);
const require = createRequire(join(root, ".tools", "package.json"));
const { chromium } = require("playwright-core");

// A new, empty profile each run (playwright makes one in the temporary folder).
const profile = mkdtempSync(join(tmpdir(), "goref-chromium-"));
process.env.TMPDIR = profile;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
  timeout: 60_000,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(60_000);
  const requests = [];
  page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url()); });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const started = Date.now();
  await page.goto(pathToFileURL(resolve(report)).href, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready='1']");
  const loadMs = Date.now() - started;

  const visibleRows = () => page.$$eval("#games tbody tr", (trs) => trs.filter((tr) => !tr.hidden).length);
  const column = (header) => page.$$eval("#games tbody tr", (trs, header) => {
    const ths = Array.from(document.querySelectorAll("#games thead th"));
    const i = ths.findIndex((th) => th.textContent.trim().replace(/[\u25B2\u25BC]/g, "").trim() === header);
    return trs.filter((tr) => !tr.hidden).map((tr) => {
      const cell = tr.cells[i];
      return cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent.trim();
    });
  }, header);
  const sortButton = page.locator("#games thead th button", { hasText: sortHeader }).first();

  const out = { loadMs, errors, requests };
  out.rows = await page.$$eval("#games tbody tr", (trs) => trs.length);
  out.visibleAtStart = await visibleRows();
  out.diagrams = await page.$$eval("#games svg.goref-diagram", (svgs) => svgs.length);
  out.shownAtStart = await page.textContent("#shown");

  await sortButton.click();
  out.sortedAscending = await column(sortHeader);
  out.ariaAscending = await page.locator("#games thead th", { hasText: sortHeader }).first().getAttribute("aria-sort");
  await sortButton.click();
  out.sortedDescending = await column(sortHeader);
  out.ariaDescending = await page.locator("#games thead th", { hasText: sortHeader }).first().getAttribute("aria-sort");

  await page.fill("#filter", filterText);
  await page.waitForFunction(
    (t) => document.getElementById("shown").textContent.includes(" of ") || t === "",
    filterText,
  );
  out.filteredRows = await visibleRows();
  out.filteredTexts = await page.$$eval("#games tbody tr", (trs) => trs.filter((tr) => !tr.hidden).map((tr) => tr.textContent));
  out.shownFiltered = await page.textContent("#shown");

  await page.fill("#filter", "");
  await page.check("#problems-only");
  await page.waitForFunction(() => true);
  out.problemRows = await visibleRows();
  out.problemRowsAllMarked = await page.$$eval("#games tbody tr", (trs) => trs.filter((tr) => !tr.hidden).every((tr) => tr.classList.contains("problem")));

  // Open the first visible board and look at it.
  const summary = page.locator("#games tbody tr:not([hidden]) details summary").first();
  await summary.click();
  const svg = page.locator("#games tbody tr:not([hidden]) details[open] svg.goref-diagram").first();
  const box = await svg.boundingBox();
  out.openedBoard = box ? { width: box.width, height: box.height } : null;
  out.openedStones = await svg.locator("circle.stone").count();
  await svg.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshot, fullPage: false });
  out.screenshot = screenshot;
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
