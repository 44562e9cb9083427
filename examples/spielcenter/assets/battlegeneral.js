// Battlegeneral's page in the Spielcenter: the setup screen, the board
// (from the player's side, with coordinates), battles, the clock, and both
// armies at the end. The server sends each player only its own view.
"use strict";

(function () {
  const { t, el, clear, send, formatClock, turn, sideName, st, $ } = window.SC;
  const FILES = "abcdefghij";
  const RANK_ORDER = ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "F"];

  const squareName = (i) => FILES[i % 10] + String(Math.floor(i / 10) + 1);
  const isLake = (i) => {
    const f = i % 10, r = Math.floor(i / 10);
    return (r === 4 || r === 5) && (f === 2 || f === 3 || f === 6 || f === 7);
  };
  const label = (rank) => (rank === "1" ? "S" : rank);
  const rankName = (rank) => t("rank_" + rank);

  // "r10*'" -> {owner: "red", rank: "10", revealed: true, moved: true}
  function parseToken(tok) {
    if (!tok) return null;
    const owner = tok[0] === "r" ? "red" : "blue";
    return { owner, rank: tok.slice(1).replace(/[*']/g, ""), revealed: tok.includes("*"), moved: tok.endsWith("'") };
  }

  const g = {
    phase: "setup", // setup | play | over
    setup: null,
    state: null,
    selected: null,
    moveDeadline: null,
    setupDeadline: null,
    lastBattlePly: -1,
    final: null,
  };

  function reset() {
    g.phase = "setup";
    g.setup = null;
    g.state = null;
    g.selected = null;
    g.moveDeadline = null;
    g.setupDeadline = null;
    g.lastBattlePly = -1;
    g.final = null;
  }

  function start(m) {
    reset();
    g.setupDeadline = performance.now() + m.setup_time_ms;
    clear($("predefined"));
    $("predefined-box").hidden = true;
    clear($("battles"));
    $("setup-panel").hidden = false;
    $("game-panel").hidden = true;
    turn(false);
    render();
  }

  function message(m) {
    if (m.type === "setup") {
      g.setup = m;
      $("next-piece").textContent = m.next ? label(m.next) + " (" + rankName(m.next) + ")" : "–";
      $("remaining").textContent = String(m.remaining);
      $("ready").hidden = !m.complete || m.ready;
      $("clear").disabled = m.ready;
      setupStatus();
      for (const b of $("predefined").querySelectorAll("button")) b.disabled = m.ready;
      render();
    } else if (m.type === "predefined") {
      const box = $("predefined");
      clear(box);
      m.setups.forEach((s, i) => {
        box.append(el("button", {
          type: "button", "data-index": String(i), class: "adopt",
          onclick: () => send({ type: "adopt", game: st.game.id, setup: i }),
        }, s.name));
      });
      $("predefined-box").hidden = false;
    } else if (m.type === "state") {
      g.phase = "play";
      g.state = m;
      g.selected = null;
      $("setup-panel").hidden = true;
      $("game-panel").hidden = false;
      g.moveDeadline = m.clock ? performance.now() + m.clock.remaining_ms : null;
      if (m.last && m.last.battle && m.ply !== g.lastBattlePly) {
        g.lastBattlePly = m.ply;
        addBattle(m.last);
      }
      texts();
      renderLeft(m.left);
      render();
      tick();
    }
  }

  function setupStatus() {
    const m = g.setup;
    if (!m) return;
    const mine = m.ready ? t("you_ready") : m.complete ? t("all_placed") : "";
    const theirs = m.opponent_ready ? t("opp_ready", { name: st.game.opponent }) : t("opp_setting_up", { name: st.game.opponent });
    $("setup-status").textContent = (mine ? mine + " " : "") + theirs;
  }

  function texts() {
    const m = g.state;
    if (!m) return;
    $("turn").textContent = m.your_turn ? t("your_move") : t("to_move", { name: st.game.opponent });
    $("turn").className = m.your_turn ? "mine" : "";
    turn(m.your_turn && g.phase === "play");
    $("last-move").textContent = m.last
      ? t("last_move", { side: sideName(m.last.by), from: m.last.from, to: m.last.to })
      : t("red_first");
  }

  function over(m) {
    g.phase = "over";
    g.moveDeadline = null;
    g.setupDeadline = null;
    // Both armies, every rank.
    if (m.board) g.final = m.board;
    render();
  }

  // ---- the board -----------------------------------------------------

  // The player's own side at the bottom: Red sees rank 1 at the bottom and
  // file a on the left, Blue the board turned round.
  const blue = () => st.game && st.game.colour === "blue";

  function displayOrder() {
    const order = [];
    for (let row = 0; row < 10; row++) {
      for (let col = 0; col < 10; col++) {
        const rank = blue() ? row : 9 - row;
        const file = blue() ? 9 - col : col;
        order.push(rank * 10 + file);
      }
    }
    return order;
  }

  function movesFrom() {
    const map = new Map();
    const s = g.state;
    if (!s || !s.your_turn || g.phase !== "play") return map;
    for (const mv of s.moves) {
      const [from, to] = mv.split("-");
      if (!map.has(from)) map.set(from, []);
      map.get(from).push(to);
    }
    return map;
  }

  function render() {
    if (!st.game || st.game.kind !== "battlegeneral") return;
    const host = $("board-host");
    clear(host);
    const board = el("div", { id: "board", class: "board", role: "grid", "aria-label": "Board" });
    let tokens;
    if (g.final) tokens = g.final;
    else if (g.phase === "play" || g.phase === "over") tokens = g.state ? g.state.board : new Array(100).fill(null);
    else tokens = g.setup ? g.setup.board : new Array(100).fill(null);
    const moves = movesFrom();
    const targets = g.selected ? (moves.get(g.selected) || []) : [];
    const last = g.state && g.state.last && g.phase !== "setup" ? g.state.last : null;
    const myZone = (i) => {
      const r = Math.floor(i / 10);
      return st.game.colour === "red" ? r <= 3 : r >= 6;
    };
    for (const i of displayOrder()) {
      const name = squareName(i);
      const cls = ["square"];
      if (isLake(i)) cls.push("lake");
      if (g.phase === "setup" && myZone(i) && !(g.setup && g.setup.ready)) cls.push("zone");
      if (last && (last.from === name || last.to === name)) cls.push("last");
      if (g.selected === name) cls.push("selected");
      if (targets.includes(name)) cls.push("target");
      if (moves.has(name)) cls.push("movable");
      const sq = el("div", { class: cls.join(" "), "data-square": name, role: "gridcell", title: name });
      const p = parseToken(tokens[i]);
      if (p) {
        const pc = ["piece", p.owner];
        if (p.revealed) pc.push("revealed");
        if (p.moved) pc.push("moved");
        const mine = p.owner === st.game.colour;
        const who = mine ? t("your_piece") : sideName(p.owner);
        const notes = [];
        if (p.revealed) notes.push(mine ? t("known_to_opponent") : t("revealed"));
        if (p.moved) notes.push(t("has_moved"));
        const title = name + ": " + who + " " + rankName(p.rank) + (notes.length ? " (" + notes.join(", ") + ")" : "");
        sq.append(el("span", { class: pc.join(" "), title: title, "data-rank": p.rank }, p.rank === "?" ? "" : label(p.rank)));
      }
      sq.addEventListener("click", () => clickSquare(name, p));
      board.append(sq);
    }
    // Coordinates: ranks beside, files below, as the player sees them.
    const ranks = el("div", { class: "coords ranks" });
    for (let row = 0; row < 10; row++) ranks.append(el("span", {}, String(blue() ? row + 1 : 10 - row)));
    const files = el("div", { class: "coords files" });
    for (let col = 0; col < 10; col++) files.append(el("span", {}, FILES[blue() ? 9 - col : col]));
    host.append(el("div", { class: "framed" }, ranks, board, el("span", { class: "corner" }), files));
  }

  function clickSquare(name, piece) {
    if (!st.game) return;
    if (g.phase === "setup") {
      if (!g.setup || g.setup.ready) return;
      send({ type: piece ? "take" : "place", game: st.game.id, square: name });
      return;
    }
    if (g.phase !== "play" || !g.state || !g.state.your_turn) return;
    const moves = movesFrom();
    if (g.selected && (moves.get(g.selected) || []).includes(name)) {
      send({ type: "move", game: st.game.id, move: g.selected + "-" + name });
      g.selected = null;
    } else if (moves.has(name)) {
      g.selected = g.selected === name ? null : name;
    } else {
      g.selected = null;
    }
    render();
  }

  function addBattle(last) {
    const b = last.battle;
    const other = last.by === "red" ? "blue" : "red";
    const result = b.winner === "attacker" ? t("wins", { side: sideName(last.by) })
      : b.winner === "defender" ? t("wins", { side: sideName(other) }) : t("both_removed");
    const text = t("battle_text", {
      side: sideName(last.by), attacker: rankName(b.attacker) + " (" + label(b.attacker) + ")",
      other: sideName(other), defender: rankName(b.defender) + " (" + label(b.defender) + ")",
      square: last.to, result: result,
    });
    // Newest first; the list counts down (an <ol reversed>).
    $("battles").prepend(el("li", { class: "battle", "data-attacker": b.attacker, "data-defender": b.defender, "data-winner": b.winner }, text));
  }

  function renderLeft(left) {
    const box = $("enemy-left");
    clear(box);
    const enemy = st.game.colour === "red" ? left.blue : left.red;
    for (const r of RANK_ORDER) {
      box.append(el("span", { class: "count", title: rankName(r) }, label(r) + " ×" + (enemy[r] || 0)));
    }
  }

  function tick() {
    if (!st.game || st.game.kind !== "battlegeneral") return;
    const now = performance.now();
    if (g.phase === "play" && g.moveDeadline !== null) {
      const left = g.moveDeadline - now;
      $("clock").textContent = formatClock(left);
      $("clock").classList.toggle("low", left < 30000);
    }
    if (g.phase === "setup" && g.setupDeadline !== null) {
      $("setup-clock").textContent = formatClock(g.setupDeadline - now);
    }
  }

  function init() {
    $("clear").addEventListener("click", () => { if (st.game) send({ type: "clear", game: st.game.id }); });
    $("ready").addEventListener("click", () => { if (st.game) send({ type: "ready", game: st.game.id }); });
    setInterval(tick, 250);
  }

  window.SC.register("battlegeneral", {
    start, message, over, reset,
    relabel() { setupStatus(); texts(); render(); },
  });
  document.addEventListener("DOMContentLoaded", init);
})();
