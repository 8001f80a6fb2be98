// Gomoku board: a 15×15 grid (or the size the position says), star points, coordinates
// a–o left to right and 1–15 from the bottom. Points and moves are written `h8`.
//
// What this module reads from a position answer, besides the common fields (`legal`,
// `last_move`, `to_move`, `moves`):
//   board.size       points per side (15 when absent)
//   board.stones     [{point: 'h8', side: 'black' | 'white'}]
//   board.line       the winning five as points, or null
//   board.forbidden  points Black may not play (renju), or absent
//   board.fouls      {point: 'double three' | 'double four' | 'overline'}, or absent

import { el, svgRoot } from './svg.js';

// Which of the page's buttons make sense for this game.
// The evaluation bar: Black (the first side) fills from below on a white ground.
export const features = {
  flip: false,
  resign: true,
  evalColors: { first: '#1d1d1f', second: '#f4f2ec' },
};

// On a phone the points are a finger's width apart at best: a first tap shows the stone
// where it would go, a second tap on it plays it.
const confirmTaps = () => window.matchMedia('(max-width: 600px), (pointer: coarse)').matches;

const S = 40;      // distance between points
const WIDE_MARGIN = 44;     // margin for the coordinates on all four sides
const COMPACT_MARGIN = 30;  // phones: coordinates at the left and top only…
const COMPACT_EDGE = 22;    // …and just room for the edge stones at the right and bottom

const pointName = (col, row, size) => `${String.fromCharCode(97 + col)}${size - row}`;

// Screen position of a point on a board of `size` whose first line is at `margin`.
function parsePoint(point, size, margin) {
  const col = point.charCodeAt(0) - 97;
  const row = size - Number(point.slice(1));
  return [margin + col * S, margin + row * S];
}

// The star points: the centre and the four 3-3 points from the corners (4th line).
function stars(size) {
  if (size < 9) return [];
  const c = Math.floor(size / 2);
  const e = size >= 13 ? 3 : 2;
  return [[c, c], [e, e], [e, size - 1 - e], [size - 1 - e, e], [size - 1 - e, size - 1 - e]];
}

