// goref batch report: the rows are data (the JSON of #report-data), shown a page at a
// time. Sorting and filtering work on the data; only the rows of the page shown are in
// the document, and a board (its SVG and its count) goes in, as a row of its own under its
// game's row, when that row's board is opened. A row is addressed as #row-N (N: its place
// in the batch, as in the CSV). Plain DOM, no libraries, nothing fetched.
"use strict";
(function () {
  const PAGE = 100;
  // The fields of a row (cmd/batch/html.rs, `Row`).
  const FILE = 0, GAME = 1, RULES = 2, SIZE = 3, POINTS = 4, MOVES = 5, BLACK = 6,
    WHITE = 7, RECORDED = 8, RESULT = 9, AGREES = 10, FINDINGS = 11, ERROR = 12,
    PROBLEM = 13, BOARD = 14;
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const files = data.files; // as given
  const short = data.short; // from the folder given
  const rows = data.rows;
  const total = rows.length;

  const table = document.getElementById("games");
  const body = table.tBodies[0];
  const headers = Array.from(table.tHead.rows[0].cells);
  const filter = document.getElementById("filter");
  const problemsOnly = document.getElementById("problems-only");
  const shown = document.getElementById("shown");
  // The page controls, above the table and below it.
  const pagers = Array.from(document.querySelectorAll("nav.pager"));
  const columns = headers.length;

  function agrees(r) {
    if (r[AGREES] === "uncertain") return "uncertain";
    return r[AGREES] === true ? "yes" : r[AGREES] === false ? "no" : "";
  }
  function findingsText(r) {
    const parts = r[FINDINGS].map((f) => (f[1] === null ? f[0] : `${f[0]} ${f[1]}`));
    const text = parts.join(", ");
    return r[ERROR] === null ? text : `unreadable: ${r[ERROR]}${text}`;
  }

  // What each column shows and sorts by, in the header's order. The board's cell is
  // neither sorted nor searched: its coordinates would match almost any filter.
  const COLUMNS = [
    (r) => files[r[FILE]],
    (r) => r[GAME],
    (r) => r[RULES],
    (r) => r[POINTS],
    (r) => r[MOVES],
    (r) => r[BLACK],
    (r) => r[WHITE],
    (r) => r[RECORDED],
    (r) => r[RESULT],
    agrees,
    findingsText,
  ];

  // The text a filter searches, built for each row on the first filter.
  let texts = null;
  function searchText(i) {
    if (texts === null) {
      texts = rows.map((r) =>
        [files[r[FILE]], r[GAME], r[RULES], r[SIZE], r[MOVES] ?? "", r[BLACK], r[WHITE],
          r[RECORDED], r[RESULT], agrees(r), findingsText(r)].join(" ").toLowerCase());
    }
    return texts[i];
  }

  let order = rows.map((_, i) => i); // every row, sorted
  let view = order; // the rows the filter lets through, in order
  let page = 0;

  function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  let sortedBy = null;
  let ascending = true;
  function sortBy(th) {
    const column = th.cellIndex;
    const numeric = th.dataset.type === "number";
    ascending = sortedBy === th ? !ascending : true;
    sortedBy = th;
    const value = COLUMNS[column];
    const keys = rows.map((r) => {
      const v = value(r);
      if (numeric) return typeof v === "number" ? v : null;
      return v === null || v === undefined ? "" : String(v).toLowerCase();
    });
    order = rows.map((_, i) => i);
    order.sort((a, b) => {
      const ka = keys[a], kb = keys[b];
      const emptyA = ka === null || ka === "", emptyB = kb === null || kb === "";
      if (emptyA !== emptyB) return emptyA ? 1 : -1; // empty cells last, both ways
      const c = emptyA ? 0 : compare(ka, kb);
      return (ascending ? c : -c) || a - b;
    });
    for (const other of headers) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    applyFilter(); // a new order starts at its first page
  }

  function applyFilter() {
    const terms = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const onlyProblems = problemsOnly.checked;
    view = terms.length === 0 && !onlyProblems
      ? order
      : order.filter((i) =>
        (!onlyProblems || rows[i][PROBLEM]) && terms.every((t) => searchText(i).includes(t)));
    shown.textContent = view.length === total
      ? `${total} games`
      : `${view.length} of ${total} games shown`;
    page = 0;
    render();
  }

  function cell(tr, text, className) {
    const td = tr.insertCell();
    if (className) td.className = className;
    if (text !== null && text !== undefined) td.textContent = String(text);
    return td;
  }

  function findingsCell(tr, r) {
    const td = tr.insertCell();
    if (r[ERROR] !== null) {
      const span = document.createElement("span");
      span.className = "no";
      span.textContent = "unreadable";
      td.append(span, `: ${r[ERROR]}`);
    }
    r[FINDINGS].forEach((f, k) => {
      if (k > 0) td.append(", ");
      const span = document.createElement("span");
      span.className = f[2] ? "finding no" : "finding";
      span.title = f[3];
      span.textContent = f[1] === null ? f[0] : `${f[0]} ${f[1]}`;
      td.append(span);
    });
  }

  // A file's name from the folder given, with a chance to break the line after each
  // "/" and nowhere else (each part in a span that keeps its hyphens on one line); the
  // name as given on hover.
  function fileCell(tr, r) {
    const td = tr.insertCell();
    td.className = "file";
    td.title = files[r[FILE]];
    short[r[FILE]].split("/").forEach((part, k, parts) => {
      const last = k === parts.length - 1;
      const span = document.createElement("span");
      span.textContent = last ? part : `${part}/`;
      td.append(span);
      if (!last) td.append(document.createElement("wbr"));
    });
  }

  // A row's board opens as a row of its own under it, across the table: the board and
  // its count side by side.
  function setBoard(button, open) {
    const tr = button.closest("tr");
    const next = tr.nextElementSibling;
    const shownNow = next !== null && next.classList.contains("board-row");
    if (open && !shownNow) {
      const row = document.createElement("tr");
      row.className = "board-row";
      const td = row.insertCell();
      td.colSpan = columns;
      td.insertAdjacentHTML("beforeend", data.boards[Number(button.dataset.board)]);
      tr.after(row);
    } else if (!open && shownNow) {
      next.remove();
    }
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.textContent = open ? "hide board" : "board";
  }

  function rowElement(i) {
    const r = rows[i];
    const tr = document.createElement("tr");
    tr.id = `row-${i + 1}`;
    if (r[PROBLEM]) tr.className = "problem";
    fileCell(tr, r);
    cell(tr, r[GAME], "n");
    cell(tr, r[RULES], "word");
    cell(tr, r[SIZE], "n").dataset.v = r[POINTS];
    cell(tr, r[MOVES], "n");
    cell(tr, r[BLACK], "name");
    cell(tr, r[WHITE], "name");
    cell(tr, r[RECORDED], "word");
    cell(tr, r[RESULT], "word");
    const a = agrees(r);
    cell(tr, a, `word ${a}`);
    findingsCell(tr, r);
    const boardCell = tr.insertCell();
    if (r[BOARD] !== null) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "board-toggle";
      button.dataset.board = r[BOARD];
      button.setAttribute("aria-expanded", "false");
      button.textContent = "board";
      button.addEventListener("click", () =>
        setBoard(button, button.getAttribute("aria-expanded") !== "true"));
      boardCell.append(button);
    }
    return tr;
  }

  function pages() {
    return Math.max(1, Math.ceil(view.length / PAGE));
  }

  function render() {
    page = Math.min(Math.max(page, 0), pages() - 1);
    const start = page * PAGE;
    const end = Math.min(start + PAGE, view.length);
    const fragment = document.createDocumentFragment();
    for (let k = start; k < end; k += 1) fragment.append(rowElement(view[k]));
    body.replaceChildren(fragment);
    const label = view.length === 0
      ? "no rows"
      : `rows ${start + 1} to ${end} of ${view.length}, page ${page + 1} of ${pages()}`;
    for (const pager of pagers) {
      pager.querySelector(".page").textContent = label;
      pager.querySelector(".first").disabled = page === 0;
      pager.querySelector(".previous").disabled = page === 0;
      pager.querySelector(".next").disabled = page >= pages() - 1;
      pager.querySelector(".last").disabled = page >= pages() - 1;
    }
  }

  function goTo(p) {
    page = p;
    render();
    table.scrollIntoView({ block: "start" });
  }

  // #row-N: the page holding row N (the filter is cleared if it hides the row), the row
  // marked and its board open.
  function openFromAddress() {
    const match = /^#row-(\d+)$/.exec(location.hash);
    const i = match ? Number(match[1]) - 1 : -1;
    if (!(i >= 0 && i < total)) return;
    let at = view.indexOf(i);
    if (at < 0) {
      filter.value = "";
      problemsOnly.checked = false;
      applyFilter();
      at = view.indexOf(i);
    }
    page = Math.floor(at / PAGE);
    render();
    const tr = document.getElementById(`row-${i + 1}`);
    if (!tr) return;
    tr.classList.add("target");
    const button = tr.querySelector("button.board-toggle");
    if (button) setBoard(button, true);
    tr.scrollIntoView({ block: "start" });
  }

  for (const th of headers) {
    const button = th.querySelector("button");
    if (button) button.addEventListener("click", () => sortBy(th));
  }
  let pending = 0;
  filter.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(applyFilter, total > 2000 ? 120 : 0);
  });
  problemsOnly.addEventListener("change", applyFilter);
  for (const pager of pagers) {
    pager.querySelector(".first").addEventListener("click", () => goTo(0));
    pager.querySelector(".previous").addEventListener("click", () => goTo(page - 1));
    pager.querySelector(".next").addEventListener("click", () => goTo(page + 1));
    pager.querySelector(".last").addEventListener("click", () => goTo(pages() - 1));
  }
  document.getElementById("open-all").addEventListener("click", () => {
    const all = Array.from(body.querySelectorAll("button.board-toggle"));
    const open = !all.some((b) => b.getAttribute("aria-expanded") === "true");
    for (const button of all) setBoard(button, open);
  });
  window.addEventListener("hashchange", openFromAddress);
  render();
  openFromAddress();
  document.body.dataset.ready = "1";
})();
