// The page: game tabs, setup, the board of the chosen game, the engine panel, the move
// list and records. Game-specific drawing lives in one module per game (tictactoe.js,
// gomoku.js, xiangqi.js); each exports `createBoard(container, {onMove})` returning
// `{render(pos, view)}` and a `features` object saying which buttons make sense for it
// (`flip`, `resign`), the level hints are searched at (`hintLevel`) and the evaluation
// bar's colours (`evalColors`). Games with options (gomoku: rule, board size) list them in
// their info; the page offers each as a select and sends the choice with every request.

import * as api from './api.js';
import * as clocks from './clock.js';
import { drawGraph } from './graph.js';
import * as share from './share.js';
import * as sound from './sound.js';
import * as connect4 from './connect4.js';
import * as gomoku from './gomoku.js';
import * as tictactoe from './tictactoe.js';
import * as xiangqi from './xiangqi.js';

// Front-end modules by game id, in the order of the tabs; a game is offered when the
// server has it and it is here.
const MODULES = { tictactoe, connect4, gomoku, xiangqi };
// The level hints are searched at unless the game's module says (xiangqi: 2 s at most).
const HINT_LEVEL = 8;
// Root moves the analysis scores exactly (the server allows 1–5).
const ANALYSIS_LINES = 3;
const $ = (id) => document.getElementById(id);

const state = {
  games: [],          // infos of the games offered
  info: null,         // info of the current game
  module: null,       // its front-end module
  board: null,        // its board object
  start: null,        // start position (null: the usual one)
  options: null,      // the game's options ({rule, size} for gomoku), null when it has none
  moves: [],          // moves played, API notation
  pos: null,          // the server's last position answer
  human: 'first',     // 'first', 'second' or 'both'
  level: 5,
  flipped: false,
  notation: null,
  hint: null,         // a move to highlight
  resigned: null,     // the side that resigned
  searching: null,    // AbortController of the running search
  searchKind: null,   // 'engine' or 'hint'
  generation: 0,      // bumps on every new game/undo so stale answers are ignored
  browse: null,       // while reviewing: the number of moves shown, else null
  browsePos: null,    // the position answer for that earlier moment
  tc: null,           // the time control ({id, baseMs, incMs}), null: no clock
  clock: null,        // the GameClock of the game in progress
  analysing: false,   // analysis mode: the engine analyses, nobody's clock runs
  analysisBest: null, // the analysis' best move, drawn as an arrow
  analysisLines: [],  // the analysis' lines, deepest first
  scores: [],         // per ply: {score, decisive} from the engine (first side's view)
  sound: false,       // move sounds (off until chosen)
  opening: 'none',    // gomoku: 'none', 'swap' or 'swap2' (a page choice, not a server option)
  op: null,           // the swap opening in progress: {rule, stage, until, canPlaceTwo, note}
};

// Openings the gomoku page offers; the server's crate makes the engine's decisions.
const OPENINGS = [
  { id: 'none', name: 'None', description: 'Black plays first, no colour choice' },
  { id: 'swap', name: 'Swap', description: 'Three stones are placed (Black, White, Black), then the other player chooses a colour' },
  { id: 'swap2', name: 'Swap2', description: 'After three stones: take Black, stay White and play, or place two more stones and hand the choice back' },
];

// Files offered by Download, per game: the export to save and the file's extension.
const DOWNLOADS = {
  xiangqi: { format: 'pgn', ext: 'pgn', type: 'application/x-chess-pgn' },
  gomoku: { format: 'sgf', ext: 'sgf', type: 'application/x-go-sgf' },
};

// ---------- persistence (per game, in localStorage) ----------

function saveKey(id) { return `qi.${id}`; }

function save() {
  if (!state.info) return;
  const data = {
    start: state.start, options: state.options, moves: state.moves, human: state.human, level: state.level,
    flipped: state.flipped, notation: state.notation, resigned: state.resigned,
    tc: state.tc, clock: state.clock ? state.clock.snapshot() : null, opening: state.opening,
  };
  try { localStorage.setItem(saveKey(state.info.id), JSON.stringify(data)); } catch { /* private mode */ }
  try { localStorage.setItem('qi.game', state.info.id); } catch { /* private mode */ }
}

function load(id) {
  try { return JSON.parse(localStorage.getItem(saveKey(id)) || 'null'); } catch { return null; }
}

// ---------- sides ----------

const firstSide = () => state.info.sides[0].id;
const sideName = (id) => (state.info.sides.find((s) => s.id === id) || { name: id }).name;
const humanSides = () => {
  if (state.human === 'both') return state.info.sides.map((s) => s.id);
  return [state.info.sides[state.human === 'first' ? 0 : 1].id];
};
const isHumanTurn = () => state.pos && (state.op ? state.op.stage === 'place'
  : (state.analysing || humanSides().includes(state.pos.to_move)));
const flagged = () => (state.clock ? state.clock.flagged : null);
const isOver = () => !!(state.pos && (state.pos.status.over || state.resigned || flagged()));

// ---------- status line and overlay ----------

function setStatus(text, kind = '') {
  const el = $('status');
  el.textContent = text;
  el.className = `status ${kind}`.trim();
}

// Why a click on the board was not a move (from the board module), until the next change;
// null puts the usual status back.
function showNotice(text) {
  if (text) setStatus(text, 'notice');
  else updateStatus();
}

function resultFor(winner) {
  if (!winner) return 'Draw';
  if (state.human === 'both') return `${sideName(winner)} wins`;
  return humanSides().includes(winner) ? 'You win!' : 'You lose';
}

function showOutcome() {
  const pos = state.pos;
  let title = null;
  let reason = '';
  if (state.resigned) {
    const winner = state.info.sides.find((s) => s.id !== state.resigned).id;
    title = resultFor(winner);
    reason = `${sideName(state.resigned)} resigned`;
  } else if (flagged()) {
    const winner = state.info.sides.find((s) => s.id !== flagged()).id;
    title = resultFor(winner);
    reason = `${sideName(flagged())} loses on time`;
  } else if (pos.status.over) {
    title = resultFor(pos.status.winner);
    reason = pos.status.message;
  }
  const overlay = $('game-over');
  if (title) {
    $('game-over-title').textContent = title;
    $('game-over-reason').textContent = reason;
    overlay.hidden = false;
    setStatus(`${title} — ${reason}`, 'over');
  } else {
    overlay.hidden = true;
  }
}

