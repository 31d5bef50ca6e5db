// The browser client of the kniffel-rules web app: plain JavaScript, no build step.
//
// "/" is the lobby (open a table), "/t/<table>" a table. The game's own words
// (action labels, refusals, hints, the SVG picture) come from the server in the
// player's language; the few words of this page are in STRINGS below.
// A seat is a secret token, kept in localStorage per table (never in the link
// that is shared), so a reload sits down at the same seat again.

const STRINGS = {
  en: {
    appName: "Kniffel", language: "Language", newTable: "New table", game: "Game",
    players: "Players", seats: "Seats", rules: "House rules (the options of the game's rules)", yourName: "Your name",
    create: "Open the table", joinTable: "Join the table", join: "Sit down",
    invite: "Invite players to the open seats with this link:", copy: "Copy",
    typeMove: "Type a move", play: "Play", hint: "Hint", undo: "Undo", log: "Moves",
    seat: "Seat {n}", me: "me", open: "open (by link)", bot: "bot: {name}",
    yourTurn: "Your turn.", waitingFor: "Waiting for {name}.", waitingPlayers: "Waiting for players to join.",
    gameOver: "The game is over.", finalScores: "Final scores", player: "Player",
    score: "Score", you: "(you)", connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
    expected: "expected {value}", winChance: "Chance to win: {value}", noTable: "This table does not exist.",
    copied: "Copied.", thinking: "Thinking…",
    winPending: "The chance to win is still being worked out: ask again in a moment.", refused: "The server refused the connection.", needOneMe: "Take at least one seat yourself.",
  },
  de: {
    appName: "Kniffel", language: "Sprache", newTable: "Neuer Tisch", game: "Spiel",
    players: "Spieler", seats: "Plätze", rules: "Hausregeln (die Optionen der Spielregeln)", yourName: "Dein Name",
    create: "Tisch eröffnen", joinTable: "Am Tisch Platz nehmen", join: "Hinsetzen",
    invite: "Lade Mitspieler mit diesem Link auf die freien Plätze ein:", copy: "Kopieren",
    typeMove: "Zug eintippen", play: "Spielen", hint: "Tipp", undo: "Zurücknehmen", log: "Züge",
    seat: "Platz {n}", me: "ich", open: "frei (per Link)", bot: "Bot: {name}",
    yourTurn: "Du bist am Zug.", waitingFor: "Warte auf {name}.", waitingPlayers: "Warte auf Mitspieler.",
    gameOver: "Das Spiel ist zu Ende.", finalScores: "Endstand", player: "Spieler",
    score: "Punkte", you: "(du)", connecting: "Verbinde…", reconnecting: "Verbindung verloren, verbinde neu…",
    expected: "erwartet {value}", winChance: "Gewinnchance: {value}", noTable: "Diesen Tisch gibt es nicht.",
    copied: "Kopiert.", thinking: "Denke nach…",
    winPending: "Die Gewinnchance wird noch berechnet: frag gleich noch einmal.", refused: "Der Server hat die Verbindung abgelehnt.", needOneMe: "Nimm selbst mindestens einen Platz.",
  },
};

const $ = (selector) => document.querySelector(selector);
const app = { lang: "en", games: [], table: null, socket: null, retry: 0, last: null, closing: false, seq: 0 };

// ---------------------------------------------------------------- words

