// goref batch report: sort the table by a column, filter its rows, and open a game's
// board from the address (#game-12). Plain DOM, no libraries, nothing fetched.
"use strict";
(function () {
  const table = document.getElementById("games");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows).map((tr, index) => ({
    tr,
    index,
    // The board cell is left out: its coordinates would match almost any filter.
    text: Array.from(tr.cells).slice(0, -1).map((c) => c.textContent).join(" ").toLowerCase(),
    problem: tr.classList.contains("problem"),
  }));
  const filter = document.getElementById("filter");
  const problemsOnly = document.getElementById("problems-only");
  const shown = document.getElementById("shown");
  const total = rows.length;

  // The value a cell sorts by: data-v when given (numbers, results), else its text.
  function key(row, column, numeric) {
    const cell = row.tr.cells[column];
    const raw = cell ? (cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent) : "";
    if (numeric) {
      const n = parseFloat(raw);
      return Number.isNaN(n) ? null : n;
    }
    return raw.toLowerCase();
  }

  function compare(a, b) {
    if (a === b) return 0;
    if (a === null || a === "") return 1; // empty cells last, whichever the direction
    if (b === null || b === "") return -1;
    return a < b ? -1 : 1;
  }

  let sortedBy = null;
  let ascending = true;
  function sortBy(th) {
    const column = th.cellIndex;
    const numeric = th.dataset.type === "number";
    ascending = sortedBy === th ? !ascending : true;
    sortedBy = th;
    const keyed = rows.map((row) => ({ row, k: key(row, column, numeric) }));
    keyed.sort((a, b) => {
      const emptyA = a.k === null || a.k === "";
      const emptyB = b.k === null || b.k === "";
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      const c = compare(a.k, b.k);
      return (ascending ? c : -c) || a.row.index - b.row.index;
    });
    const fragment = document.createDocumentFragment();
    for (const { row } of keyed) fragment.appendChild(row.tr);
    body.appendChild(fragment);
    for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function applyFilter() {
    const terms = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const onlyProblems = problemsOnly.checked;
    let visible = 0;
    for (const row of rows) {
      const show =
        (!onlyProblems || row.problem) && terms.every((t) => row.text.includes(t));
      if (row.tr.hidden === show) row.tr.hidden = !show; // untouched rows cost no layout
      if (show) visible += 1;
    }
    shown.textContent = visible === total
      ? `${total} games`
      : `${visible} of ${total} games shown`;
  }

  function openFromAddress() {
    const id = decodeURIComponent(location.hash.slice(1));
    const tr = id ? document.getElementById(id) : null;
    if (!tr || tr.parentNode !== body) return;
    tr.hidden = false;
    const details = tr.querySelector("details");
    if (details) details.open = true;
    tr.scrollIntoView({ block: "start" });
  }

  for (const th of table.tHead.rows[0].cells) {
    const button = th.querySelector("button");
    if (button) button.addEventListener("click", () => sortBy(th));
  }
  let pending = 0;
  filter.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(applyFilter, rows.length > 2000 ? 120 : 0);
  });
  problemsOnly.addEventListener("change", applyFilter);
  document.getElementById("open-all").addEventListener("click", () => {
    const open = !rows.some((r) => !r.tr.hidden && r.tr.querySelector("details[open]"));
    for (const row of rows) {
      const details = row.tr.querySelector("details");
      if (details && !row.tr.hidden) details.open = open;
    }
  });
  window.addEventListener("hashchange", openFromAddress);
  applyFilter();
  openFromAddress();
  document.body.dataset.ready = "1";
})();
