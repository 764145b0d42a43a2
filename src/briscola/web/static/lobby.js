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

  function showPreset() {
    const preset = byId.get($("variant").value);
    $("bot-seats").replaceChildren();
    for (let seat = 0; seat < preset.players; seat++) {
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
      if (seat > 0) select.value = "greedy";
      label.append(select);
      $("bot-seats").append(label);
    }
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
        input.value = option.default === null ? "none" : String(option.default);
        input.maxLength = 40;
      }
      input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
      const help = document.createElement("small");
      help.textContent = ` ${option.values}`;
      row.append(label, input, help);
      $("options").append(row);
    }
  }
  $("variant").addEventListener("change", showPreset);
  showPreset();

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
    const reply = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const result = await reply.json();
    if (!reply.ok) {
      $("error").textContent = result.error;
      $("error").hidden = false;
      return;
    }
    $("error").hidden = true;
    $("link-list").replaceChildren();
    const add = (text, href) => {
      const item = document.createElement("li");
      item.append(`${text}: `);
      if (href) {
        const link = document.createElement("a");
        link.href = new URL(href, location.origin).href;
        link.textContent = link.href;
        item.append(link);
      }
      $("link-list").append(item);
    };
    result.seats.forEach((href, seat) => add(href ? `Seat ${seat}` : `Seat ${seat} (${result.bots[seat]} bot)`, href));
    add("Spectators", result.spectator);
    $("links").hidden = false;
  });
})();
