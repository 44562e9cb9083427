// Fanorona's page in the Spielcenter: the 9x5 board with its lines and
// diagonals, stones moved by click, by drag or by tap, a capture chain
// built step by step (both rows shown when a step can capture either way,
// the points already visited and the last direction marked, Stop), the
// opponent's turn shown step by step, the draw rules as they approach.
//
// The page has no rules of its own: every `state` lists each legal turn
// with its points, capture kinds and captured stones, and the page only
// walks that list.
"use strict";

(function () {
  const { t, svg, clear, send, formatClock, turn, sideName, levelName, st, $ } = window.SC;
  const COLS = "abcdefghi";
  const STEP = 60;
  const MARGIN = 50;

  const pointName = (c, r) => COLS[c] + String(r + 1);
  const coords = (name) => [COLS.indexOf(name[0]), Number(name.slice(1)) - 1];
  const xy = (name) => {
    const [c, r] = coords(name);
    return [MARGIN + STEP * c, MARGIN + STEP * (4 - r)];
  };
  const indexOf = (name) => {
    const [c, r] = coords(name);
    return 9 * r + c;
  };

  const f = {
    state: null,
    board: null, // the board shown (45 entries: "W", "B" or null)
    prefix: [], // the points of the turn so far
    kinds: [], // each step's capture kind
    caps: [], // each step's captured points
    choice: null, // {to, options: [{kind, captured}]}
    animating: false,
    hint: null,
    over: false,
    deadline: null,
    drag: null,
  };

  function reset() {
    f.state = null;
    f.board = null;
    f.prefix = [];
    f.kinds = [];
    f.caps = [];
    f.choice = null;
    f.animating = false;
    f.hint = null;
    f.over = false;
    f.deadline = null;
    f.drag = null;
  }

  const me = () => (st.game.colour === "white" ? "W" : "B");

  function start(m) {
    reset();
    f.board = initialBoard();
    const daily = $("fa-daily");
    if (m.daily) {
      daily.hidden = false;
      daily.textContent = t("fa_daily", { date: m.daily, counts: m.counts ? t("fa_counts") : t("fa_practice") });
    } else if (m.level) {
      daily.hidden = false;
      daily.textContent = t("fa_level", { level: levelName(m.level) });
    } else {
      daily.hidden = true;
    }
    $("fa-status").textContent = "";
    render();
  }

  function initialBoard() {
    const b = new Array(45).fill(null);
    for (let i = 0; i < 18; i++) b[i] = "W";
    for (let i = 27; i < 45; i++) b[i] = "B";
    ["W", "B", "W", "B", null, "W", "B", "W", "B"].forEach((v, c) => { b[18 + c] = v; });
    return b;
  }

  // ---- the turn being built ------------------------------------------

  function candidates() {
    const s = f.state;
    if (!s || !s.your_turn || f.over) return [];
    return s.moves.filter((m) => {
      for (let i = 0; i < f.prefix.length; i++) if (m.path[i] !== f.prefix[i]) return false;
      for (let i = 0; i < f.kinds.length; i++) if (m.kinds[i] !== f.kinds[i]) return false;
      return true;
    });
  }

  function movable() {
    if (f.prefix.length > 1) return new Set([f.prefix[f.prefix.length - 1]]);
    const s = f.state;
    if (!s || !s.your_turn || f.animating || f.over) return new Set();
    return new Set(s.moves.map((m) => m.path[0]));
  }

  function targets() {
    if (f.prefix.length === 0 || f.choice || f.animating) return new Set();
    const n = f.prefix.length;
    return new Set(candidates().filter((m) => m.path.length > n).map((m) => m.path[n]));
  }

  function finished() {
    return candidates().find((m) => m.path.length === f.prefix.length);
  }

  function canStop() {
    return f.prefix.length >= 2 && finished() !== undefined && targets().size > 0;
  }

  function clickPoint(name) {
    if (f.animating || f.over || !f.state || !f.state.your_turn) return;
    if (f.choice) {
      // Tap a stone of one of the two rows.
      const opt = f.choice.options.find((o) => o.captured.includes(name));
      if (opt) take(f.choice.to, opt);
      return;
    }
    const mov = movable();
    if (f.prefix.length <= 1) {
      if (f.prefix.length === 1 && targets().has(name)) {
        step(name);
      } else if (mov.has(name) && f.prefix[0] !== name) {
        f.prefix = [name];
        f.hint = null;
      } else {
        f.prefix = [];
      }
      render();
      return;
    }
    if (targets().has(name)) step(name);
  }

  function step(to) {
    const n = f.prefix.length;
    const options = [];
    for (const m of candidates()) {
      if (m.path[n] !== to) continue;
      if (!options.some((o) => o.kind === m.kinds[n - 1])) options.push({ kind: m.kinds[n - 1], captured: m.captured[n - 1] });
    }
    if (options.length === 0) return;
    if (options.length > 1) {
      f.choice = { to, options };
      render();
      return;
    }
    take(to, options[0]);
  }

  function take(to, opt) {
    const from = f.prefix[f.prefix.length - 1];
    f.prefix.push(to);
    f.kinds.push(opt.kind);
    f.caps.push(opt.captured);
    f.choice = null;
    // The board as it stands after the steps so far.
    f.board[indexOf(to)] = f.board[indexOf(from)];
    f.board[indexOf(from)] = null;
    for (const p of opt.captured) f.board[indexOf(p)] = null;
    const done = finished();
    if (done && targets().size === 0) {
      submit(done);
      return;
    }
    render();
  }

  function submit(m) {
    send({ type: "move", game: st.game.id, move: m.move });
    f.prefix = [];
    f.kinds = [];
    f.caps = [];
    f.choice = null;
    f.state = Object.assign({}, f.state, { your_turn: false, moves: [] });
    render();
  }

  function resetTurn() {
    f.prefix = [];
    f.kinds = [];
    f.caps = [];
    f.choice = null;
    if (f.state) f.board = f.state.board.slice();
    render();
  }

  // ---- messages ------------------------------------------------------

  function message(m) {
    if (m.type === "state") onState(m);
    else if (m.type === "hint") {
      f.hint = m.hint;
      $("fa-status").textContent = m.hint ? t("hint_is", { move: m.hint.move }) : "";
      render();
    }
  }

  function onState(m) {
    const before = f.board ? f.board.slice() : initialBoard();
    const theirs = m.last && m.last.by !== st.game.colour && (!f.state || m.ply > f.state.ply);
    f.state = m;
    f.prefix = [];
    f.kinds = [];
    f.caps = [];
    f.choice = null;
    f.hint = null;
    f.deadline = m.deadline_ms !== null && m.deadline_ms !== undefined ? performance.now() + m.deadline_ms / (st.timeScale || 1) : null;
    if (theirs) animate(before, m.last, () => settle(m));
    else settle(m);
  }

  function settle(m) {
    f.animating = false;
    f.board = m.board.slice();
    texts();
    render();
  }

  // The opponent's turn, step by step: the stone moves, then the row it
  // captured goes.
  function animate(board, last, done) {
    f.animating = true;
    f.board = board;
    texts();
    render();
    let i = 0;
    const next = () => {
      if (!f.animating || !st.game) return;
      if (i >= last.path.length - 1) {
        done();
        return;
      }
      const from = last.path[i], to = last.path[i + 1];
      f.board[indexOf(to)] = f.board[indexOf(from)];
      f.board[indexOf(from)] = null;
      f.flash = last.captured[i] || [];
      render();
      setTimeout(() => {
        for (const p of last.captured[i] || []) f.board[indexOf(p)] = null;
        f.flash = [];
        i += 1;
        render();
        setTimeout(next, 250);
      }, 350);
    };
    setTimeout(next, 200);
  }

  function texts() {
    const m = f.state;
    if (!m) return;
    const mine = m.your_turn && !f.animating && !f.over;
    const head = $("fa-turn");
    head.textContent = mine ? t("your_move") : t("to_move", { name: st.game.opponent });
    head.className = mine ? "mine" : "";
    turn(mine);
    const status = $("fa-status");
    if (f.over) status.textContent = "";
    else if (!m.your_turn) status.textContent = st.game.opponentComputer ? t("fa_thinking") : t("fa_wait", { name: st.game.opponent });
    else if (f.prefix.length >= 2) status.textContent = t("fa_chain");
    else if (f.prefix.length === 1) status.textContent = t("fa_pick_target");
    else if (m.capturers.length) status.textContent = t("fa_must_capture");
    else status.textContent = t("fa_pick_stone");
    $("fa-stones").textContent = sideName("white") + " " + m.stones.white + " · " + sideName("black") + " " + m.stones.black;
    const draw = $("fa-draw");
    draw.textContent = t("fa_no_capture", { n: m.no_capture, limit: m.no_capture_limit })
      + (m.repetition >= 2 ? " · " + t("fa_repetition", { n: m.repetition, limit: m.repetition_limit }) : "");
    draw.classList.toggle("near", m.no_capture >= m.no_capture_limit - 10 || m.repetition >= m.repetition_limit - 1);
    $("fa-hint").hidden = !(m.hint && mine);
    $("fa-undo").hidden = !(m.undo && mine);
  }

  function over(m) {
    f.over = true;
    f.animating = false;
    if (m.board) f.board = m.board.slice();
    f.deadline = null;
    texts();
    render();
  }

  // ---- the board -----------------------------------------------------

  function lines(g) {
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 9; c++) {
        const [x, y] = xy(pointName(c, r));
        const to = [];
        if (c < 8) to.push([c + 1, r]);
        if (r < 4) to.push([c, r + 1]);
        if ((c + r) % 2 === 0) {
          if (c < 8 && r < 4) to.push([c + 1, r + 1]);
          if (c < 8 && r > 0) to.push([c + 1, r - 1]);
        }
        for (const [c2, r2] of to) {
          const [x2, y2] = xy(pointName(c2, r2));
          g.append(svg("line", { x1: x, y1: y, x2: x2, y2: y2, class: "line" }));
        }
      }
    }
  }

  function render() {
    if (!st.game || st.game.kind !== "fanorona") return;
    texts();
    const host = $("board-host");
    clear(host);
    const root = svg("svg", {
      id: "fa-board", class: "fa-board", viewBox: "0 0 580 345", role: "grid", "aria-label": "Board",
    });
    const g = svg("g", {});
    lines(g);
    root.append(g);
    for (let c = 0; c < 9; c++) {
      const [x] = xy(pointName(c, 0));
      root.append(svg("text", { x: x, y: 335, class: "coord" }, COLS[c]));
    }
    for (let r = 0; r < 5; r++) {
      const [, y] = xy(pointName(0, r));
      root.append(svg("text", { x: 18, y: y + 6, class: "coord" }, String(r + 1)));
    }
    const mov = movable();
    const tgt = targets();
    const visited = new Set(f.prefix);
    const must = new Set(f.state && f.state.your_turn && f.prefix.length === 0 && !f.animating ? f.state.capturers : []);
    const rows = new Map();
    if (f.choice) for (const o of f.choice.options) for (const p of o.captured) rows.set(p, o.kind);
    const flash = new Set(f.flash || []);
    const last = f.state && f.state.last && !f.animating && f.prefix.length === 0 ? f.state.last : null;
    const lastPath = new Set(last ? last.path : []);
    const hintPath = new Set(f.hint ? f.hint.path : []);
    // The last direction of a chain may not be taken again: marked.
    if (f.prefix.length >= 2) {
      const [ax, ay] = xy(f.prefix[f.prefix.length - 2]);
      const [bx, by] = xy(f.prefix[f.prefix.length - 1]);
      root.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "chain-line" }));
    }
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 9; c++) {
        const name = pointName(c, r);
        const [x, y] = xy(name);
        const cell = svg("g", { class: "point", "data-point": name });
        const stone = f.board ? f.board[9 * r + c] : null;
        const cls = [];
        if (tgt.has(name)) cls.push("target");
        if (visited.has(name) && !stone) cls.push("visited");
        if (lastPath.has(name)) cls.push("last");
        if (hintPath.has(name)) cls.push("hinted");
        cell.setAttribute("class", "point " + cls.join(" "));
        cell.append(svg("circle", { cx: x, cy: y, r: 28, class: "hit" }));
        if (!stone) cell.append(svg("circle", { cx: x, cy: y, r: tgt.has(name) ? 11 : 4, class: tgt.has(name) ? "dot target-dot" : "dot" }));
        if (stone) {
          const sc = ["stone", stone === "W" ? "white" : "black"];
          if (mov.has(name)) sc.push("movable");
          if (must.has(name)) sc.push("must");
          if (f.prefix[f.prefix.length - 1] === name || (f.prefix.length === 1 && f.prefix[0] === name)) sc.push("selected");
          if (rows.has(name)) sc.push("row-" + rows.get(name));
          if (flash.has(name)) sc.push("captured");
          cell.append(svg("circle", { cx: x, cy: y, r: 22, class: sc.join(" "), "data-stone": stone }));
        }
        root.append(cell);
      }
    }
    wireDrag(root);
    host.append(root);
    $("fa-choice").hidden = !f.choice;
    $("fa-stop").hidden = !canStop();
    $("fa-reset").hidden = f.prefix.length < 2;
  }

  // ---- dragging ------------------------------------------------------

  function svgPoint(root, ev) {
    const box = root.getBoundingClientRect();
    return [(ev.clientX - box.left) * 580 / box.width, (ev.clientY - box.top) * 345 / box.height];
  }

  function nearest(x, y) {
    let best = null, dist = 30 * 30;
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 9; c++) {
        const [px, py] = xy(pointName(c, r));
        const d = (px - x) * (px - x) + (py - y) * (py - y);
        if (d < dist) { dist = d; best = pointName(c, r); }
      }
    }
    return best;
  }

  // One handler for the board: a click (or tap) picks the nearest point;
  // a press on a movable stone that moves becomes a drag to the point
  // where it is let go.
  function wireDrag(root) {
    root.addEventListener("click", (ev) => {
      if (f.dragged) {
        f.dragged = false;
        return;
      }
      const [x, y] = svgPoint(root, ev);
      const at = nearest(x, y);
      if (at) clickPoint(at);
    });
    root.addEventListener("pointerdown", (ev) => {
      const [x, y] = svgPoint(root, ev);
      const at = nearest(x, y);
      if (!at || !movable().has(at) || f.choice) return;
      f.drag = { from: at, x, y, moved: false, sx: x, sy: y, pointer: ev.pointerId };
    });
    root.addEventListener("pointermove", (ev) => {
      if (!f.drag) return;
      const [x, y] = svgPoint(root, ev);
      f.drag.x = x;
      f.drag.y = y;
      if (!f.drag.moved && Math.hypot(x - f.drag.sx, y - f.drag.sy) > 12) {
        f.drag.moved = true;
        root.setPointerCapture(f.drag.pointer);
      }
      if (f.drag.moved) {
        let ghost = root.querySelector(".ghost");
        if (!ghost) {
          ghost = svg("circle", { r: 22, class: "stone ghost " + (me() === "W" ? "white" : "black") });
          root.append(ghost);
        }
        ghost.setAttribute("cx", x);
        ghost.setAttribute("cy", y);
      }
    });
    root.addEventListener("pointerup", (ev) => {
      const drag = f.drag;
      f.drag = null;
      if (!drag || !drag.moved) return; // a tap: the click picks the point
      f.dragged = true;
      setTimeout(() => { f.dragged = false; }, 0);
      const [x, y] = svgPoint(root, ev);
      const to = nearest(x, y);
      if (f.prefix.length <= 1) f.prefix = [drag.from];
      if (to && targets().has(to)) step(to);
      else render();
    });
    root.addEventListener("pointercancel", () => { f.drag = null; });
  }

  function tick() {
    if (!st.game || st.game.kind !== "fanorona" || f.deadline === null) return;
    const left = f.deadline - performance.now();
    $("fa-clock").textContent = formatClock(left);
    $("fa-clock").classList.toggle("low", left < 30000);
  }

  function init() {
    $("fa-stop").addEventListener("click", () => {
      const m = finished();
      if (m) submit(m);
    });
    $("fa-reset").addEventListener("click", resetTurn);
    $("fa-approach").addEventListener("click", () => {
      const o = f.choice && f.choice.options.find((x) => x.kind === "a");
      if (o) take(f.choice.to, o);
    });
    $("fa-withdrawal").addEventListener("click", () => {
      const o = f.choice && f.choice.options.find((x) => x.kind === "w");
      if (o) take(f.choice.to, o);
    });
    $("fa-hint").addEventListener("click", () => { if (st.game) send({ type: "hint", game: st.game.id }); });
    $("fa-undo").addEventListener("click", () => { if (st.game) send({ type: "undo", game: st.game.id }); });
    setInterval(tick, 250);
  }

  window.SC.register("fanorona", {
    start, message, over, reset,
    relabel() { texts(); render(); },
  });
  document.addEventListener("DOMContentLoaded", init);
})();
