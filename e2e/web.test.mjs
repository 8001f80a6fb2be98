// End-to-end test of the web page: starts `qi serve --port 0`, drives Debian's headless
// chromium with playwright-core, plays tic-tac-toe, Connect Four, Xiangqi and gomoku by clicking, checks what the
// page shows and saves screenshots to e2e/screenshots/.
//
//   node --test web.test.mjs          (QI_BIN=path/to/qi to pick the binary)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function findBinary() {
  const candidates = [
    process.env.QI_BIN,
    join(here, '..', 'target', 'debug', 'qi'),
    join(here, '..', 'target', 'release', 'qi'),
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no qi binary (tried ${candidates.join(', ')}); run cargo build -p qi`);
  return found;
}

// Starts the server and resolves with its URL, read from the line it prints.
function startServer() {
  const server = spawn(findBinary(), ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`qi serve printed no URL: ${out}`)), 15000);
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/[^\s]+\//);
      if (match) { clearTimeout(timer); resolve(match[0]); }
    });
    server.on('exit', (code) => reject(new Error(`qi serve exited (${code}): ${out}`)));
  });
  return { server, url };
}

let server;
let base;
let browser;
let page;
const pageErrors = [];
// Confirm dialogs: accepted unless a test sets `dialogAnswer` to false; every message kept.
const dialogs = [];
let dialogAnswer = true;

before(async () => {
  mkdirSync(shots, { recursive: true });
  const started = startServer();
  server = started.server;
  base = await started.url;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    if (dialogAnswer) await dialog.accept();
    else await dialog.dismiss();
  });
  // API refusals (4xx) are expected and shown on the page; anything else is a bug.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) pageErrors.push(msg.text());
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGINT');
});

const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
const moveCount = () => page.locator('#moves .mv:not(:empty)').filter({ hasNotText: '…' }).count();

async function waitForMoves(n, timeout = 20000) {
  try {
    await page.waitForFunction(
      (count) => [...document.querySelectorAll('#moves .mv')].filter((e) => e.textContent && e.textContent !== '…').length >= count,
      n, { timeout },
    );
  } catch (err) {
    await shot(`failure-waiting-for-${n}-moves`);
    throw err;
  }
}

async function waitIdle(timeout = 20000) {
  await page.waitForFunction(() => document.getElementById('thinking').hidden, null, { timeout });
}

async function setLevel(level) {
  await page.locator('#level').fill(String(level));
  assert.equal(await page.locator('#level-value').textContent(), String(level));
}

test('the page lists the games and starts with an empty tic-tac-toe board', async () => {
  await page.goto(`${base}?game=tictactoe`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}?game=tictactoe`);
  // The tabs are built once the game list has arrived, before the first board is drawn.
  await page.locator('.ttt-cell.playable').first().waitFor();
  const tabs = await page.locator('#game-tabs .tab').allTextContents();
  assert.deepEqual(tabs, ['Tic-tac-toe', 'Connect Four', 'Gomoku', 'Xiangqi']);
  assert.equal(await page.locator('.ttt-cell.playable').count(), 9);
  assert.match(await page.locator('#status').textContent(), /Your move/);
  await shot('tictactoe-start');
});

test('a tic-tac-toe game against level 10 ends in a draw or an engine win, announced', async () => {
  await setLevel(10);
  await page.locator('.ttt-cell[data-square="5"]').click();
  let played = 1;
  for (;;) {
    // The engine's reply, or the end of the game on our own move.
    await page.waitForFunction((count) => !document.getElementById('game-over').hidden
      || [...document.querySelectorAll('#moves .mv')].filter((e) => e.textContent).length >= count,
    played + 1, { timeout: 20000 });
    await waitIdle();
    if (await page.locator('#game-over').isVisible()) break;
    await page.locator('.ttt-cell.playable').first().click();
    played += 2;
    if (played === 3) await shot('tictactoe-midgame');
  }
  const title = await page.locator('#game-over-title').textContent();
  const reason = await page.locator('#game-over-reason').textContent();
  assert.ok(['Draw', 'You lose'].includes(title), title);
  assert.match(reason, /board is full|three in a row/);
  assert.match(await page.locator('#engine-title').textContent(), /Engine played/);
  assert.notEqual(await page.locator('#info-depth').textContent(), '–');
  await shot('tictactoe-over');
  await page.locator('#game-over-new').click();
  await page.locator('.ttt-cell.playable').first().waitFor();
  assert.equal(await moveCount(), 0);
});

test('Xiangqi: click to move, the engine answers, notation toggle, undo', async () => {
  await page.locator('.tab[data-game="xiangqi"]').click();
  await page.locator('svg.xq').waitFor();
  assert.equal(await page.locator('g.piece').count(), 32);
  await setLevel(2);
  // Selecting the right cannon shows where it can go.
  await page.locator('.point-hit[data-square="h2"]').click();
  const dests = await page.locator('.dest, .dest-capture').count();
  assert.ok(dests >= 10, `cannon destinations: ${dests}`);
  await shot('xiangqi-selected');
  await page.locator('.point-hit[data-square="e2"]').click();
  await waitForMoves(2);
  await waitIdle();
  const first = await page.locator('#moves .mv').first().textContent();
  assert.equal(first, '炮二平五');
  // The left chariot up one: no black reply can stop it.
  await page.locator('.point-hit[data-square="a0"]').click();
  await page.locator('.point-hit[data-square="a1"]').click();
  await waitForMoves(4);
  await waitIdle();
  assert.equal(await page.locator('.xq-last-to').count(), 1);
  await shot('xiangqi-four-moves');
  // Reviewing: a click on the first move shows the board after it, Escape returns.
  await page.locator('#moves .mv').first().click();
  await page.locator('#status.review').waitFor();
  assert.equal(await page.locator('.point-hit.active').count(), 0);
  await shot('xiangqi-review');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('status').classList.contains('review'));
  await page.locator('#notation-toggle button', { hasText: 'WXF' }).click();
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'C2.5');
  await page.locator('#notation-toggle button', { hasText: 'ICCS' }).click();
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'h2e2');
  await page.locator('#undo').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv.last').length === 1
    && document.querySelector('#moves .mv.last').textContent === document.querySelectorAll('#moves .mv')[1].textContent);
  assert.equal(await moveCount(), 2);
  await page.locator('#hint').click();
  await page.locator('.xq-hint').waitFor({ timeout: 20000 });
  await page.locator('#flip').click();
  await shot('xiangqi-hint-flipped');
  await page.locator('#flip').click();
  const fen = await page.locator('#export-text').inputValue();
  // After the undo: a ten-rank FEN with Red to move again.
  assert.match(fen, /^(\w+\/){9}\w+ w /);
});

