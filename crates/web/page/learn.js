// The Learn view: how the engine searches the current position, drawn from the server's
// Learn API (docs/web-api.md): the search tree (expand/collapse, hover for a node's board,
// window, value and bound, pruned moves greyed with the reason), a step-through of the
// search one node at a time with the window and the best path so far, a chart of nodes per
// algorithm by depth, and each game's exercise. Self-contained: it adds a "Learn" button
// beside the game tabs and reads the position the page saved for each game.

import { el as svg, svgRoot } from './svg.js';

const GAMES = [
  { id: 'tictactoe', name: 'Tic-tac-toe' },
  { id: 'gomoku', name: 'Gomoku' },
  { id: 'xiangqi', name: 'Xiangqi' },
];
const DEFAULTS = {
  tictactoe: { depth: 2, top: 0, maxDepth: 9, countsDepth: 6 },
  gomoku: { depth: 2, top: 3, maxDepth: 4, countsDepth: 4 },
  xiangqi: { depth: 2, top: 3, maxDepth: 4, countsDepth: 4 },
};
const ALGORITHMS = [
  ['alphabeta', 'alpha-beta'], ['minimax', 'minimax'], ['negamax', 'negamax'], ['pvs', 'PVS'],
];
const PLAY_MS = 600;

// Builds an HTML element: h('div', {class: 'x', onclick: f}, child, 'text', …).
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replaces `node`'s children, skipping absent ones (replaceChildren would print "null").
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