function updateStatus() {
  const pos = state.pos;
  if (!pos) return;
  if (state.browse !== null) {
    $('game-over').hidden = true;
    const where = state.browse === 0 ? 'the start' : `move ${state.browse} of ${pos.moves.length}`;
    setStatus(`Reviewing ${where} — ← → to step, Esc or click here to return`, 'review');
    return;
  }
  if (isOver()) { showOutcome(); return; }
  $('game-over').hidden = true;
  renderOpening();
  if (state.op) {
    setStatus(openingStatus());
  } else if (state.analysing) {
    setStatus(`Analysis: ${sideName(pos.to_move)} to move — moves are played by hand for both sides`, pos.check ? 'check' : '');
  } else if (state.searching && state.searchKind === 'engine') {
    setStatus(`${sideName(pos.to_move)} (engine) is thinking…`, pos.check ? 'check' : '');
  } else if (pos.check) {
    setStatus(`Check! ${sideName(pos.to_move)} to move`, 'check');
  } else if (isHumanTurn()) {
    setStatus(state.human === 'both' ? pos.status.message : `Your move (${sideName(pos.to_move)})`);
  } else {
    setStatus(pos.status.message);
  }
}

// ---------- engine panel and evaluation bar ----------

// The score from the first side's view (as the evaluation bar shows it): `+0.35`, or who
// wins in how many plies.
function formatScore(data) {
  if (data.score_first === undefined || data.score_first === null) return '–';
  const s = data.score_first;
  if (data.decisive) {
    const plies = (String(data.score_text).match(/\d+/) || [''])[0];
    const winner = s > 0 ? state.info.sides[0] : state.info.sides[1];
    return `${winner.name} wins${plies ? ` in ${plies}` : ''}`;
  }
  const scale = state.info.eval_scale || 100;
  const text = scale >= 100 ? (s / 100).toFixed(2) : String(s);
  return s > 0 ? `+${text}` : text;
}

function setEngine(title, data = {}) {
  $('engine-title').textContent = title;
  $('score-label').textContent = `Score (${state.info.sides[0].name})`;
  $('info-depth').textContent = data.depth ?? '–';
  $('info-score').textContent = formatScore(data);
  $('info-nodes').textContent = data.nodes !== undefined ? Number(data.nodes).toLocaleString('en') : '–';
  // The line in ICCS when that notation is chosen, else as the engine wrote it for people.
  const pv = state.notation === 'iccs' && Array.isArray(data.pv) ? data.pv.join(' ') : data.pv_text;
  $('info-pv').textContent = pv || (data.notation ?? '–');
}

function setEval(data) {
  const bar = $('eval-bar');
  if (!data || data.score_first === undefined) {
    $('eval-fill').style.height = '50%';
    $('eval-label').textContent = '0.0';
    return;
  }
  const scale = state.info.eval_scale || 100;
  const s = data.score_first;
  const share = data.decisive ? (s > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(s / (2 * scale));
  $('eval-fill').style.height = `${Math.round(share * 100)}%`;
  const label = data.decisive
    ? (s > 0 ? `${sideName(firstSide())}` : `${sideName(state.info.sides[1].id)}`)
    : (scale >= 100 ? (Math.abs(s) < 5 ? '0.0' : (s / 100).toFixed(1)) : String(s));
  $('eval-label').textContent = label;
  bar.title = `Evaluation for ${sideName(firstSide())}: ${data.score_text ?? s}`;
}

// ---------- move list ----------

function renderMoves() {
  const list = $('moves');
  list.replaceChildren();
  const moves = state.pos ? state.pos.moves : [];
  if (!moves.length) {
    const li = document.createElement('li');
    li.innerHTML = '<span class="empty">No moves yet</span>';
    list.append(li);
    return;
  }
  const offset = moves[0].side === firstSide() ? 0 : 1;
  const cells = Array(offset).fill(null).concat(moves);
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (const [j, m] of [cells[i], cells[i + 1]].entries()) {
      const span = document.createElement('span');
      span.className = 'mv';
      if (m) {
        const index = i + j - offset;
        span.textContent = m.notation[state.notation] ?? m.move;
        span.title = 'Show the position after this move';
        span.classList.add('clickable');
        if (index === moves.length - 1) span.classList.add('last');
        if (state.browse === index + 1) span.classList.add('viewing');
        span.addEventListener('click', () => browse(index + 1));
      } else if (i + j < offset) {
        span.textContent = '…';
      }
      li.append(span);
    }
    list.append(li);
  }
  if (state.browse === null) list.scrollTop = list.scrollHeight;
}

function renderNotationToggle() {
  const box = $('notation-toggle');
  box.replaceChildren();
  const notations = state.info.notations || [];
  if (notations.length < 2) return;
  for (const n of notations) {
    const b = document.createElement('button');
    b.textContent = n.name;
    b.dataset.notation = n.id;
    b.setAttribute('aria-pressed', String(n.id === state.notation));
    b.addEventListener('click', () => { state.notation = n.id; save(); renderNotationToggle(); renderMoves(); });
    box.append(b);
  }
}

// ---------- records ----------

function renderExport() {
  const format = $('export-format').value;
  $('export-text').value = state.pos ? (state.pos.exports[format] ?? '') : '';
}

function fillFormats() {
  const fill = (select, formats) => {
    select.replaceChildren(...formats.map((f) => new Option(f.name, f.id)));
  };
  fill($('export-format'), state.info.export_formats || []);
  fill($('import-format'), state.info.import_formats || []);
  $('import-error').hidden = true;
  $('import-text').value = '';
}

// ---------- game options ----------

// Whether a change that starts a new game may discard the current one: asks when moves
// have been played in a game still going on.
function mayDiscardGame(what) {
  if (!state.moves.length || isOver()) return true;
  return window.confirm(`${what} starts a new game. Discard the game in progress (${state.moves.length} ${state.moves.length === 1 ? 'move' : 'moves'})?`);
}