test('Xiangqi: a FEN import, a mating move and the game-over message', async () => {
  await page.locator('#records summary').click();
  await page.locator('#import-format').selectOption('fen');
  await page.locator('#import-text').fill('4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1');
  await page.locator('#import-load').click();
  await page.waitForFunction(() => document.querySelectorAll('g.piece').length === 4);
  await page.locator('.point-hit[data-square="b0"]').click();
  await page.locator('.point-hit[data-square="b9"]').click();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-over-title').textContent(), 'You win!');
  assert.match(await page.locator('#game-over-reason').textContent(), /checkmate/);
  assert.equal(await page.locator('.xq-check').count(), 1);
  await page.locator('#export-format').selectOption('pgn');
  const pgn = await page.locator('#export-text').inputValue();
  assert.match(pgn, /\[FEN "4k4\/R8\/9\/9\/9\/9\/9\/9\/9\/1R1K5 w/);
  assert.match(pgn, /1\. b0-b9 1-0/);
  await shot('xiangqi-checkmate');
  // A bad FEN is refused with the server's message.
  await page.locator('#import-text').fill('not a fen');
  await page.locator('#import-load').click();
  await page.locator('#import-error').waitFor({ state: 'visible' });
  assert.match(await page.locator('#import-error').textContent(), /bad FEN/);
});

test('Xiangqi, both sides by hand: a check is announced', async () => {
  await page.locator('#side').selectOption('both');
  await page.locator('#import-format').selectOption('fen');
  await page.locator('#import-text').fill('3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1');
  await page.locator('#import-load').click();
  await page.waitForFunction(() => document.querySelectorAll('g.piece').length === 3);
  await page.locator('.point-hit[data-square="a0"]').click();
  await page.locator('.point-hit[data-square="a9"]').click();
  await page.locator('#status.check').waitFor();
  assert.equal(await page.locator('#status').textContent(), 'Check! Black to move');
  assert.equal(await page.locator('.xq-check').count(), 1);
  await shot('xiangqi-check');
  // The checked general can step aside.
  await page.locator('.point-hit[data-square="d9"]').click();
  await page.locator('.point-hit[data-square="d8"]').click();
  await page.waitForFunction(() => !document.getElementById('status').classList.contains('check'));
  assert.equal(await moveCount(), 2);
});

test('Xiangqi as Black: the engine opens and the board is seen from Black', async () => {
  await page.locator('#side').selectOption('second');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Your move (Black)', null, { timeout: 20000 });
  assert.equal(await moveCount(), 1);
  // Flipped: Black's general is drawn below Red's.
  const red = await page.locator('g.piece[data-piece="K"]').boundingBox();
  const black = await page.locator('g.piece[data-piece="k"]').boundingBox();
  assert.ok(black.y > red.y, 'Black at the bottom');
  await shot('xiangqi-as-black');
  await page.setViewportSize({ width: 420, height: 900 });
  await shot('xiangqi-narrow');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('#side').selectOption('first');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Your move (Red)');
});

test('Xiangqi at level 10: live engine info while thinking, and undo cancels the search', async () => {
  await setLevel(10);
  await page.locator('.point-hit[data-square="h2"]').click();
  await page.locator('.point-hit[data-square="e2"]').click();
  await page.locator('#thinking').waitFor({ state: 'visible' });
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('info-depth').textContent));
  assert.match(await page.locator('#status').textContent(), /thinking/);
  assert.notEqual(await page.locator('#info-pv').textContent(), '–');
  await shot('xiangqi-thinking');
  await page.locator('#undo').click();
  await page.locator('#thinking').waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.querySelector('#moves .empty') !== null);
  assert.equal(await page.locator('.point-hit.active').count(), 16);
  await page.waitForFunction(async () => {
    const status = await (await fetch('/api/status')).json();
    return status.searches.cancelled >= 1 && status.searches.running === 0;
  }, null, { timeout: 10000, polling: 250 });
  await setLevel(2);
});

const stoneCount = () => page.locator('g.gm-stone').count();

// Clicks the first of `points` that is still free (the engine may have taken some).
// Discs on the Connect Four board (not the hover previews or the hint's ghost).
const discs = (side) => page.locator(`.c4-col circle.c4-${side}:not(.preview):not(.ghost)`).count();

test('Connect Four: a click drops a disc, the engine answers, and four in a row ends the game', async () => {
  await page.locator('.tab[data-game="connect4"]').click();
  await page.locator('#side').selectOption('first');
  await page.locator('.c4-column.playable').first().waitFor();
  assert.equal(await page.locator('.c4-column.playable').count(), 7);
  await setLevel(3);
  await page.locator('.c4-col[data-column="4"] .c4-column').click();
  await waitForMoves(2);
  await waitIdle();
  assert.equal(await discs('red'), 1);
  assert.equal(await discs('yellow'), 1);
  await shot('connect4-midgame');
  // Both sides by hand from a record: Red a1 b1 c1 against Yellow a2 b2 c2, then d1 wins.
  await page.locator('#side').selectOption('both');
  await importRecord('moves', '112233');
  await page.waitForFunction(() => document.querySelectorAll('.c4-col circle.c4-red:not(.preview)').length === 3);
  await page.locator('.c4-col[data-column="4"] .c4-column').click();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.match(await page.locator('#game-over-reason').textContent(), /Red connects four \(a1 b1 c1 d1\)/);
  assert.equal(await page.locator('.c4-win').count(), 1);
  assert.equal(await page.locator('.c4-column.playable').count(), 0);
  assert.equal(await page.locator('#export-text').inputValue(), '1122334');
  await shot('connect4-four');
  await page.locator('#side').selectOption('first');
});

async function clickFree(points) {
  for (const point of points) {
    const hit = page.locator(`.point-hit[data-point="${point}"]`);
    if (await hit.count()) { await hit.click(); return point; }
  }
  throw new Error(`none of ${points.join(' ')} is free`);
}

