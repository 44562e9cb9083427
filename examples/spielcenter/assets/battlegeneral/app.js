// Battlegeneral: the browser client of `spielwerk serve`.
//
// The server is the referee: this page only shows what the server sends
// (protocol version 1, docs/protocol.md) and sends what the player clicks.
// Every name and chat line is put into the page as text (textContent),
// never as HTML.
"use strict";

(function () {
  const PROTOCOL = 1;
  const FILES = "abcdefghij";
  const RANK_NAMES = {
    "10": "Marshal", "9": "General", "8": "Colonel", "7": "Major", "6": "Captain",
    "5": "Lieutenant", "4": "Sergeant", "3": "Miner", "2": "Scout", "1": "Spy",
    "B": "Bomb", "F": "Flag", "?": "unknown piece",
  };
  const RANK_ORDER = ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "F"];

  const $ = (id) => document.getElementById(id);

  // An element with attributes and children; strings become text nodes.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("data-")) e.setAttribute(k, v);
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

  const squareName = (i) => FILES[i % 10] + String(Math.floor(i / 10) + 1);
  const isLake = (i) => {
    const f = i % 10, r = Math.floor(i / 10);
    return (r === 4 || r === 5) && (f === 2 || f === 3 || f === 6 || f === 7);
  };
  const label = (rank) => (rank === "1" ? "S" : rank);
  const sideName = (s) => (s === "red" ? "Red" : "Blue");

  // "r10*'" -> {owner: "red", rank: "10", revealed: true, moved: true}
  function parseToken(t) {
    if (!t) return null;
    const owner = t[0] === "r" ? "red" : "blue";
    const revealed = t.includes("*");
    const moved = t.endsWith("'");
    const rank = t.slice(1).replace(/[*']/g, "");
    return { owner, rank, revealed, moved };
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
    tables: { month: "", monthly: [], eternal: [] },
    game: null, // {id, colour, opponent, opponentComputer}
    phase: "login", // login | lobby | setup | play | over
    setup: null,
    state: null,
    selected: null,
    moveDeadline: null,
    setupDeadline: null,
    battles: [],
    lastBattlePly: -1,
  };

  function show(screen) {
    for (const id of ["login", "lobby", "play"]) $(id).hidden = id !== screen;
  }

  let toastTimer = null;
  function toast(text) {
    const t = $("toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
  }

  function send(msg) {
    if (st.ws && st.ws.readyState === WebSocket.OPEN) st.ws.send(JSON.stringify(msg));
  }

  // ---- connection ----------------------------------------------------

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws");
    st.ws = ws;
    ws.addEventListener("open", () => { $("connection").textContent = "connected"; });
    ws.addEventListener("close", () => {
      $("connection").textContent = "disconnected — reload the page to play again";
      $("connection").classList.add("lost");
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      const handler = handlers[msg.type];
      if (handler) handler(msg);
    });
  }

  const handlers = {
    welcome(m) {
      if (m.protocol !== PROTOCOL) toast("This page speaks protocol " + PROTOCOL + ", the server " + m.protocol + ": reload the page.");
      st.timeScale = m.time_scale || 1;
      show("login");
      const last = localStorage.getItem("battlegeneral-name");
      if (last && !$("name-input").value) $("name-input").value = last;
      $("name-input").focus();
    },
    error(m) {
      if (m.request === "name" || (st.phase === "login" && !st.me)) {
        $("login-error").textContent = m.message;
      } else {
        toast(m.message);
      }
    },
    named(m) {
      st.me = m.name;
      st.phase = "lobby";
      localStorage.setItem("battlegeneral-name", m.name);
      $("me").textContent = m.name;
      $("login-error").textContent = "";
      show("lobby");
    },
    lobby(m) {
      st.players.clear();
      for (const p of m.players) st.players.set(p.name, p);
      clear($("chat"));
      for (const line of m.chat) addChat(line);
      st.tables = m.leaderboard;
      renderPlayers();
      renderTables();
    },
    player(m) {
      st.players.set(m.name, m);
      renderPlayers();
    },
    player_left(m) {
      st.players.delete(m.name);
      renderPlayers();
    },
    chat(m) { addChat(m); },
    challenges(m) {
      st.incoming = m.incoming;
      st.outgoing = m.outgoing;
      renderPlayers();
    },
    declined(m) { toast(m.by + " declined your challenge."); },
    leaderboard(m) {
      st.tables = m;
      renderTables();
    },
    game_start(m) {
      st.game = { id: m.game, colour: m.colour, opponent: m.opponent, opponentComputer: m.opponent_computer };
      st.phase = "setup";
      st.setup = null;
      st.state = null;
      st.selected = null;
      st.battles = [];
      st.lastBattlePly = -1;
      st.moveDeadline = null;
      st.setupDeadline = performance.now() + m.setup_time_ms;
      clear($("predefined"));
      $("predefined-box").hidden = true;
      clear($("battles"));
      $("result").hidden = true;
      $("setup-panel").hidden = false;
      $("game-panel").hidden = true;
      const opp = m.opponent + (m.opponent_computer ? " (computer)" : "");
      $("opponent-line").textContent = sideName(m.colour === "red" ? "blue" : "red") + ": " + opp;
      $("my-line").textContent = sideName(m.colour) + ": " + m.you + " (you)";
      $("opponent-line").className = "playerline " + (m.colour === "red" ? "blue" : "red");
      $("my-line").className = "playerline " + m.colour;
      show("play");
      renderBoard();
    },
    setup(m) {
      if (!st.game || m.game !== st.game.id) return;
      st.setup = m;
      $("next-piece").textContent = m.next ? label(m.next) + " (" + RANK_NAMES[m.next] + ")" : "–";
      $("remaining").textContent = String(m.remaining);
      $("ready").hidden = !m.complete || m.ready;
      $("clear").disabled = m.ready;
      const mine = m.ready ? "You are ready." : m.complete ? "All pieces stand: press Ready." : "";
      const theirs = m.opponent_ready ? " " + st.game.opponent + " is ready." : " " + st.game.opponent + " is setting up.";
      $("setup-status").textContent = mine + theirs;
      for (const b of $("predefined").querySelectorAll("button")) b.disabled = m.ready;
      renderBoard();
    },
    predefined(m) {
      if (!st.game || m.game !== st.game.id) return;
      const box = $("predefined");
      clear(box);
      m.setups.forEach((s, i) => {
        box.append(el("button", {
          type: "button", "data-index": String(i), class: "adopt",
          onclick: () => send({ type: "adopt", game: st.game.id, setup: i }),
        }, s.name));
      });
      $("predefined-box").hidden = false;
    },
    state(m) {
      if (!st.game || m.game !== st.game.id) return;
      st.phase = "play";
      st.state = m;
      st.selected = null;
      $("setup-panel").hidden = true;
      $("game-panel").hidden = false;
      st.moveDeadline = m.clock ? performance.now() + m.clock.remaining_ms : null;
      const turn = m.your_turn ? "Your move" : st.game.opponent + " to move";
      $("turn").textContent = turn;
      $("turn").className = m.your_turn ? "mine" : "";
      if (m.last) {
        $("last-move").textContent = "Last move: " + sideName(m.last.by) + " " + m.last.from + "–" + m.last.to;
        if (m.last.battle && m.ply !== st.lastBattlePly) {
          st.lastBattlePly = m.ply;
          addBattle(m.last);
        }
      } else {
        $("last-move").textContent = "Red moves first.";
      }
      renderLeft(m.left);
      renderBoard();
      tick();
    },
    game_over(m) {
      if (!st.game || m.game !== st.game.id) return;
      st.phase = "over";
      st.moveDeadline = null;
      st.setupDeadline = null;
      const mine = st.game.colour;
      let title;
      if (m.outcome === "draw") title = "Draw";
      else if (m.outcome === "none") title = "The game was ended";
      else title = m.outcome === mine ? "You win!" : "You lose";
      const why = {
        flag_captured: "The flag was captured.",
        no_moves: m.outcome === "draw" ? "Neither side can move." : "The losing side could not move.",
        timeout: "The move clock ran out.",
        left: "A player left the game.",
        setup_timeout: "The setup time ran out.",
        server_stopped: "The server stopped.",
      }[m.reason] || m.reason;
      $("result-title").textContent = title;
      $("result-text").textContent = why + (m.counted ? " The game counts for the leaderboard." : " The game does not count for the leaderboard.");
      const pts = (m.points || []).map((p) => p.name + ": " + p.eternal + " points (" + p.monthly + " this month)");
      $("result-points").textContent = pts.join(" · ");
      $("result").hidden = false;
      renderBoard();
    },
    notice(m) { toast(m.text); },
    pong() {},
  };

  // ---- lobby ---------------------------------------------------------

  function addChat(line) {
    const when = new Date(line.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const li = el("li", {}, el("time", {}, when), " ", el("b", {}, line.from), ": ", el("span", { class: "text" }, line.text));
    const box = $("chat");
    box.append(li);
    while (box.children.length > 100) box.removeChild(box.firstChild);
    box.scrollTop = box.scrollHeight;
  }

  function myState() {
    const p = st.players.get(st.me);
    return p ? p.state : "idle";
  }

  function renderPlayers() {
    const list = $("players");
    clear(list);
    const idle = myState() === "idle" && st.phase !== "setup" && st.phase !== "play";
    const players = [...st.players.values()].sort((a, b) =>
      (b.computer - a.computer) || a.name.localeCompare(b.name));
    for (const p of players) {
      const badge = p.computer ? "computer" : p.state === "idle" ? "" : p.state === "setup" ? "setting up" : "playing";
      const li = el("li", { class: "player", "data-name": p.name },
        el("span", { class: "name" }, p.name + (p.name === st.me ? " (you)" : "")),
        badge ? el("span", { class: "badge " + (p.computer ? "computer" : p.state) }, badge) : null);
      const challenged = st.outgoing.includes(p.name);
      if (p.name !== st.me && idle && (p.computer || p.state === "idle")) {
        if (challenged) {
          li.append(el("button", { type: "button", class: "withdraw", onclick: () => send({ type: "withdraw", to: p.name }) }, "Withdraw"));
        } else {
          li.append(el("button", { type: "button", class: "challenge", onclick: () => send({ type: "challenge", to: p.name }) }, p.computer ? "Play" : "Challenge"));
        }
      }
      list.append(li);
    }
    const inc = $("incoming");
    clear(inc);
    for (const name of st.incoming) {
      inc.append(el("li", { class: "incoming", "data-name": name },
        el("span", { class: "name" }, name),
        el("button", { type: "button", class: "accept", onclick: () => send({ type: "accept", from: name }) }, "Accept"),
        el("button", { type: "button", class: "decline", onclick: () => send({ type: "decline", from: name }) }, "Decline")));
    }
    $("incoming-box").hidden = st.incoming.length === 0;
    const out = $("outgoing");
    clear(out);
    for (const name of st.outgoing) {
      out.append(el("li", { class: "outgoing", "data-name": name },
        el("span", { class: "name" }, name + " — waiting"),
        el("button", { type: "button", class: "withdraw", onclick: () => send({ type: "withdraw", to: name }) }, "Withdraw")));
    }
    $("outgoing-box").hidden = st.outgoing.length === 0;
  }

  function renderTables() {
    for (const [id, rows] of [["board-monthly", st.tables.monthly], ["board-eternal", st.tables.eternal]]) {
      const body = $(id).querySelector("tbody");
      clear(body);
      rows.forEach((r, i) => {
        body.append(el("tr", { class: r.name === st.me ? "me" : "" },
          el("td", {}, String(i + 1)), el("td", {}, r.name), el("td", {}, String(r.points))));
      });
      if (rows.length === 0) body.append(el("tr", {}, el("td", { colspan: "3", class: "empty" }, "No counted games yet.")));
    }
    $("tab-monthly").textContent = "This month" + (st.tables.month ? " (" + st.tables.month + ")" : "");
  }

  // ---- the board -----------------------------------------------------

  // The display order of squares: the player's own side at the bottom.
  function displayOrder() {
    const order = [];
    const blue = st.game && st.game.colour === "blue";
    for (let row = 0; row < 10; row++) {
      for (let col = 0; col < 10; col++) {
        const rank = blue ? row : 9 - row;
        const file = blue ? 9 - col : col;
        order.push(rank * 10 + file);
      }
    }
    return order;
  }

  function movesFrom() {
    const map = new Map();
    const s = st.state;
    if (!s || !s.your_turn || st.phase !== "play") return map;
    for (const mv of s.moves) {
      const [from, to] = mv.split("-");
      if (!map.has(from)) map.set(from, []);
      map.get(from).push(to);
    }
    return map;
  }

  function renderBoard() {
    const board = $("board");
    clear(board);
    const tokens = st.phase === "play" || st.phase === "over"
      ? (st.state ? st.state.board : new Array(100).fill(null))
      : (st.setup ? st.setup.board : new Array(100).fill(null));
    const moves = movesFrom();
    const targets = st.selected ? (moves.get(st.selected) || []) : [];
    const last = st.state && st.state.last && (st.phase === "play" || st.phase === "over") ? st.state.last : null;
    const myZone = (i) => {
      const r = Math.floor(i / 10);
      return st.game && (st.game.colour === "red" ? r <= 3 : r >= 6);
    };
    for (const i of displayOrder()) {
      const name = squareName(i);
      const cls = ["square"];
      if (isLake(i)) cls.push("lake");
      if (st.phase === "setup" && myZone(i) && !(st.setup && st.setup.ready)) cls.push("zone");
      if (last && (last.from === name || last.to === name)) cls.push("last");
      if (st.selected === name) cls.push("selected");
      if (targets.includes(name)) cls.push("target");
      if (moves.has(name)) cls.push("movable");
      const sq = el("div", { class: cls.join(" "), "data-square": name, role: "gridcell" });
      const p = parseToken(tokens[i]);
      if (p) {
        const pc = ["piece", p.owner];
        if (p.revealed) pc.push("revealed");
        if (p.moved) pc.push("moved");
        const who = p.owner === (st.game && st.game.colour) ? "your" : sideName(p.owner) + "'s";
        const title = who + " " + RANK_NAMES[p.rank] + (p.revealed ? (p.owner === st.game.colour ? " (known to the opponent)" : " (revealed)") : "") + (p.moved ? ", has moved" : "");
        sq.append(el("span", { class: pc.join(" "), title: title, "data-rank": p.rank }, p.rank === "?" ? "" : label(p.rank)));
      }
      sq.addEventListener("click", () => clickSquare(name, p));
      board.append(sq);
    }
  }

  function clickSquare(name, piece) {
    if (!st.game) return;
    if (st.phase === "setup") {
      if (!st.setup || st.setup.ready) return;
      if (piece) send({ type: "take", game: st.game.id, square: name });
      else send({ type: "place", game: st.game.id, square: name });
      return;
    }
    if (st.phase !== "play" || !st.state || !st.state.your_turn) return;
    const moves = movesFrom();
    if (st.selected && (moves.get(st.selected) || []).includes(name)) {
      send({ type: "move", game: st.game.id, move: st.selected + "-" + name });
      st.selected = null;
    } else if (moves.has(name)) {
      st.selected = st.selected === name ? null : name;
    } else {
      st.selected = null;
    }
    renderBoard();
  }

  function addBattle(last) {
    const b = last.battle;
    const other = last.by === "red" ? "blue" : "red";
    const winner = b.winner === "attacker" ? sideName(last.by) + " wins"
      : b.winner === "defender" ? sideName(other) + " wins" : "both are removed";
    const text = sideName(last.by) + " " + RANK_NAMES[b.attacker] + " (" + label(b.attacker) + ") attacks "
      + sideName(other) + " " + RANK_NAMES[b.defender] + " (" + label(b.defender) + ") on " + last.to + ": " + winner;
    const li = el("li", { class: "battle", "data-attacker": b.attacker, "data-defender": b.defender, "data-winner": b.winner }, text);
    $("battles").prepend(li);
  }

  function renderLeft(left) {
    const box = $("enemy-left");
    clear(box);
    const enemy = st.game.colour === "red" ? left.blue : left.red;
    for (const r of RANK_ORDER) {
      box.append(el("span", { class: "count", title: RANK_NAMES[r] }, label(r) + " ×" + (enemy[r] || 0)));
    }
  }

  function tick() {
    const now = performance.now();
    if (st.phase === "play" && st.moveDeadline !== null) {
      const left = st.moveDeadline - now;
      $("clock").textContent = formatClock(left);
      $("clock").classList.toggle("low", left < 30000);
    }
    if (st.phase === "setup" && st.setupDeadline !== null) {
      $("setup-clock").textContent = formatClock(st.setupDeadline - now);
    }
  }

  // ---- controls ------------------------------------------------------

  function init() {
    $("login-form").addEventListener("submit", (e) => {
      e.preventDefault();
      $("login-error").textContent = "";
      send({ type: "name", name: $("name-input").value });
    });
    $("chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("chat-input").value;
      if (text.trim()) send({ type: "chat", text: text });
      $("chat-input").value = "";
    });
    $("tab-monthly").addEventListener("click", () => {
      $("board-monthly").hidden = false; $("board-eternal").hidden = true;
      $("tab-monthly").classList.add("active"); $("tab-eternal").classList.remove("active");
    });
    $("tab-eternal").addEventListener("click", () => {
      $("board-monthly").hidden = true; $("board-eternal").hidden = false;
      $("tab-eternal").classList.add("active"); $("tab-monthly").classList.remove("active");
    });
    $("clear").addEventListener("click", () => { if (st.game) send({ type: "clear", game: st.game.id }); });
    $("ready").addEventListener("click", () => { if (st.game) send({ type: "ready", game: st.game.id }); });
    $("leave").addEventListener("click", () => {
      if (st.game && (st.phase === "setup" || st.phase === "play")) send({ type: "leave", game: st.game.id });
    });
    $("back").addEventListener("click", () => {
      $("result").hidden = true;
      st.game = null;
      st.phase = "lobby";
      show("lobby");
      renderPlayers();
    });
    setInterval(tick, 250);
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
