// Evaluated in the page by the Firefox and WebKit e2e tests: the deal's score sheet as data, or
// null when none is shown. {seats: [{seat, score, total}], rows: {contract: text, ...}}
() => {
  const sheet = document.querySelector("#score-sheet");
  if (!sheet || sheet.getClientRects().length === 0) return null;
  const text = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : null);
  const rows = {};
  for (const tr of sheet.querySelectorAll("tr[data-row]")) rows[tr.dataset.row] = text(tr.querySelector("td"));
  const seats = [...sheet.querySelectorAll("tr[data-seat]")].map((tr) => ({
    seat: Number(tr.dataset.seat), score: text(tr.querySelector(".score")), total: text(tr.querySelector(".total")),
  }));
  return { seats, rows };
}