function t(key, values = {}) {
  const text = (STRINGS[app.lang] || STRINGS.en)[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function initialLang() {
  const saved = localStorage.getItem("kniffel.lang");
  if (saved && STRINGS[saved]) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

function applyLang() {
  document.documentElement.lang = app.lang;
  $("#lang").value = app.lang;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
}

function title(game) {
  return (game.titles && (game.titles[app.lang] || game.titles.en)) || game.title || game.name;
}

// ---------------------------------------------------------------- messages to the player

function showError(message, rule = "") {
  // The refusal as the server words it; the rule's clause id rides along in data-rule.
  const box = $("[data-testid=error]");
  box.textContent = message || "";
  box.dataset.rule = rule || "";
  box.hidden = !message;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const message = (data && (data.message || data.error || data.detail)) || `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

// ---------------------------------------------------------------- seats kept in this browser

function seatKey(table) { return `kniffel.seat.${table}`; }

function loadSeat(table) {
  try { return JSON.parse(localStorage.getItem(seatKey(table)) || "null"); } catch { return null; }
}

function saveSeat(table, seat, token) {
  localStorage.setItem(seatKey(table), JSON.stringify({ seat, token }));
}

// ---------------------------------------------------------------- the lobby

function normalizeGames(data) {
  const list = Array.isArray(data) ? data : (data.games || Object.values(data));
  return list.map((game) => ({
    ...game,
    min: game.min_players ?? game.min ?? 1,
    max: Math.min(game.max_players ?? game.max ?? 4, 8),
    bots: (game.bots || []).map((bot) => (typeof bot === "string" ? bot : bot.name)),
  }));
}

async function showLobby() {
  $("#lobby").hidden = false;
  const select = $("#game");
  try {
    app.games = normalizeGames(await api("/api/games"));
  } catch (error) {
    showError(error.message);
    return;
  }
  select.replaceChildren(...app.games.map((game) => new Option(title(game), game.name)));
  select.addEventListener("change", gameChosen);
  $("#players").addEventListener("input", drawSeats);
  $("#create-form").addEventListener("submit", createTable);
  $("#name").value = localStorage.getItem("kniffel.name") || "";
  gameChosen();
}

function chosenGame() {
  return app.games.find((game) => game.name === $("#game").value) || app.games[0];
}

function gameChosen() {
  const game = chosenGame();
  if (!game) return;
  const players = $("#players");
  players.min = String(game.min);
  players.max = String(game.max);
  const wanted = Number(players.value) || 2;
  players.value = String(Math.max(game.min, Math.min(game.max, wanted)));
  drawSeats();
  drawRules(game);
}

function drawSeats() {
  const game = chosenGame();
  if (!game) return;
  const fieldset = $("#seats");
  const previous = [...fieldset.querySelectorAll("select")].map((select) => select.value);
  const count = Math.max(game.min, Math.min(game.max, Number($("#players").value) || game.min));
  const rows = [];
  for (let n = 0; n < count; n += 1) {
    const select = document.createElement("select");
    select.dataset.testid = `seat-${n}`;
    select.add(new Option(t("me"), "me"));
    select.add(new Option(t("open"), "open"));
    for (const bot of game.bots) select.add(new Option(t("bot", { name: bot }), `bot:${bot}`));
    const fallback = n === 0 ? "me" : (game.bots.length ? `bot:${game.bots[0]}` : "open");
    const value = previous[n] && [...select.options].some((o) => o.value === previous[n]) ? previous[n] : fallback;
    select.value = value;
    const label = document.createElement("label");
    label.append(document.createTextNode(t("seat", { n: n + 1 })), select);
    rows.push(label);
  }
  const legend = document.createElement("legend");
  legend.textContent = t("seats");
  fieldset.replaceChildren(legend, ...rows);
}

function drawRules(game) {
  // Rules options as the server lists them, by their names in the game's Rules
  // (identifiers, the same in every language): a checkbox for a yes/no option,
  // a menu for a choice, a field for a number or a word.
  const rows = [];
  for (const option of rulesOptions(game)) {
    const label = document.createElement("label");
    label.className = "option";
    let input;
    if (typeof option.default === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = option.default;
    } else if (Array.isArray(option.choices) && option.choices.length) {
      input = document.createElement("select");
      for (const choice of option.choices) {
        const value = typeof choice === "object" ? choice.value : choice;
        const text = typeof choice === "object" ? (choice.label || String(value)) : String(choice);
        input.add(new Option(text, JSON.stringify(value)));
      }
      input.value = JSON.stringify(option.default);
    } else if (typeof option.default === "number") {
      input = document.createElement("input");
      input.type = "number";
      input.value = String(option.default);
    } else if (typeof option.default === "string") {
      input = document.createElement("input");  // the server checks the value (Rules.from_dict)
      input.value = option.default;
      input.size = 12;
    } else {
      continue;
    }
    input.dataset.testid = `rule-${option.name}`;
    input.dataset.rule = option.name;
    input.dataset.default = JSON.stringify(option.default);
    const name = document.createElement("code");
    name.textContent = optionLabel(option);
    label.append(input, name);
    rows.push(label);
  }
  $("#rules").replaceChildren(...rows);
  $("#rules-box").hidden = rows.length === 0;
}

function rulesOptions(game) {
  const rules = game.rules || game.rules_options || game.options;
  if (!rules) return [];
  if (Array.isArray(rules)) return rules.filter((option) => option && option.name);
  // {"name": default} or {"name": {"default", "label", "choices"}}
  return Object.entries(rules).map(([name, value]) => (
    value !== null && typeof value === "object" && !Array.isArray(value) && "default" in value
      ? { name, ...value } : { name, default: value }));
}

function optionLabel(option) {
  const label = option.label || option.labels || option.title;
  if (label && typeof label === "object") return label[app.lang] || label.en || option.name;
  return label || option.name;
}

function chosenRules() {
  const rules = {};
  for (const input of document.querySelectorAll("#rules [data-rule]")) {
    const value = input.type === "checkbox" ? input.checked
      : input.type === "number" ? Number(input.value)
        : input.tagName === "SELECT" ? JSON.parse(input.value) : input.value;
    if (JSON.stringify(value) !== input.dataset.default) rules[input.dataset.rule] = value;
  }
  return rules;
}

async function createTable(event) {
  event.preventDefault();
  showError("");
  const game = chosenGame();
  const seats = [...document.querySelectorAll("#seats select")].map((select) => select.value);
  if (!seats.includes("me")) { showError(t("needOneMe")); return; }
  const name = $("#name").value.trim();
  if (name) localStorage.setItem("kniffel.name", name);
  try {
    const made = await api("/api/tables", {
      variant: game.name, players: seats.length, seats, name, lang: app.lang, rules: chosenRules(),
    });
    saveSeat(made.table, made.seat, made.token);
    location.assign(made.link || `/t/${encodeURIComponent(made.table)}`);
  } catch (error) {
    showError(error.message);
  }
}

// ---------------------------------------------------------------- the table

function showTable(table) {
  app.table = table;
  const link = new URL(`/t/${encodeURIComponent(table)}`, location.origin).href;
  const anchor = $("#share-link");
  anchor.href = link;
  anchor.textContent = link;
  $("[data-testid=copy-link]").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      $("[data-testid=copy-link]").textContent = t("copied");
    } catch { /* no clipboard here (plain http): the link is shown to copy by hand */ }
  });
  $("#move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#move-input").value.trim();
    if (text) send({ type: "action", text });
  });
  $("#join-name").value = localStorage.getItem("kniffel.name") || "";
  $("#join-form").addEventListener("submit", joinTable);
  $("#hint").addEventListener("click", () => {
    const box = $("#hint-text");
    const waiting = document.createElement("p");
    waiting.textContent = t("thinking");
    box.replaceChildren(waiting);
    box.hidden = false;
    send({ type: "hint" });
  });
  $("#undo").addEventListener("click", () => send({ type: "undo" }));
  // A seat link (/t/<table>#token=...) carries a seat to another device: keep the
  // token here and take it out of the address bar (the fragment never reaches a server).
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("token")) {
    saveSeat(table, null, fragment.get("token"));
    history.replaceState(null, "", location.pathname);
  }
  if (loadSeat(table)) {
    sitDown();
  } else {
    $("#join").hidden = false;
  }
}

async function joinTable(event) {
  event.preventDefault();
  showError("");
  const name = $("#join-name").value.trim();
  if (name) localStorage.setItem("kniffel.name", name);
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(app.table)}/join`, { name, lang: app.lang });
    saveSeat(app.table, joined.seat, joined.token);
    $("#join").hidden = true;
    sitDown();
  } catch (error) {
    showError(error.message);
  }
}

function sitDown() {
  $("#table").hidden = false;
  $("#share").hidden = false;
  setStatus(t("connecting"));
  connect();
}

function connect() {
  const seat = loadSeat(app.table);
  if (!seat) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // ?lang: the server's refusals before "hello" (too many connections) in the page's language
  const socket = new WebSocket(`${scheme}://${location.host}/ws?lang=${encodeURIComponent(app.lang)}`);
  app.socket = socket;
  socket.addEventListener("open", () => {
    app.retry = 0;
    socket.send(JSON.stringify({ type: "hello", table: app.table, token: seat.token, lang: app.lang }));
  });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (app.socket !== socket || app.closing) return;
    app.socket = null;
    // 4401: the token is no seat of this table (any more): forget it, offer to join.
    if (event.code === 4401) {
      localStorage.removeItem(seatKey(app.table));
      setStatus("");
      $("#table").hidden = true;
      $("#join").hidden = false;
      if ($("[data-testid=error]").hidden) showError(t("refused"));
      return;
    }
    // other refusals (1008 flooding, 1009 too big, 1013 full, 4403 foreign page, 4409 this tab
    // gave way to a newer one of the seat): do not knock again.
    if (event.code === 1008 || event.code === 1009 || event.code === 1013 || event.code >= 4000) {
      if ($("[data-testid=error]").hidden) showError(event.reason || t("refused"));
      setStatus("");
      return;
    }
    setStatus(t("reconnecting"));
    app.retry = Math.min(app.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** app.retry);
  });
}

