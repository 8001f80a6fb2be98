// Shareable links and downloads. A link carries the game in the URL hash:
//   #game=xiangqi&moves=h2e2,h9g7&start=<FEN>&options=rule:renju,size:15&tc=3%2B2&side=first&level=5
// and opening it restores that game, position and settings.

// The hash of a link to this game.
export function encode({ game, start, moves, options, tc, human, level }) {
  const params = new URLSearchParams();
  params.set('game', game);
  if (start) params.set('start', start);
  if (moves.length) params.set('moves', moves.join(','));
  if (options) params.set('options', Object.entries(options).map(([k, v]) => `${k}:${v}`).join(','));
  if (tc) params.set('tc', tc.id === 'custom' ? `${tc.baseMs / 60000}+${tc.incMs / 1000}` : tc.id);
  params.set('side', human);
  params.set('level', String(level));
  return `#${params.toString()}`;
}

// What a link's hash asks for, or null when it names no game. Values are checked by the
// page and the server (a bad move is refused with a message like any other request).
export function decode(hash) {
  if (!hash || hash.length < 2) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('game');
  if (!game) return null;
  const moves = (params.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean).slice(0, 2000);
  let options = null;
  if (params.get('options')) {
    options = {};
    for (const pair of params.get('options').split(',')) {
      const [k, v] = pair.split(':');
      if (!k || v === undefined) continue;
      options[k] = /^\d+$/.test(v) ? Number(v) : v;
    }
  }
  let tc = null;
  const tcText = params.get('tc');
  const m = tcText && tcText.match(/^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/);
  if (m) tc = { base: Number(m[1]), inc: Number(m[2]), id: tcText };
  else if (tcText === 'off') tc = { id: 'off' };
  const side = ['first', 'second', 'both'].includes(params.get('side')) ? params.get('side') : null;
  const level = Number(params.get('level'));
  return {
    game, moves, options, tc, side,
    start: params.get('start') || null,
    level: Number.isInteger(level) && level >= 1 && level <= 10 ? level : null,
  };
}

// Saves `text` as a file called `name` through a temporary link.
export function download(name, text, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
