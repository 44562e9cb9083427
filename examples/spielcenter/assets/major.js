// Major's page in the Spielcenter: the four boards (with their gaps),
// pieces moved by drag and drop or by two taps, a Major drawn as a stack
// with its prisoner, a freed stone's way back to its start edge, the
// breakthrough threat marked until it is answered, the count toward the
// draw, both clocks, seven colours to choose, sounds and a tune made in
// the page (off until switched on), and a demonstration that Escape stops.
"use strict";

(function () {
  const { t, el, clear, send, turn, sideName, st, $ } = window.SC;

  // The seven colours of the pieces; each side picks one (never the same).
  const COLOURS = ["#2962a8", "#c0392b", "#2e7d32", "#e0a526", "#6a1b9a", "#222222", "#e8e8e8"];
  const DEFAULT = { blue: 0, red: 1 };

  const g = {
    state: null,
    selected: null,
    over: false,
    drag: null,
    clockBase: null, // {blue, red, running, at}
    flash: null,
  };

  function reset() {
    g.state = null;
    g.selected = null;
    g.over = false;
    g.drag = null;
    g.clockBase = null;
    g.flash = null;
  }

  // ---- colours ---------------------------------------------------------

  function colours() {
    try {
      const c = JSON.parse(localStorage.getItem("sc-major-colours") || "null");
      if (c && Number.isInteger(c.blue) && Number.isInteger(c.red) && c.blue !== c.red
        && c.blue >= 0 && c.blue < 7 && c.red >= 0 && c.red < 7) return c;
    } catch (e) { /* the default */ }
    return Object.assign({}, DEFAULT);
  }

  // The next free colour for a side: never the other side's.
  function nextColour(side) {
    const c = colours();
    const other = side === "blue" ? c.red : c.blue;
    let n = (c[side] + 1) % COLOURS.length;
    if (n === other) n = (n + 1) % COLOURS.length;
    c[side] = n;
    localStorage.setItem("sc-major-colours", JSON.stringify(c));
    return c;
  }

  const colourOf = (side) => COLOURS[colours()[side]];

  // ---- sound -----------------------------------------------------------

  let audio = null;
  let tune = null;

  function context() {
    if (!audio) {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return null;
      audio = new Ctx();
    }
    return audio;
  }

  function beep(freq, length, type, gain) {
    const a = context();
    if (!a) return;
    const o = a.createOscillator();
    const v = a.createGain();
    o.type = type;
    o.frequency.value = freq;
    v.gain.setValueAtTime(gain, a.currentTime);
    v.gain.exponentialRampToValueAtTime(0.001, a.currentTime + length);
    o.connect(v).connect(a.destination);
    o.start();
    o.stop(a.currentTime + length);
  }

  const soundOn = () => localStorage.getItem("sc-major-sound") === "on";
  const musicOn = () => localStorage.getItem("sc-major-music") === "on";

  function moveSound(capture) {
    if (!soundOn()) return;
    if (capture) {
      beep(220, 0.25, "sawtooth", 0.15);
      setTimeout(() => beep(165, 0.3, "sawtooth", 0.12), 90);
    } else {
      beep(660, 0.08, "triangle", 0.12);
    }
  }

  // A short tune in a loop, quiet, while a game runs.
  const MELODY = [392, 440, 494, 523, 494, 440, 392, 330, 349, 392, 440, 392];
  function startTune() {
    if (tune || !musicOn()) return;
    let i = 0;
    tune = setInterval(() => {
      beep(MELODY[i % MELODY.length], 0.35, "sine", 0.04);
      i += 1;
    }, 420);
  }
  function stopTune() {
    clearInterval(tune);
    tune = null;
  }

  // ---- the game --------------------------------------------------------

  function start(m) {
    reset();
    const demo = m.local && m.seats.every((s) => s !== "me");
    $("mj-stop").hidden = !demo;
    $("mj-board-name").textContent = t("mj_board", { n: m.board });
    for (const id of ["mj-status", "mj-threat", "mj-freed"]) $(id).textContent = "";
    startTune();
    render();
  }

  function seatsMine() {
    if (!st.game) return [];
    const s = st.game.start;
    if (s.local) return ["blue", "red"].filter((side, i) => s.seats[i] === "me");
    return [st.game.colour];
  }

  function myTurn() {
    return g.state && !g.over && seatsMine().includes(g.state.to_move);
  }

  function message(m) {
    if (m.type !== "state") return;
    const fresh = !g.state || m.ply > g.state.ply;
    g.state = m;
    g.selected = null;
    g.clockBase = { blue: m.clocks.blue, red: m.clocks.red, running: m.clocks.running, at: performance.now() };
    if (fresh && m.last) {
      moveSound(m.last.capture);
      g.flash = m.last.freed || null;
      if (g.flash) {
        setTimeout(() => {
          g.flash = null;
          for (const c of document.querySelectorAll("#mj-board .cell.freed")) c.classList.remove("freed");
        }, 1600);
      }
    }
    texts();
    render();
  }

  function texts() {
    const m = g.state;
    if (!m) return;
    const mine = myTurn();
    const local = st.game.start.local;
    let head;
    if (g.over) head = $("result-title").textContent;
    else if (local && seatsMine().length === 2) head = t("mj_side_to_move", { side: sideName(m.to_move) });
    else if (mine) head = t("your_move");
    else head = t("to_move", { name: local ? sideName(m.to_move) : st.game.opponent });
    $("mj-turn").textContent = head;
    $("mj-turn").className = mine ? "mine" : "";
    turn(mine);
    $("mj-quiet").textContent = t("mj_quiet", { n: m.quiet, limit: m.quiet_limit });
    $("mj-quiet").classList.toggle("near", m.quiet >= m.quiet_limit - 2);
    $("mj-threat").textContent = m.threat ? t("mj_threat", { square: m.threat }) : "";
    $("mj-freed").textContent = m.last && m.last.freed ? t("mj_freed", { square: m.last.freed }) : "";
    // `prisoners` counts each colour's stones held; a side holds the
    // other colour's.
    $("mj-prisoners").textContent = sideName("blue") + " " + m.prisoners.red + " · " + sideName("red") + " " + m.prisoners.blue;
  }

  function over(m) {
    g.over = true;
    stopTune();
    if (m.clocks) g.clockBase = { blue: m.clocks.blue, red: m.clocks.red, running: null, at: performance.now() };
    if (m.highscore) $("mj-status").textContent = t("mj_highscore", { place: m.highscore });
    $("mj-stop").hidden = true;
    texts();
    render();
  }

  function targetsOf(from) {
    if (!g.state || !myTurn()) return [];
    return g.state.moves.filter((mv) => mv.split("-")[0] === from).map((mv) => mv.split("-")[1]);
  }

  function movable() {
    if (!g.state || !myTurn()) return new Set();
    return new Set(g.state.moves.map((mv) => mv.split("-")[0]));
  }

  const squareName = (col, row) => String.fromCharCode(97 + col) + String(row + 1);

  function render() {
    if (!st.game || st.game.kind !== "major" || !g.state) return;
    const b = g.state.board;
    const host = $("board-host");
    clear(host);
    const grid = el("div", { id: "mj-board", class: "mj-board", role: "grid", "aria-label": "Board", "data-ply": String(g.state.ply) });
    grid.style.gridTemplateColumns = "repeat(" + b.width + ", minmax(0, 1fr))";
    const mov = movable();
    const targets = new Set(g.selected ? targetsOf(g.selected) : []);
    const last = g.state.last;
    for (let row = 0; row < b.height; row++) {
      for (let col = 0; col < b.width; col++) {
        const name = squareName(col, row);
        const cell = b.cells[row * b.width + col];
        const cls = ["cell"];
        if (cell === "#") cls.push("gap");
        if (col === 0) cls.push("edge-blue");
        if (col === b.width - 1) cls.push("edge-red");
        if (targets.has(name)) cls.push("target");
        if (g.selected === name) cls.push("selected");
        if (mov.has(name)) cls.push("movable");
        if (last && (last.from === name || last.to === name)) cls.push("last");
        if (g.state.threat === name) cls.push("threat");
        if (g.flash === name) cls.push("freed");
        const div = el("div", { class: cls.join(" "), "data-square": name, role: "gridcell", title: name });
        if (cell && cell !== "#") div.append(piece(cell));
        grid.append(div);
      }
    }
    const rows = el("div", { class: "coords ranks" });
    for (let row = 0; row < b.height; row++) rows.append(el("span", {}, String(row + 1)));
    const cols = el("div", { class: "coords files" });
    for (let col = 0; col < b.width; col++) cols.append(el("span", {}, String.fromCharCode(97 + col)));
    host.append(el("div", { class: "framed" }, rows, grid, el("span", { class: "corner" }), cols));
    wire(grid);
    tick();
  }

  // A stone, or a Major: the stone on top of its prisoner.
  function piece(cell) {
    const p = el("span", { class: "mj-piece" + (cell.major ? " major" : ""), "data-side": cell.side, "data-major": String(cell.major) });
    if (cell.major) {
      const under = el("span", { class: "under" });
      under.style.background = colourOf(cell.prisoner);
      p.append(under);
    }
    const top = el("span", { class: "top" });
    top.style.background = colourOf(cell.side);
    p.append(top);
    return p;
  }

  function move(from, to) {
    send({ type: "move", game: st.game.id, move: from + "-" + to });
    g.selected = null;
    g.state = Object.assign({}, g.state, { moves: [] });
    render();
  }

  function squareAt(x, y) {
    const e = document.elementFromPoint(x, y);
    const cell = e && e.closest ? e.closest("#mj-board .cell") : null;
    return cell ? cell.dataset.square : null;
  }

  // Marks the selected piece and its targets on the drawn board (the
  // squares stay the same elements while a piece is dragged).
  function mark() {
    const grid = $("mj-board");
    if (!grid) return;
    const targets = new Set(g.selected ? targetsOf(g.selected) : []);
    for (const c of grid.children) {
      c.classList.toggle("selected", c.dataset.square === g.selected);
      c.classList.toggle("target", targets.has(c.dataset.square));
    }
  }

  // A press on a movable piece: a drag if it moves, else a tap that
  // selects it; a tap on a target moves the selected piece there.
  function wire(grid) {
    grid.addEventListener("pointerdown", (ev) => {
      const at = squareAt(ev.clientX, ev.clientY);
      if (!at) return;
      if (g.selected && targetsOf(g.selected).includes(at)) {
        move(g.selected, at);
        return;
      }
      if (!movable().has(at)) {
        g.selected = null;
        mark();
        return;
      }
      g.drag = { from: at, x: ev.clientX, y: ev.clientY, moved: false, id: ev.pointerId };
      ev.preventDefault();
    });
    grid.addEventListener("pointermove", (ev) => {
      const d = g.drag;
      if (!d) return;
      if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 8) {
        d.moved = true;
        grid.setPointerCapture(d.id);
        g.selected = d.from;
        mark();
        d.ghost = el("span", { class: "mj-ghost" });
        d.ghost.style.background = colourOf(g.state.to_move);
        document.body.append(d.ghost);
      }
      if (d.moved && d.ghost) {
        d.ghost.style.left = ev.clientX - 16 + "px";
        d.ghost.style.top = ev.clientY - 16 + "px";
      }
    });
    const finish = (ev) => {
      const d = g.drag;
      g.drag = null;
      if (!d) return;
      if (d.ghost) d.ghost.remove();
      if (!d.moved) {
        g.selected = g.selected === d.from ? null : d.from;
        mark();
        return;
      }
      const to = squareAt(ev.clientX, ev.clientY);
      if (to && targetsOf(d.from).includes(to)) move(d.from, to);
      else {
        g.selected = null;
        mark();
      }
    };
    grid.addEventListener("pointerup", finish);
    grid.addEventListener("pointercancel", () => {
      if (g.drag && g.drag.ghost) g.drag.ghost.remove();
      g.drag = null;
    });
  }

  function clockText(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function tick() {
    if (!st.game || st.game.kind !== "major" || !g.clockBase) return;
    const c = g.clockBase;
    const since = (performance.now() - c.at) * (st.timeScale || 1);
    for (const side of ["blue", "red"]) {
      const used = c[side] + (c.running === side ? since : 0);
      const box = $("mj-clock-" + side);
      box.textContent = sideName(side) + " " + clockText(used);
      box.classList.toggle("running", c.running === side);
      box.style.borderColor = colourOf(side);
    }
  }

  function stop() {
    if (st.game && st.game.kind === "major" && !g.over) send({ type: "leave", game: st.game.id });
  }

  // ---- the main menu on the start page ------------------------------------

  const LAYOUTS = {
    1: { w: 8, h: 8, gaps: [] },
    2: { w: 10, h: 6, gaps: [] },
    3: { w: 9, h: 7, gaps: ["3,2", "5,2", "4,3", "3,4", "5,4"] },
    4: { w: 10, h: 8, gaps: ["3,2", "6,2", "4,3", "5,3", "4,4", "5,4", "3,5", "6,5"] },
  };

  // A board of the menu, small, with its gaps and the two start edges in
  // the sides' colours (a click on an edge changes that side's colour).
  function miniBoard(n) {
    const L = LAYOUTS[n];
    const box = el("div", { class: "mj-mini", "data-board": String(n) });
    box.style.gridTemplateColumns = "repeat(" + L.w + ", 1fr)";
    for (let row = 0; row < L.h; row++) {
      for (let col = 0; col < L.w; col++) {
        const gap = L.gaps.includes(col + "," + row);
        const c = el("span", { class: "mini-cell" + (gap ? " gap" : "") });
        if (col === 0 || col === L.w - 1) {
          const side = col === 0 ? "blue" : "red";
          const dot = el("span", { class: "mini-piece", "data-side": side });
          dot.style.background = colourOf(side);
          c.append(dot);
        }
        box.append(c);
      }
    }
    return box;
  }

  function renderMenu() {
    const boards = $("mj-boards");
    if (!boards) return;
    clear(boards);
    const chosen = Number(localStorage.getItem("sc-major-board") || "1");
    for (const n of [1, 2, 3, 4]) {
      const label = el("label", { class: "mj-choice" + (n === chosen ? " chosen" : "") });
      const radio = el("input", { type: "radio", name: "mj-board", value: String(n), "data-option": "board", "data-number": "1" });
      radio.checked = n === chosen;
      radio.addEventListener("change", () => {
        localStorage.setItem("sc-major-board", String(n));
        renderMenu();
      });
      label.append(radio, miniBoard(n), el("span", {}, t("mj_board", { n })));
      boards.append(label);
    }
    for (const dot of boards.querySelectorAll(".mini-piece")) {
      dot.addEventListener("click", (e) => {
        e.preventDefault();
        nextColour(dot.dataset.side);
        renderMenu();
      });
    }
    renderHighscores();
  }

  function renderHighscores() {
    const body = $("mj-highscores");
    if (!body) return;
    clear(body);
    const chosen = localStorage.getItem("sc-major-board") || "1";
    const table = (st.highscores || []).find((h) => h.kind === "major" && h.table === chosen);
    const rows = table ? table.rows : [];
    rows.forEach((row, i) => {
      body.append(el("tr", { class: row.name === st.me ? "me" : "" },
        el("td", {}, String(i + 1)), el("td", {}, row.name), el("td", {}, t("level_" + row.level)),
        el("td", {}, clockText(row.time_ms)), el("td", {}, String(row.moves))));
    });
    if (rows.length === 0) body.append(el("tr", {}, el("td", { colspan: "5", class: "empty" }, t("mj_no_highscores"))));
    $("mj-highscore-title").textContent = t("mj_highscores", { n: chosen });
  }

  function init() {
    $("mj-start").addEventListener("click", () => {
      const board = Number(localStorage.getItem("sc-major-board") || "1");
      send({ type: "play", kind: "major", first: $("mj-first").value, second: $("mj-second").value, options: { board } });
    });
    $("mj-stop").addEventListener("click", stop);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && st.game && st.game.kind === "major" && st.game.start.local
        && st.game.start.seats.every((s) => s !== "me")) stop();
    });
    for (const [id, key] of [["mj-sound", "sc-major-sound"], ["mj-music", "sc-major-music"]]) {
      const box = $(id);
      box.checked = localStorage.getItem(key) === "on";
      box.addEventListener("change", () => {
        localStorage.setItem(key, box.checked ? "on" : "off");
        if (key === "sc-major-music") {
          if (box.checked && st.game && st.game.kind === "major" && !g.over) startTune();
          else stopTune();
        }
      });
    }
    setInterval(tick, 250);
    renderMenu();
  }

  window.SC.register("major", {
    start, message, over,
    reset() { reset(); stopTune(); },
    relabel() { texts(); render(); renderMenu(); },
    lobby() { renderMenu(); },
  });
  document.addEventListener("DOMContentLoaded", init);
})();
