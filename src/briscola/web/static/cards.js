// Card faces as text and CSS: Italian-suited (Denari, Coppe, Spade, Bastoni) or French-suited.
"use strict";

const Cards = (() => {
  const SUITS = {
    D: { it: "Denari", en: "Coins", fr: "♦", frName: "Diamonds" },
    C: { it: "Coppe", en: "Cups", fr: "♥", frName: "Hearts" },
    S: { it: "Spade", en: "Swords", fr: "♠", frName: "Spades" },
    B: { it: "Bastoni", en: "Batons", fr: "♣", frName: "Clubs" },
  };
  const RANKS = {
    A: { it: "Asso", short: "A", fr: "A", frName: "Ace" },
    2: { it: "Due", short: "2", fr: "2", frName: "Two" },
    3: { it: "Tre", short: "3", fr: "3", frName: "Three" },
    4: { it: "Quattro", short: "4", fr: "4", frName: "Four" },
    5: { it: "Cinque", short: "5", fr: "5", frName: "Five" },
    6: { it: "Sei", short: "6", fr: "6", frName: "Six" },
    7: { it: "Sette", short: "7", fr: "7", frName: "Seven" },
    J: { it: "Fante", short: "F", fr: "J", frName: "Jack" },
    Q: { it: "Cavallo", short: "C", fr: "Q", frName: "Queen" },
    K: { it: "Re", short: "R", fr: "K", frName: "King" },
  };
  let french = false;

  function parts(code) {
    const rank = RANKS[code[0]];
    const suit = SUITS[code[1]];
    if (!rank || !suit || code.length !== 2) return null;
    return { rank, suit, suitCode: code[1] };
  }

  // The card's full name, for labels and screen readers.
  function name(code) {
    const p = parts(code);
    if (!p) return code;
    return french ? `${p.rank.frName} of ${p.suit.frName}` : `${p.rank.it} di ${p.suit.it}`;
  }

  // A short inline name: "7♥" or "7 Coppe".
  function short(code) {
    const p = parts(code);
    if (!p) return code;
    return french ? `${p.rank.fr}${p.suit.fr}` : `${p.rank.short} ${p.suit.it}`;
  }

  // A card face: an element with the rank, the suit, and data-card for tests and styling.
  function face(code, tag = "span") {
    const p = parts(code);
    const el = document.createElement(tag);
    el.className = "card";
    if (!p) {
      el.textContent = code;
      return el;
    }
    el.classList.add(`suit-${p.suitCode}`, french ? "french" : "italian");
    el.dataset.card = code;
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = french ? p.rank.fr : p.rank.short;
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = french ? p.suit.fr : p.suit.it;
    const word = document.createElement("span");
    word.className = "word";
    word.textContent = french ? p.rank.frName : p.rank.it;
    el.append(rank, pip, word);
    // A face that is not a button is a picture to assistive technology, named by its label.
    if (tag !== "button") el.setAttribute("role", "img");
    el.setAttribute("aria-label", name(code));
    el.title = name(code);
    return el;
  }

  // The suit's name from its one-letter code.
  function suitName(code) {
    const s = SUITS[code];
    if (!s) return code;
    return french ? `${s.fr} ${s.frName}` : s.it;
  }

  // What a signal token stands for; the tokens usually speak of trumps.
  const SIGNALS = { ACE: "A", THREE: "3", KING: "K", KNIGHT: "Q", JACK: "J" };
  function signalName(token) {
    const rank = RANKS[SIGNALS[token]];
    if (rank) return `${french ? rank.frName : rank.it} of trumps`;
    const others = { LOW_TRUMPS: "low trumps only", NO_TRUMPS: "no trumps", CARICHI: "Aces and Threes (any suit)" };
    return others[token] || token;
  }

  // A move's notation made readable: card codes become card names.
  function moveLabel(notation) {
    const words = notation.split(" ");
    const card = (w) => (parts(w) ? short(w) : w);
    switch (words[0]) {
      case "swap": return `Swap ${card(words[1])} for the face-up card`;
      case "bid": return `Call ${RANKS[words[1]] ? (french ? RANKS[words[1]].frName : RANKS[words[1]].it) : words[1]}`;
      case "points": return `Bid ${words[1]} points`;
      case "pass": return "Pass";
      case "suit": return `Trumps: ${suitName(words[1])}`;
      case "call": return `Call ${card(words[1])}`;
      case "signal": return `Signal: ${signalName(words[1])}`;
      case "show": return "Show my hand";
      case "declare":
        if (words[1] === "has") return `Claim: I hold ${card(words[2])}`;
        if (words[1] === "lacks") return `Claim: I lack ${card(words[2])}`;
        return `Claim: ${words.slice(1).join(" ")}`;
      default: return parts(notation) ? `Play ${short(notation)}` : notation;
    }
  }

  return {
    face, name, short, moveLabel, suitName, parts,
    setFrench(value) { french = value; },
    get french() { return french; },
  };
})();
