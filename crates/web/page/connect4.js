// Connect Four board: 7 columns × 6 rows in a blue frame; a click anywhere in a column drops
// the disc there. Moves are the columns "1".."7" from the left.
//
// What this module reads from a position answer, besides the common fields (`legal`,
// `last_move`, `to_move`):
//   board.cells  rows from the top, each 7 cells 'red' | 'yellow' | ''
//   board.last   [column, row] of the last disc (row 0 at the bottom), or null
//   board.line   the winning four as [column, row] pairs, or null

import { el, svgRoot } from './svg.js';

// Which of the page's buttons make sense for this game, and the evaluation bar's colours.
export const features = {
  flip: false,
  resign: true,
  evalColors: { first: '#d7263d', second: '#f5c518' },
};

const COLS = 7;
const ROWS = 6;
const CELL = 60;
const PAD = 14;
const WIDTH = COLS * CELL + 2 * PAD;
const HEIGHT = ROWS * CELL + 2 * PAD;
const RADIUS = CELL * 0.4;

// The board's own look, kept with the board so the game needs nothing in style.css.
const STYLE = `
.c4-frame { fill: #2456c7; }
.c4-hole { fill: var(--panel, #fff); }
.c4-red { fill: #d7263d; stroke: #9e1426; stroke-width: 3; }
.c4-yellow { fill: #f5c518; stroke: #b8900a; stroke-width: 3; }
.c4-column { fill: transparent; }
.c4-column.playable { cursor: pointer; }
.c4-column.playable:hover { fill: rgba(255, 255, 255, .12); }
.c4 .preview { opacity: 0; pointer-events: none; transition: opacity .12s; }
.c4-col.playable:hover .preview { opacity: .45; }
.c4 .ghost { opacity: .45; stroke-dasharray: 5 5; }
.c4-last { fill: none; stroke: var(--ink, #1f2328); stroke-width: 3; opacity: .7; }
.c4-win { stroke: var(--ink, #1f2328); stroke-width: 8; stroke-linecap: round; opacity: .8; }
`;

// The centre of the cell in `column` (from the left) and `row` (from the bottom).
function center(column, row) {
  return [PAD + column * CELL + CELL / 2, PAD + (ROWS - 1 - row) * CELL + CELL / 2];
}

function disc(side, column, row, extra = '') {
  const [cx, cy] = center(column, row);
  return el('circle', { class: `c4-${side}${extra}`, cx, cy, r: RADIUS });
}

// Draws the board into `container`; `onMove(column)` gets "1".."7" for a clicked column.
export function createBoard(container, { onMove }) {
  return {
    render(pos, view) {
      const svg = svgRoot(WIDTH, HEIGHT, 'Connect Four board');
      svg.classList.add('c4');
      svg.append(el('style', {}, STYLE));
      svg.append(el('rect', { class: 'c4-frame', x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 16 }));
      const legal = new Set(view.interactive ? pos.legal : []);
      const cells = pos.board.cells;
      for (let column = 0; column < COLS; column++) {
        const move = String(column + 1);
        const playable = legal.has(move);
        const group = el('g', { class: `c4-col${playable ? ' playable' : ''}`, 'data-column': move });
        let landing = null;
        for (let row = 0; row < ROWS; row++) {
          const side = cells[ROWS - 1 - row][column];
          if (side) {
            group.append(disc(side, column, row));
          } else {
            if (landing === null) landing = row;
            const [cx, cy] = center(column, row);
            group.append(el('circle', { class: 'c4-hole', cx, cy, r: RADIUS }));
          }
        }
        if (landing !== null && view.hint === move) group.append(disc(pos.to_move, column, landing, ' ghost'));
        if (landing !== null && playable) group.append(disc(pos.to_move, column, landing, ' preview'));
        group.append(el('rect', {
          class: `c4-column${playable ? ' playable' : ''}`,
          x: PAD + column * CELL, y: PAD, width: CELL, height: ROWS * CELL,
          onclick: playable ? () => onMove(move) : null,
        }));
        svg.append(group);
      }
      if (pos.board.last) {
        const [cx, cy] = center(pos.board.last[0], pos.board.last[1]);
        svg.append(el('circle', { class: 'c4-last', cx, cy, r: RADIUS * 0.45 }));
      }
      const line = pos.board.line;
      if (line && line.length === 4) {
        const [x1, y1] = center(line[0][0], line[0][1]);
        const [x2, y2] = center(line[3][0], line[3][1]);
        svg.append(el('line', { class: 'c4-win', x1, y1, x2, y2 }));
      }
      container.replaceChildren(svg);
    },
  };
}