test('Gomoku: options, click to place, the engine answers, undo and hint', async () => {
  await page.locator('.tab[data-game="gomoku"]').click();
  await page.locator('svg.gomoku').waitFor();
  assert.equal(await page.locator('.gm-grid line').count(), 30);
  assert.deepEqual(await page.locator('#option-rule option').allTextContents(),
    ['Freestyle', 'Standard', 'Renju']);
  assert.deepEqual(await page.locator('#option-size option').allTextContents(), ['15×15', '19×19', '20×20']);
  await page.locator('#option-rule').selectOption('freestyle');
  await page.locator('#side').selectOption('first');
  await setLevel(3);
  await page.locator('.point-hit.active').first().waitFor();
  assert.equal(await page.locator('.point-hit.active').count(), 225);
  await page.locator('.point-hit[data-point="h8"]').click();
  await waitForMoves(2);
  await waitIdle();
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'h8');
  assert.equal(await stoneCount(), 2);
  assert.equal(await page.locator('.gm-last').count(), 1);
  assert.notEqual(await page.locator('#info-depth').textContent(), '–');
  await clickFree(['i9', 'g7', 'j10', 'g9']);
  await waitForMoves(4);
  await waitIdle();
  await clickFree(['g7', 'j10', 'i7', 'g9', 'f6']);
  await waitForMoves(6);
  await waitIdle();
  assert.equal(await stoneCount(), 6);
  assert.match(await page.locator('#status').textContent(), /Your move \(Black\)/);
  await shot('gomoku-freestyle');
  // The # in the corner numbers the stones, the last one included.
  await page.locator('.gm-numbers-toggle').click();
  await page.waitForFunction(() => document.querySelectorAll('.gm-number').length === 6);
  assert.equal(await page.locator('g.gm-stone[data-point="h8"] .gm-number').textContent(), '1');
  await shot('gomoku-numbers');
  await page.locator('.gm-numbers-toggle').click();
  await page.waitForFunction(() => document.querySelectorAll('.gm-number').length === 0);
  // Reviewing: the first move shows one stone and no clickable point.
  await page.locator('#moves .mv').first().click();
  await page.locator('#status.review').waitFor();
  assert.equal(await stoneCount(), 1);
  assert.equal(await page.locator('.point-hit.active').count(), 0);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 6);
  await page.locator('#undo').click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 4);
  await page.locator('#hint').click();
  await page.locator('.gm-hint').waitFor({ timeout: 20000 });
  assert.match(await page.locator('#status').textContent(), /Hint: [a-o]\d+/);
  const record = await page.locator('#export-text').inputValue();
  assert.match(record, /^h8 [a-o]\d+ [a-o]\d+ [a-o]\d+$/);
  await shot('gomoku-hint');
});

test('Gomoku renju, both sides by hand: forbidden points are marked and five wins', async () => {
  await page.locator('#option-rule').selectOption('renju');
  await page.locator('#side').selectOption('both');
  await page.locator('#import-format').selectOption('moves');
  await page.locator('#import-text').fill('i8 a1 j8 a3 h9 a5 h10 a7');
  await page.locator('#import-load').click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 8);
  await page.locator('.gm-forbidden[data-point="h8"]').waitFor();
  assert.equal(await page.locator('.point-hit[data-point="h8"]').count(), 0);
  assert.match(await page.locator('.gm-forbidden[data-point="h8"] title').textContent(), /double three/);
  assert.match(await page.locator('#status').textContent(), /forbidden points marked/);
  await shot('gomoku-renju-forbidden');
  // Black plays elsewhere: nothing is marked while White is to move.
  await page.locator('.point-hit[data-point="o15"]').click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 9);
  assert.equal(await page.locator('.gm-forbidden').count(), 0);
  // Black completes five on the h file.
  await page.locator('#import-text').fill('h8 a1 h9 a2 h10 a3 h11 a4');
  await page.locator('#import-load').click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 8);
  await page.locator('.point-hit[data-point="h12"]').click();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-over-title').textContent(), 'Black wins');
  assert.match(await page.locator('#game-over-reason').textContent(), /five in a row/);
  assert.equal(await page.locator('.gm-win').count(), 1);
  await page.locator('#export-format').selectOption('sgf');
  assert.match(await page.locator('#export-text').inputValue(), /GM\[4\].*SZ\[15\]RU\[renju\]RE\[B\+\]/s);
  await shot('gomoku-five');
});

