// Xiangqi board: 9 files × 10 ranks of points, the river, the palaces, piece discs with
// their glyphs. Squares are ICCS (`e0`: file a–i from Red's left, rank 0–9 from Red's side);
// moves are ICCS pairs (`h2e2`). Click a piece of the side to move to see where it can go;
// a click that is not a move says why through `onNotice`.

import { el, svgRoot } from './svg.js';
import { whyNotMove, whyNotSelect } from './xiangqi_rules.js';

// Which of the page's buttons make sense for this game.
export const features = { flip: true, resign: true, material };

const S = 60;                 // distance between points
const M = 66;                 // margin around the grid
const W = 8 * S + 2 * M;
const H = 9 * S + 2 * M;
const R = 26;                 // piece radius
const CN = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

const fileOf = (sq) => sq.charCodeAt(0) - 97;
const rankOf = (sq) => Number(sq.slice(1));
const squareName = (file, rank) => `${String.fromCharCode(97 + file)}${rank}`;

// Screen position of a point, seen from Red (or from Black when flipped).
function xy(file, rank, flipped) {
  const col = flipped ? 8 - file : file;
  const row = flipped ? rank : 9 - rank;
  return [M + col * S, M + row * S];
}

function gridLines(g) {
  for (let row = 0; row < 10; row++) {
    g.append(el('line', { x1: M, y1: M + row * S, x2: M + 8 * S, y2: M + row * S }));
  }
  for (let col = 0; col < 9; col++) {
    const x = M + col * S;
    if (col === 0 || col === 8) {
      g.append(el('line', { x1: x, y1: M, x2: x, y2: M + 9 * S }));
    } else {
      g.append(el('line', { x1: x, y1: M, x2: x, y2: M + 4 * S }));
      g.append(el('line', { x1: x, y1: M + 5 * S, x2: x, y2: M + 9 * S }));
    }
  }
  // Palaces: the diagonals of the 3×3 squares at both ends (same on screen when flipped).
  for (const top of [0, 7]) {
    const y0 = M + top * S;
    g.append(el('line', { x1: M + 3 * S, y1: y0, x2: M + 5 * S, y2: y0 + 2 * S }));
    g.append(el('line', { x1: M + 5 * S, y1: y0, x2: M + 3 * S, y2: y0 + 2 * S }));
  }
}

