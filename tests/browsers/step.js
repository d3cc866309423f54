// Evaluated in the page by the Firefox and WebKit e2e tests (tests/browsers/firefox.mjs,
// tests/test_e2e_browsers.py): at your turn, what the table offers and what to click, in a French
// or a Hungarian deal. One function expression, called with the bid to make when it is offered
// ("prise", ...; "pass" passes whenever passing is offered):
//
//   {phase, offered, poignee, chosen, clicks, after, hand}
//
// phase: body[data-phase]; offered: the bids' (announcements', annulment answers') values or the
// cards you may play, put aside or call, in page order; poignee: the poignée buttons' values;
// chosen: what is clicked (a value, the écart's or discard's cards, a card); clicks: the CSS
// selectors to click, in order (an écart or a discard: each card, then its button); after: for
// each click, a JS expression that holds once the page has taken it (the last one: your turn is
// over, the phase or your hand changed, or the clicked button was redrawn); hand: your hand's card tokens. The choice is
// deterministic, so that the test can replay it on a CPython mirror of the match: the bid when
// offered (else pass, else the first bid), the first cards that may go aside, the first card
// offered to call, a pass in the announcements (else the first offer), the first playable card by
// notation, and no annulment.
(bid) => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const cards = (selector) => all(selector).map((e) => e.dataset.card);
  const phase = document.body.dataset.phase;
  const step = { phase, offered: [], poignee: [], chosen: [], clicks: [], hand: cards(".hand .card") };
  const answer = (action, preferred) => {
    step.offered = all(`[data-action=${action}]`).map((e) => e.dataset.value);
    const value = preferred.find((v) => step.offered.includes(v)) || step.offered[0];
    step.chosen = [value];
    step.clicks = [`[data-action=${action}][data-value='${value}']`];
  };
  let confirm = null; // the button that confirms a choice of several cards
  const putAside = (size, button) => {
    step.offered = cards(".hand button.playable");
    step.chosen = step.offered.slice(0, size);
    step.clicks = [...step.chosen.map((c) => `.hand [data-card='${c}']`), `[data-action=${button}]`];
    confirm = button;
  };
  if (phase === "bidding") {
    answer("bid", [bid, "pass"]);
  } else if (phase === "ecart") {
    putAside(cards(".chien .card").length, "ecart");
  } else if (phase === "discard" && document.querySelector("[data-action=annul]")) {
    answer("annul", ["no"]);
  } else if (phase === "discard") {
    putAside(step.hand.length - 9, "discard"); // Hungarian: back to nine cards
  } else if (phase === "call") {
    step.offered = cards("[data-action=call]");
    step.chosen = [step.offered[0]];
    step.clicks = [`[data-action=call][data-card='${step.offered[0]}']`];
  } else if (phase === "announcements") {
    answer("announce", ["pass"]);
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
  let moved = `document.body.dataset.turn !== "you" || document.body.dataset.phase !== "${phase}"`
    + ` || document.querySelectorAll(".hand .card").length !== ${step.hand.length}`;
  if (step.clicks.length === 1) {
    // A bid or an announcement may leave it your turn in the same phase with the same hand (a
    // Hungarian round goes on): then the page redrawing the table (#app's content is replaced on
    // every drawing) says the click was taken. The button is marked, to see it go.
    const target = document.querySelector(step.clicks[0]);
    if (target) target.dataset.stepClicked = "1";
    moved += ` || !document.querySelector("[data-step-clicked]")`;
  }
  step.after = step.clicks.map((_, i) => (i === step.clicks.length - 1 ? moved
    : `document.querySelectorAll(".hand .selected").length === ${i + 1}`
      + (i === step.clicks.length - 2 ? ` && !document.querySelector("[data-action=${confirm}]").disabled` : "")));
  return step;
}