// The body of a position or search request for the game after `moves`.
function gameRequest(moves) {
  const body = { start: state.start, moves };
  if (state.options) body.options = state.options;
  return body;
}

// The options of the current game: a saved choice when the game still offers it, else the
// default of each.
function initialOptions(info, saved) {
  const specs = info.options || [];
  if (!specs.length) return null;
  const options = {};
  for (const spec of specs) {
    const wanted = saved && saved[spec.id];
    const ok = (spec.values || []).some((v) => String(v.id) === String(wanted))
      || (typeof wanted === 'number' && spec.min !== undefined && wanted >= spec.min && wanted <= spec.max);
    options[spec.id] = ok ? wanted : spec.default;
  }
  return options;
}

// One select per option; a change starts a new game under the new options.
function renderOptions() {
  const box = $('options-field');
  box.replaceChildren();
  const specs = state.info.options || [];
  if (!specs.length || !state.options) return;
  const row = document.createElement('div');
  row.className = 'field-row';
  row.style.marginBottom = '0';
  for (const spec of specs) {
    const label = document.createElement('label');
    label.className = 'field';
    const name = document.createElement('span');
    name.className = 'field-label';
    name.textContent = spec.name;
    const select = document.createElement('select');
    select.id = `option-${spec.id}`;
    const values = [...(spec.values || [])];
    const current = state.options[spec.id];
    // An imported size the list does not offer is shown too.
    if (!values.some((v) => String(v.id) === String(current))) {
      values.push({ id: current, name: typeof current === 'number' ? `${current}×${current}` : String(current) });
    }
    for (const v of values) {
      const option = new Option(v.name, String(v.id));
      if (v.description) option.title = v.description;
      select.append(option);
    }
    const chosen = values.find((v) => String(v.id) === String(current));
    select.title = chosen && chosen.description ? chosen.description : '';
    select.value = String(current);
    select.addEventListener('change', () => {
      if (!mayDiscardGame(`Changing the ${spec.name.toLowerCase()}`)) {
        select.value = String(state.options[spec.id]);
        return;
      }
      const number = typeof spec.default === 'number';
      state.options = { ...state.options, [spec.id]: number ? Number(select.value) : select.value };
      newGame(false);
    });
    label.append(name, select);
    row.append(label);
  }
  box.append(row);
  // The opening gets its own row: three selects side by side would cut their names short.
  if (state.info.id === 'gomoku') {
    row.style.marginBottom = '';
    const second = document.createElement('div');
    second.className = 'field-row';
    second.style.marginBottom = '0';
    second.append(openingSelect());
    box.append(second);
  }
}

// The gomoku opening choice (none, swap, swap2); a change starts a new game.
function openingSelect() {
  const label = document.createElement('label');
  label.className = 'field';
  const name = document.createElement('span');
  name.className = 'field-label';
  name.textContent = 'Opening';
  const select = document.createElement('select');
  select.id = 'option-opening';
  for (const o of OPENINGS) {
    const option = new Option(o.name, o.id);
    option.title = o.description;
    select.append(option);
  }
  select.value = state.opening;
  select.title = (OPENINGS.find((o) => o.id === state.opening) || {}).description || '';
  select.addEventListener('change', () => {
    if (!mayDiscardGame('Changing the opening')) {
      select.value = state.opening;
      return;
    }
    state.opening = select.value;
    select.title = (OPENINGS.find((o) => o.id === state.opening) || {}).description || '';
    newGame(false);
  });
  label.append(name, select);
  return label;
}

// The evaluation bar's colours: the first side's fill and the second side's ground.
function applyEvalColors() {
  const colors = (state.module.features || {}).evalColors;
  $('eval-fill').style.background = colors ? colors.first : '';
  $('eval-bar').style.background = colors ? colors.second : '';
}

// ---------- rendering ----------

function render() {
  if (!state.pos) return;
  const reviewing = state.browse !== null && state.browsePos;
  const interactive = !reviewing && !isOver() && isHumanTurn()
    && !(state.searching && state.searchKind === 'engine');
  $('eval-bar').classList.toggle('flipped', !!state.flipped);
  const shownHint = state.analysing ? state.analysisBest : (reviewing ? null : state.hint);
  state.board.render(reviewing ? state.browsePos : state.pos, {
    interactive, flipped: state.flipped, hint: shownHint, humanSides: humanSides(),
  });
  syncClock();
  renderClocks();
  renderTray(reviewing ? state.browsePos : state.pos);
  renderShareLink();
  renderGraph();
  renderMoves();
  renderExport();
  updateStatus();
  const f = state.module.features || {};
  $('undo').disabled = state.moves.length === 0 || !!flagged() || !!state.op;
  $('undo').title = flagged() ? 'The game was lost on time: start a new game' : '';
  $('hint').disabled = isOver() || !isHumanTurn() || !!state.searching || state.analysing || !!state.op;
  $('flip').hidden = !f.flip;
  $('resign').hidden = !f.resign;
  $('resign').disabled = isOver() || state.human === 'both' || state.moves.length === 0;
}

// Shows the position after the moves so far, from the server. False when a newer game,
// undo or import took over while it was on its way: then nothing is shown, and the caller's
// flow stops there.
async function refresh() {
  const generation = state.generation;
  const pos = await api.position(state.info.id, gameRequest(state.moves));
  if (generation !== state.generation) return false;
  const before = state.pos;
  state.pos = pos;
  if (before && pos.moves.length === before.moves.length + 1) moveSound(before, pos);
  state.scores.length = Math.min(state.scores.length, pos.moves.length + 1);
  state.browse = null;
  state.browsePos = null;
  render();
  save();
  return true;
}

// ---------- searches ----------

function stopSearch() {
  if (state.searching) state.searching.abort();
  state.searching = null;
  state.searchKind = null;
  $('thinking').hidden = true;
}