async function post(game, what, body) {
  const response = await fetch(`/api/games/${game}/learn/${what}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `request failed (${response.status})`);
  return data;
}

// The position the page keeps for `game` (app.js saves it per game in localStorage).
function savedPosition(game) {
  try {
    const saved = JSON.parse(localStorage.getItem(`qi.${game}`) || 'null') || {};
    const body = { start: saved.start ?? null, moves: Array.isArray(saved.moves) ? saved.moves : [] };
    if (saved.options) body.options = saved.options;
    return body;
  } catch {
    return { start: null, moves: [] };
  }
}

// ---------- small boards for hovering and exercises ----------

function tttBoard(text, { highlight = [], last = null } = {}) {
  const cells = text.replace(/\//g, '').split('');
  const root = svgRoot(90, 90, 'Tic-tac-toe position');
  root.classList.add('lv-mini', 'lv-ttt');
  cells.forEach((c, i) => {
    const x = (i % 3) * 30;
    const y = Math.floor(i / 3) * 30;
    const square = String(i + 1);
    const cls = ['lv-cell', highlight.includes(square) ? 'lv-win' : '', last === square ? 'lv-last' : ''].join(' ');
    root.append(svg('rect', { class: cls, x: x + 1, y: y + 1, width: 28, height: 28, rx: 4, 'data-square': square }));
    if (c === 'x' || c === 'X') {
      root.append(svg('path', { class: 'lv-x', d: `M${x + 8} ${y + 8}L${x + 22} ${y + 22}M${x + 22} ${y + 8}L${x + 8} ${y + 22}` }));
    } else if (c === 'o' || c === 'O') {
      root.append(svg('circle', { class: 'lv-o', cx: x + 15, cy: y + 15, r: 7.5 }));
    } else if (highlight.includes(square)) {
      root.append(svg('text', { class: 'lv-num', x: x + 15, y: y + 19 }, square));
    }
  });
  return root;
}

const XQ_GLYPHS = {
  K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵',
  k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒',
};

function xiangqiBoard(fen) {
  const rows = fen.split(' ')[0].split('/');
  const S = 16;
  const root = svgRoot(9 * S, 10 * S, 'Xiangqi position');
  root.classList.add('lv-mini', 'lv-xq');
  for (let r = 0; r < 10; r++) root.append(svg('line', { class: 'lv-grid', x1: S / 2, x2: 8.5 * S, y1: r * S + S / 2, y2: r * S + S / 2 }));
  for (let f = 0; f < 9; f++) root.append(svg('line', { class: 'lv-grid', x1: f * S + S / 2, x2: f * S + S / 2, y1: S / 2, y2: 9.5 * S }));
  rows.forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { f += Number(ch); continue; }
      const red = ch === ch.toUpperCase();
      const cx = f * S + S / 2;
      const cy = r * S + S / 2;
      root.append(svg('circle', { class: `lv-piece ${red ? 'lv-red' : 'lv-black'}`, cx, cy, r: S * 0.45 }));
      root.append(svg('text', { class: `lv-glyph ${red ? 'lv-red' : 'lv-black'}`, x: cx, y: cy + 4 }, XQ_GLYPHS[ch] || ch));
      f++;
    }
  });
  return root;
}

// Gomoku points like `h8`: column letter a.., row number 1 at the bottom.
function gomokuXY(point, size) {
  const x = point.charCodeAt(0) - 97;
  const y = Number(point.slice(1)) - 1;
  return [x, size - 1 - y];
}

function gomokuBoard(size, stones, { marks = [], last = null } = {}) {
  const S = Math.max(8, Math.floor(180 / size));
  const root = svgRoot(size * S, size * S, 'Gomoku position');
  root.classList.add('lv-mini', 'lv-gomoku');
  for (let i = 0; i < size; i++) {
    root.append(svg('line', { class: 'lv-grid', x1: S / 2, x2: size * S - S / 2, y1: i * S + S / 2, y2: i * S + S / 2 }));
    root.append(svg('line', { class: 'lv-grid', y1: S / 2, y2: size * S - S / 2, x1: i * S + S / 2, x2: i * S + S / 2 }));
  }
  for (const m of marks) {
    const [x, y] = gomokuXY(m.point, size);
    root.append(svg('rect', { class: `lv-mark ${m.cls || ''}`, x: x * S + 1, y: y * S + 1, width: S - 2, height: S - 2, rx: 2 }));
  }
  for (const s of stones) {
    const [x, y] = gomokuXY(s.point, size);
    const cls = `lv-stone lv-${s.color}${s.point === last ? ' lv-last' : ''}`;
    root.append(svg('circle', { class: cls, cx: x * S + S / 2, cy: y * S + S / 2, r: S * 0.42 }));
  }
  return root;
}

// ---------- the view ----------

const view = {
  root: null,
  game: 'tictactoe',
  position: null,    // the request body of the position shown
  data: null,        // the tree answer
  step: -1,          // step-through: the last node visited (-1: not stepping)
  timer: null,
  rows: [],          // per node: its row element
  ends: [],          // per node: the id of its last descendant
  children: [],      // per node: its children's ids
  hoverId: null,
};

const $ = (sel) => view.root.querySelector(sel);

function build() {
  const gameButtons = GAMES.map((g) => h('button', {
    class: 'lv-game', 'data-game': g.id, type: 'button', onclick: () => choose(g.id),
  }, g.name));
  view.root = h('div', { id: 'learn', class: 'lv', role: 'dialog', 'aria-label': 'Learn: how the engine searches', hidden: true },
    h('div', { class: 'lv-panel' },
      h('header', { class: 'lv-head' },
        h('h2', {}, 'Learn: how the engine searches'),
        h('nav', { class: 'lv-games', 'aria-label': 'Game to learn with' }, gameButtons),
        h('a', { class: 'lv-tutorial', href: '/assets/tutorial.md', target: '_blank', rel: 'noopener' }, 'Tutorial'),
        h('button', { class: 'btn lv-close', type: 'button', 'aria-label': 'Close', onclick: close }, '✕')),
      h('div', { class: 'lv-controls' },
        h('span', { class: 'lv-position' }),
        h('label', {}, 'Depth ', h('input', { class: 'lv-depth', type: 'number', min: 1, max: 9, value: 2 })),
        h('label', {}, 'Algorithm ', h('select', { class: 'lv-algo' }, ALGORITHMS.map(([id, name]) => h('option', { value: id }, name)))),
        h('label', {}, h('input', { class: 'lv-ordering', type: 'checkbox' }), ' ordering'),
        h('label', { class: 'lv-top-field' }, 'Moves per node ', h('input', { class: 'lv-top', type: 'number', min: 1, max: 8, value: 3 })),
        h('button', { class: 'btn primary lv-run', type: 'button', onclick: () => load() }, 'Search'),
        h('button', { class: 'btn lv-empty', type: 'button', onclick: () => load({ start: null, moves: [] }) }, 'From the start')),
      h('div', { class: 'lv-error', role: 'alert', hidden: true }),
      h('div', { class: 'lv-body' },
        h('section', { class: 'lv-tree-card', 'aria-label': 'Search tree' },
          h('div', { class: 'lv-summary' }),
          h('div', { class: 'lv-stepper' },
            h('button', { class: 'btn small lv-prev', type: 'button', onclick: () => stepBy(-1) }, '◀ Previous'),
            h('button', { class: 'btn small lv-next', type: 'button', onclick: () => stepBy(1) }, 'Next ▶'),
            h('button', { class: 'btn small lv-play', type: 'button', onclick: togglePlay }, 'Play'),
            h('button', { class: 'btn small lv-all', type: 'button', onclick: () => setStep(-1) }, 'Whole tree'),
            h('span', { class: 'lv-step-text', 'aria-live': 'polite' })),
          h('div', { class: 'lv-tree', role: 'tree' })),
        h('aside', { class: 'lv-side' },
          h('section', { class: 'lv-card lv-hover' }, h('h3', {}, 'Node'), h('div', { class: 'lv-hover-body' }, 'Hover over a node to see its board, window, value and bound.')),
          h('section', { class: 'lv-card lv-chart-card' }, h('h3', {}, 'Nodes visited per algorithm'), h('div', { class: 'lv-chart' })),
          h('section', { class: 'lv-card lv-exercise' }, h('h3', {}, 'Exercise'), h('div', { class: 'lv-exercise-body' })))),
      h('details', { class: 'lv-legend' }, h('summary', {}, 'Legend'), h('ul', { class: 'lv-legend-list' }))));
  document.body.append(view.root);
  view.root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') { stepBy(1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { stepBy(-1); e.preventDefault(); }
  });
}

function open() {
  if (!view.root) build();
  view.root.hidden = false;
  document.body.classList.add('lv-locked');
  const current = document.body.dataset.game;
  choose(GAMES.some((g) => g.id === current) ? current : view.game);
}

function close() {
  stopPlay();
  view.root.hidden = true;
  document.body.classList.remove('lv-locked');
}

function choose(game) {
  view.game = game;
  for (const b of view.root.querySelectorAll('.lv-game')) b.setAttribute('aria-pressed', String(b.dataset.game === game));
  const d = DEFAULTS[game];
  $('.lv-depth').max = d.maxDepth;
  $('.lv-depth').value = d.depth;
  $('.lv-top-field').hidden = d.top === 0;
  $('.lv-top').value = d.top || 3;
  load(savedPosition(game));
}

function showError(message) {
  const box = $('.lv-error');
  box.textContent = message || '';
  box.hidden = !message;
}

// Loads the tree, the counts and the exercise of `position` (default: the one shown).
async function load(position) {
  stopPlay();
  if (position) view.position = position;
  const game = view.game;
  const d = DEFAULTS[game];
  const body = {
    ...view.position,
    depth: Number($('.lv-depth').value) || d.depth,
    algorithm: $('.lv-algo').value,
    ordering: $('.lv-ordering').checked,
  };
  if (d.top) body.top = Number($('.lv-top').value) || d.top;
  const moves = view.position.moves.length;
  $('.lv-position').textContent = `${moves ? `after ${moves} move${moves === 1 ? '' : 's'}` : 'start position'}${view.position.start ? ' (from a set-up board)' : ''}`;
  showError('');
  view.root.dataset.state = 'loading';
  const countsBody = { ...view.position, depth: Math.min(d.countsDepth, Math.max(body.depth, game === 'tictactoe' ? 6 : 3)) };
  if (d.top) countsBody.top = body.top;
  const [tree, counts, exercise] = await Promise.allSettled([
    post(game, 'tree', body), post(game, 'counts', countsBody), post(game, 'exercise', view.position),
  ]);
  if (game !== view.game) return;
  view.root.dataset.state = 'ready';
  const errors = [tree, counts, exercise].filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  showError([...new Set(errors)].join(' · '));
  if (tree.status === 'fulfilled') renderTree(tree.value); else clearTree();
  if (counts.status === 'fulfilled') renderChart(counts.value); else $('.lv-chart').replaceChildren();
  if (exercise.status === 'fulfilled') renderExercise(exercise.value); else $('.lv-exercise-body').replaceChildren();
}

function clearTree() {
  view.data = null;
  view.rows = [];
  $('.lv-tree').replaceChildren();
  $('.lv-summary').textContent = '';
  $('.lv-step-text').textContent = '';
}

// ---------- the tree ----------

function renderTree(data) {
  view.data = data;
  const nodes = data.nodes;
  view.children = nodes.map(() => []);
  for (const n of nodes) if (n.parent !== null) view.children[n.parent].push(n.id);
  view.ends = nodes.map((n) => n.id);
  for (let i = nodes.length - 1; i > 0; i--) {
    const p = nodes[i].parent;
    view.ends[p] = Math.max(view.ends[p], view.ends[i]);
  }
  const best = data.best ? `${data.best.text} (${data.value_text})` : '–';
  const restriction = data.top ? `, ${data.top} moves per node` : '';
  $('.lv-summary').replaceChildren(
    h('strong', {}, `${data.algorithm}${data.ordering ? ' (ordered)' : ''} to depth ${data.depth}${restriction}`),
    ` · ${data.max_player} is MAX · best ${best} · `,
    h('span', { class: 'lv-count' }, `${data.tree.nodes} nodes, ${data.tree.leaves} leaves, ${data.tree.cutoffs} cutoffs`),
    ` (the search counted ${data.stats.nodes})`);
  $('.lv-legend-list').replaceChildren(...data.legend.map((line) => h('li', {}, line)));
  view.rows = [];
  const list = h('ul', { class: 'lv-list', role: 'group' }, buildNode(0));
  $('.lv-tree').replaceChildren(list);
  setStep(-1);
}

function buildNode(id) {
  const n = view.data.nodes[id];
  const kids = view.children[id];
  const toggle = h('button', {
    class: 'lv-toggle', type: 'button', 'aria-label': 'Expand or collapse', hidden: kids.length === 0 && n.pruned.length === 0,
    onclick: (e) => { e.stopPropagation(); li.classList.toggle('lv-collapsed'); },
  }, '');
  const pass = n.pass ? h('span', { class: 'lv-pass' }, n.pass) : null;
  const window = n.window ? h('span', { class: 'lv-window' }, n.window) : null;
  const note = n.note ? h('span', { class: 'lv-note' }, n.note) : null;
  const row = h('div', {
    class: `lv-node lv-${n.role.toLowerCase()}${n.cutoff ? ' lv-cut' : ''}`, 'data-id': id, role: 'treeitem', tabindex: -1,
    onmouseenter: () => showNode(id), onfocus: () => showNode(id), onclick: () => showNode(id),
  }, toggle, h('span', { class: 'lv-name' }, n.name), pass, window, h('span', { class: 'lv-value' }, `= ${n.value_text}`), note);
  view.rows[id] = row;
  const li = h('li', { class: 'lv-item', 'data-id': id }, row);
  if (kids.length || n.pruned.length) {
    const ul = h('ul', { class: 'lv-list', role: 'group' }, kids.map(buildNode));
    if (n.pruned.length) {
      ul.append(h('li', { class: 'lv-pruned', 'data-id': id, title: `never searched: ${n.reason}` },
        `✂ pruned (${n.reason}): ${n.pruned.map((p) => p.text).join(', ')}`));
    }
    li.append(ul);
  }
  // Deep, wide trees open collapsed below the second ply so the first view stays readable.
  if (n.ply >= 2 && kids.length) li.classList.add('lv-collapsed');
  return li;
}

// The board a node shows: given by the server (tic-tac-toe, Xiangqi) or replayed (gomoku).
function nodeBoard(id) {
  const n = view.data.nodes[id];
  if (view.game === 'tictactoe') return tttBoard(n.board, { last: n.move });
  if (view.game === 'xiangqi') return xiangqiBoard(n.board);
  const path = [];
  for (let i = id; view.data.nodes[i].parent !== null; i = view.data.nodes[i].parent) path.unshift(view.data.nodes[i].move);
  const root = view.data.root;
  const first = root.stones.length % 2 === 0 ? 'black' : 'white';
  const stones = [...root.stones, ...path.map((p, k) => ({ point: p, color: (k % 2 === 0) === (first === 'black') ? 'black' : 'white' }))];
  return gomokuBoard(root.size, stones, { last: n.move });
}

const fmt = (v) => (v === null ? '∞' : v > 0 ? `+${v}` : String(v));

function showNode(id) {
  if (!view.data) return;
  view.hoverId = id;
  const n = view.data.nodes[id];
  const alpha = n.alpha === null ? '−∞' : fmt(n.alpha);
  const beta = n.beta === null ? '+∞' : fmt(n.beta);
  const facts = h('dl', { class: 'lv-facts' },
    h('dt', {}, 'node'), h('dd', {}, `${n.name}${n.pass ? ` ${n.pass}` : ''}, ply ${n.ply}`),
    h('dt', {}, 'window on entry'), h('dd', { class: 'lv-facts-window' }, `[α ${alpha}, β ${beta}]`),
    h('dt', {}, 'backed-up value'), h('dd', {}, n.value_text),
    h('dt', {}, 'bound'), h('dd', { class: 'lv-facts-bound' }, `${n.bound} (${n.reason})`),
    n.note ? [h('dt', {}, 'why'), h('dd', {}, n.note)] : null,
    n.pruned.length ? [h('dt', {}, 'pruned'), h('dd', {}, n.pruned.map((p) => p.text).join(', '))] : null);
  fill($('.lv-hover-body'), nodeBoard(id), facts);
}

// ---------- step-through ----------

// The best line known after visiting nodes 0..step: from the root, at each node the best
// finished child for its role (MAX the largest value, MIN the smallest), else the child
// being searched.
function bestPath(step) {
  const path = [0];
  let id = 0;
  for (;;) {
    const kids = view.children[id].filter((c) => c <= step);
    if (!kids.length) break;
    const done = kids.filter((c) => view.ends[c] <= step);
    const open = kids.find((c) => view.ends[c] > step);
    let next = open;
    if (next === undefined && done.length) {
      const max = view.data.nodes[id].role === 'MAX';
      next = done.reduce((a, b) => {
        const va = view.data.nodes[a].value;
        const vb = view.data.nodes[b].value;
        return (max ? vb > va : vb < va) ? b : a;
      });
    }
    if (next === undefined) break;
    path.push(next);
    id = next;
  }
  return path;
}

function setStep(step) {
  if (!view.data) return;
  const nodes = view.data.nodes;
  view.step = Math.max(-1, Math.min(step, nodes.length - 1));
  const stepping = view.step >= 0;
  view.root.classList.toggle('lv-stepping', stepping);
  const current = view.step;
  const onPath = new Set(stepping ? bestPath(current) : []);
  const ancestors = new Set();
  if (stepping) for (let i = current; i !== null; i = nodes[i].parent) ancestors.add(i);
  for (let i = 0; i < nodes.length; i++) {
    const row = view.rows[i];
    row.classList.toggle('lv-pending', stepping && i > current);
    row.classList.toggle('lv-current', stepping && i === current);
    row.classList.toggle('lv-path', onPath.has(i));
    row.classList.toggle('lv-ancestor', ancestors.has(i));
    // A node's value and pruned moves are known once its subtree is done.
    row.classList.toggle('lv-unfinished', stepping && i <= current && view.ends[i] > current);
    if (stepping && ancestors.has(i)) row.parentElement.classList.remove('lv-collapsed');
  }
  for (const p of view.root.querySelectorAll('.lv-pruned')) {
    p.classList.toggle('lv-pending', stepping && view.ends[Number(p.dataset.id)] > current);
  }
  const text = $('.lv-step-text');
  if (!stepping) {
    text.textContent = `${nodes.length} nodes · Next steps through them in the order the search visits them`;
    return;
  }
  const n = nodes[current];
  const finished = [];
  for (const id of ancestors) if (view.ends[id] === current && nodes[id].cutoff) finished.push(nodes[id]);
  const cut = finished.length ? ` — ${finished.map((c) => `${c.name}: ${c.reason}, ${c.pruned.map((p) => p.text).join(', ')} pruned`).join('; ')}` : '';
  text.textContent = `step ${current + 1}/${nodes.length}: ${n.name} ${n.window || '[α −∞, β +∞]'}${cut}`;
  scrollToRow(view.rows[current]);
  showNode(current);
}

// Keeps `row` in sight inside the tree's own scroll box (scrollIntoView would also scroll
// the page behind the view).
function scrollToRow(row) {
  const box = $('.lv-tree');
  const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  if (top < box.scrollTop) box.scrollTop = top - 8;
  else if (top + row.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + row.offsetHeight - box.clientHeight + 8;
}

function stepBy(delta) {
  if (!view.data) return;
  setStep(view.step < 0 ? (delta > 0 ? 0 : view.data.nodes.length - 1) : view.step + delta);
}

function stopPlay() {
  if (view.timer) clearInterval(view.timer);
  view.timer = null;
  if (view.root) $('.lv-play').textContent = 'Play';
}

function togglePlay() {
  if (view.timer) { stopPlay(); return; }
  if (!view.data) return;
  if (view.step >= view.data.nodes.length - 1) setStep(-1);
  $('.lv-play').textContent = 'Pause';
  view.timer = setInterval(() => {
    if (view.step >= view.data.nodes.length - 1) { stopPlay(); return; }
    stepBy(1);
  }, PLAY_MS);
}

// ---------- chart ----------

const SERIES_COLORS = ['#8b949e', '#2f6fdf', '#1a7f37', '#bf8700', '#a371f7'];

function renderChart(counts) {
  const depths = counts.depths;
  const names = depths[0].rows.map((r) => r.name);
  const W = 320;
  const H = 190;
  const L = 46;
  const B = 24;
  const all = depths.flatMap((d) => d.rows.filter((r) => r.complete).map((r) => r.nodes));
  const maxLog = Math.max(1, Math.ceil(Math.log10(Math.max(...all, 10))));
  const x = (i) => L + (depths.length === 1 ? (W - L) / 2 : (i * (W - L - 12)) / (depths.length - 1));
  const y = (v) => H - B - (Math.log10(Math.max(v, 1)) / maxLog) * (H - B - 10);
  const chart = svgRoot(W, H, 'Nodes visited per algorithm by depth, log scale');
  chart.classList.add('lv-chart-svg');
  for (let p = 0; p <= maxLog; p++) {
    chart.append(svg('line', { class: 'lv-axis', x1: L, x2: W, y1: y(10 ** p), y2: y(10 ** p) }));
    chart.append(svg('text', { class: 'lv-tick', x: L - 4, y: y(10 ** p) + 4, 'text-anchor': 'end' }, p < 4 ? String(10 ** p) : `1e${p}`));
  }
  depths.forEach((d, i) => chart.append(svg('text', { class: 'lv-tick', x: x(i), y: H - 6, 'text-anchor': 'middle' }, `d${d.depth}`)));
  names.forEach((name, s) => {
    const pts = depths.map((d, i) => (d.rows[s].complete ? `${x(i)},${y(d.rows[s].nodes)}` : null)).filter(Boolean);
    chart.append(svg('polyline', { class: 'lv-series', points: pts.join(' '), stroke: SERIES_COLORS[s], 'data-name': name }));
    depths.forEach((d, i) => {
      if (!d.rows[s].complete) return;
      chart.append(svg('circle', { cx: x(i), cy: y(d.rows[s].nodes), r: 2.5, fill: SERIES_COLORS[s] },
        svg('title', {}, `${name}, depth ${d.depth}: ${d.rows[s].nodes} nodes`)));
    });
  });
  const last = depths[depths.length - 1];
  const base = last.rows[0].complete ? last.rows[0].nodes : null;
  const table = h('table', { class: 'lv-table' },
    h('thead', {}, h('tr', {}, h('th', {}, 'algorithm'), ...depths.map((d) => h('th', {}, `d${d.depth}`)), h('th', {}, 'of minimax'))),
    h('tbody', {}, names.map((name, s) => h('tr', {},
      h('td', {}, h('span', { class: 'lv-swatch', style: `background:${SERIES_COLORS[s]}` }), name),
      ...depths.map((d) => h('td', { class: 'lv-num-cell' }, d.rows[s].complete ? d.rows[s].nodes.toLocaleString('en') : '>1M')),
      h('td', { class: 'lv-num-cell' }, base && last.rows[s].complete ? `${((100 * last.rows[s].nodes) / base).toFixed(1)}%` : '—')))));
  const note = counts.top ? h('p', { class: 'lv-small' }, `Each node keeps its best ${counts.top} moves, as in the tree.`) : null;
  fill($('.lv-chart'), chart, table, note);
}

// ---------- exercises ----------

function renderExercise(ex) {
  const body = $('.lv-exercise-body');
  if (ex.kind === 'forced_wins') {
    const wins = ex.winning;
    const board = tttBoard(view.data ? view.data.root : (view.position.start || '.../.../...'), { highlight: wins });
    const results = h('ul', { class: 'lv-results' }, ex.moves.map((m) => h('li', { class: `lv-r-${m.result}` },
      `${ex.mover} ${m.move}: ${m.result}${m.plies ? ` in ${m.plies}` : ''}`)));
    fill(body, h('p', {}, ex.question), board,
      h('p', { class: 'lv-answer' }, wins.length ? `Forced wins: ${wins.join(', ')} (highlighted).` : 'No move forces a win here.'),
      results);
  } else if (ex.kind === 'shapes') {
    const shapeTable = h('table', { class: 'lv-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'shape on one line'), h('th', {}, 'value'), h('th', {}, 'eval, to move'), h('th', {}, 'eval, waiting'), h('th', {}, 'threat'))),
      h('tbody', {}, ex.table.map((r) => h('tr', {}, h('td', {}, r.shape), h('td', { class: 'lv-num-cell' }, r.value), h('td', { class: 'lv-num-cell' }, r.to_move), h('td', { class: 'lv-num-cell' }, r.waiting), h('td', {}, r.threat))),
        ex.combinations.map((c) => h('tr', { class: 'lv-combo' }, h('td', {}, c.combination), h('td', { class: 'lv-num-cell' }, `${c.value} (+${c.bonus})`), h('td', { class: 'lv-num-cell' }, c.to_move), h('td', { class: 'lv-num-cell' }, c.waiting), h('td', {}, c.threat)))));
    const sides = ex.sides.map((s) => h('div', { class: 'lv-side-shapes' },
      h('strong', {}, s.side === 'black' ? 'Black' : 'White'), ': ',
      s.counts.length ? s.counts.map((c) => `${c.count}× ${c.shape}`).join(', ') : 'no shapes yet',
      s.best_points.length ? h('div', { class: 'lv-small' }, 'best points: ', s.best_points.slice(0, 5).map((p) => `${p.point} (${p.shapes.join(' + ')}, ${p.value})`).join(', ')) : null));
    const root = view.data && view.data.root;
    const marks = ex.sides.flatMap((s) => s.best_points.slice(0, 5).map((p) => ({ point: p.point, cls: `lv-mark-${s.side}` })));
    const board = root ? gomokuBoard(root.size, root.stones, { marks }) : null;
    fill(body, h('p', {}, `${ex.question} A stone's value sums its shapes on the four lines; combinations earn a bonus. The value orders moves; the evaluation sums every empty point's eval value, with one table for the side to move and one for the side waiting (tuned from games), and subtracts the waiting side's sum from the mover's. Evaluation now: ${ex.evaluation} for the side to move.`),
      shapeTable, board, ...sides);
  } else if (ex.kind === 'terms') {
    const v = ex.red_view;
    const bar = (label, value) => h('div', { class: 'lv-term' }, h('span', {}, label),
      h('span', { class: `lv-bar ${value >= 0 ? 'lv-pos' : 'lv-neg'}`, style: `width:${Math.min(100, Math.abs(value) / 4)}px` }),
      h('span', { class: 'lv-num-cell' }, value > 0 ? `+${value}` : value));
    const material = h('table', { class: 'lv-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'piece'), h('th', {}, 'middle'), h('th', {}, 'end'), h('th', {}, 'Red'), h('th', {}, 'Black'))),
      h('tbody', {}, ex.material_table.map((r) => h('tr', {}, h('td', {}, r.piece), h('td', { class: 'lv-num-cell' }, r.middle_game),
        h('td', { class: 'lv-num-cell' }, r.end_game), h('td', { class: 'lv-num-cell' }, r.red), h('td', { class: 'lv-num-cell' }, r.black)))));
    fill(body, h('p', {}, `${ex.question} From Red's view (phase ${ex.phase}/${ex.max_phase}: middle game at ${ex.max_phase}):`),
      bar('material', v.material), bar('piece-square', v.piece_square), bar('the rest', v.rest), bar('total', v.total),
      v.scaled_down ? h('p', { class: 'lv-small' }, 'Scaled down: the side ahead has no attacking piece left.') : null,
      material, h('p', { class: 'lv-small' }, ex.text));
  }
}

// ---------- the button ----------

function install() {
  const button = h('button', { id: 'learn-open', class: 'btn lv-open', type: 'button', onclick: open }, 'Learn');
  const bar = document.querySelector('.topbar');
  if (bar) bar.append(button); else document.body.prepend(button);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
else install();