function send(message) {
  if (message.type === "action" || message.type === "undo") showNotice(null);  // the player has seen it
  if (app.socket && app.socket.readyState === WebSocket.OPEN) {
    app.socket.send(JSON.stringify(message));
  }
}

function receive(message) {
  // A counter of the messages handled, for tests (and curious readers) to wait on.
  app.seq += 1;
  document.body.dataset.seq = String(app.seq);
  switch (message.type) {
    case "update": showError(""); render(message); break;
    case "error": showRefusal(message); break;
    case "hint": showHint(message); break;
    case "notice": showNotice(message); break;
    default: break;
  }
}

function showNotice(notice) {
  // What another seat did (a decision taken back), as the server words it in this page's
  // language; it stays until this player acts or switches the language.
  const box = $("[data-testid=notice]");
  box.textContent = (notice && notice.message) || "";
  box.dataset.code = (notice && notice.code) || "";
  box.hidden = !box.textContent;
}

function showRefusal(error) {
  // A refusal, with the rule that gives it; words that may mean several actions
  // come with the candidates, each a button.
  showError(error.message || error.code || "", error.rule);
  if (!Array.isArray(error.candidates) || !error.candidates.length) return;
  const box = $("[data-testid=error]");
  const choices = document.createElement("span");
  choices.className = "candidates";
  for (const candidate of error.candidates) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.testid = "candidate";
    button.textContent = candidate.label;
    button.addEventListener("click", () => send({ type: "action", id: candidate.id, step: app.last && app.last.step }));
    choices.append(button);
  }
  box.append(choices);
}