async function runSearch(kind, level, moves = state.moves) {
  stopSearch();
  const controller = new AbortController();
  const generation = state.generation;
  state.searching = controller;
  state.searchKind = kind;
  $('thinking').hidden = false;
  $('engine-note').hidden = true;
  const title = { hint: 'Looking for a hint…', analysis: 'Analysing…' }[kind] || 'Thinking…';
  setEngine(title);
  render();
  let done = null;
  let lastInfo = null;  // the last iteration's line, kept on the panel after the answer
  const body = { ...gameRequest(moves), level };
  const ply = moves.length;
  // Analysis asks for the best few root moves with exact scores (Xiangqi gives them).
  if (kind === 'analysis') body.lines = ANALYSIS_LINES;
  if (kind === 'engine' && state.clock) {
    const side = state.pos.to_move;
    body.clock = { remaining_ms: Math.max(1, Math.floor(state.clock.left(side))), increment_ms: state.tc.incMs };
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await api.search(state.info.id, body, (name, data) => {
          if (generation !== state.generation) return;
          if (name === 'info') {
            lastInfo = data;
            setEngine(title, data);
            setEval(data);
            recordScore(ply, data);
            if (kind === 'analysis') showAnalysis(data);
          } else if (name === 'done') {
            done = data;
          }
        }, controller.signal);
        break;
      } catch (err) {
        // 429: every search slot is busy; wait a moment and try again.
        if (err instanceof api.ApiError && err.status === 429 && attempt < 20 && !controller.signal.aborted) {
          setEngine('Engine busy, waiting…');
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        throw err;
      }
    }
  } catch (err) {
    if (controller.signal.aborted || generation !== state.generation) return null;
    if (state.searching === controller) stopSearch();
    setEngine('Engine idle');
    render();
    setStatus(err.message, 'error');
    return null;
  }
  if (state.searching !== controller || generation !== state.generation) return null;
  state.searching = null;
  state.searchKind = null;
  $('thinking').hidden = true;
  if (done && done.score !== undefined && !done.note) recordScore(ply, done);
  if (kind === 'analysis') {
    const depth = lastInfo ? lastInfo.depth : 0;
    setEngine(`Analysis: best ${done && done.notation ? done.notation : '–'} (depth ${depth})`, lastInfo || {});
    if (done && Array.isArray(done.alternatives) && done.alternatives.length > 1) showAlternatives(done.alternatives, lastInfo);
    return done;
  }
  if (done && done.best) {
    const who = kind === 'hint' ? 'Hint' : 'Engine played';
    const line = lastInfo && Array.isArray(lastInfo.pv) && lastInfo.pv[0] === done.best
      ? { pv: lastInfo.pv, pv_text: lastInfo.pv_text } : {};
    setEngine(`${who}: ${done.notation}`, { ...done, ...line });
    if (done.score !== undefined) setEval(done);
    if (done.note) {
      $('engine-note').textContent = done.note;
      $('engine-note').hidden = false;
    }
  } else {
    setEngine('Engine idle');
  }
  return done;
}

async function engineTurn() {
  // No position yet: a newer game or undo superseded the request that would have set it,
  // and that newer flow decides whose turn it is once its own position arrives.
  if (!state.pos) return;
  if (state.op) { await openingTurn(); return; }
  if (state.analysing) { render(); analyse(); return; }
  if (isOver() || isHumanTurn() || !state.info.engine) { render(); return; }
  const done = await runSearch('engine', state.level);
  if (!done || !done.best || isOver()) return;
  pressClock();
  state.moves.push(done.best);
  try {
    await refresh();
  } catch (err) {
    state.moves.pop();
    setStatus(err.message, 'error');
  }
}

// ---------- swap openings (gomoku) ----------

// A new gomoku game under swap or swap2 starts with its opening: whoever plays first
// ("You play: Black (first)" means you) places three stones, Black, White, Black, and the
// other chooses a colour. The engine's proposals and choices come from the server.
function startOpening() {
  state.op = null;
  if (state.info.id !== 'gomoku' || state.opening === 'none' || state.human === 'both' || state.analysing) return;
  const engineOpens = state.human === 'second';
  state.op = {
    rule: state.opening,
    stage: engineOpens ? 'propose' : 'place',
    until: 3,
    canPlaceTwo: false,
    note: engineOpens ? '' : 'Place three stones: Black, White, Black — then the engine chooses its colour',
  };
}

const colourOf = (n) => (n % 2 === 0 ? 'Black' : 'White');

// Counted from the moves played, not the last position the server sent: right after a new
// game starts, that position is still the old game's until the server answers.
function openingStatus() {
  const op = state.op;
  const n = state.moves.length;
  if (op.stage === 'place') {
    return `${op.rule === 'swap' ? 'Swap' : 'Swap2'} opening: place stone ${n + 1} (${colourOf(n)}) — ${op.until - n} to go`;
  }
  if (op.stage === 'choose') return 'Choose your colour';
  return 'The engine is choosing…';
}

// The opening panel: what happened and, when it is the player's choice, the buttons.
function renderOpening() {
  const panel = $('opening-panel');
  const op = state.op;
  const note = op ? op.note : state.openingNote;
  panel.hidden = !note && !(op && op.stage === 'choose');
  $('opening-text').textContent = note || '';
  const choosing = !!op && op.stage === 'choose';
  $('opening-buttons').hidden = !choosing;
  $('opening-two').hidden = !(choosing && op.canPlaceTwo);
}

// Sets the human's colour after a choice, keeping the "You play" select in step.
function takeColour(colour) {
  state.human = colour === 'black' ? 'first' : 'second';
  $('side').value = state.human;
  state.op = null;
  save();
}

