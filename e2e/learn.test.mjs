// End-to-end test of the Learn view: starts `qi serve --port 0`, drives headless chromium,
// opens the view for each game, steps through a tic-tac-toe search to its cutoff and checks
// what the page shows, logs the time per step on a 300-node tree, and saves screenshots
// (desktop and 390 px wide) to e2e/screenshots/.
//
//   node --test learn.test.mjs          (QI_BIN=path/to/qi to pick the binary)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
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
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) pageErrors.push(msg.text());
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGINT');
});

// The view is a fixed overlay with its own scrolling: the viewport is what people see.
const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });

// Opens the page with `saved` as a game's stored position, then the Learn view on that game.
async function openLearn(game, saved) {
  // Seeded from a page of the same origin that runs no script, so the game page cannot
  // save over the seed while it loads.
  await page.goto(`${base}api/status`);
  await page.evaluate(([g, s]) => {
    localStorage.clear();
    localStorage.setItem('qi.game', g);
    if (s) localStorage.setItem(`qi.${g}`, JSON.stringify({ human: 'both', level: 5, ...s }));
  }, [game, saved]);
  await page.goto(`${base}?game=${game}`);
  await page.waitForSelector(`.tab[data-game="${game}"][aria-selected="true"]`);
  await page.click('#learn-open');
  await page.waitForSelector('#learn:not([hidden])');
  await page.waitForSelector(`.lv-game[data-game="${game}"][aria-pressed="true"]`);
  await page.waitForFunction(() => document.getElementById('learn').dataset.state === 'ready'
    && document.querySelectorAll('.lv-node').length > 0);
}

const treeCount = () => page.locator('.lv-count').textContent();

test('tic-tac-toe: the tree, the forced wins and a step-through to the alpha cutoff', async () => {
  await openLearn('tictactoe', { start: 'xo./.x./..o', moves: [] });
  assert.match(await treeCount(), /^23 nodes, 17 leaves, 1 cutoffs$/);
  assert.equal(await page.locator('.lv-node').count(), 23);
  // The exercise: X 4 and X 7 fork; the board highlights them.
  assert.match(await page.locator('.lv-answer').textContent(), /Forced wins: 4, 7/);
  assert.equal(await page.locator('.lv-exercise .lv-cell.lv-win').count(), 2);
  // The chart: five series, minimax first.
  assert.equal(await page.locator('.lv-series').count(), 5);
  // The pruned branch is drawn greyed with its reason.
  assert.match(await page.locator('.lv-pruned').first().textContent(), /pruned \(alpha cutoff\): O /);
  await shot('learn-tictactoe-desktop');
  // The tutorial is linked and served.
  const href = await page.locator('.lv-tutorial').getAttribute('href');
  const tutorial = await page.request.get(new URL(href, base).href);
  assert.equal(tutorial.status(), 200);
  assert.match(await tutorial.text(), /^# How a game engine searches/);

  // Step until the search reaches its cutoff: the step line names it.
  await page.click('.lv-next');
  assert.match(await page.locator('.lv-step-text').textContent(), /^step 1\/23: root \(MAX\)/);
  let steps = 1;
  while (!/alpha cutoff/.test(await page.locator('.lv-step-text').textContent())) {
    await page.click('.lv-next');
    steps++;
    assert.ok(steps <= 23, 'no cutoff reached');
  }
  const text = await page.locator('.lv-step-text').textContent();
  assert.match(text, /X 8 \(MIN\): alpha cutoff, O \d( and|,)?.* pruned/);
  // The cut node: a MIN node entered with [α +3, β +∞], whose -3 is an upper bound.
  const cut = page.locator('.lv-node.lv-cut');
  assert.equal(await cut.count(), 1);
  await cut.hover();
  assert.equal(await page.locator('.lv-facts-window').textContent(), '[α +3, β +∞]');
  assert.equal(await page.locator('.lv-facts-bound').textContent(), 'upper bound (alpha cutoff)');
  // Its pruned moves are now shown, the nodes after this step are pending, the best path
  // is lit.
  assert.equal(await page.locator('.lv-pruned.lv-pending').count(), 0);
  assert.equal(await page.locator('.lv-node.lv-pending').count(), 23 - steps);
  assert.ok(await page.locator('.lv-node.lv-path').count() >= 2);
  assert.equal(await page.locator('.lv-node.lv-current').count(), 1);
  await shot('learn-tictactoe-cutoff');
  // Previous goes back one node.
  await page.click('.lv-prev');
  assert.match(await page.locator('.lv-step-text').textContent(), new RegExp(`^step ${steps - 1}/23`));
  // Collapse and expand the root.
  await page.locator('.lv-item[data-id="0"] > .lv-node .lv-toggle').click();
  assert.equal(await page.locator('.lv-item[data-id="1"]').isVisible(), false);
  await page.locator('.lv-item[data-id="0"] > .lv-node .lv-toggle').click();
  assert.equal(await page.locator('.lv-item[data-id="1"]').isVisible(), true);
});

test('tic-tac-toe: a 300-node tree steps quickly (time per step logged)', async () => {
  await openLearn('tictactoe', { start: null, moves: ['5'] });
  await page.fill('.lv-depth', '4');
  await page.click('.lv-run');
  await page.waitForFunction(() => document.getElementById('learn').dataset.state === 'ready');
  assert.equal(await page.locator('.lv-error').textContent(), '');
  assert.match(await treeCount(), /^339 nodes/);
  const n = await page.locator('.lv-node').count();
  // Each step forces a layout so the time is what the user waits for.
  const times = await page.evaluate(async (count) => {
    const next = document.querySelector('.lv-next');
    const out = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      next.click();
      void document.querySelector('.lv-tree').offsetHeight;
      out.push(performance.now() - t0);
    }
    return out;
  }, n);
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`learn: ${n}-node tree, ${times.length} steps: mean ${mean.toFixed(2)} ms, median ${sorted[sorted.length >> 1].toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms per step`);
  assert.match(await page.locator('.lv-step-text').textContent(), new RegExp(`^step ${n}/${n}`));
  // Play runs on its own and can be paused.
  await page.click('.lv-all');
  await page.click('.lv-play');
  await page.waitForFunction(() => /^step [3-9]/.test(document.querySelector('.lv-step-text').textContent));
  await page.click('.lv-play');
  assert.equal(await page.locator('.lv-play').textContent(), 'Play');
});

