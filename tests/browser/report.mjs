// Drives headless Chromium (Debian's /usr/bin/chromium) with playwright-core from .tools
// over a goref batch HTML report, as a reader would: it waits for the page's script, looks
// at every page for a cell that breaks a word or a clipped header, sorts by a column twice
// (turning the page from the controls above the table), types a filter, ticks "only games
// that fail", opens a board, follows an address #row-N to a row on another page, measures
// its board and count, and takes a screenshot. It prints what it saw as one JSON object;
// tests/it/browser.rs decides whether that is right.
//
// node tests/browser/report.mjs REPORT.html SCREENSHOT.png SORT_HEADER FILTER_TEXT ROW
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [report, screenshot, sortHeader, filterText, targetRow] = process.argv.slice(2);
if (!report || !screenshot || !sortHeader || filterText === undefined || !targetRow) {
  console.error("usage: node report.mjs REPORT.html SCREENSHOT.png SORT_HEADER FILTER_TEXT ROW");
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

  const rowsOnPage = () => page.$$eval("#games tbody tr", (trs) => trs.length);
  const column = (header) => page.$$eval("#games tbody tr", (trs, header) => {
    const ths = Array.from(document.querySelectorAll("#games thead th"));
    const i = ths.findIndex((th) => th.textContent.trim().replace(/[\u25B2\u25BC]/g, "").trim() === header);
    return trs.map((tr) => {
      const cell = tr.cells[i];
      return cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent.trim();
    });
  }, header);
  const header = page.locator("#games thead th", { hasText: sortHeader }).first();
  const sortButton = header.locator("button");

  const out = { loadMs, errors, requests };
  out.rowsAtStart = await rowsOnPage();
  out.shownAtStart = await page.textContent("#shown");
  out.pageAtStart = await page.textContent("nav.pager.bottom .page");
  out.pageAtStartTop = await page.textContent("nav.pager.top .page");
  out.diagramsAtStart = await page.$$eval("#games svg", (svgs) => svgs.length);

  // Every page: a word (a run of characters between spaces, or between the "/" of a file's
  // name) laid out on two lines is a broken word; a header wider than its cell is clipped.
  const brokenWords = () => page.$$eval("#games thead th, #games tbody tr:not(.board-row) > td", (cells) => {
    const broken = [];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent.matchAll(/[^\s\/]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.bottom)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
  out.brokenWords = [];
  out.cellsLookedAt = 0;
  out.pagesLookedAt = 0;
  for (;;) {
    out.brokenWords.push(...await brokenWords());
    out.cellsLookedAt += await page.$$eval("#games tbody tr:not(.board-row) > td", (tds) => tds.length);
    out.pagesLookedAt += 1;
    if (await page.isDisabled("nav.pager.top .next")) break;
    await page.click("nav.pager.top .next");
  }
  out.clippedHeaders = await page.$$eval("#games thead th", (ths) =>
    ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent));
  await page.click("nav.pager.bottom .first");

  let t = Date.now();
  await sortButton.click();
  out.sortedAscending = await column(sortHeader);
  out.sortMs = Date.now() - t;
  out.ariaAscending = await header.getAttribute("aria-sort");
  await page.click("nav.pager.top .next");
  out.sortedAscendingNext = await column(sortHeader);
  out.pageNext = await page.textContent("nav.pager.bottom .page");
  await sortButton.click();
  out.sortedDescending = await column(sortHeader);
  out.ariaDescending = await header.getAttribute("aria-sort");
  out.pageAfterSort = await page.textContent("nav.pager.top .page");

  t = Date.now();
  await page.fill("#filter", filterText);
  await page.waitForFunction(() => document.getElementById("shown").textContent.includes(" of "));
  out.filterMs = Date.now() - t;
  out.filteredRows = await rowsOnPage();
  out.filteredTexts = await page.$$eval("#games tbody tr", (trs) =>
    trs.map((tr) => `${tr.cells[0].title} ${tr.textContent}`));
  out.shownFiltered = await page.textContent("#shown");

  await page.fill("#filter", "");
  await page.waitForFunction(() => !document.getElementById("shown").textContent.includes(" of "));
  await page.check("#problems-only");
  out.problemRows = await rowsOnPage();
  out.problemRowsAllMarked = await page.$$eval("#games tbody tr", (trs) => trs.every((tr) => tr.classList.contains("problem")));
  out.shownProblems = await page.textContent("#shown");

  // Open the first board of the page and look at it.
  await page.locator("#games tbody button.board-toggle").first().click();
  const svg = page.locator("#games tbody tr.board-row svg.goref-diagram").first();
  await svg.waitFor({ state: "attached", timeout: 10000 });
  out.openedStones = await svg.locator("circle.stone").count();

  // An address naming a row that the filter hides: the filter goes, the row's page is
  // shown, the row marked and its board open.
  await page.uncheck("#problems-only");
  await page.fill("#filter", "no-such-row-anywhere");
  await page.waitForFunction(() => document.getElementById("shown").textContent.startsWith("0 of"));
  await page.evaluate((n) => { location.hash = `#row-${n}`; }, targetRow);
  const target = page.locator("#games tbody tr.target");
  await target.waitFor();
  out.targetId = await target.getAttribute("id");
  const targetBoard = page.locator("#games tbody tr.target + tr.board-row");
  const targetSvg = targetBoard.locator("svg.goref-diagram");
  await targetSvg.waitFor({ state: "attached", timeout: 10000 });
  out.targetStones = await targetSvg.locator("circle.stone").count();
  // The board as drawn: its scale (user units are 24 a line), the height of a
  // coordinate's letters, and the count's table beside it.
  Object.assign(out, await targetBoard.evaluate((row) => {
    const svg = row.querySelector("svg.goref-diagram");
    const board = svg.getBoundingClientRect();
    const coordinate = svg.querySelector("g.coordinates text").getBoundingClientRect();
    const table = row.querySelector("table.count");
    const count = table.getBoundingClientRect();
    return {
      boardScale: board.width / svg.viewBox.baseVal.width,
      boardWidth: board.width,
      coordinateHeight: coordinate.height,
      countBeside: count.left >= board.right && count.top < board.bottom,
      countText: table.textContent,
      countFontSize: parseFloat(getComputedStyle(table).fontSize),
    };
  }));
  const box = await target.boundingBox();
  out.targetInView = box !== null && box.y >= 0 && box.y < 900;
  out.pageAtTarget = await page.textContent("nav.pager.bottom .page");
  out.filterAtTarget = await page.inputValue("#filter");
  out.shownAtTarget = await page.textContent("#shown");
  await page.screenshot({ path: screenshot, fullPage: false });
  out.screenshot = screenshot;
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