// The engine's part of the opening, or nothing while the player places or chooses.
async function openingTurn() {
  const op = state.op;
  const n = state.moves.length;
  if (op.stage === 'place' && n < op.until) { render(); return; }
  if (op.stage === 'choose' || op.stage === 'engine') { render(); return; }
  const generation = state.generation;
  op.stage = 'engine';
  render();
  $('thinking').hidden = false;
  let answer;
  try {
    answer = await api.opening(state.info.id, { options: state.options, moves: state.moves, opening: op.rule, seed: Math.floor(Math.random() * 1e9) });
  } catch (err) {
    if (generation !== state.generation) return;
    $('thinking').hidden = true;
    state.op = null;
    state.openingNote = `The opening failed (${err.message}); play goes on without it`;
    setStatus(err.message, 'error');
    render();
    return;
  } finally {
    if (generation === state.generation) $('thinking').hidden = true;
  }
  if (generation !== state.generation) return;
  state.moves.push(...answer.moves);
  const note = `${answer.message} (engine's view: ${answer.score_text})`;
  if (answer.choice === 'propose' || answer.choice === 'place_two') {
    op.stage = 'choose';
    op.canPlaceTwo = answer.choice === 'propose' && op.rule === 'swap2';
    op.note = note;
    await refresh();
    return;
  }
  // The engine chose: take_black leaves White (the player) to move; stay_white played.
  takeColour(answer.choice === 'take_black' ? 'white' : 'black');
  state.openingNote = note;
  if (await refresh()) await engineTurn();
}

function wireOpening() {
  $('opening-black').addEventListener('click', async () => {
    state.openingNote = `You took Black after ${state.moves.length} stones`;
    takeColour('black');
    render();
    await engineTurn();
  });
  $('opening-white').addEventListener('click', async () => {
    state.openingNote = `You took White after ${state.moves.length} stones: your move`;
    takeColour('white');
    render();
    await engineTurn();
  });
  $('opening-two').addEventListener('click', () => {
    const op = state.op;
    op.stage = 'place';
    op.until = state.moves.length + 2;
    op.note = 'Place two more stones (White, Black); then the engine chooses its colour';
    render();
  });
}

// ---------- reviewing earlier positions ----------

// Shows the position after `ply` moves (the game goes on underneath); the last ply or null
// returns to the game.
async function browse(ply) {
  if (!state.pos) return;
  const total = state.pos.moves.length;
  if (ply === null || ply >= total || ply < 0) {
    state.browse = null;
    state.browsePos = null;
    render();
    if (state.analysing) analyse();
    return;
  }
  const generation = state.generation;
  const shown = await api.position(state.info.id, gameRequest(state.moves.slice(0, ply)));
  if (generation !== state.generation || state.pos.moves.length !== total) return;
  state.browse = ply;
  state.browsePos = shown;
  render();
  if (state.analysing) analyse();
}

function onKey(event) {
  if (!state.pos || event.target.closest('input, textarea, select')) return;
  const total = state.pos.moves.length;
  const at = state.browse ?? total;
  if (event.key === 'ArrowLeft' && at > 0) browse(at - 1);
  else if (event.key === 'ArrowRight' && state.browse !== null) browse(at + 1);
  else if (event.key === 'Escape' && state.browse !== null) browse(null);
  else return;
  event.preventDefault();
}

// ---------- actions ----------

async function play(move) {
  if (isOver() || !isHumanTurn() || (state.searching && state.searchKind === 'engine')) return;
  if (state.searching) stopSearch();
  state.hint = null;
  pressClock();
  state.moves.push(move);
  let current;
  try {
    current = await refresh();
  } catch (err) {
    state.moves.pop();
    syncClock();
    setStatus(err.message, 'error');
    return;
  }
  if (current) await engineTurn();
}

async function newGame(keepStart = false) {
  stopSearch();
  state.generation++;
  if (!keepStart) state.start = null;
  state.moves = [];
  state.hint = null;
  state.resigned = null;
  state.clock = state.tc ? new clocks.GameClock(state.tc, state.info.sides.map((s) => s.id)) : null;
  state.scores = [];
  state.openingNote = null;
  $('engine-note').hidden = true;
  setEngine('Engine idle');
  setEval(null);
  startOpening();
  // A newer game or undo that started while the position was on its way has its own
  // flow: this one must not move for the engine on a position it no longer owns.
  if (await refresh()) await engineTurn();
}

async function undo() {
  if (flagged()) return;
  stopSearch();
  state.generation++;
  state.hint = null;
  state.resigned = null;
  const mine = humanSides();
  const movers = state.pos ? state.pos.moves.map((m) => m.side) : [];
  // Take back moves until a human's move is taken back (one move when both are human).
  for (;;) {
    state.moves.pop();
    const mover = movers.pop();
    if (state.human === 'both' || !state.moves.length || mine.includes(mover)) break;
  }
  if ((await refresh()) && !isHumanTurn()) await engineTurn();
}

async function hint() {
  if (isOver() || !isHumanTurn() || state.searching) return;
  const level = Math.max(state.level, (state.module.features || {}).hintLevel || HINT_LEVEL);
  const done = await runSearch('hint', level);
  if (done && done.best) {
    state.hint = done.best;
    render();
    setStatus(`Hint: ${done.notation}`);
  } else {
    render();
  }
}

function resign() {
  if (isOver() || state.human === 'both') return;
  stopSearch();
  state.resigned = humanSides()[0];
  save();
  render();
  if (state.sound) sound.play('end');
}

async function importRecord() {
  const errorBox = $('import-error');
  errorBox.hidden = true;
  try {
    const imported = await api.importRecord(state.info.id, {
      format: $('import-format').value, text: $('import-text').value,
      ...(state.options ? { options: state.options } : {}),
    });
    stopSearch();
    state.generation++;
    state.start = imported.start;
    if (state.options && imported.options) {
      state.options = { ...state.options, ...imported.options };
      renderOptions();
    }
    state.moves = imported.moves;
    state.hint = null;
    state.resigned = null;
    state.scores = [];
    state.clock = state.tc ? new clocks.GameClock(state.tc, state.info.sides.map((s) => s.id)) : null;
    $('engine-note').hidden = true;
    setEngine('Engine idle');
    setEval(null);
    if (await refresh()) await engineTurn();
  } catch (err) {
    errorBox.textContent = err.message;
    errorBox.hidden = false;
  }
}

// ---------- clocks ----------

// The side to move has moved: charge its clock and start the other one.
function pressClock() {
  // Clocks start after a swap opening: its stones are placed before colours are settled.
  if (!state.clock || state.analysing || state.op || !state.pos || isOver()) return;
  const mover = state.pos.to_move;
  const next = state.info.sides.find((s) => s.id !== mover).id;
  state.clock.press(mover, next);
}