// Draws the board into `container`; `onMove(point)` gets a point like `h8`, `onNotice(text)`
// why a click is not a move (null to clear). The `#` in the top left corner numbers the
// stones in the order played (remembered across reloads).
export function createBoard(container, { onMove, onNotice = () => {} }) {
  let numbers = false;
  let drawn = null;    // the last svg drawn, while it is on the page
  let pending = null;  // on phones: the point tapped once, waiting for a second tap
  // Crossing the phone width redraws (margins and tapping differ).
  window.matchMedia('(max-width: 600px), (pointer: coarse)').addEventListener('change', () => {
    if (shown && drawn && drawn.isConnected) board.render(...shown);
  });
  try { numbers = localStorage.getItem('qi.gomoku.numbers') === '1'; } catch { /* private mode */ }
  let shown = null;   // the last render's arguments, to redraw when the numbers are toggled
  const board = {
    render(pos, view) {
      if (!shown || shown[0] !== pos || !view.interactive) pending = null;
      shown = [pos, view];
      const showNumbers = numbers || !!view.showNumbers;
      const size = pos.board.size || 15;
      const span = (size - 1) * S;
      // On a phone every unit of width goes to the points.
      const compact = confirmTaps();
      const M = compact ? COMPACT_MARGIN : WIDE_MARGIN;
      const W = span + M + (compact ? COMPACT_EDGE : WIDE_MARGIN);
      const svg = svgRoot(W, W, 'Gomoku board');
      svg.classList.add('gomoku');
      svg.append(el('defs', {},
        el('radialGradient', { id: 'gm-grad-black', cx: '35%', cy: '30%', r: '75%' },
          el('stop', { offset: '0%', 'stop-color': '#6b6b6e' }),
          el('stop', { offset: '45%', 'stop-color': '#2a2a2c' }),
          el('stop', { offset: '100%', 'stop-color': '#0b0b0c' })),
        el('radialGradient', { id: 'gm-grad-white', cx: '35%', cy: '30%', r: '80%' },
          el('stop', { offset: '0%', 'stop-color': '#ffffff' }),
          el('stop', { offset: '70%', 'stop-color': '#eeece6' }),
          el('stop', { offset: '100%', 'stop-color': '#cfccc3' }))));
      svg.append(el('rect', { class: 'gm-wood', x: 0, y: 0, width: W, height: W, rx: 16 }));
      const grid = el('g', { class: 'gm-grid' });
      for (let i = 0; i < size; i++) {
        grid.append(el('line', { x1: M, y1: M + i * S, x2: M + span, y2: M + i * S }));
        grid.append(el('line', { x1: M + i * S, y1: M, x2: M + i * S, y2: M + span }));
      }
      grid.append(el('rect', { class: 'gm-edge', x: M, y: M, width: span, height: span }));
      for (const [c, r] of stars(size)) grid.append(el('circle', { class: 'gm-star', cx: M + c * S, cy: M + r * S, r: 4 }));
      svg.append(grid);
      // Larger boards are drawn smaller: their coordinates grow to stay as readable.
      const coord = { class: 'gm-coord', 'text-anchor': 'middle', style: `font-size: ${Math.round(13 * Math.max(1, size / 15))}px` };
      for (let i = 0; i < size; i++) {
        const letter = String.fromCharCode(97 + i);
        svg.append(el('text', { ...coord, x: M + i * S, y: M - (compact ? 14 : 20) }, letter));
        svg.append(el('text', { ...coord, x: M - (compact ? 16 : 23), y: M + i * S + 5 }, String(size - i)));
        if (compact) continue;
        svg.append(el('text', { ...coord, x: M + i * S, y: M + span + 31 }, letter));
        svg.append(el('text', { ...coord, x: M + span + 23, y: M + i * S + 5 }, String(size - i)));
      }
      const fouls = pos.board.fouls || {};
      for (const point of pos.board.forbidden || []) {
        const [x, y] = parsePoint(point, size, M);
        const why = fouls[point] ? ` (${fouls[point]})` : '';
        svg.append(el('g', { class: 'gm-forbidden', 'data-point': point },
          el('title', {}, `${point}: forbidden for Black${why}`),
          el('circle', { cx: x, cy: y, r: 11, fill: 'rgba(192, 57, 43, 0.12)' }),
          el('line', { x1: x - 7, y1: y - 7, x2: x + 7, y2: y + 7 }),
          el('line', { x1: x - 7, y1: y + 7, x2: x + 7, y2: y - 7 })));
      }
      const order = new Map((pos.moves || []).map((m, i) => [m.move, i + 1]));
      for (const stone of pos.board.stones || []) {
        const [x, y] = parsePoint(stone.point, size, M);
        const g = el('g', { class: `gm-stone ${stone.side}`, 'data-point': stone.point },
          el('circle', { class: 'gm-stone-shadow', cx: x + 1.5, cy: y + 2.5, r: S * 0.44 }),
          el('circle', { class: 'gm-stone-body', cx: x, cy: y, r: S * 0.44, style: `fill: url(#gm-grad-${stone.side})` }));
        const isLast = pos.last_move === stone.point;
        if (showNumbers && order.has(stone.point)) {
          const n = order.get(stone.point);
          g.append(el('text', {
            class: 'gm-number', x, y: y + 4.5, 'text-anchor': 'middle',
            style: `${n >= 100 ? 'font-size: 11px;' : ''}${isLast ? ' fill: #e0693a;' : ''}`,
          }, String(n)));
        } else if (isLast) {
          g.append(el('circle', { class: 'gm-last', cx: x, cy: y, r: 5 }));
        }
        svg.append(g);
      }
      const line = pos.board.line;
      if (line && line.length >= 2) {
        const [x1, y1] = parsePoint(line[0], size, M);
        const [x2, y2] = parsePoint(line[line.length - 1], size, M);
        svg.append(el('line', { class: 'gm-win', x1, y1, x2, y2 }));
      }
      if (view.hint) {
        const [x, y] = parsePoint(view.hint, size, M);
        svg.append(el('circle', { class: 'gm-hint', cx: x, cy: y, r: S * 0.4 }));
      }
      if (pending && view.interactive) {
        const [x, y] = parsePoint(pending, size, M);
        svg.append(el('circle', { class: `gm-pending ${pos.to_move}`, 'data-point': pending, cx: x, cy: y, r: S * 0.44 }));
      }
      const legal = new Set(view.interactive ? pos.legal : []);
      const taken = new Set((pos.board.stones || []).map((s) => s.point));
      const hits = el('g', { class: 'gm-hits' });
      const play = (point) => {
        if (confirmTaps() && pending !== point) {
          pending = point;
          onNotice(`Tap ${point} again to play it`);
          board.render(...shown);
          return;
        }
        pending = null;
        onNotice(null);
        onMove(point);
      };
      const refuse = (point) => {
        pending = null;
        if (taken.has(point)) onNotice(`${point} is taken`);
        else if (fouls[point]) onNotice(`${point} is forbidden for Black under renju (${fouls[point]})`);
        else onNotice(`${point} cannot be played now`);
        board.render(...shown);
      };
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const point = pointName(c, r, size);
          const box = { 'data-point': point, x: M + c * S - S / 2, y: M + r * S - S / 2, width: S, height: S, rx: S / 2 };
          // Playable points are `.point-hit`; the others only explain themselves when clicked.
          if (legal.has(point)) {
            hits.append(el('rect', { ...box, class: `point-hit active ${pos.to_move}`, onclick: () => play(point) }));
          } else if (view.interactive) {
            hits.append(el('rect', { ...box, class: 'point-blocked', onclick: () => refuse(point) }));
          }
        }
      }
      svg.append(hits);
      const toggle = el('g', {
        class: 'gm-numbers-toggle', role: 'button', 'aria-pressed': String(numbers), style: 'cursor: pointer',
        onclick: () => {
          numbers = !numbers;
          try { localStorage.setItem('qi.gomoku.numbers', numbers ? '1' : '0'); } catch { /* private mode */ }
          if (shown) board.render(...shown);
        },
      },
      el('title', {}, numbers ? 'Hide the move numbers' : 'Number the stones in the order played'),
      // Phones' narrower margin leaves a smaller corner.
      el('rect', {
        ...(compact ? { x: 2, y: 2, width: 20, height: 20 } : { x: 5, y: 5, width: 22, height: 22 }), rx: 6,
        style: `fill: ${numbers ? '#5c4120' : 'rgba(255, 255, 255, 0.35)'}; stroke: #5c4120; stroke-width: 1.2`,
      }),
      el('text', {
        x: compact ? 12 : 16, y: compact ? 17 : 21, 'text-anchor': 'middle',
        style: `font-size: ${compact ? 13 : 14}px; font-weight: 700; fill: ${numbers ? '#f4e3c1' : '#5c4120'}; pointer-events: none`,
      }, '#'));
      svg.append(toggle);
      container.replaceChildren(svg);
      drawn = svg;
    },
  };
  return board;
}
