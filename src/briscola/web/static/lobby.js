// The lobby: choose a preset, its table rules, a match format and bots; get the links.
"use strict";

(async () => {
  const $ = (id) => document.getElementById(id);
  const response = await fetch("/api/presets");
  const { presets, bots } = await response.json();
  const byId = new Map(presets.map((p) => [p.id, p]));
  for (const preset of presets) {
    const option = document.createElement("option");
    option.value = preset.id;
    option.textContent = `${preset.title} (${preset.id}, ${preset.players} players)`;
    $("variant").append(option);
  }

  // One list of seats for the server to play, as many as the table has seats (the rule
  // "players" can change that), keeping the choices already made.
  function showSeats(players) {
    const chosen = new Map([...$("bot-seats").querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
    $("bot-seats").replaceChildren();
    for (let seat = 0; seat < players; seat++) {
      const label = document.createElement("label");
      label.textContent = `Seat ${seat} `;
      const select = document.createElement("select");
      select.name = `bot-${seat}`;
      select.dataset.seat = seat;
      for (const kind of ["", ...bots]) {
        const option = document.createElement("option");
        option.value = kind;
        option.textContent = kind ? `${kind} bot` : "a person";
        select.append(option);
      }
      select.value = chosen.get(String(seat)) ?? (seat > 0 ? "greedy" : "");
      label.append(select);
      $("bot-seats").append(label);
    }
  }

  function showPreset() {
    const preset = byId.get($("variant").value);
    $("bot-seats").replaceChildren(); // another preset starts from the default seats
    showSeats(preset.players);
    $("options").replaceChildren();
    for (const option of preset.options) {
      const row = document.createElement("p");
      const label = document.createElement("label");
      label.htmlFor = `opt-${option.name}`;
      label.textContent = `${option.name} `;
      const input = document.createElement("input");
      input.id = `opt-${option.name}`;
      input.dataset.option = option.name;
      if (typeof option.default === "boolean") {
        input.type = "checkbox";
        input.checked = option.default;
      } else {
        // String() writes a list (signal_tokens) as --option reads it: words and commas.
        input.value = option.default === null ? "none" : String(option.default);
        input.maxLength = 80;
      }
      input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
      const help = document.createElement("small");
      help.id = `help-${option.name}`;
      help.textContent = ` ${option.values}`;
      input.setAttribute("aria-describedby", help.id); // the allowed values, read out
      row.append(label, input, help);
      $("options").append(row);
    }
  }
  $("variant").addEventListener("change", showPreset);
  $("options").addEventListener("input", (event) => {
    if (event.target.dataset.option !== "players") return;
    const players = Number(event.target.value);
    if (Number.isInteger(players) && players >= 2 && players <= 8) showSeats(players);
  });
  showPreset();

  // The links of the tables opened from this tab, kept for the tab's life: they are shown
  // once only, so coming back to the lobby (Back, a reload) must not lose them.
  const opened = JSON.parse(sessionStorage.getItem("briscola-opened") || "[]");
  function showLinks() {
    $("link-list").replaceChildren();
    const add = (list, text, href) => {
      const item = document.createElement("li");
      item.append(`${text}: `);
      if (href) {
        const link = document.createElement("a");
        link.href = new URL(href, location.origin).href;
        link.textContent = link.href;
        item.append(link);
      }
      list.append(item);
    };
    for (const [i, result] of opened.entries()) {
      const item = document.createElement("li");
      item.append(i === 0 ? `${result.variant} (the newest)` : result.variant);
      const list = document.createElement("ul");
      result.seats.forEach((href, seat) => add(list, href ? `Seat ${seat}` : `Seat ${seat} (${result.bots[seat]} bot)`, href));
      add(list, "Spectators", result.spectator);
      item.append(list);
      $("link-list").append(item);
    }
    $("links").hidden = !opened.length;
  }
  showLinks();

  $("open").addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    for (const input of $("options").querySelectorAll("input")) {
      const value = input.type === "checkbox" ? String(input.checked) : input.value.trim();
      if (value !== input.dataset.initial) options[input.dataset.option] = value;
    }
    const chosen = {};
    for (const select of $("bot-seats").querySelectorAll("select")) {
      if (select.value) chosen[select.dataset.seat] = select.value;
    }
    const body = { variant: $("variant").value, options, format: $("format").value.trim() || null, bots: chosen };
    $("error").hidden = true;
    const reply = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const result = await reply.json();
    if (!reply.ok) {
      $("error").textContent = result.error;
      $("error").hidden = false;
      return;
    }
    opened.unshift(result);
    opened.splice(10); // the ten newest
    sessionStorage.setItem("briscola-opened", JSON.stringify(opened));
    showLinks();
  });
})();
