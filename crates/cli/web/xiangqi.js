// Xiangqi board: 9 files × 10 ranks of points, the river, the palaces, piece discs with
// their glyphs. Squares are ICCS (`e0`: file a–i from Red's left, rank 0–9 from Red's side);
// moves are ICCS pairs (`h2e2`). Click a piece of the side to move to see where it can go;
// a click that is not a move says why through `onNotice`.

import { el, svgRoot } from './svg.js';
import { whyNotMove, whyNotSelect } from './xiangqi_rules.js';

// Which of the page's buttons make sense for this game.
export const features = { flip: true, resign: true };

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

// Draws the board into `container`; `onMove(iccs)` gets a move like `h2e2`, and
// `onNotice(text)` why a click was not one (null when a click needs no explaining).
export function createBoard(container, { onMove, onNotice = () => {} }) {
  let selected = null;
  let shownPly = -1;

  function draw(pos, view) {
    const flipped = !!view.flipped;
    if (pos.ply !== shownPly || !view.interactive) selected = null;
    shownPly = pos.ply;
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
    for (const p of pos.board.pieces) {
      const [x, y] = xy(fileOf(p.square), rankOf(p.square), flipped);
      const extra = (p.square === selected ? ' selected' : '') + (movable.has(p.square) ? ' movable' : '');
      svg.append(pieceDisc(p, x, y, extra));
    }
    for (const [to] of dests) {
      const [x, y] = xy(fileOf(to), rankOf(to), flipped);
      if (bySquare.has(to)) svg.append(el('circle', { class: 'dest-capture', cx: x, cy: y, r: R + 3 }));
      else svg.append(el('circle', { class: 'dest', cx: x, cy: y, r: 8 }));
    }
    if (view.hint && view.hint.length >= 4) {
      svg.append(arrow(view.hint.slice(0, 2), view.hint.slice(2, 4), flipped, 'xq-hint'));
    }
    // Transparent hit areas on every point, on top, so a click anywhere near a point counts.
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
          onclick: () => click(sq),
        }));
      }
    }
    svg.append(hits);
    container.replaceChildren(svg);

    function click(sq) {
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
  }

  return {
    render(pos, view) {
      draw(pos, view);
    },
  };
}