function setStatus(text) { $("[data-testid=status]").textContent = text; }

function playerName(players, n) {
  const player = players && players[n];
  if (player === null || player === undefined) return t("seat", { n: n + 1 });
  return typeof player === "object" ? (player.name || t("seat", { n: n + 1 })) : String(player);
}

function render(update) {
  const previous = app.last;
  app.last = update;
  document.body.dataset.step = String(update.step ?? "");
  const players = update.players || [];
  const open = (update.seats || []).some((seat) => seat.kind === "open")
    || (update.started === false && players.some((player) => player === null));
  $("#share").hidden = !open;

  // The picture of this seat's own view, as the server drew it.
  const board = $("#board");
  if (update.svg) {
    const parsed = new DOMParser().parseFromString(update.svg, "image/svg+xml");
    const root = parsed.documentElement;
    if (root && root.nodeName.toLowerCase() === "svg") board.replaceChildren(document.importNode(root, true));
  } else {
    board.replaceChildren();
  }

  // Every legal action a button, labelled in the player's language.
  const buttons = (update.legal || []).map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.testid = "action";
    button.dataset.actionId = String(action.id);
    button.textContent = action.label ?? action.text ?? String(action.id);
    button.addEventListener("click", () => send({ type: "action", id: action.id, step: update.step }));
    return button;
  });
  $("#actions").replaceChildren(...buttons);

  const over = Boolean(update.over);
  const playing = update.started !== false && !over;
  $("#move-form").hidden = !playing;
  $("#hint").hidden = !playing || !update.your_turn;
  $("#undo").hidden = !update.can_undo;
  if (over || !update.your_turn || (previous && previous.step !== update.step)) $("#hint-text").hidden = true;

  if (over) setStatus(t("gameOver"));
  else if (update.your_turn) setStatus(t("yourTurn"));
  else if (update.started === false) setStatus(t("waitingPlayers"));
  else if (update.to_move === null || update.to_move === undefined) setStatus("");
  else setStatus(t("waitingFor", { name: playerName(players, update.to_move) }));

  drawScores(update);
  drawResult(update);
  const log = (update.log || []).map((entry) => {
    const item = document.createElement("li");
    item.textContent = typeof entry === "string" ? entry : (entry.text || entry.label || JSON.stringify(entry));
    return item;
  });
  $("#log").replaceChildren(...log);
}

