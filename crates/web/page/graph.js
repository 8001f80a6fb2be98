// The score graph over the game: one point per ply from the engine's reported scores (the
// first side's view), squashed like the evaluation bar so a won game does not flatten the
// rest. Plies the engine never scored are left out of the line.

import { el, svgRoot } from './svg.js';

const W = 300;
const H = 80;

// Draws `scores` (index: ply, value: {score, decisive} or undefined) into `container`;
// `scale` is the game's evaluation scale; `onPick(ply)` is called on a click.
export function drawGraph(container, scores, scale, onPick) {
  const plies = Math.max(scores.length - 1, 1);
  const svg = svgRoot(W, H, 'Score graph');
  svg.classList.add('score-graph');
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.append(el('rect', { class: 'graph-second', x: 0, y: 0, width: W, height: H }));
  const y = (entry) => {
    const share = entry.decisive ? (entry.score > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(entry.score / (2 * scale));
    return H - share * H;
  };
  const x = (ply) => (ply / plies) * W;
  const points = [];
  scores.forEach((entry, ply) => { if (entry) points.push([x(ply), y(entry), ply]); });
  if (points.length) {
    const area = [`${points[0][0].toFixed(1)},${H}`, ...points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`), `${points[points.length - 1][0].toFixed(1)},${H}`];
    svg.append(el('polygon', { class: 'graph-first', points: area.join(' ') }));
    svg.append(el('polyline', { class: 'graph-line', 'vector-effect': 'non-scaling-stroke', points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ') }));
    for (const [px, py, ply] of points) {
      const dot = el('circle', { class: 'graph-dot', cx: px, cy: py, r: 3, 'data-ply': ply });
      dot.append(el('title', {}, `ply ${ply}`));
      dot.addEventListener('click', () => onPick(ply));
      svg.append(dot);
    }
  }
  svg.append(el('line', { class: 'graph-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
  container.replaceChildren(svg);
  container.dataset.points = String(points.length);
}