test('Gomoku on 19×19: the engine opens for White, and resigning ends the game', async () => {
  await page.locator('#game-over-new').click();
  await page.locator('#option-rule').selectOption('standard');
  await page.locator('#option-size').selectOption('19');
  await page.locator('#side').selectOption('second');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Your move (White)', null, { timeout: 20000 });
  assert.equal(await page.locator('.gm-grid line').count(), 38);
  assert.equal(await stoneCount(), 1);
  const opening = await page.locator('#moves .mv').first().textContent();
  const near = opening === 'j10' ? ['k11', 'i9', 'k9'] : ['j10', 'k11', 'i9'];
  await clickFree(near);
  await waitForMoves(3);
  await waitIdle();
  await shot('gomoku-19');
  await page.locator('#resign').click();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-over-title').textContent(), 'You lose');
  assert.match(await page.locator('#game-over-reason').textContent(), /White resigned/);
  // Back to the usual game for the next tests.
  await page.locator('#game-over-new').click();
  await page.locator('#option-size').selectOption('15');
  await page.locator('#side').selectOption('first');
  await page.setViewportSize({ width: 420, height: 900 });
  await shot('gomoku-narrow');
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('dark mode keeps every board readable', async () => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${base}?game=xiangqi`);
  await page.locator('svg.xq').waitFor();
  await shot('dark-xiangqi');
  await page.locator('.tab[data-game="tictactoe"]').click();
  await page.locator('svg.ttt').waitFor();
  await shot('dark-tictactoe');
  await page.locator('.tab[data-game="gomoku"]').click();
  await page.locator('svg.gomoku').waitFor();
  await shot('dark-gomoku');
  await page.emulateMedia({ colorScheme: 'light' });
});

async function openRecords() {
  if (await page.locator('#records').getAttribute('open') === null) await page.locator('#records summary').click();
}

async function importRecord(format, text) {
  await openRecords();
  await page.locator('#import-format').selectOption(format);
  await page.locator('#import-text').fill(text);
  await page.locator('#import-load').click();
}

const statusText = () => page.locator('#status').textContent();

test('Xiangqi: perpetual check names the side that loses and why', async () => {
  await page.locator('.tab[data-game="xiangqi"]').click();
  await page.locator('svg.xq').waitFor();
  await page.locator('#side').selectOption('both');
  // Red checks from e1 and f1 in turn while Black's general steps between e9 and f9.
  await importRecord('pgn', '[FEN "4k4/9/9/9/9/9/p8/9/R8/3K5 w - - 0 1"]\n'
    + '1. a1e1 e9f9 2. e1f1 f9e9 3. f1e1 e9f9 4. e1f1 f9e9 *');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv.clickable').length === 8);
  await page.locator('.point-hit[data-square="f1"]').click();
  await page.locator('.point-hit[data-square="e1"]').click();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-over-title').textContent(), 'Black wins');
  assert.equal(await page.locator('#game-over-reason').textContent(), 'Red loses: perpetual check');
  assert.equal(await statusText(), 'Black wins — Red loses: perpetual check');
  await shot('xiangqi-perpetual-check');
  await page.locator('#game-over-new').click();
});

test('Xiangqi: a click that is not a move says why', async () => {
  await page.locator('#side').selectOption('first');
  await setLevel(1);
  await page.waitForFunction(() => document.querySelectorAll('.point-hit.active').length === 16);
  const noticeAfter = async (...squares) => {
    for (const sq of squares) await page.locator(`.point-hit[data-square="${sq}"]`).click();
    try {
      await page.locator('#status.notice').waitFor({ timeout: 5000 });
    } catch (err) {
      await shot(`failure-notice-${squares.join('-')}`);
      throw new Error(`no notice after ${squares.join(' ')}; status: ${await statusText()}`);
    }
    return statusText();
  };
  assert.equal(await noticeAfter('a9'), 'Not your piece: you play Red');
  // The example: the chariot a0 to a5 runs into its own soldier.
  assert.equal(await noticeAfter('a0', 'a5'), 'The chariot cannot go to a5: blocked by the Red soldier at a3');
  assert.equal(await page.locator('.piece.selected').count(), 0);
  assert.match(await noticeAfter('h2', 'h7'), /cannon captures only by jumping over exactly one piece/);
  assert.match(await noticeAfter('b0', 'b1'), /horse moves one point straight, then one diagonally/);
  assert.match(await noticeAfter('c0', 'c2'), /elephant moves exactly two points diagonally/);
  assert.match(await noticeAfter('d0', 'd2'), /advisor moves one point diagonally/);
  assert.match(await noticeAfter('a3', 'b3'), /soldier moves sideways only after crossing the river/);
  await shot('xiangqi-illegal-click');
  // A legal selection clears the notice; the move still plays.
  await page.locator('.point-hit[data-square="h2"]').click();
  await page.waitForFunction(() => !document.getElementById('status').classList.contains('notice'));
  // A cannon that shields its general from the other one may not leave the file.
  await importRecord('fen', '4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1');
  await page.waitForFunction(() => document.querySelectorAll('g.piece').length === 3);
  assert.equal(await noticeAfter('e1', 'a1'), 'The cannon cannot go to a1: the generals would face each other');
  // In check from the rook on d5: the chariot cannot help, the general must step aside.
  await importRecord('fen', '5k3/9/9/9/3r5/9/9/9/9/3K4R w - - 0 1');
  await page.locator('#status.check').waitFor();
  assert.equal(await noticeAfter('i0'), 'The chariot at i0 has no move that gets your general out of check');
  assert.equal(await noticeAfter('d0', 'd1'), 'The general cannot go to d1: it does not get your general out of check');
  assert.equal(await noticeAfter('d0', 'd2'), 'The general cannot go to d2: the general moves one point along a rank or file');
});

// The gomoku tab, a new game with the player as Black, the board empty.
async function newGomokuGameAsBlack() {
  await page.locator('.tab[data-game="gomoku"]').click();
  await page.locator('svg.gomoku').waitFor();
  await page.locator('#side').selectOption('first');
  await page.locator('#new-game').click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 0);
}

test('Gomoku asks before a rule, size or side change discards a game in progress', async () => {
  await newGomokuGameAsBlack();
  // No moves: no question.
  const asked = dialogs.length;
  await page.locator('#option-rule').selectOption('standard');
  await page.locator('#option-rule').selectOption('freestyle');
  assert.equal(dialogs.length, asked);
  await setLevel(1);
  await page.locator('.point-hit[data-point="h8"]').click();
  await waitForMoves(2);
  await waitIdle();
  // Declined: the game stays, and so does the select.
  dialogAnswer = false;
  await page.locator('#option-size').selectOption('19');
  assert.equal(dialogs.length, asked + 1);
  assert.match(dialogs.at(-1), /Discard the game in progress \(2 moves\)/);
  assert.equal(await page.locator('#option-size').inputValue(), '15');
  assert.equal(await stoneCount(), 2);
  await page.locator('#side').selectOption('second');
  assert.equal(dialogs.length, asked + 2);
  assert.equal(await page.locator('#side').inputValue(), 'first');
  await page.locator('#option-rule').selectOption('renju');
  assert.equal(dialogs.length, asked + 3);
  assert.equal(await page.locator('#option-rule').inputValue(), 'freestyle');
  assert.equal(await stoneCount(), 2);
  // Accepted: a new game under the new size.
  dialogAnswer = true;
  await page.locator('#option-size').selectOption('19');
  await page.waitForFunction(() => document.querySelectorAll('.gm-grid line').length === 38);
  assert.equal(await stoneCount(), 0);
  await page.locator('#option-size').selectOption('15');
});

// Two new games in quick succession, the first one's position answer held back until the
// second game has begun: the first game's flow must stop there. It used to go on to the
// engine's turn on the position still shown (the old game's, Black to move), play a move
// for the second game, and the second game's own flow then played another: two stones
// where the engine's one opening move was due.
test('Gomoku: a new game superseded while its position loads does not move for the engine', async () => {
  await newGomokuGameAsBlack();
  await setLevel(1);
  await page.locator('.point-hit[data-point="h8"]').click();
  await waitForMoves(2);
  await waitIdle();
  // The next two position answers wait, the first game's less long than the second's.
  const url = '**/api/games/gomoku/position';
  const delays = [1000, 2500];
  const held = [];
  await page.route(url, async (route) => {
    const delay = delays[held.length];
    if (delay === undefined) return route.continue();
    const release = new Promise((resolve) => setTimeout(resolve, delay)).then(() => route.continue());
    held.push(release);
    await release;
  });
  await page.locator('#side').selectOption('second');
  await page.locator('#new-game').click();
  for (let i = 0; i < 50 && held.length < 2; i++) await page.waitForTimeout(100);
  assert.equal(held.length, 2, 'both new games asked for their position');
  await Promise.all(held);
  await page.unroute(url);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Your move (White)', null, { timeout: 20000 });
  await waitIdle();
  // Settled: the engine's one move, and the player (White) to move.
  await page.waitForTimeout(500);
  assert.equal(await stoneCount(), 1);
  assert.equal(await page.locator('#status').textContent(), 'Your move (White)');
  await page.locator('#side').selectOption('first');
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 0);
});

// The evaluation bar's label lies wholly inside the bar and is light on a dark chip.
async function checkEvalLabel(what, on = page) {
  const bar = await on.locator('#eval-bar').boundingBox();
  const label = await on.locator('#eval-label').boundingBox();
  const inside = label.x >= bar.x - 0.5 && label.x + label.width <= bar.x + bar.width + 0.5
    && label.y >= bar.y - 0.5 && label.y + label.height <= bar.y + bar.height + 0.5;
  assert.ok(inside, `${what}: label ${JSON.stringify(label)} outside bar ${JSON.stringify(bar)}`);
  // Its text is as tall as the label (nothing cut off by the bar's edges).
  const text = await on.locator('#eval-label').textContent();
  const fits = await on.locator('#eval-label').evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1);
  assert.ok(fits, `${what}: '${text}' overflows its label`);
  const [fg, bg] = await on.locator('#eval-label').evaluate((e) => {
    const style = getComputedStyle(e);
    return [style.color, style.backgroundColor];
  });
  const rgb = (c) => c.match(/[\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  // The chip over a white fill, the worst case for light text.
  const [r, g, b, a = 1] = rgb(bg);
  const chip = [r, g, b].map((v) => v * a + 255 * (1 - a));
  const [l1, l2] = [lum(rgb(fg)), lum(chip)].sort((x, y) => y - x);
  const contrast = (l1 + 0.05) / (l2 + 0.05);
  assert.ok(contrast >= 4.5, `${what}: contrast ${contrast.toFixed(2)} (${fg} on ${bg})`);
  return text;
}

test('Gomoku: a decisive evaluation label is readable and not cut off', async () => {
  await page.locator('#side').selectOption('both');
  // White to move with an open four on the h file: the hint sees White win.
  await importRecord('moves', 'a1 h8 a3 h9 a5 h10 a7 h11 c1');
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 9);
  await page.locator('#hint').click();
  await page.locator('.gm-hint').waitFor({ timeout: 20000 });
  assert.equal(await checkEvalLabel('desktop'), 'White');
  await shot('gomoku-eval-label');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await checkEvalLabel('390 px'), 'White');
  await shot('gomoku-eval-label-390');
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('On a 390 px phone the tabs fit on one line and gomoku points take a confirming second tap', async () => {
  const phone = await browser.newPage({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
  });
  phone.on('pageerror', (err) => pageErrors.push(String(err)));
  const phoneShot = (name) => phone.screenshot({ path: join(shots, `${name}.png`) });
  try {
    await phone.goto(`${base}?game=gomoku`);
    await phone.locator('svg.gomoku').waitFor();
    const tabs = await phone.locator('#game-tabs .tab').evaluateAll((els) => els.map((e) => {
      const box = e.getBoundingClientRect();
      return { top: box.top, right: box.right, height: box.height };
    }));
    assert.equal(tabs.length, 4);
    for (const tab of tabs) {
      assert.equal(tab.top, tabs[0].top, 'one line');
      assert.ok(tab.height < 44, `a tab wraps: ${tab.height}px`);
      assert.ok(tab.right <= 390, `a tab is off screen: ${tab.right}`);
    }
    await phone.locator('#level').fill('1');
    const a = await phone.locator('.point-hit[data-point="h8"]').boundingBox();
    const b = await phone.locator('.point-hit[data-point="i8"]').boundingBox();
    const spacing = b.x - a.x;
    console.log(`gomoku 15×15 on a 390 px phone: points ${spacing.toFixed(1)} px apart (tap targets ${a.width.toFixed(1)} px square)`);
    assert.ok(spacing >= 23, `points ${spacing}px apart`);
    // The first tap only shows where the stone would go.
    const status = () => phone.locator('#status').textContent();
    await phone.locator('.point-hit[data-point="h8"]').tap();
    await phone.locator('.gm-pending[data-point="h8"]').waitFor();
    assert.equal(await phone.locator('g.gm-stone').count(), 0);
    assert.equal(await status(), 'Tap h8 again to play it');
    await phoneShot('phone-gomoku-pending');
    // A tap elsewhere moves it; a second tap on it plays.
    await phone.locator('.point-hit[data-point="g7"]').tap();
    await phone.locator('.gm-pending[data-point="g7"]').waitFor();
    await phone.locator('.point-hit[data-point="g7"]').tap();
    await phone.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 2, null, { timeout: 20000 });
    await phone.waitForFunction(() => document.getElementById('thinking').hidden);
    assert.equal(await phone.locator('#moves .mv').first().textContent(), 'g7');
    // Tapping a stone says it is taken.
    await phone.locator('.point-blocked[data-point="g7"]').tap();
    assert.equal(await status(), 'g7 is taken');
    await checkEvalLabel('phone, after a reply', phone);
    await phoneShot('phone-gomoku');
    await phone.locator('.tab[data-game="xiangqi"]').tap();
    await phone.locator('svg.xq').waitFor();
    await phoneShot('phone-xiangqi');
    await phone.locator('.tab[data-game="tictactoe"]').tap();
    await phone.locator('svg.ttt').waitFor();
    await phoneShot('phone-tictactoe');
  } finally {
    await phone.close();
  }
  await page.locator('.tab[data-game="xiangqi"]').click();
  await page.locator('svg.xq').waitFor();
  await shot('xiangqi-desktop');
});

// ---------- clocks, drag-and-drop, sharing, analysis (issue 13, item 15) ----------

const clockText = (where) => page.locator(`#clock-${where} .clock-time`).textContent();
const clockSeconds = async (where) => {
  const text = await clockText(where);
  const parts = text.split(':').map(Number);
  return parts.length === 2 ? parts[0] * 60 + parts[1] : parts[0];
};

async function chooseClock(id) {
  await page.locator('#time-control').selectOption(id);
  await page.locator('#clock-bottom').waitFor({ state: id === 'off' ? 'hidden' : 'visible' });
}

// Drags the Xiangqi piece on `from` to `to` with the mouse, in small steps.
async function dragPiece(from, to) {
  // The board is redrawn after every answer, so a box is read again when its node went away.
  const box = async (sq) => {
    for (let i = 0; i < 50; i++) {
      const found = await page.locator(`.point-hit[data-square="${sq}"]`).boundingBox().catch(() => null);
      if (found) return found;
      await page.waitForTimeout(50);
    }
    throw new Error(`no point ${sq} on the board`);
  };
  const a = await box(from);
  const b = await box(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test('Tic-tac-toe with a 1+0 clock: a full game, both clocks shown, only the side to move\'s runs', async () => {
  await page.locator('.tab[data-game="tictactoe"]').click();
  await page.locator('.ttt-cell').first().waitFor();
  await page.locator('#side').selectOption('first');
  await setLevel(10);
  await chooseClock('1+0');
  assert.equal(await clockText('top'), '1:00');
  assert.equal(await clockText('bottom'), '1:00');
  assert.equal(await page.locator('.clock.running').count(), 0, 'no clock runs before the first move');
  await page.locator('.ttt-cell[data-square="5"]').click();
  let played = 1;
  for (;;) {
    await page.waitForFunction((count) => !document.getElementById('game-over').hidden
      || [...document.querySelectorAll('#moves .mv')].filter((e) => e.textContent).length >= count,
    played + 1, { timeout: 20000 });
    await waitIdle();
    if (await page.locator('#game-over').isVisible()) break;
    // Our clock runs while we think.
    assert.equal(await page.locator('#clock-bottom.running').count(), 1);
    await page.waitForTimeout(1100);
    await page.locator('.ttt-cell.playable').first().click();
    played += 2;
  }
  assert.ok(['Draw', 'You lose'].includes(await page.locator('#game-over-title').textContent()));
  const mine = await clockSeconds('bottom');
  assert.ok(mine <= 59, `X spent time: ${mine}`);
  assert.ok(await clockSeconds('top') <= 60);
  // The clocks stop at the end.
  assert.equal(await page.locator('.clock.running').count(), 0);
  await page.waitForTimeout(1100);
  assert.equal(await clockSeconds('bottom'), mine);
  await shot('clock-tictactoe-over');
  // A new game resets both clocks.
  await page.locator('#game-over-new').click();
  await page.waitForFunction(() => document.querySelector('#clock-bottom .clock-time').textContent === '1:00');
  await chooseClock('off');
});

test('Gomoku with a 3+2 clock, both sides by hand: five in a row ends a full game and the increment is added', async () => {
  await page.locator('.tab[data-game="gomoku"]').click();
  await page.locator('svg.gomoku').waitFor();
  await page.locator('#option-size').selectOption('15');
  await page.locator('#option-rule').selectOption('freestyle');
  await page.locator('#side').selectOption('both');
  await chooseClock('3+2');
  assert.equal(await clockText('bottom'), '3:00');
  const black = ['h8', 'h9', 'h10', 'h11', 'h12'];
  const white = ['a1', 'a2', 'a3', 'a4'];
  for (let i = 0; i < black.length; i++) {
    await page.locator(`.point-hit[data-point="${black[i]}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('g.gm-stone').length === n, 2 * i + 1);
    if (i === 4) break;
    await page.locator(`.point-hit[data-point="${white[i]}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('g.gm-stone').length === n, 2 * i + 2);
  }
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-over-title').textContent(), 'Black wins');
  // Quick moves with a 2 s increment leave more than the base time.
  assert.ok(await clockSeconds('bottom') > 180, await clockText('bottom'));
  assert.ok(await clockSeconds('top') > 180, await clockText('top'));
  await shot('clock-gomoku-five');
  await page.locator('#game-over-new').click();
  await chooseClock('off');
});

test('Xiangqi with a short clock: a drag-and-drop move, the engine answers by its clock, and Red loses on time', async () => {
  await page.locator('.tab[data-game="xiangqi"]').click();
  await page.locator('svg.xq').waitFor();
  await page.locator('#side').selectOption('first');
  await setLevel(3);
  await page.locator('#time-control').selectOption('custom');
  await page.locator('#tc-base').fill('0.1');
  await page.locator('#tc-inc').fill('0');
  await page.locator('#tc-apply').click();
  await page.locator('#clock-bottom').waitFor();
  assert.equal(await clockText('bottom'), '6.0');
  await page.locator('#notation-toggle button').first().click();
  await dragPiece('h2', 'e2');
  await waitForMoves(2);
  await waitIdle();
  assert.equal(await page.locator('#moves .mv').first().textContent(), '炮二平五');
  // The engine's clock was charged for its move and ours now runs.
  assert.equal(await page.locator('#clock-bottom.running').count(), 1);
  assert.ok(await clockSeconds('top') < 6);
  // The tray shows the count; nothing is taken yet.
  assert.equal(await page.locator('.tray-row').count(), 2);
  // We wait: the flag falls.
  await page.locator('#game-over').waitFor({ state: 'visible', timeout: 15000 });
  assert.equal(await page.locator('#game-over-title').textContent(), 'You lose');
  assert.equal(await page.locator('#game-over-reason').textContent(), 'Red loses on time');
  assert.match(await page.locator('#status').textContent(), /Red loses on time/);
  assert.equal(await clockText('bottom'), '0.0');
  assert.ok(await page.locator('#undo').isDisabled(), 'a game lost on time cannot be taken back');
  assert.equal(await page.locator('.point-hit.active').count(), 0);
  await shot('clock-xiangqi-flag');
  await page.locator('#game-over-new').click();
  await page.waitForFunction(() => document.querySelector('#clock-bottom .clock-time').textContent === '6.0');
  await chooseClock('off');
});

async function openXiangqi() {
  await page.locator('.tab[data-game="xiangqi"]').click();
  await page.locator('svg.xq').waitFor();
  await page.evaluate(() => { document.getElementById('records').open = true; });
}

test('Xiangqi: a capture by drag fills the tray, a drop on an illegal point says why, sounds can be turned on', async () => {
  await openXiangqi();
  await page.locator('#side').selectOption('both');
  await page.locator('#import-format').selectOption('fen');
  await page.locator('#import-text').fill('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  await page.locator('#import-load').click();
  await page.waitForFunction(() => document.querySelector('#moves .empty'));
  await page.locator('.point-hit.active').first().waitFor();
  // A rook cannot jump: the drop is refused with the reason, and the rook stays.
  await dragPiece('a0', 'a5');
  assert.match(await page.locator('#status').textContent(), /block|in the way|jump/i);
  assert.equal(await page.locator('g.piece[data-square="a0"]').count(), 1);
  // The cannon takes the knight by a drag over the screen.
  await dragPiece('h2', 'h9');
  await waitForMoves(1);
  assert.equal(await page.locator('g.piece[data-square="h9"].red').count(), 1);
  assert.equal(await page.locator('.tray-row[data-side="red"] .tray-pieces').textContent(), '馬');
  assert.equal(await page.locator('.tray-row[data-side="red"] .tray-lead').textContent(), '+4');
  await page.locator('#sound').click();
  assert.equal(await page.locator('#sound').getAttribute('aria-pressed'), 'true');
  await page.locator('.point-hit[data-square="i9"]').click();
  await page.locator('.point-hit[data-square="h9"]').click();
  await waitForMoves(2);
  assert.equal(await page.locator('.tray-row[data-side="black"] .tray-pieces').textContent(), '炮');
  await page.locator('#sound').click();
  await shot('xiangqi-tray');
});

test('Xiangqi: the shareable link reopens the game, moves and clock in a new page; the PGN downloads', async () => {
  await openXiangqi();
  await page.locator('#side').selectOption('both');
  await chooseClock('5+3');
  for (const [from, to] of [['h2', 'e2'], ['h9', 'g7'], ['h0', 'g2']]) {
    await page.locator(`.point-hit[data-square="${from}"]`).click();
    await page.locator(`.point-hit[data-square="${to}"]`).click();
  }
  await waitForMoves(3);
  await page.locator('#notation-toggle button').first().click();
  const link = await page.locator('#share-link').inputValue();
  assert.match(link, /#game=xiangqi&moves=h2e2%2Ch9g7%2Ch0g2&tc=5%2B3&side=both&level=\d+$/);
  const download = page.waitForEvent('download');
  await page.locator('#download').click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^qi-xiangqi-\d{4}-\d\d-\d\d\.pgn$/);
  const pgn = readFileSync(await file.path(), 'utf8');
  assert.match(pgn, /\[Result "\*"\]/);
  assert.match(pgn, /1\. .*2\. /s);

  const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  other.on('pageerror', (err) => pageErrors.push(String(err)));
  try {
    await other.goto(link);
    await other.locator('svg.xq').waitFor();
    await other.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].filter((e) => e.textContent && e.textContent !== '…').length === 3);
    assert.equal(await other.locator('.tab[aria-selected="true"]').textContent(), 'Xiangqi');
    assert.deepEqual(await other.locator('#moves .mv').allTextContents(), await page.locator('#moves .mv').allTextContents());
    assert.equal(await other.locator('.xq-last-to').count(), 1);
    assert.equal(await other.locator('#time-control').inputValue(), '5+3');
    assert.equal(await other.locator('#side').inputValue(), 'both');
    assert.equal(await other.locator('#clock-top .clock-time').textContent(), '5:00');
    // The hash has been read; a reload keeps the game from the browser's own save.
    assert.equal(new URL(other.url()).hash, '');
    // A broken link says so and starts a fresh game.
    await other.goto(`${base}#game=xiangqi&moves=h2e2,zz99`);
    await other.waitForFunction(() => /not restored/.test(document.getElementById('status').textContent));
    assert.match(await other.locator('#status').textContent(), /Link not restored: .*zz99/);
  } finally {
    await other.close();
  }
  await chooseClock('off');
});

test('Xiangqi analysis mode: lines with scores, the best-move arrow and the score graph', async () => {
  await openXiangqi();
  await page.locator('#side').selectOption('first');
  await setLevel(2);
  await page.locator('#new-game').click();
  await page.locator('.point-hit.active').first().waitFor();
  await page.locator('#analyse').click();
  assert.equal(await page.locator('#analyse').getAttribute('aria-pressed'), 'true');
  await page.locator('#analysis-lines li').first().waitFor({ timeout: 20000 });
  await page.locator('.xq-hint').waitFor({ timeout: 20000 });
  assert.match(await page.locator('#analysis-lines li .al-depth').first().textContent(), /^d\d+$/);
  assert.notEqual(await page.locator('#analysis-lines li .al-pv').first().textContent(), '–');
  await page.waitForFunction(() => Number(document.getElementById('score-graph').dataset.points) >= 1);
  // When the search ends, the best three moves with their exact scores.
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li.al-alt').length === 3, null, { timeout: 20000 });
  const top = await page.locator('#analysis-lines li.al-alt .al-pv').allTextContents();
  assert.equal(new Set(top.map((line) => line.split(' ')[0])).size, 3, top.join(' | '));
  assert.match(await page.locator('#analysis-lines li.al-alt .al-score').first().textContent(), /^[+-]?\d+\.\d\d$|wins/);
  // In analysis both sides are played by hand and the engine does not reply.
  await page.locator('.point-hit[data-square="b2"]').click();
  await page.locator('.point-hit[data-square="e2"]').click();
  await waitForMoves(1);
  await page.locator('.point-hit[data-square="b9"]').click();
  await page.locator('.point-hit[data-square="c7"]').click();
  await waitForMoves(2);
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length >= 1);
  await page.waitForFunction(() => Number(document.getElementById('score-graph').dataset.points) >= 2, null, { timeout: 20000 });
  assert.match(await page.locator('#status').textContent(), /Analysis/);
  await page.waitForTimeout(4500);
  await shot('xiangqi-analysis');
  assert.equal(await moveCount(), 2, 'the engine did not play while analysing');
  await page.locator('#analyse').click();
  // Back to playing: Red (us) is to move, the engine waits.
  assert.equal(await page.locator('#analysis-lines').isHidden(), true);
  await page.locator('#new-game').click();
});

test('Clocks, tray, analysis and sharing at 390 px and on the desktop: screenshots', async () => {
  await openXiangqi();
  await page.locator('#side').selectOption('first');
  await chooseClock('3+2');
  await page.locator('.point-hit[data-square="h2"]').click();
  await page.locator('.point-hit[data-square="e2"]').click();
  await waitForMoves(2);
  await waitIdle();
  await shot('desktop-xiangqi-clock');
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const clock = await page.locator('#clock-top').boundingBox();
    assert.ok(clock.x >= 0 && clock.x + clock.width <= 390, JSON.stringify(clock));
    await page.screenshot({ path: join(shots, 'phone-xiangqi-clock.png'), fullPage: true });
    await page.locator('#analyse').click();
    await page.locator('#analysis-lines li').first().waitFor({ timeout: 20000 });
    await page.screenshot({ path: join(shots, 'phone-xiangqi-analysis.png'), fullPage: true });
    await page.locator('#analyse').click();
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // Undo takes both moves back but gives no time back; before the first move no clock runs.
  const black = await clockText('top');
  await page.locator('#undo').click();
  await page.waitForFunction(() => document.querySelector('#moves .empty'));
  assert.equal(await page.locator('.clock.running').count(), 0);
  assert.equal(await clockText('top'), black);
  await page.locator('.point-hit[data-square="b2"]').click();
  await page.locator('.point-hit[data-square="e2"]').click();
  await waitForMoves(2);
  await waitIdle();
  assert.equal(await page.locator('#clock-bottom.running').count(), 1);
  await page.locator('#new-game').click();
  await page.waitForFunction(() => document.querySelector('#clock-top .clock-time').textContent === '3:00');
  await chooseClock('off');
});

test('Gomoku swap openings: the engine proposes and the player chooses; the player opens and the engine chooses', async () => {
  const swapShots = process.env.QI_SWAP_SHOTS || shots;
  mkdirSync(swapShots, { recursive: true });
  const swapShot = (name) => page.screenshot({ path: join(swapShots, `${name}.png`) });
  // Run alone (--test-name-pattern) the page is still blank.
  if (!page.url().startsWith(base)) await page.goto(`${base}?game=gomoku`);
  await page.locator('.tab[data-game="gomoku"]').click();
  await page.locator('svg.gomoku').waitFor();
  await page.locator('#option-rule').selectOption('freestyle');
  await page.locator('#option-size').selectOption('15');
  await setLevel(1);
  // Swap2 with the engine opening: three stones, then Take Black / Take White / Place two more.
  await page.locator('#side').selectOption('second');
  await page.locator('#option-opening').selectOption('swap2');
  await page.locator('#opening-buttons').waitFor({ state: 'visible', timeout: 20000 });
  assert.equal(await stoneCount(), 3);
  assert.match(await page.locator('#opening-text').textContent(), /placed three stones: choose your colour/);
  assert.equal(await page.locator('#opening-two').isVisible(), true);
  assert.equal(await page.locator('#status').textContent(), 'Choose your colour');
  await swapShot('swap2-engine-proposes');
  await page.setViewportSize({ width: 390, height: 844 });
  await swapShot('swap2-engine-proposes-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  // Place two more stones (White, Black): the engine then chooses its colour.
  await page.locator('#opening-two').click();
  assert.match(await page.locator('#status').textContent(), /place stone 4 \(White\)/);
  const free = async () => {
    const taken = await page.locator('g.gm-stone').evaluateAll((els) => els.map((e) => e.dataset.point));
    return ['a1', 'o15', 'a15', 'o1'].find((p) => !taken.includes(p));
  };
  await page.locator(`.point-hit[data-point="${await free()}"]`).click();
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 4);
  await page.locator(`.point-hit[data-point="${await free()}"]`).click();
  await page.waitForFunction(() => /^Engine (takes Black|stays White)/.test(document.getElementById('opening-text').textContent), null, { timeout: 20000 });
  await waitIdle();
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'), null, { timeout: 20000 });
  const text = await page.locator('#opening-text').textContent();
  const status = await page.locator('#status').textContent();
  if (/takes Black/.test(text)) {
    assert.equal(status, 'Your move (White)');
    assert.equal(await page.locator('#side').inputValue(), 'second');
  } else {
    assert.equal(status, 'Your move (Black)');
    assert.equal(await page.locator('#side').inputValue(), 'first');
    assert.equal(await stoneCount(), 6);
  }
  await swapShot('swap2-engine-decides-after-five');
  // Swap with the player opening: Black's open two in the centre and White's stone in the
  // corner is clearly Black's game, so the engine takes Black and the player moves as White.
  await page.locator('#side').selectOption('first');
  await page.locator('#option-opening').selectOption('swap');
  // The new game's position comes from the server: wait for the status it gives.
  await page.waitForFunction(() => /place stone 1 \(Black\)/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
  for (const [i, point] of ['h8', 'a1', 'i8'].entries()) {
    await page.locator(`.point-hit[data-point="${point}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('g.gm-stone').length === n, i + 1);
  }
  await page.waitForFunction(() => document.getElementById('opening-text').textContent.startsWith('Engine takes Black'), null, { timeout: 20000 });
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Your move (White)');
  assert.equal(await page.locator('#side').inputValue(), 'second');
  await swapShot('swap-engine-takes-black');
  await page.setViewportSize({ width: 390, height: 844 });
  await swapShot('swap-engine-takes-black-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  // The game goes on normally: the player's White move is answered by the engine.
  await page.locator('.point-hit[data-point="j8"]').click();
  await waitForMoves(5);
  await waitIdle();
  // Back to the usual game for anything after.
  await page.locator('#option-opening').selectOption('none');
  await page.locator('#side').selectOption('first');
  await page.waitForFunction(() => document.querySelectorAll('g.gm-stone').length === 0);
  assert.equal(await page.locator('#opening-panel').isVisible(), false);
});

test('the page logged no errors', () => {
  assert.deepEqual(pageErrors, []);
});
