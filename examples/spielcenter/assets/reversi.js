// Reversi's page in the Spielcenter: the 8x8 board with coordinates, your
// legal squares marked, the discs a move turns turned one by one, a pass
// said in words, a hint and taking back against the computer, and two
// looks: black and white discs, or the applet's red crosses (you) and
// blue zeros (the computer).
"use strict";

(function () {
  const { t, el, clear, send, formatClock, turn, sideName, levelName, st, $ } = window.SC;
  const COLS = "abcdefgh";

  const r = {
    state: null,
    board: null, // what is shown (64 entries: "B", "W" or null)
    animating: false,
    flipping: null, // the square whose disc is turning now
    queue: [], // states that came while a move was being shown
    over: false,
    hint: null,
    deadline: null,
    timers: [],
  };

  function reset() {
    for (const id of r.timers) clearTimeout(id);
    r.timers = [];
    r.state = null;
    r.board = null;
    r.animating = false;
    r.over = false;
    r.hint = null;
    r.deadline = null;
    r.flipping = null;
    r.queue = [];
  }

  const mine = () => (st.game.colour === "black" ? "B" : "W");
  const theme = () => localStorage.getItem("sc-reversi-theme") || "classic";
  const squareName = (i) => COLS[i % 8] + String(Math.floor(i / 8) + 1);
  const indexOf = (name) => COLS.indexOf(name[0]) + 8 * (Number(name.slice(1)) - 1);

  function start(m) {
    reset();
    r.board = initial();
    $("rv-level").textContent = m.level ? t("fa_level", { level: levelName(m.level) }) : "";
    $("rv-status").textContent = "";
    render();
  }

  function initial() {
    const b = new Array(64).fill(null);
    b[indexOf("d4")] = "W";
    b[indexOf("e5")] = "W";
    b[indexOf("d5")] = "B";
    b[indexOf("e4")] = "B";
    return b;
  }

  function message(m) {
    if (m.type === "state") onState(m);
    else if (m.type === "hint") {
      r.hint = m.hint;
      $("rv-status").textContent = m.hint ? t("hint_is", { move: m.hint }) : "";
      render();
    }
  }

  function onState(m) {
    // A state that comes while a move is shown (the pass after it) waits
    // for its end.
    if (r.animating) {
      r.queue.push(m);
      return;
    }
    const before = r.board ? r.board.slice() : initial();
    const fresh = !r.state || m.ply > r.state.ply;
    r.state = m;
    r.hint = null;
    r.deadline = m.deadline_ms !== null && m.deadline_ms !== undefined ? performance.now() + m.deadline_ms / (st.timeScale || 1) : null;
    if (m.last && m.last.pass && fresh) {
      const me = m.last.by === st.game.colour;
      $("rv-status").textContent = me ? t("rv_you_pass") : t("rv_they_pass", { name: st.game.opponent });
    } else if (fresh) {
      $("rv-status").textContent = "";
    }
    if (fresh && m.last && !m.last.pass) animate(before, m);
    else settle(m);
  }

  function settle(m) {
    r.animating = false;
    r.board = m.board.slice();
    texts();
    render();
    if (r.queue.length > 0) onState(r.queue.shift());
  }

  // The disc is placed, then the discs it turns flip one by one.
  function animate(board, m) {
    for (const id of r.timers) clearTimeout(id);
    r.timers = [];
    r.animating = true;
    r.board = board;
    const colour = m.last.by === "black" ? "B" : "W";
    r.board[indexOf(m.last.move)] = colour;
    r.flipping = null;
    texts();
    render();
    m.last.flips.forEach((sq, i) => {
      r.timers.push(setTimeout(() => {
        r.board[indexOf(sq)] = colour;
        r.flipping = sq;
        render();
      }, 90 * (i + 1)));
    });
    r.timers.push(setTimeout(() => { r.flipping = null; settle(m); }, 90 * (m.last.flips.length + 1) + 60));
  }

  function texts() {
    const m = r.state;
    if (!m) return;
    const myTurn = m.your_turn && !r.animating && !r.over;
    if (r.over) $("rv-turn").textContent = $("result-title").textContent;
    else $("rv-turn").textContent = myTurn ? t("your_move") : t("to_move", { name: st.game.opponent });
    $("rv-turn").className = myTurn ? "mine" : "";
    turn(myTurn);
    $("rv-discs").textContent = sideName("black") + " " + m.discs.black + " · " + sideName("white") + " " + m.discs.white;
    $("rv-hint").hidden = !(m.hint && myTurn);
    $("rv-undo").hidden = !(m.undo && myTurn);
  }

  function over(m) {
    r.over = true;
    r.deadline = null;
    for (const id of r.timers) clearTimeout(id);
    r.animating = false;
    r.queue = [];
    if (m.board) r.board = m.board.slice();
    if (m.discs) {
      $("rv-status").textContent = t("rv_count", { black: m.discs.black, white: m.discs.white });
    }
    texts();
    render();
  }

  // A disc as the theme shows it: black and white, or the applet's red
  // cross for the player's discs and blue zero for the opponent's.
  function disc(colour) {
    if (theme() === "applet") {
      const me = colour === mine();
      return el("span", { class: "glyph " + (me ? "cross" : "zero"), "data-disc": colour }, me ? "✕" : "0");
    }
    return el("span", { class: "disc " + (colour === "B" ? "black" : "white"), "data-disc": colour });
  }

  function render() {
    if (!st.game || st.game.kind !== "reversi") return;
    const host = $("board-host");
    clear(host);
    const grid = el("div", { id: "rv-board", class: "rv-board", role: "grid", "aria-label": "Board", "data-ply": String(r.state ? r.state.ply : 0) });
    const legal = new Set(r.state && r.state.your_turn && !r.animating && !r.over ? r.state.moves : []);
    const last = r.state && r.state.last && !r.state.last.pass ? r.state.last.move : null;
    for (let i = 0; i < 64; i++) {
      const name = squareName(i);
      const cls = ["cell"];
      if (legal.has(name)) cls.push("legal");
      if (last === name) cls.push("last");
      if (r.hint === name) cls.push("hinted");
      if (r.flipping === name) cls.push("flipping");
      const cell = el("div", { class: cls.join(" "), "data-square": name, role: "gridcell", title: name });
      const v = r.board ? r.board[i] : null;
      if (v) cell.append(disc(v));
      cell.addEventListener("click", () => {
        if (legal.has(name)) {
          send({ type: "move", game: st.game.id, move: name });
          r.state = Object.assign({}, r.state, { your_turn: false });
          render();
        }
      });
      grid.append(cell);
    }
    const rows = el("div", { class: "coords ranks" });
    for (let row = 0; row < 8; row++) rows.append(el("span", {}, String(row + 1)));
    const cols = el("div", { class: "coords files" });
    for (let col = 0; col < 8; col++) cols.append(el("span", {}, COLS[col]));
    host.append(el("div", { class: "framed" }, rows, grid, el("span", { class: "corner" }), cols));
  }

  function tick() {
    if (!st.game || st.game.kind !== "reversi" || r.deadline === null) return;
    const left = r.deadline - performance.now();
    $("rv-clock").textContent = formatClock(left);
    $("rv-clock").classList.toggle("low", left < 30000);
  }

  function init() {
    $("rv-hint").addEventListener("click", () => { if (st.game) send({ type: "hint", game: st.game.id }); });
    $("rv-undo").addEventListener("click", () => { if (st.game) send({ type: "undo", game: st.game.id }); });
    const boxes = document.querySelectorAll("input[name='rv-theme'], input[name='rv-theme-game']");
    for (const box of boxes) {
      box.checked = box.value === theme();
      box.addEventListener("change", () => {
        localStorage.setItem("sc-reversi-theme", box.value);
        for (const other of boxes) other.checked = other.value === box.value;
        render();
      });
    }
    setInterval(tick, 250);
  }

  window.SC.register("reversi", {
    start, message, over, reset,
    relabel() { texts(); render(); },
  });
  document.addEventListener("DOMContentLoaded", init);
})();
