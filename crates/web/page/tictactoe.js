// Tic-tac-toe board: a 3×3 grid, squares 1–9 row by row from the top left.

import { el, svgRoot } from './svg.js';

// Which of the page's buttons make sense for this game.
export const features = { flip: false, resign: false, hintLevel: 10 };

const SIZE = 360;
const PAD = 20;
const CELL = (SIZE - 2 * PAD) / 3;

function center(index) {
  return [PAD + (index % 3) * CELL + CELL / 2, PAD + Math.floor(index / 3) * CELL + CELL / 2];
}

function cross(cx, cy, r, cls) {
  return el('g', { class: cls },
    el('line', { x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r }),
    el('line', { x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r }));
}

function nought(cx, cy, r, cls) {
  return el('circle', { class: cls, cx, cy, r });
}

// Draws the board into `container`; `onMove(square)` gets "1".."9" for a clicked square.
export function createBoard(container, { onMove }) {
  return {
    render(pos, view) {
      const svg = svgRoot(SIZE, SIZE, 'Tic-tac-toe board');
      svg.classList.add('ttt');
      svg.append(el('rect', { class: 'ttt-bg', x: 0, y: 0, width: SIZE, height: SIZE, rx: 18 }));
      const legal = new Set(view.interactive ? pos.legal : []);
      pos.board.cells.forEach((mark, i) => {
        const [cx, cy] = center(i);
        const square = String(i + 1);
        const isLast = pos.last_move === square;
        const cell = el('g', {
          class: `ttt-cell${legal.has(square) ? ' playable' : ''}`,
          'data-square': square,
          onclick: legal.has(square) ? () => onMove(square) : null,
        }, el('rect', {
          class: `ttt-cell-bg${isLast ? ' last' : ''}`,
          x: cx - CELL / 2 + 6, y: cy - CELL / 2 + 6, width: CELL - 12, height: CELL - 12, rx: 12,
        }));
        const r = CELL * 0.27;
        if (mark === 'x') cell.append(cross(cx, cy, r, 'ttt-x'));
        if (mark === 'o') cell.append(nought(cx, cy, r * 1.1, 'ttt-o'));
        if (!mark && view.hint === square) {
          const ghost = pos.to_move === 'x' ? cross(cx, cy, r, 'ttt-x ghost') : nought(cx, cy, r * 1.1, 'ttt-o ghost');
          cell.append(ghost);
        }
        if (!mark && legal.has(square)) {
          const preview = pos.to_move === 'x' ? cross(cx, cy, r, 'ttt-x preview') : nought(cx, cy, r * 1.1, 'ttt-o preview');
          cell.append(preview);
        }
        svg.append(cell);
      });
      for (let k = 1; k < 3; k++) {
        const at = PAD + k * CELL;
        svg.append(el('line', { class: 'ttt-grid', x1: at, y1: PAD + 8, x2: at, y2: SIZE - PAD - 8 }));
        svg.append(el('line', { class: 'ttt-grid', x1: PAD + 8, y1: at, x2: SIZE - PAD - 8, y2: at }));
      }
      const line = pos.board.line;
      if (line && line.length === 3) {
        const [x1, y1] = center(line[0]);
        const [x2, y2] = center(line[2]);
        const dx = (x2 - x1) * 0.18;
        const dy = (y2 - y1) * 0.18;
        svg.append(el('line', { class: 'ttt-win', x1: x1 - dx, y1: y1 - dy, x2: x2 + dx, y2: y2 + dy }));
      }
      container.replaceChildren(svg);
    },
  };
}