test('gomoku: tree of the best moves, the shape table and the shapes on the board', async () => {
  await openLearn('gomoku', { moves: ['h8', 'h9', 'i8', 'i9'], options: { rule: 'freestyle', size: 15 } });
  assert.match(await treeCount(), /^\d+ nodes/);
  const rows = await page.locator('.lv-exercise .lv-table tbody tr').allTextContents();
  assert.ok(rows.some((r) => /^open three80/.test(r)), rows.join(' | '));
  assert.match(await page.locator('.lv-side-shapes').first().textContent(), /Black: .*open three/);
  await page.locator('.lv-node').nth(1).hover();
  assert.equal(await page.locator('.lv-hover .lv-gomoku').count(), 1);
  assert.ok(await page.locator('.lv-hover .lv-stone').count() >= 5, 'the root stones and the move');
  await shot('learn-gomoku-desktop');
});

test('xiangqi: tree, evaluation terms and a 390 px screen', async () => {
  await openLearn('xiangqi', { start: null, moves: ['h2e2', 'h9g7'] });
  assert.match(await treeCount(), /^\d+ nodes/);
  const terms = await page.locator('.lv-term').allTextContents();
  assert.deepEqual(terms.map((t) => t.replace(/[-+\d]+$/, '')), ['material', 'piece-square', 'the rest', 'total']);
  assert.equal(await page.locator('.lv-exercise .lv-table tbody tr').count(), 7);
  await page.locator('.lv-node').nth(2).hover();
  assert.equal(await page.locator('.lv-hover .lv-xq').count(), 1);
  await shot('learn-xiangqi-desktop');
  // An oversized request is refused with the server's message and the view stays usable.
  await page.fill('.lv-depth', '4');
  await page.fill('.lv-top', '8');
  await page.click('.lv-run');
  await page.waitForFunction(() => !document.querySelector('.lv-error').hidden);
  assert.match(await page.locator('.lv-error').textContent(), /5000 nodes|positions/);

  await page.setViewportSize({ width: 390, height: 844 });
  await openLearn('tictactoe', { start: 'xo./.x./..o', moves: [] });
  await page.click('.lv-next');
  await page.click('.lv-next');
  await shot('learn-tictactoe-390');
  const overflow = await page.evaluate(() => document.querySelector('.lv-panel').scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the panel is ${overflow}px wider than the screen`);
  // The Learn button must not widen the page on a phone.
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(pageOverflow <= 1, `the page is ${pageOverflow}px wider than the screen`);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the Learn view logged no errors', () => {
  assert.deepEqual(pageErrors, []);
});