// Keeps the running clock in step with the game: none runs before the first move, after
// the end, while reviewing with analysis on or in analysis mode; else the side to move's.
function syncClock() {
  const clock = state.clock;
  if (!clock || clock.flagged || !state.pos) return;
  if (isOver() || state.analysing) {
    if (!clock.paused) clock.pause();
  } else if (!state.moves.length || state.op) {
    clock.charge();
    clock.running = null;
  } else if (clock.paused || clock.running !== state.pos.to_move) {
    clock.resume(state.pos.to_move);
  }
}

function renderClocks() {
  const top = $('clock-top');
  const bottom = $('clock-bottom');
  if (!state.clock || !state.info) { top.hidden = true; bottom.hidden = true; return; }
  const [first, second] = state.info.sides.map((s) => s.id);
  const flip = state.flipped && (state.module.features || {}).flip;
  const placement = [[top, flip ? first : second], [bottom, flip ? second : first]];
  for (const [box, side] of placement) {
    const left = state.clock.left(side);
    box.hidden = false;
    box.dataset.side = side;
    box.querySelector('.clock-side').textContent = sideName(side);
    box.querySelector('.clock-time').textContent = clocks.formatTime(left);
    box.classList.toggle('running', state.clock.running === side && !state.clock.paused);
    box.classList.toggle('low', left < 10000);
    box.classList.toggle('flagged', state.clock.flagged === side);
  }
}

// Every tenth of a second: redraw the clocks and end the game when the running one is empty.
function tick() {
  if (!state.clock || !state.pos) return;
  if (!isOver() && state.clock.checkFlag()) {
    stopSearch();
    state.generation++;
    save();
    render();
    if (state.sound) sound.play('end');
    return;
  }
  renderClocks();
}

function fillTimeControl() {
  const select = $('time-control');
  if (!select.options.length) {
    select.replaceChildren(...clocks.TIME_CONTROLS.map((t) => new Option(t.name, t.id)));
  }
  select.value = state.tc ? state.tc.id : 'off';
  $('custom-tc').hidden = select.value !== 'custom';
  if (state.tc && state.tc.id === 'custom') {
    $('tc-base').value = String(state.tc.baseMs / 60000);
    $('tc-inc').value = String(state.tc.incMs / 1000);
  }
}

// A new time control starts a new game (after asking, when one is in progress).
function setTimeControl(tc) {
  if (!mayDiscardGame('Changing the clock')) { fillTimeControl(); return; }
  state.tc = tc;
  fillTimeControl();
  newGame(false);
}

// ---------- material, sounds, link, download ----------

function renderTray(pos) {
  const tray = $('tray');
  const material = (state.module.features || {}).material;
  if (!material || !pos) { tray.hidden = true; return; }
  const m = material(pos);
  tray.replaceChildren();
  for (const side of state.info.sides.map((s) => s.id)) {
    const row = document.createElement('div');
    row.className = 'tray-row';
    row.dataset.side = side;
    const name = document.createElement('span');
    name.className = 'tray-side';
    name.textContent = `${sideName(side)} took`;
    const pieces = document.createElement('span');
    pieces.className = `tray-pieces ${side === 'red' ? 'black' : 'red'}${m.captured[side].length ? '' : ' empty'}`;
    pieces.textContent = m.captured[side].join('') || '—';
    const lead = side === 'red' ? m.lead : -m.lead;
    const count = document.createElement('span');
    count.className = 'tray-lead';
    count.textContent = lead > 0 ? `+${lead}` : '';
    count.title = `Material: ${m.points[side]} pawns`;
    row.append(name, pieces, count);
    tray.append(row);
  }
  tray.hidden = false;
}

function moveSound(before, after) {
  if (!state.sound) return;
  if (after.status.over) sound.play('end');
  else if (after.check) sound.play('check');
  else if (after.board && before.board && Array.isArray(after.board.pieces) && after.board.pieces.length < before.board.pieces.length) sound.play('capture');
  else sound.play('move');
}

function shareUrl() {
  const hash = share.encode({
    game: state.info.id, start: state.start, moves: state.moves, options: state.options,
    tc: state.tc, human: state.human, level: state.level,
  });
  return `${location.origin}${location.pathname}${hash}`;
}

function renderShareLink() {
  if (state.info) $('share-link').value = shareUrl();
}

// The saved settings a link stands for, over what this browser had saved.
function fromLink(link, saved) {
  const base = saved || {};
  let tc = base.tc || null;
  if (link.tc) {
    tc = link.tc.id === 'off' ? null
      : clocks.TIME_CONTROLS.some((t) => t.id === link.tc.id) ? clocks.controlFor(link.tc.id)
        : clocks.controlFor('custom', link.tc.base, link.tc.inc);
  }
  return {
    ...base,
    start: link.start, moves: link.moves, options: link.options || base.options,
    human: link.side || base.human, level: link.level || base.level, tc, resigned: null, clock: null,
  };
}

function downloadGame() {
  if (!state.pos) return;
  const spec = DOWNLOADS[state.info.id];
  const day = new Date().toISOString().slice(0, 10);
  const name = `qi-${state.info.id}-${day}`;
  if (spec && state.pos.exports[spec.format] !== undefined) {
    share.download(`${name}.${spec.ext}`, state.pos.exports[spec.format], spec.type);
    return;
  }
  // Games without a record format get a plain text: the moves, the final board, the result.
  const lines = [`Qi ${state.info.name} game, ${day}`];
  for (const [id, text] of Object.entries(state.pos.exports)) lines.push(`${id}: ${text}`);
  lines.push(`result: ${isOver() ? $('status').textContent : 'in progress'}`);
  share.download(`${name}.txt`, `${lines.join('\n')}\n`);
}

// ---------- analysis and the score graph ----------

// Keeps the score of the position after `ply` moves, from the first side's view.
function recordScore(ply, data) {
  if (data.score_first === undefined || data.score_first === null) return;
  state.scores[ply] = { score: data.score_first, decisive: !!data.decisive };
  renderGraph();
}

