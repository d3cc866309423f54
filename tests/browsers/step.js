// Evaluated in the page by the Firefox and WebKit e2e tests (tests/browsers/firefox.mjs,
// tests/webkit.py): at your turn, what the table offers and what to click. One function
// expression, called with the contract to bid ("prise", ...; "pass" passes):
//
//   {phase, offered, poignee, chosen, clicks, after, hand}
//
// phase: body[data-phase]; offered: the bids' values or the playable cards' tokens, in page
// order; poignee: the poignée buttons' values; chosen: what is clicked (a bid's value, the écart's
// cards, a card); clicks: the CSS selectors to click, in order (the écart: each card, then its
// button); after: for each click, a JS expression that holds once the page has taken it (the
// last one: your turn is over, or the phase or your hand changed); hand: your hand's card tokens. The choice is deterministic, so that the test can replay
// it on a CPython mirror of the match: the bid when offered (else pass), the first cards that may
// go aside, the first playable card by notation (as tests/e2e_play.py's your_card).
(bid) => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const cards = (selector) => all(selector).map((e) => e.dataset.card);
  const phase = document.body.dataset.phase;
  const step = { phase, offered: [], poignee: [], chosen: [], clicks: [], hand: cards(".hand .card") };
  if (phase === "bidding") {
    step.offered = all("[data-action=bid]").map((e) => e.dataset.value);
    const value = step.offered.includes(bid) ? bid : "pass";
    step.chosen = [value];
    step.clicks = [`[data-action=bid][data-value=${value}]`];
  } else if (phase === "ecart") {
    step.offered = cards(".hand button.playable");
    const size = cards(".chien .card").length;
    step.chosen = step.offered.slice(0, size);
    step.clicks = [...step.chosen.map((c) => `.hand [data-card='${c}']`), "[data-action=ecart]"];
  } else if (phase === "chelem") {
    step.chosen = ["no"];
    step.clicks = ["[data-action=chelem][data-value=no]"];
  } else if (phase === "play") {
    step.offered = cards(".hand button.playable");
    step.poignee = all("[data-action=poignee]").map((e) => e.dataset.value);
    const card = [...step.offered].sort()[0];
    step.chosen = [card];
    step.clicks = [`.hand [data-card='${card}']`];
  }
  const moved = `document.body.dataset.turn !== "you" || document.body.dataset.phase !== "${phase}"`
    + ` || document.querySelectorAll(".hand .card").length !== ${step.hand.length}`;
  step.after = step.clicks.map((_, i) => (i === step.clicks.length - 1 ? moved
    : `document.querySelectorAll(".hand .selected").length === ${i + 1}`
      + (i === step.clicks.length - 2 ? ` && !document.querySelector("[data-action=ecart]").disabled` : "")));
  return step;
}
