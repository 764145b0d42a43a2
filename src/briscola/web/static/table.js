// The table page: one WebSocket, one render function, and the moves sent back as notation.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.split("/").pop();
  let token = null;
  let badLink = false;
  try {
    token = decodeURIComponent(location.hash.slice(1)) || null;
  } catch {
    badLink = true; // a malformed %-escape: no token can come of it
  }
  // Another seat's link opened in this tab (or Back and Forward between links) changes
  // only the part after "#": start again with the new token.
  window.addEventListener("hashchange", () => location.reload());
  let socket = null;
  let current = null; // the last "table" message
  let retry = 500;
  let refused = false;
  let focusLost = false; // a focused move button went away: focus the next move offered
  let openedFor = null; // the deal for which "The last deal" was last opened
  let claimsOpen = false; // whether the player unfolded the claims
  let waiting = null; // the timer that says a move is still unanswered
  const MANY_CLAIMS = 12;
  // Where the keyboard waits while no move is offered: the hand, or the result once the
  // deal is over (headings that take focus from the script only, tabindex -1).
  const RESTING = ["hand-title", "result-title"];

  $("french").checked = localStorage.getItem("briscola-french") === "1";
  Cards.setFrench($("french").checked);
  $("french").addEventListener("change", () => {
    Cards.setFrench($("french").checked);
    localStorage.setItem("briscola-french", $("french").checked ? "1" : "0");
    if (current) render(current);
  });

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}`);
    socket.addEventListener("open", () => {
      retry = 500;
      socket.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "table" || message.type === "error") clearTimeout(waiting);
      if (message.type === "table") {
        render(message);
      } else if (message.type === "error") {
        notice(message.message);
      } else if (message.type === "record") {
        download(`briscola-${tableId}-deal-${message.deal + 1}.txt`, message.text);
      }
    });
    socket.addEventListener("close", (event) => {
      // 4000-4999: the server refused this connection on purpose; do not hammer it. 4013
      // (as many spectators as the table takes) asks to come back later.
      refused = event.code >= 4000 && event.code < 5000 && event.code !== 4013;
      $("who").textContent = refused ? "disconnected" : "reconnecting…";
      document.body.dataset.connected = "false";
      // Nothing can be sent until the server is back (its next message redraws the table).
      disable("[data-move], [data-record]");
      $("status").textContent = refused ? "Disconnected from the table." : "Connection lost: reconnecting…";
      if (!refused) {
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 10000);
      }
    });
  }

  function notice(text) {
    $("notice").textContent = text;
    $("notice").hidden = false;
  }

  // Every message to the server goes through here: nothing is sent on a closed connection.
  function connected() {
    if (socket && socket.readyState === WebSocket.OPEN) return true;
    notice("Not connected to the table: trying again…");
    return false;
  }

  // Disabling the buttons takes the focus away: it waits on the hand, and goes back to a
  // move once moves are offered again (see render).
  function disable(selector) {
    const onMove = document.activeElement && document.activeElement.dataset.move !== undefined;
    if (onMove) focusLost = true;
    for (const button of document.querySelectorAll(selector)) button.disabled = true;
    if (onMove) $(RESTING[0]).focus();
  }

  function send(notation) {
    if (!current || !connected()) return;
    $("notice").hidden = true; // a refusal stays on screen until the next move
    disable("[data-move]");
    socket.send(JSON.stringify({ type: "move", move: notation, ply: current.view.ply, deal: current.deal }));
    clearTimeout(waiting);
    waiting = setTimeout(() => notice("Your move is sent: waiting for the table to answer…"), 2000);
  }

  function download(name, text) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  }

  const seatName = (msg, s) => (s === msg.seat ? `Seat ${s} (you)` : `Seat ${s}`);
  // "Seat 1, Seat 2 and Seat 3".
  const seatList = (msg, seats) => {
    const names = seats.map((s) => seatName(msg, s));
    return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  };

  // The latest move, and the trick it closed, for the status line (a live region, so that a
  // screen reader hears what the others did, not only whose turn it is).
  function lastEvent(msg) {
    const view = msg.view;
    if (!view.history.length) {
      if (!msg.previous) return "";
      return `The last deal is over: ${outcome(msg, msg.previous.score)}.`;
    }
    const [s, notation] = view.history[view.history.length - 1];
    if (!Cards.parts(notation)) return `${seatName(msg, s)}: ${Cards.moveLabel(notation)}.`;
    let text = `${seatName(msg, s)} played ${Cards.name(notation)}.`;
    const last = view.tricks[view.tricks.length - 1];
    if (!view.trick.length && last) text += ` ${seatName(msg, last.winner)} takes the trick.`;
    return text;
  }

  // Rendering rebuilds the buttons: find the focused one again by what it does, so that a
  // keyboard player keeps their place.
  function focusKey() {
    const el = document.activeElement;
    if (!el || !el.dataset) return null;
    if (el.dataset.move !== undefined) return `[data-move="${CSS.escape(el.dataset.move)}"]`;
    if (el.dataset.record !== undefined) return `[data-record="${CSS.escape(el.dataset.record)}"]`;
    return null;
  }

  function render(msg) {
    const focused = focusKey();
    draw(msg);
    const idle = document.activeElement === document.body || RESTING.includes(document.activeElement.id);
    if (!focused && !(focusLost && idle)) return;
    const again = (focused && document.querySelector(`${focused}:not(:disabled)`)) ||
      document.querySelector("[data-move]:not(:disabled)");
    focusLost = !again;
    if (again) again.focus();
    else $(RESTING[$("result").hidden ? 0 : 1]).focus();
  }

  function draw(msg) {
    current = msg;
    const view = msg.view;
    document.body.dataset.connected = "true";
    document.body.dataset.seat = msg.seat === null ? "spectator" : String(msg.seat);
    document.body.dataset.ply = String(view.ply);
    document.body.dataset.deal = String(msg.deal);
    document.body.dataset.phase = view.phase;
    document.body.dataset.over = String(msg.match.final);
    $("table").hidden = false;
    $("title").textContent = msg.title;
    document.title = `${msg.title} - briscola`;
    $("who").textContent = msg.seat === null ? "Spectator" : `You are seat ${msg.seat}`;

    const yourTurn = msg.seat !== null && view.turn === msg.seat;
    let status;
    const over = view.phase === "over" && view.score ? `The deal is over: ${outcome(msg, view.score)}.` : "";
    if (msg.match.final) status = `${over ? `${over} ` : ""}The match is over.`;
    else if (view.turn === null) status = over || "The deal is over.";
    else if (yourTurn) status = "Your turn.";
    else status = `${seatName(msg, view.turn)} to act${msg.bots.includes(view.turn) ? " (bot)" : ""}.`;
    const deals = msg.match.single_deal ? "" : ` Deal ${msg.deal + 1}.`;
    const event = lastEvent(msg);
    $("status").textContent = `${event ? `${event} ` : ""}${status}${deals} Phase: ${view.phase.replace("_", " ")}.`;
    document.body.dataset.turn = yourTurn ? "yours" : "other";

    // Trumps and stock.
    const trump = $("trump");
    trump.replaceChildren();
    if (view.trump_card) trump.append(Cards.face(view.trump_card));
    else if (view.trump_suit) trump.append(`Trumps: ${Cards.suitName(view.trump_suit)}`);
    else if (view.phase === "play" && view.rules.options.first_trick_blind === "committed") {
      trump.append("Trumps: named in secret, shown after trick 1"); // only the caller sees them
    } else if (view.phase === "play" && view.rules.options.first_trick_blind === "free_choice") {
      trump.append("Trumps: named once trick 1 is down");
    } else if (view.phase === "auction" || view.phase === "name_trump") trump.append("Not named yet");
    else trump.append("No trumps"); // Briscolone, or a Chiamata deal that everyone passed
    if (view.called_card) {
      const called = document.createElement("p");
      called.append("Called card: ", Cards.face(view.called_card));
      called.className = "called";
      trump.append(called);
    }
    $("stock").textContent = view.stock_size ? `Stock: ${view.stock_size} cards` : "Stock: empty";
    // Cards out of the deal (the 2 of classic-3, ...) are public: which suit is a card short.
    $("removed").hidden = !view.removed.length;
    $("removed").replaceChildren("Out of the deck:");
    for (const code of view.removed) $("removed").append(" ", Cards.face(code));
    // Under open_stock every seat sees the order of the stock.
    $("open-stock").hidden = !(view.stock && view.stock.length);
    $("open-stock-cards").replaceChildren(...(view.stock || []).map((code) => Cards.face(code)));

    // The current trick and the last one.
    fillTrick($("trick"), view.trick, view.trick_seats, msg);
    const last = view.tricks[view.tricks.length - 1];
    fillTrick($("last-trick"), last ? last.cards : [], last ? last.seats : [], msg, last ? last.winner : null);

    // Seats.
    const played = new Set([...view.trick, ...view.tricks.flatMap((trick) => trick.cards)]);
    const body = $("seats").tBodies[0];
    body.replaceChildren();
    for (let s = 0; s < msg.players; s++) {
      const row = body.insertRow();
      row.dataset.seat = s;
      if (s === view.turn) row.classList.add("to-act");
      const notes = [];
      if (s === view.dealer) notes.push(s === msg.sits_out ? "dealer, sits out this deal" : "dealer");
      if (msg.bots.includes(s)) notes.push("bot");
      if (s === view.caller) notes.push(`caller, needs ${view.target}`);
      if (s === view.partner && s !== view.caller) notes.push("partner");
      if (s === view.turn) notes.push("to act");
      row.insertCell().textContent = seatName(msg, s);
      const cards = row.insertCell();
      const open = view.hands[s];
      // Each card once: a card known to be held may also be in a hand the seat showed.
      const listed = new Set();
      if (open && open.length && s !== msg.seat) {
        for (const code of open) {
          cards.append(Cards.face(code));
          listed.add(code);
        }
      } else {
        cards.append(`${view.hand_sizes[s]}`);
        for (const code of view.known_cards[s] || []) {
          cards.append(" ", Cards.face(code));
          listed.add(code);
        }
      }
      // A seat that showed its hand twice: its newest hand holds every card still in the
      // older one.
      for (const [from, shown] of new Map(view.shown)) {
        // A shown hand is a snapshot: list only the cards still in it. A card that left it
        // was played, or given up for the face-up card, where it lies until a seat takes it
        // (and that seat's known cards name it).
        const gone = (code) =>
          played.has(code) ||
          code === view.trump_card ||
          view.known_cards.some((known, seat) => seat !== from && known.includes(code));
        const left = shown.filter((code) => !gone(code) && !listed.has(code));
        if (from === s && left.length) {
          cards.append(" shown:");
          for (const code of left) cards.append(" ", Cards.face(code));
        }
      }
      row.insertCell().textContent = String(view.score.points[s]);
      row.insertCell().textContent = notes.join(", ");
    }

    // The hand and the moves, in the order of legal_moves.
    const moves = view.legal_moves;
    const offered = new Set(moves);
    $("hand-section").hidden = msg.seat === null;
    $("moves-section").hidden = msg.seat === null;
    const hand = $("hand");
    hand.replaceChildren();
    for (const code of view.hand) {
      const button = Cards.face(code, "button");
      button.type = "button";
      if (!offered.has(code)) {
        button.disabled = true;
        if (yourTurn) {
          button.title = `${Cards.name(code)}: may not be played now`;
          button.setAttribute("aria-label", button.title);
        }
      } else {
        button.dataset.move = code;
        named(button, `Play ${Cards.name(code)}`);
        button.addEventListener("click", () => send(code));
      }
      hand.append(button);
    }
    const box = $("moves");
    box.replaceChildren();
    const claims = [];
    for (const notation of moves) {
      if (Cards.parts(notation)) continue; // plays are the hand's buttons
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.move = notation;
      button.textContent = Cards.moveLabel(notation);
      named(button, Cards.moveLabel(notation));
      button.addEventListener("click", () => send(notation));
      if (notation.startsWith("declare ")) claims.push(button);
      else box.append(button);
    }
    // Public claims offer one for nearly every card: folded away, they do not stand
    // between a keyboard or a phone and the other moves.
    if (claims.length > MANY_CLAIMS) {
      const group = document.createElement("details");
      group.id = "claims";
      group.open = claimsOpen || view.phase === "declarations"; // Bugiarda's round of claims
      group.addEventListener("toggle", () => {
        claimsOpen = group.open;
        numberKeys();
      });
      const summary = document.createElement("summary");
      summary.textContent = `Claims about your hand (${claims.length})`;
      group.append(summary, ...claims);
      box.append(group);
    } else box.append(...claims);
    if (!moves.length) {
      box.textContent = msg.match.final
        ? "The match is over: nothing more to play."
        : view.turn === null
          ? "The deal is over: the next one starts at once."
          : "Nothing to do: wait for your turn.";
    }
    else if (!box.children.length) {
      const barred = view.hand.length - view.hand.filter((code) => offered.has(code)).length;
      box.textContent = barred
        ? "Play a card from your hand; the faded ones may not be played now (follow suit)."
        : "Play a card from your hand.";
    }
    numberKeys();

    // The result of this deal, once it is over.
    $("result").hidden = view.phase !== "over";
    if (view.phase === "over") $("result-body").replaceChildren(result(view, msg));
    const previous = msg.previous;
    $("previous").hidden = !previous;
    // Open once for each deal that starts, so that the last trick of the deal just played
    // is seen; the player may close it.
    if (previous && openedFor !== msg.deal) $("previous").open = true;
    openedFor = msg.deal;
    if (previous) $("previous-body").replaceChildren(result(previous, msg), trickList(previous, msg));

    // Match standing and records.
    $("match").replaceChildren(standing(msg));
    const records = $("records");
    records.replaceChildren();
    if (msg.seat !== null) {
      for (const deal of msg.finished_deals) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = `Download the record of deal ${deal + 1}`;
        button.dataset.record = String(deal);
        button.addEventListener("click", () => {
          if (connected()) socket.send(JSON.stringify({ type: "record", deal }));
        });
        records.append(button);
      }
    }

    $("tricks").replaceWith(trickList(view, msg));
    const log = $("log");
    log.replaceChildren();
    for (const [s, notation] of view.history) {
      if (Cards.parts(notation)) continue;
      const item = document.createElement("li");
      item.textContent = `${seatName(msg, s)}: ${Cards.moveLabel(notation)}`;
      log.append(item);
    }
  }

  function named(button, text) {
    button.dataset.label = text;
    button.setAttribute("aria-label", text);
  }

  // Number keys 1-9, then 0, choose the first ten moves on screen in the order shown (the
  // hand, then the other moves), never a folded claim: a key must not make a move its
  // player cannot see. Opening or closing the claims numbers the moves again.
  function numberKeys() {
    const claims = $("claims");
    const folded = claims && !claims.open ? claims : null;
    let numbered = 0;
    for (const button of document.querySelectorAll("#hand [data-move], #moves [data-move]")) {
      button.querySelector("kbd")?.remove();
      delete button.dataset.key;
      button.removeAttribute("aria-keyshortcuts");
      button.setAttribute("aria-label", button.dataset.label);
      if (numbered === 10 || (folded && folded.contains(button))) continue;
      numbered += 1;
      const key = String(numbered % 10);
      button.dataset.key = key;
      button.setAttribute("aria-keyshortcuts", key);
      button.setAttribute("aria-label", `${button.dataset.label} (key ${key})`);
      const badge = document.createElement("kbd");
      badge.textContent = key;
      button.prepend(badge);
    }
  }

  function fillTrick(el, cards, seats, msg, winner = null) {
    el.replaceChildren();
    cards.forEach((code, i) => {
      const figure = document.createElement("figure");
      figure.append(Cards.face(code));
      const caption = document.createElement("figcaption");
      caption.textContent = seats[i] === undefined ? "" : seatName(msg, seats[i]);
      if (seats[i] === winner) caption.textContent += " takes";
      figure.append(caption);
      el.append(figure);
    });
    if (!cards.length) el.textContent = "—";
  }

  function trickList(view, msg) {
    const list = document.createElement("ol");
    list.className = "tricks";
    list.id = view === msg.view ? "tricks" : "";
    for (const trick of view.tricks) {
      const item = document.createElement("li");
      trick.cards.forEach((code, i) => {
        item.append(`${seatName(msg, trick.seats[i])} `, Cards.face(code), i + 1 < trick.cards.length ? ", " : "");
      });
      item.append(` → ${seatName(msg, trick.winner)} takes it`);
      list.append(item);
    }
    return list;
  }

  // Who won a deal and with how many card points, in one phrase: the winners' points first,
  // so that a listener knows whose they are.
  function outcome(msg, score) {
    const sides = score.team_points;
    if (score.void) return `a void deal, card points ${sides.join(" to ")}`;
    if (!score.winners.length) return `no winner, card points ${sides.join(" to ")}`;
    const won = score.winners.reduce((sum, s) => sum + score.points[s], 0);
    const lost = sides.length === 2 ? ` to ${sides[0] + sides[1] - won}` : "";
    return `won by ${seatList(msg, score.winners)} with ${won} card points${lost}`;
  }

  function result(view, msg) {
    const div = document.createElement("div");
    const score = view.score;
    const lines = [];
    if (score.caller !== null && score.caller !== undefined) {
      lines.push(`Seat ${score.caller} called for ${score.target}` +
        (score.solo ? ", alone." : score.partner !== null ? `, with seat ${score.partner}.` : "."));
    }
    lines.push(`Card points: ${score.points.map((p, s) => `seat ${s} ${p}`).join(", ")}.`);
    if (score.void) lines.push("A void deal: it is played again.");
    else if (score.winners.length) lines.push(`Won by ${seatList(msg, score.winners)}.`);
    else lines.push("No winner.");
    lines.push(`Game points: ${score.deltas.map((d, s) => `seat ${s} ${d > 0 ? "+" : ""}${d}`).join(", ")}.`);
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      div.append(p);
    }
    return div;
  }

  function standing(msg) {
    const match = msg.match;
    const div = document.createElement("div");
    const p = document.createElement("p");
    p.textContent = match.single_deal ? "A single deal." :
      `Format ${match.format}: ${match.deals_played} ${match.deals_played === 1 ? "deal" : "deals"} counted.` +
      (match.final ? ` Won by ${seatList(msg, match.winners) || "nobody (a draw)"}.` : "");
    div.append(p);
    if (match.single_deal && !match.results.length) return div;
    const scroller = document.createElement("div");
    scroller.className = "scroll"; // a long match scrolls sideways on a narrow screen
    const table = document.createElement("table");
    table.className = "standing";
    const head = table.createTHead().insertRow();
    for (const text of ["Seat", "Total", "Deals won", ...match.results.map((_, i) => `Deal ${i + 1}`)]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.append(th);
    }
    const body = table.createTBody();
    for (let s = 0; s < msg.players; s++) {
      const row = body.insertRow();
      row.insertCell().textContent = seatName(msg, s);
      row.insertCell().textContent = String(match.totals[s]);
      row.insertCell().textContent = String(match.deals_won[s]);
      for (const r of match.results) row.insertCell().textContent = r.void ? "void" : `${r.points[s]} (${r.deltas[s] > 0 ? "+" : ""}${r.deltas[s]})`;
    }
    scroller.append(table);
    div.append(scroller);
    return div;
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement && event.target.type !== "checkbox") return;
    const button = document.querySelector(`[data-move][data-key="${event.key}"]:not(:disabled)`);
    if (button) {
      event.preventDefault();
      button.focus();
      button.click();
    }
  });

  if (badLink) {
    $("who").textContent = "disconnected";
    notice("this link is not valid for this table");
  } else {
    connect();
  }
})();