// The small corner marks on the cannon and soldier points.
function pointMarks(g) {
  const points = [];
  for (const row of [2, 7]) for (const col of [1, 7]) points.push([col, row]);
  for (const row of [3, 6]) for (const col of [0, 2, 4, 6, 8]) points.push([col, row]);
  const d = 5;
  const len = 10;
  for (const [col, row] of points) {
    const x = M + col * S;
    const y = M + row * S;
    for (const sx of [-1, 1]) {
      if ((col === 0 && sx < 0) || (col === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        const px = x + sx * d;
        const py = y + sy * d;
        g.append(el('polyline', {
          points: `${px + sx * len},${py} ${px},${py} ${px},${py + sy * len}`,
          fill: 'none',
        }));
      }
    }
  }
}

function river(svg) {
  const y = M + 4.5 * S;
  svg.append(el('text', { class: 'xq-river', x: M + 2 * S, y, 'dominant-baseline': 'central', 'text-anchor': 'middle' }, '楚 河'));
  svg.append(el('text', { class: 'xq-river', x: M + 6 * S, y, 'dominant-baseline': 'central', 'text-anchor': 'middle' }, '汉 界'));
}

// File numbers as each side counts them: Red 一…九 from its right, Black 1…9 from its right.
function fileLabels(svg, flipped) {
  for (let col = 0; col < 9; col++) {
    const x = M + col * S;
    const bottom = flipped ? String(9 - col) : CN[9 - col];
    const top = flipped ? CN[col + 1] : String(col + 1);
    svg.append(el('text', { class: 'xq-label', x, y: H - 14, 'text-anchor': 'middle' }, bottom));
    svg.append(el('text', { class: 'xq-label', x, y: 24, 'text-anchor': 'middle' }, top));
  }
  // ICCS coordinates, small, on the left edge and under the file numbers.
  for (let rank = 0; rank < 10; rank++) {
    const [, y] = xy(0, rank, flipped);
    svg.append(el('text', { class: 'xq-coord', x: 16, y: y + 4, 'text-anchor': 'middle' }, String(rank)));
  }
  for (let file = 0; file < 9; file++) {
    const [x] = xy(file, 0, flipped);
    svg.append(el('text', { class: 'xq-coord', x: x + 14, y: H - 14, 'text-anchor': 'middle' }, String.fromCharCode(97 + file)));
  }
}

function pieceDisc(p, x, y, extra = '') {
  return el('g', { class: `piece ${p.side}${extra}`, 'data-square': p.square, 'data-piece': p.fen, transform: `translate(${x} ${y})` },
    el('circle', { class: 'piece-shadow', cx: 1.5, cy: 3, r: R }),
    el('circle', { class: 'piece-disc', r: R }),
    el('circle', { class: 'piece-ring', r: R - 4.5 }),
    el('text', { class: 'piece-glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', y: 1 }, p.glyph));
}

function arrow(from, to, flipped, cls) {
  const [x1, y1] = xy(fileOf(from), rankOf(from), flipped);
  const [x2, y2] = xy(fileOf(to), rankOf(to), flipped);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const ex = x2 - ux * 16;
  const ey = y2 - uy * 16;
  const head = 14;
  const px = -uy * head * 0.6;
  const py = ux * head * 0.6;
  return el('g', { class: cls },
    el('circle', { class: 'xq-hint-dest', cx: x2, cy: y2, r: R + 4 }),
    el('line', { x1: x1 + ux * 10, y1: y1 + uy * 10, x2: ex, y2: ey }),
    el('polygon', { points: `${x2 - ux * 4},${y2 - uy * 4} ${ex - ux * 6 + px},${ey - uy * 6 + py} ${ex - ux * 6 - px},${ey - uy * 6 - py}` }));
}

// The pieces each side starts with, and the usual material values (pawns; a soldier that
// has crossed the river counts double).
const START_COUNT = { k: 1, a: 2, b: 2, n: 2, r: 2, c: 2, p: 5 };
const VALUE = { k: 0, a: 2, b: 2, n: 4, r: 9, c: 4.5, p: 1 };
const GLYPH = {
  red: { k: '帥', a: '仕', b: '相', n: '傌', r: '俥', c: '炮', p: '兵' },
  black: { k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' },
};
const ORDER = ['r', 'c', 'n', 'b', 'a', 'p', 'k'];

// The captured-pieces trays and the material count: for each side, the glyphs of the
// opponent's pieces it has taken (measured against a full set, so a FEN start with fewer
// pieces counts them as taken) and its material lead in pawns.
export function material(pos) {
  const count = { red: {}, black: {} };
  const points = { red: 0, black: 0 };
  for (const p of pos.board.pieces) {
    const kind = p.fen.toLowerCase();
    count[p.side][kind] = (count[p.side][kind] || 0) + 1;
    const crossed = kind === 'p' && (p.side === 'red' ? rankOf(p.square) >= 5 : rankOf(p.square) <= 4);
    points[p.side] += crossed ? 2 : VALUE[kind] || 0;
  }
  const taken = (side) => ORDER.flatMap((k) => Array(Math.max(0, START_COUNT[k] - (count[side][k] || 0))).fill(GLYPH[side][k]));
  return {
    captured: { red: taken('black'), black: taken('red') },
    points,
    lead: points.red - points.black,
  };
}

const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// Draws the board into `container`; `onMove(iccs)` gets a move like `h2e2`, and
// `onNotice(text)` why a click was not one (null when a click needs no explaining).
// Pieces move by click-click or by dragging (pointer events, so mouse, pen and touch).
export function createBoard(container, { onMove, onNotice = () => {} }) {
  let selected = null;
  let shownPly = -1;
  let shownMoves = null;
  let current = null;   // {pos, view, svg, movable, dests, bySquare} of the drawing on screen
  let drag = null;      // {from, x0, y0, moved, node, wasSelected, pointerId}
  let dropped = null;   // the move just made by a drop: it needs no animation

  // The point under a pointer event, or null off the grid.
  function squareAt(event) {
    const svg = current && current.svg;
    if (!svg) return null;
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    const col = Math.round((pt.x - M) / S);
    const row = Math.round((pt.y - M) / S);
    if (col < 0 || col > 8 || row < 0 || row > 9) return null;
    if (Math.hypot(pt.x - (M + col * S), pt.y - (M + row * S)) > S * 0.6) return null;
    const flipped = !!current.view.flipped;
    return squareName(flipped ? 8 - col : col, flipped ? row : 9 - row);
  }

  function svgPoint(event) {
    const ctm = current.svg.getScreenCTM();
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  }

  function draw(pos, view) {
    const flipped = !!view.flipped;
    const previousPly = shownPly;
    const previousMoves = shownMoves;
    if (pos.ply !== shownPly || !view.interactive) selected = null;
    shownPly = pos.ply;
    shownMoves = pos.moves ? pos.moves.length : null;
    const bySquare = new Map(pos.board.pieces.map((p) => [p.square, p]));
    const legal = view.interactive ? pos.legal : [];
    const movable = new Set(legal.map((m) => m.slice(0, 2)));
    const dests = new Map();
    if (selected) for (const m of legal) if (m.startsWith(selected)) dests.set(m.slice(2, 4), m);

    const svg = svgRoot(W, H, 'Xiangqi board');
    svg.classList.add('xq');
    svg.append(el('rect', { class: 'xq-wood', x: 0, y: 0, width: W, height: H, rx: 16 }));
    svg.append(el('rect', { class: 'xq-frame', x: M - 8, y: M - 8, width: 8 * S + 16, height: 9 * S + 16, rx: 2 }));
    const grid = el('g', { class: 'xq-grid' });
    gridLines(grid);
    pointMarks(grid);
    svg.append(grid);
    river(svg);
    fileLabels(svg, flipped);

    if (pos.last_move) {
      const from = pos.last_move.slice(0, 2);
      const to = pos.last_move.slice(2, 4);
      const [fx, fy] = xy(fileOf(from), rankOf(from), flipped);
      svg.append(el('circle', { class: 'xq-last-from', cx: fx, cy: fy, r: 9 }));
      const [tx, ty] = xy(fileOf(to), rankOf(to), flipped);
      svg.append(el('rect', { class: 'xq-last-to', x: tx - R - 5, y: ty - R - 5, width: 2 * R + 10, height: 2 * R + 10, rx: 8 }));
    }
    if (pos.check_square) {
      const [cx, cy] = xy(fileOf(pos.check_square), rankOf(pos.check_square), flipped);
      svg.append(el('circle', { class: 'xq-check', cx, cy, r: R + 7 }));
    }
    const nodes = new Map();
    for (const p of pos.board.pieces) {
      const [x, y] = xy(fileOf(p.square), rankOf(p.square), flipped);
      const extra = (p.square === selected ? ' selected' : '') + (movable.has(p.square) ? ' movable' : '');
      const node = pieceDisc(p, x, y, extra);
      nodes.set(p.square, node);
      svg.append(node);
    }
    for (const [to] of dests) {
      const [x, y] = xy(fileOf(to), rankOf(to), flipped);
      if (bySquare.has(to)) svg.append(el('circle', { class: 'dest-capture', cx: x, cy: y, r: R + 3 }));
      else svg.append(el('circle', { class: 'dest', cx: x, cy: y, r: 8 }));
    }
    if (view.hint && view.hint.length >= 4) {
      svg.append(arrow(view.hint.slice(0, 2), view.hint.slice(2, 4), flipped, 'xq-hint'));
    }
    // Transparent hit areas on every point, on top, so a click anywhere near a point counts
    // (the pointer handlers below read the point from the pointer's position).
    const hits = el('g', { class: 'xq-hits' });
    for (let file = 0; file < 9; file++) {
      for (let rank = 0; rank < 10; rank++) {
        const sq = squareName(file, rank);
        const [x, y] = xy(file, rank, flipped);
        const active = movable.has(sq) || dests.has(sq);
        hits.append(el('rect', {
          class: `point-hit${active ? ' active' : ''}`,
          'data-square': sq,
          x: x - S / 2, y: y - S / 2, width: S, height: S, rx: S / 2,
        }));
      }
    }
    svg.append(hits);
    // The handlers live on this drawing, so a board of another game in the same container
    // never sees them.
    svg.addEventListener('pointerdown', pointerDown);
    svg.addEventListener('pointermove', pointerMove);
    svg.addEventListener('pointerup', (event) => endDrag(event, false));
    svg.addEventListener('pointercancel', (event) => endDrag(event, true));
    container.replaceChildren(svg);
    current = { pos, view, svg, movable, dests, bySquare, nodes };

    // A move forward by one ply slides the moved piece from its old point.
    const oneForward = pos.ply === previousPly + 1 && (shownMoves === null || previousMoves === null || shownMoves === previousMoves + 1);
    if (pos.last_move && oneForward && dropped !== pos.last_move && !reducedMotion()) {
      const node = nodes.get(pos.last_move.slice(2, 4));
      const from = pos.last_move.slice(0, 2);
      const to = pos.last_move.slice(2, 4);
      if (node && node.animate) {
        const [fx, fy] = xy(fileOf(from), rankOf(from), flipped);
        const [tx, ty] = xy(fileOf(to), rankOf(to), flipped);
        node.classList.add('moving');
        const run = node.animate(
          [{ transform: `translate(${fx}px, ${fy}px)` }, { transform: `translate(${tx}px, ${ty}px)` }],
          { duration: 180, easing: 'ease-out' },
        );
        run.onfinish = () => node.classList.remove('moving');
      }
    }
    dropped = null;
  }

  // A click (or a tap, or a drag that did not leave its point) on `sq`.
  function click(sq) {
    const { pos, view, movable, dests, bySquare } = current;
    if (!view.interactive) return;
    if (dests.has(sq)) {
      const move = dests.get(sq);
      selected = null;
      onMove(move);
      return;
    }
    const piece = bySquare.get(sq);
    let notice = null;
    if (movable.has(sq)) {
      // Another of one's own pieces: select it (or deselect the selected one).
      selected = selected !== sq ? sq : null;
    } else if (selected && !(piece && piece.side === pos.to_move)) {
      notice = whyNotMove(pos, selected, sq);
      selected = null;
    } else {
      notice = whyNotSelect(pos, sq, view.humanSides || []);
      selected = null;
    }
    onNotice(notice);
    draw(pos, view);
  }

  function pointerDown(event) {
    if (!current || !current.view.interactive || event.button > 0) return;
    const sq = squareAt(event);
    if (!sq) return;
    event.preventDefault();
    if (!current.movable.has(sq)) { click(sq); return; }
    const wasSelected = selected === sq;
    if (!wasSelected) {
      selected = sq;
      onNotice(null);
      draw(current.pos, current.view);
    }
    const node = current.nodes.get(sq);
    drag = { from: sq, x0: event.clientX, y0: event.clientY, moved: false, node, wasSelected, pointerId: event.pointerId };
    try { current.svg.setPointerCapture(event.pointerId); } catch { /* synthetic events */ }
  }

  function pointerMove(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) < 6) return;
    drag.moved = true;
    const p = svgPoint(event);
    if (drag.node) {
      drag.node.setAttribute('transform', `translate(${p.x} ${p.y}) scale(1.1)`);
      drag.node.classList.add('dragging');
      // Keep the dragged piece above the others (before the hit areas, which stay on top).
      current.svg.insertBefore(drag.node, current.svg.querySelector('.xq-hits'));
    }
  }

  function endDrag(event, cancelled) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { from, moved, wasSelected } = drag;
    drag = null;
    if (cancelled) { draw(current.pos, current.view); return; }
    if (!moved) {
      // A plain click on the selected piece lets go of it.
      if (wasSelected) { selected = null; draw(current.pos, current.view); }
      return;
    }
    const to = squareAt(event);
    if (to && current.dests.has(to)) {
      const move = current.dests.get(to);
      selected = null;
      dropped = move;
      onMove(move);
      return;
    }
    if (!to || to === from) { draw(current.pos, current.view); return; }
    const target = current.bySquare.get(to);
    if (target && target.side === current.pos.to_move) {
      onNotice(null);
      draw(current.pos, current.view);
      return;
    }
    onNotice(whyNotMove(current.pos, from, to));
    selected = null;
    draw(current.pos, current.view);
  }

  return {
    render(pos, view) {
      drag = null;
      draw(pos, view);
    },
  };
}
