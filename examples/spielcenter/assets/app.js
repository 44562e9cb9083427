// The Spielcenter: the browser client of `spielwerk serve` (the platform:
// name, start page, lobby, chat, challenges, leaderboards, the frame of a
// game). Each game's page is a module of its own (battlegeneral.js,
// fanorona.js) that registers with SC.register.
//
// The server is the referee: this page only shows what the server sends
// (protocol version 2, see the package's README) and sends what the player
// does. Every name and chat line is put into the page as text
// (textContent), never as HTML.
"use strict";

(function () {
  const PROTOCOL = 2;
  const $ = (id) => document.getElementById(id);

  let lang = localStorage.getItem("sc-lang")
    || ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");

  // A text in the page's language, {name} filled from `vars`.
  function t(key, vars) {
    const table = window.I18N[lang] || window.I18N.en;
    let s = table[key];
    if (s === undefined) s = window.I18N.en[key];
    if (s === undefined) s = key;
    for (const [k, v] of Object.entries(vars || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }

  // An element with attributes and children; strings become text nodes.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    return fill(e, attrs, children);
  }

  // An SVG element, the same way.
  function svg(tag, attrs, ...children) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    return fill(e, attrs, children);
  }

  function fill(e, attrs, children) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.setAttribute("class", v);
      else if (k === "text") e.textContent = v;
      else if (k === "onclick") e.addEventListener("click", v);
      else e.setAttribute(k, v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      e.append(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return e;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function formatClock(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  // ---- state ---------------------------------------------------------

  const st = {
    ws: null,
    me: null,
    players: new Map(),
    incoming: [],
    outgoing: [],
    boards: [],
    boardSel: null,
    periodSel: null,
    games: [],
    zone: "",
    game: null, // {id, kind, colour, opponent, opponentComputer, start}
    phase: "login", // login | home | game | over
    timeScale: 1,
    lostGame: null,
    named: false,
  };

  const modules = {};

  function show(screen) {
    for (const id of ["login", "home", "play"]) $(id).hidden = id !== screen;
  }

  let toastTimer = null;
  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 5000);
  }

  function notice(text) {
    $("notice-text").textContent = text;
    $("notice").hidden = false;
  }

  function send(msg) {
    if (st.ws && st.ws.readyState === WebSocket.OPEN) st.ws.send(JSON.stringify(msg));
  }

  // The tab's title tells whether it is the player's move.
  function turn(mine) {
    document.title = mine ? "● " + t("turn_title") + " – Spielcenter" : "Spielcenter";
  }

  const sideName = (side) => t("side_" + side);
  const gameName = (kind) => t("game_" + kind);
  const levelName = (level) => t("level_" + level);

  // ---- languages -------------------------------------------------------

  function applyLanguage() {
    document.documentElement.lang = lang;
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
    for (const e of document.querySelectorAll("[data-i18n-placeholder]")) e.placeholder = t(e.dataset.i18nPlaceholder);
    $("lang").textContent = lang === "de" ? "EN" : "DE";
    $("lang").title = lang === "de" ? "English" : "Deutsch";
    renderCards();
    renderPlayers();
    renderBoards();
    const m = st.game && modules[st.game.kind];
    if (m && m.relabel) m.relabel();
  }

  // ---- connection ----------------------------------------------------

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws");
    st.ws = ws;
    ws.addEventListener("open", () => {
      $("connection").dataset.i18n = "connected";
      $("connection").textContent = t("connected");
    });
    ws.addEventListener("close", () => {
      $("connection").dataset.i18n = "disconnected";
      $("connection").textContent = t("disconnected");
      $("connection").classList.add("lost");
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      const handler = handlers[msg.type];
      if (handler) handler(msg);
      else if (st.game && msg.game === st.game.id && modules[st.game.kind]) modules[st.game.kind].message(msg);
    });
  }

  const ERRORS = {
    name_taken: "err_name_taken",
    name_owned: "err_name_owned",
    name_reserved: "err_name_reserved",
    busy: "err_busy",
    rate_limited: "err_rate_limited",
  };

  function errorText(m) {
    return ERRORS[m.code] ? t(ERRORS[m.code]) : m.message;
  }

  const handlers = {
    welcome(m) {
      if (m.protocol !== PROTOCOL) toast(t("protocol_mismatch", { mine: PROTOCOL, theirs: m.protocol }));
      st.timeScale = m.time_scale || 1;
      st.games = m.games || [];
      st.zone = m.zone || "";
      renderCards();
      const name = localStorage.getItem("sc-name");
      const token = localStorage.getItem("sc-token");
      if (name && token) {
        // The browser's own name: back to the start page at once.
        send({ type: "name", name: name, token: token });
        return;
      }
      showLogin();
    },
    error(m) {
      if (m.request === "name" || !st.named) {
        showLogin();
        $("login-error").textContent = errorText(m);
      } else {
        toast(errorText(m));
      }
    },
    named(m) {
      st.me = m.name;
      st.named = true;
      st.phase = "home";
      localStorage.setItem("sc-name", m.name);
      localStorage.setItem("sc-token", m.token);
      $("me").textContent = m.name;
      $("login-error").textContent = "";
      show("home");
      if (st.lostGame) tellLostGame(st.lostGame);
      st.lostGame = null;
    },
    lobby(m) {
      st.players.clear();
      for (const p of m.players) st.players.set(p.name, p);
      clear($("chat"));
      for (const line of m.chat) addChat($("chat"), line);
      st.boards = m.boards || [];
      st.highscores = m.highscores || [];
      renderPlayers();
      renderBoards();
      renderCards();
      lobbyChanged();
    },
    players(m) {
      for (const p of m.changed) st.players.set(p.name, p);
      for (const name of m.left) st.players.delete(name);
      renderPlayers();
    },
    chat(m) { addChat($("chat"), m); },
    challenges(m) {
      st.incoming = m.incoming;
      st.outgoing = m.outgoing;
      renderPlayers();
    },
    declined(m) { toast(t("declined", { name: m.by })); },
    highscores(m) {
      const list = st.highscores || (st.highscores = []);
      const i = list.findIndex((h) => h.kind === m.kind && h.table === m.table);
      if (i >= 0) list[i] = m; else list.push(m);
      lobbyChanged();
    },
    leaderboard(m) {
      const i = st.boards.findIndex((b) => b.board === m.board);
      if (i >= 0) st.boards[i] = m; else st.boards.push(m);
      renderBoards();
      renderCards();
    },
    game_start(m) {
      st.game = { id: m.game, kind: m.kind, colour: m.colour, opponent: m.opponent, opponentComputer: m.opponent_computer, start: m };
      st.phase = "game";
      sessionStorage.setItem("sc-game", JSON.stringify({ id: m.game, kind: m.kind, opponent: m.opponent }));
      $("result").hidden = true;
      $("confirm").hidden = true;
      clear($("game-chat"));
      // Against a computer, or at one screen, there is nobody to talk to;
      // a one-screen game with nobody or two people at it has no loser
      // when it is left.
      const people = m.local ? m.seats.filter((s) => s === "me").length : 1;
      $("game-chat-box").hidden = m.opponent_computer || m.local;
      $("leave-rule").hidden = people !== 1;
      // The game's own panel, no other.
      for (const panel of document.querySelectorAll("[data-game-panel]")) panel.hidden = panel.dataset.gamePanel !== m.kind;
      $("leave").dataset.i18n = "leave";
      $("leave").textContent = t("leave");
      const other = m.colour === (sidesOf(m.kind)[0]) ? sidesOf(m.kind)[1] : sidesOf(m.kind)[0];
      $("opponent-line").textContent = sideName(other) + ": " + m.opponent;
      $("my-line").textContent = sideName(m.colour) + ": " + m.you + " (" + t("you") + ")";
      $("opponent-line").className = "playerline " + other;
      $("my-line").className = "playerline " + m.colour;
      clear($("board-host"));
      show("play");
      const mod = modules[m.kind];
      if (mod) mod.start(m);
    },
    game_chat(m) {
      if (st.game && m.game === st.game.id) addChat($("game-chat"), m);
    },
    game_over(m) {
      if (!st.game || m.game !== st.game.id) return;
      st.phase = "over";
      sessionStorage.removeItem("sc-game");
      turn(false);
      const mine = st.game.colour;
      let title;
      if (m.outcome === "draw") title = t("draw");
      else if (m.outcome === "none") title = t("no_result");
      else if (st.game.start.local && st.game.start.seats.filter((s) => s === "me").length !== 1) {
        title = t("wins", { side: sideName(m.outcome) });
      } else title = m.outcome === mine ? t("you_win") : t("you_lose");
      let why;
      const byMe = m.reason_player === mine;
      if (m.reason === "left") why = byMe ? t("why_left_you") : t("why_left");
      else if (m.reason === "timeout") why = byMe ? t("why_timeout_you") : t("why_timeout");
      else if (m.reason === "no_moves" && m.outcome === "draw") why = t("why_no_moves_draw");
      else why = t("why_" + m.reason);
      const parts = [why];
      if (m.score !== undefined) parts.push(t("score", { points: m.score }));
      if (st.game.kind === "fanorona" && st.game.start.daily) parts.push(m.counted ? t("daily_counted") : t("daily_practice"));
      else if (st.game.kind === "battlegeneral") parts.push(m.counted ? t("counted") : t("not_counted"));
      $("result-title").textContent = title;
      $("result-text").textContent = parts.join(" ");
      const pts = (m.points || []).map((p) => t("points_line", {
        name: p.name,
        points: Object.entries(p.points).map(([k, v]) => t("period_" + k) + " " + v).join(", "),
      }));
      $("result-points").textContent = pts.join(" · ");
      $("result").hidden = false;
      $("leave").dataset.i18n = "back";
      $("leave").textContent = t("back");
      const mod = modules[st.game.kind];
      if (mod) mod.over(m);
    },
    notice(m) { toast(m.text); },
    pong() {},
  };

  // The games' pages redraw what they show on the start page.
  function lobbyChanged() {
    for (const m of Object.values(modules)) if (m.lobby) m.lobby();
  }

  // The options a game's card sets (its inputs with data-option).
  function cardOptions(kind) {
    const opts = {};
    for (const input of document.querySelectorAll("#card-" + kind + " [data-option]")) {
      if (input.type === "radio" && !input.checked) continue;
      if (input.value === "") continue;
      opts[input.dataset.option] = input.dataset.number ? Number(input.value) : input.value;
    }
    return opts;
  }

  function sidesOf(kind) {
    const g = st.games.find((x) => x.kind === kind);
    return g ? g.sides : ["red", "blue"];
  }

  function tellLostGame(lost) {
    let text = t("lost_game", { game: gameName(lost.kind), opponent: lost.opponent });
    notice(text);
    fetch("/api/games/" + encodeURIComponent(lost.id)).then((r) => (r.ok ? r.json() : null)).then((g) => {
      if (!g) return;
      const result = g.outcome === "draw" ? t("draw") : g.outcome === "none" ? t("no_result") : t("wins", { side: sideName(g.outcome) });
      text += " " + t("lost_game_result", { result: result });
      notice(text);
    }).catch(() => {});
  }

  function showLogin() {
    st.phase = "login";
    show("login");
    const last = localStorage.getItem("sc-name");
    if (last && !$("name-input").value) $("name-input").value = last;
    $("name-input").focus();
  }

  // ---- start page ----------------------------------------------------

  function addChat(box, line) {
    const when = new Date(line.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const li = el("li", {}, el("time", {}, when), " ", el("b", {}, line.from), ": ", el("span", { class: "text" }, line.text));
    box.append(li);
    while (box.children.length > 100) box.removeChild(box.firstChild);
    box.scrollTop = box.scrollHeight;
  }

  function myState() {
    const p = st.players.get(st.me);
    return p ? p.state : "idle";
  }

  function idle() {
    return myState() === "idle" && (st.phase === "home" || st.phase === "over");
  }

  function renderCards() {
    for (const box of document.querySelectorAll(".levels")) {
      const kind = box.dataset.kind;
      const info = st.games.find((g) => g.kind === kind);
      clear(box);
      if (!info) continue;
      for (const level of info.levels) {
        box.append(el("button", {
          type: "button", class: "level", "data-level": level,
          onclick: () => send({ type: "challenge", to: "Computer (" + level + ")", kind: kind, options: cardOptions(kind) }),
        }, levelName(level)));
      }
    }
    // Each game of the day: whether it counts today.
    for (const info of document.querySelectorAll(".daily-info[data-kind]")) {
      const game = st.games.find((g) => g.kind === info.dataset.kind);
      if (!game || !game.daily) continue;
      const board = st.boards.find((b) => b.board === game.kind);
      const today = board && board.tables.find((x) => x.period === "day" && x.key === game.daily);
      const played = today && today.rows.some((r) => r.name === st.me);
      info.textContent = t(played ? "daily_done" : "daily_info", { date: game.daily, zone: st.zone });
    }
  }

  function renderPlayers() {
    const list = $("players");
    clear(list);
    const free = idle();
    const challengeable = st.games.filter((g) => g.challenge);
    const players = [...st.players.values()];
    const computers = players.filter((p) => p.computer);
    const humans = players.filter((p) => !p.computer).sort((a, b) => a.name.localeCompare(b.name));
    for (const p of computers.concat(humans)) {
      const li = el("li", { class: "player", "data-name": p.name },
        el("span", { class: "name" }, p.name + (p.name === st.me ? " (" + t("you") + ")" : "")));
      if (p.computer) {
        li.append(el("span", { class: "badge computer" }, t("computer")));
      } else if (p.state === "playing") {
        li.append(el("span", { class: "badge playing" }, t("playing_in", { game: gameName(p.kind), opponent: p.opponent || "?" })));
      }
      if (!p.computer && p.name !== st.me && free && p.state === "idle") {
        for (const g of challengeable) {
          const mine = st.outgoing.find((c) => c.name === p.name && c.kind === g.kind);
          if (mine) {
            li.append(el("button", { type: "button", class: "withdraw", "data-kind": g.kind, onclick: () => send({ type: "withdraw", to: p.name }) }, t("withdraw")));
          } else {
            li.append(el("button", { type: "button", class: "challenge", "data-kind": g.kind, onclick: () => send({ type: "challenge", to: p.name, kind: g.kind, options: cardOptions(g.kind) }) }, gameName(g.kind)));
          }
        }
      }
      list.append(li);
    }
    const inc = $("incoming");
    clear(inc);
    for (const c of st.incoming) {
      inc.append(el("li", { class: "incoming", "data-name": c.name, "data-kind": c.kind },
        el("span", { class: "name" }, c.name + " " + t("challenges_you", { game: gameName(c.kind) + optionsText(c) })),
        el("button", { type: "button", class: "accept", onclick: () => send({ type: "accept", from: c.name }) }, t("accept")),
        el("button", { type: "button", class: "decline", onclick: () => send({ type: "decline", from: c.name }) }, t("decline"))));
    }
    $("incoming-box").hidden = st.incoming.length === 0;
    const out = $("outgoing");
    clear(out);
    for (const c of st.outgoing) {
      out.append(el("li", { class: "outgoing", "data-name": c.name },
        el("span", { class: "name" }, c.name + " — " + t("you_challenged", { game: gameName(c.kind) })),
        el("button", { type: "button", class: "withdraw", onclick: () => send({ type: "withdraw", to: c.name }) }, t("withdraw"))));
    }
    $("outgoing-box").hidden = st.outgoing.length === 0;
  }

  // What a challenge's options say: the board, the side.
  function optionsText(c) {
    const o = c.options || {};
    const parts = [];
    if (o.board) parts.push(t("mj_board", { n: o.board }));
    if (o.side) parts.push(t("challenger_side", { side: sideName(o.side) }));
    return parts.length ? " (" + parts.join(", ") + ")" : "";
  }

  function renderBoards() {
    const tabs = $("board-tabs");
    clear(tabs);
    if (!st.boardSel && st.boards.length) st.boardSel = st.boards[0].board;
    for (const b of st.boards) {
      tabs.append(el("button", {
        type: "button", role: "tab", class: "tab" + (b.board === st.boardSel ? " active" : ""), "data-board": b.board,
        onclick: () => { st.boardSel = b.board; st.periodSel = null; renderBoards(); },
      }, t("board_" + b.board)));
    }
    const board = st.boards.find((b) => b.board === st.boardSel);
    const periods = $("period-tabs");
    clear(periods);
    const body = $("scores").querySelector("tbody");
    clear(body);
    if (!board) return;
    if (!st.periodSel || !board.tables.some((x) => x.period === st.periodSel)) st.periodSel = board.tables[0].period;
    for (const table of board.tables) {
      periods.append(el("button", {
        type: "button", role: "tab", class: "tab" + (table.period === st.periodSel ? " active" : ""), "data-period": table.period,
        onclick: () => { st.periodSel = table.period; renderBoards(); },
      }, t("period_" + table.period) + (table.key ? " (" + table.key + ")" : "")));
    }
    const table = board.tables.find((x) => x.period === st.periodSel);
    table.rows.forEach((r, i) => {
      body.append(el("tr", { class: r.name === st.me ? "me" : "" },
        el("td", {}, String(i + 1)), el("td", {}, r.name), el("td", {}, String(r.points))));
    });
    if (table.rows.length === 0) body.append(el("tr", {}, el("td", { colspan: "3", class: "empty" }, t("no_scores"))));
    $("board-rule").textContent = t("rule_" + board.board);
  }

  function backHome() {
    $("result").hidden = true;
    const m = st.game && modules[st.game.kind];
    if (m && m.reset) m.reset();
    st.game = null;
    st.phase = "home";
    turn(false);
    show("home");
    renderPlayers();
  }

  // ---- controls ------------------------------------------------------

  function init() {
    $("login-form").addEventListener("submit", (e) => {
      e.preventDefault();
      $("login-error").textContent = "";
      const token = localStorage.getItem("sc-token");
      const msg = { type: "name", name: $("name-input").value };
      if (token) msg.token = token;
      send(msg);
    });
    $("chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("chat-input").value;
      if (text.trim()) send({ type: "chat", text: text });
      $("chat-input").value = "";
    });
    $("game-chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("game-chat-input").value;
      if (text.trim() && st.game) send({ type: "say", game: st.game.id, text: text });
      $("game-chat-input").value = "";
    });
    for (const button of document.querySelectorAll("button.daily[data-kind]")) {
      button.addEventListener("click", () => send({ type: "daily", kind: button.dataset.kind }));
    }
    $("change-name").addEventListener("click", () => {
      localStorage.removeItem("sc-name");
      location.reload();
    });
    $("lang").addEventListener("click", () => {
      lang = lang === "de" ? "en" : "de";
      localStorage.setItem("sc-lang", lang);
      applyLanguage();
    });
    $("notice-close").addEventListener("click", () => { $("notice").hidden = true; });
    $("leave").addEventListener("click", () => {
      if (st.phase === "over") backHome();
      else if (st.game && !$("leave-rule").hidden) $("confirm").hidden = false;
      // Nobody loses a one-screen game without exactly one person at it.
      else if (st.game) send({ type: "leave", game: st.game.id });
    });
    $("confirm-yes").addEventListener("click", () => {
      $("confirm").hidden = true;
      if (st.game && st.phase === "game") send({ type: "leave", game: st.game.id });
    });
    $("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; });
    $("back").addEventListener("click", backHome);
    $("result-view").addEventListener("click", () => { $("result").hidden = true; });
    window.addEventListener("beforeunload", (e) => {
      if (st.phase === "game" && !$("leave-rule").hidden) {
        e.preventDefault();
        e.returnValue = "";
      }
    });
    const lost = sessionStorage.getItem("sc-game");
    if (lost) {
      sessionStorage.removeItem("sc-game");
      try { st.lostGame = JSON.parse(lost); } catch (e) { st.lostGame = null; }
    }
    applyLanguage();
    connect();
  }

  window.SC = {
    t, el, svg, clear, send, toast, formatClock, turn, sideName, levelName, st, $,
    register(kind, module) { modules[kind] = module; },
  };

  document.addEventListener("DOMContentLoaded", init);
})();