function renderGraph() {
  if (!state.info) return;
  const box = $('score-graph');
  const total = state.pos ? state.pos.moves.length + 1 : 1;
  const scores = Array.from({ length: total }, (_, i) => state.scores[i]);
  drawGraph(box, scores, state.info.eval_scale || 100, (ply) => browse(ply));
  box.hidden = !state.scores.some(Boolean);
}

// Shows an analysis step: its line joins the list (one per depth, deepest first) and its
// first move becomes the arrow on the board.
function showAnalysis(data) {
  const list = $('analysis-lines');
  const pv = state.notation === 'iccs' && Array.isArray(data.pv) ? data.pv.join(' ') : data.pv_text;
  state.analysisLines = [{ depth: data.depth, score: formatScore(data), pv }, ...state.analysisLines.filter((l) => l.depth !== data.depth)].slice(0, 4);
  list.replaceChildren(...state.analysisLines.map((l) => {
    const li = document.createElement('li');
    li.innerHTML = '<span class="al-depth"></span><span class="al-score"></span><span class="al-pv"></span>';
    li.children[0].textContent = `d${l.depth}`;
    li.children[1].textContent = l.score;
    li.children[2].textContent = l.pv || '–';
    return li;
  }));
  list.hidden = false;
  const best = Array.isArray(data.pv) ? data.pv[0] : null;
  if (best && best !== state.analysisBest) {
    state.analysisBest = best;
    render();
  }
}

// At the end of an analysis: the best moves with their exact scores, the first with its line.
function showAlternatives(alternatives, lastInfo) {
  const list = $('analysis-lines');
  const bestLine = lastInfo && Array.isArray(lastInfo.pv) && lastInfo.pv[0] === alternatives[0].best
    ? (state.notation === 'iccs' ? lastInfo.pv.join(' ') : lastInfo.pv_text) : null;
  list.replaceChildren(...alternatives.map((a, i) => {
    const li = document.createElement('li');
    li.className = 'al-alt';
    li.innerHTML = '<span class="al-depth"></span><span class="al-score"></span><span class="al-pv"></span>';
    li.children[0].textContent = `#${i + 1}`;
    li.children[1].textContent = formatScore(a);
    li.children[2].textContent = (i === 0 && bestLine) || (state.notation === 'iccs' ? a.best : a.notation);
    return li;
  }));
  list.hidden = false;
}

// Analyses the position on the board (the one reviewed, or the game's), at full strength.
function analyse() {
  if (!state.analysing || !state.pos || !state.info.engine) return;
  const moves = state.browse !== null ? state.moves.slice(0, state.browse) : state.moves;
  const shown = state.browse !== null ? state.browsePos : state.pos;
  state.analysisLines = [];
  $('analysis-lines').replaceChildren();
  state.analysisBest = null;
  if (shown && shown.status.over) {
    stopSearch();
    setEngine(`Analysis: the game is over (${shown.status.message})`);
    render();
    return;
  }
  runSearch('analysis', 10, moves.slice());
}

function setAnalysing(on) {
  state.analysing = on;
  // Analysis places stones by hand for both sides: an opening in progress is abandoned.
  if (on && state.op) {
    state.op = null;
    state.openingNote = 'Opening abandoned for analysis';
  }
  $('analyse').setAttribute('aria-pressed', String(on));
  $('analyse').textContent = on ? 'Analysing' : 'Analyse';
  document.body.classList.toggle('analysing', on);
  stopSearch();
  state.analysisBest = null;
  $('analysis-lines').hidden = !on;
  if (on) {
    render();
    analyse();
  } else {
    setEngine('Engine idle');
    render();
    engineTurn();
  }
}

function wireExtras() {
  $('time-control').addEventListener('change', () => {
    const id = $('time-control').value;
    if (id === 'custom') { $('custom-tc').hidden = false; return; }
    setTimeControl(clocks.controlFor(id));
  });
  $('tc-apply').addEventListener('click', () => {
    const tc = clocks.controlFor('custom', $('tc-base').value, $('tc-inc').value);
    const { baseMin, baseMax, incMax } = clocks.CUSTOM_LIMITS;
    if (!tc) { setStatus(`A custom clock needs ${baseMin}–${baseMax} minutes and 0–${incMax} seconds per move`, 'error'); return; }
    setTimeControl(tc);
  });
  $('analyse').addEventListener('click', () => setAnalysing(!state.analysing));
  try { state.sound = localStorage.getItem('qi.sound') === 'on'; } catch { /* private mode */ }
  const showSound = () => {
    $('sound').setAttribute('aria-pressed', String(state.sound));
    $('sound').textContent = state.sound ? 'Sound on' : 'Sound off';
  };
  showSound();
  $('sound').addEventListener('click', () => {
    state.sound = !state.sound;
    try { localStorage.setItem('qi.sound', state.sound ? 'on' : 'off'); } catch { /* private mode */ }
    showSound();
    if (state.sound) sound.play('move');
  });
  $('copy-link').addEventListener('click', async () => {
    renderShareLink();
    try {
      await navigator.clipboard.writeText($('share-link').value);
      $('copy-link').textContent = 'Copied';
    } catch {
      $('share-link').select();
      $('copy-link').textContent = 'Select + copy';
    }
    setTimeout(() => { $('copy-link').textContent = 'Copy link'; }, 1500);
  });
  $('download').addEventListener('click', downloadGame);
  setInterval(tick, 100);
}

// ---------- setup ----------

// One line on what the chosen level means for this game (from the server's level table).
function describeLevel() {
  const entry = (state.info.levels || []).find((l) => l.level === state.level) || {};
  const parts = [];
  parts.push(entry.depth ? `${entry.depth} ${entry.depth === 1 ? 'ply' : 'plies'}` : 'full depth');
  if (entry.movetime_ms) parts.push(`≤ ${(entry.movetime_ms / 1000).toFixed(1)} s`);
  if (entry.mistake_rate) parts.push(`${Math.round(entry.mistake_rate * 100)}% near-best moves`);
  if (entry.noise_cp) parts.push('human-like slips');
  $('level-desc').textContent = parts.join(' · ');
}