function drawScores(update) {
  const table = $("#scores");
  const players = update.players || [];
  const scores = update.scores || [];
  const head = document.createElement("tr");
  for (const text of [t("player"), t("score")]) {
    const cell = document.createElement("th");
    cell.textContent = text;
    head.append(cell);
  }
  const rows = scores.map((score, n) => {
    const row = document.createElement("tr");
    row.dataset.testid = `score-${n}`;
    const who = document.createElement("td");
    who.textContent = playerName(players, n) + (n === update.seat ? ` ${t("you")}` : "");
    const points = document.createElement("td");
    points.textContent = String(score);
    row.append(who, points);
    return row;
  });
  table.replaceChildren(head, ...rows);
}

function drawResult(update) {
  const box = $("#result");
  if (!update.over) { box.hidden = true; box.replaceChildren(); return; }
  const heading = document.createElement("h2");
  heading.textContent = t("finalScores");
  const lines = [heading];
  const result = update.result;
  if (typeof result === "string") {  // the server's sentence, in the table's language
    const p = document.createElement("p");
    p.textContent = result;
    lines.push(p);
  }
  const list = document.createElement("ol");
  (update.scores || []).forEach((score, n) => {
    const item = document.createElement("li");
    item.textContent = `${playerName(update.players, n)}: ${score}`;
    list.append(item);
  });
  lines.push(list);
  box.replaceChildren(...lines);
  box.hidden = false;
}

function percent(value) {
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const share = number <= 1 ? number * 100 : number;
  return `${share.toLocaleString(app.lang, { maximumFractionDigits: 1 })} %`;
}

function showHint(hint) {
  if (app.last && hint.step !== undefined && hint.step !== app.last.step) return;  // advice for an older position
  const box = $("#hint-text");
  const parts = [];
  if (hint.text) {
    const p = document.createElement("p");
    p.dataset.testid = "hint-advice";
    p.textContent = hint.text;
    parts.push(p);
  }
  if (hint.win_chance !== undefined && hint.win_chance !== null) {
    const p = document.createElement("p");
    p.dataset.testid = "hint-win-chance";
    p.textContent = t("winChance", { value: percent(hint.win_chance) });
    parts.push(p);
  } else if (hint.win_pending) {
    const p = document.createElement("p");
    p.dataset.testid = "hint-win-pending";
    p.textContent = t("winPending");
    parts.push(p);
  }
  if (Array.isArray(hint.options) && hint.options.length) {
    const list = document.createElement("ol");
    list.dataset.testid = "hint-options";
    for (const option of hint.options) {
      const item = document.createElement("li");
      const value = option.value === undefined || option.value === null ? ""
        : ` — ${typeof option.value === "number" ? option.value.toLocaleString(app.lang, { maximumFractionDigits: 2 }) : option.value}`;
      const win = option.win === undefined || option.win === null ? "" : ` (${t("winChance", { value: percent(option.win) })})`;
      item.textContent = `${option.label}${value}${win}`;
      list.append(item);
    }
    parts.push(list);
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

// ---------------------------------------------------------------- start

function start() {
  app.lang = initialLang();
  applyLang();
  $("#lang").addEventListener("change", () => {
    app.lang = $("#lang").value;
    localStorage.setItem("kniffel.lang", app.lang);
    applyLang();
    if (app.games.length) { drawSeats(); drawRules(chosenGame()); }
    if (app.last) render(app.last);
    showNotice(null);  // in the old language
    send({ type: "lang", lang: app.lang });  // the server's words in the new language
  });
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  if (match) showTable(decodeURIComponent(match[1]));
  else showLobby();
}

start();