function fillSides() {
  const select = $('side');
  const [a, b] = state.info.sides;
  select.replaceChildren(
    new Option(`${a.name} (first)`, 'first'),
    new Option(`${b.name}`, 'second'),
    new Option('Both sides', 'both'),
  );
  select.value = state.human;
}

async function chooseGame(id, link = null) {
  stopSearch();
  const generation = ++state.generation;
  const info = state.games.find((g) => g.id === id) || state.games[0];
  state.info = info;
  state.module = MODULES[info.id];
  const saved = (link ? fromLink(link, load(info.id)) : load(info.id)) || {};
  state.start = saved.start ?? null;
  state.options = initialOptions(info, saved.options);
  state.moves = Array.isArray(saved.moves) ? saved.moves : [];
  state.human = saved.human || 'first';
  state.opening = OPENINGS.some((o) => o.id === saved.opening) ? saved.opening : 'none';
  // An opening is not resumed from a reload: the saved moves go on as a normal game.
  state.op = null;
  state.openingNote = null;
  state.level = saved.level || 5;
  state.flipped = !!saved.flipped;
  state.resigned = saved.resigned || null;
  const notations = (info.notations || []).map((n) => n.id);
  state.notation = notations.includes(saved.notation) ? saved.notation : notations[0];
  state.hint = null;
  state.pos = null;
  state.browse = null;
  state.browsePos = null;
  state.scores = [];
  state.analysisBest = null;
  state.tc = saved.tc && saved.tc.baseMs > 0 ? clocks.controlFor(saved.tc.id, saved.tc.baseMs / 60000, saved.tc.incMs / 1000) : null;
  state.clock = state.tc ? new clocks.GameClock(state.tc, info.sides.map((s) => s.id)) : null;
  if (state.clock && !link) state.clock.restore(saved.clock);
  fillTimeControl();
  for (const tab of document.querySelectorAll('.tab')) {
    tab.setAttribute('aria-selected', String(tab.dataset.game === info.id));
  }
  document.body.dataset.game = info.id;
  $('eval-bar').classList.toggle('first-red', info.id === 'xiangqi');
  $('level').value = state.level;
  $('level-value').textContent = state.level;
  describeLevel();
  fillSides();
  fillFormats();
  renderOptions();
  applyEvalColors();
  renderNotationToggle();
  $('engine-note').hidden = true;
  setEngine('Engine idle');
  setEval(null);
  const container = $('board');
  container.replaceChildren();
  state.board = state.module.createBoard(container, { onMove: (m) => play(m), onNotice: showNotice });
  try {
    await refresh();
  } catch (err) {
    // A saved game the server no longer accepts: start afresh.
    state.start = null;
    state.options = initialOptions(info, null);
    renderOptions();
    state.moves = [];
    state.resigned = null;
    if (state.clock) state.clock = new clocks.GameClock(state.tc, info.sides.map((s) => s.id));
    await refresh();
    setStatus(`${link ? 'Link' : 'Saved game'} not restored: ${err.message}`, 'error');
  }
  // A side change or new game while the position loaded has taken over (its own flow
  // starts the engine when it is the engine's turn).
  if (generation !== state.generation) return;
  if (!isOver() && !isHumanTurn()) await engineTurn();
}

function wire() {
  $('new-game').addEventListener('click', () => newGame(false));
  $('game-over-new').addEventListener('click', () => newGame(false));
  $('game-over').addEventListener('click', (e) => {
    if (e.target === $('game-over')) $('game-over').hidden = true;
  });
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('resign').addEventListener('click', resign);
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; save(); render(); });
  $('side').addEventListener('change', () => {
    if (!mayDiscardGame('Changing sides')) {
      $('side').value = state.human;
      return;
    }
    state.human = $('side').value;
    // A new side is a new game; the engine opens when the human plays second.
    state.flipped = state.human === 'second' && (state.module.features || {}).flip;
    newGame(false);
  });
  $('level').addEventListener('input', () => {
    state.level = Number($('level').value);
    $('level-value').textContent = state.level;
    describeLevel();
    save();
  });
  $('export-format').addEventListener('change', renderExport);
  $('copy-export').addEventListener('click', async () => {
    const text = $('export-text').value;
    try {
      await navigator.clipboard.writeText(text);
      $('copy-export').textContent = 'Copied';
    } catch {
      $('export-text').select();
      $('copy-export').textContent = 'Select + copy';
    }
    setTimeout(() => { $('copy-export').textContent = 'Copy'; }, 1500);
  });
  $('import-load').addEventListener('click', importRecord);
  wireExtras();
  wireOpening();
  document.addEventListener('keydown', onKey);
  $('status').addEventListener('click', () => { if (state.browse !== null) browse(null); });
}

// Opens the game a link's hash describes; false when the hash names no game offered.
async function openLink() {
  const link = share.decode(location.hash);
  if (!link || !state.games.some((g) => g.id === link.game)) return false;
  // The link has been read: a reload continues from what is saved, not from the link.
  history.replaceState(null, '', location.pathname + location.search);
  await chooseGame(link.game, link);
  return true;
}

async function main() {
  wire();
  try {
    const { games } = await api.listGames();
    const order = Object.keys(MODULES);
    state.games = games.filter((g) => MODULES[g.id])
      .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  } catch (err) {
    setStatus(`Cannot reach the server: ${err.message}`, 'error');
    return;
  }
  const tabs = $('game-tabs');
  for (const g of state.games) {
    const tab = document.createElement('button');
    tab.className = 'tab';
    tab.dataset.game = g.id;
    tab.textContent = g.name;
    tab.setAttribute('role', 'tab');
    tab.addEventListener('click', () => {
      if (state.info && state.info.id === g.id) return;
      chooseGame(g.id);
    });
    tabs.append(tab);
  }
  // A link opened in this tab (the hash changed) reopens its game too.
  window.addEventListener('hashchange', () => openLink());
  if (await openLink()) return;
  const wanted = new URLSearchParams(location.search).get('game') || localStorage.getItem('qi.game');
  await chooseGame(state.games.some((g) => g.id === wanted) ? wanted : state.games[0].id);
}

main();
