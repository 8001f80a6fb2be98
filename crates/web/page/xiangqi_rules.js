// Why a Xiangqi click is not a move, in words: the page knows every legal move (the
// server's `legal`), so this only has to explain the ones that are not — the piece's way
// of moving, a blocking piece, the river or palace, or a general left in check.
//
// Squares are ICCS (`e0`: file a–i, rank 0–9 from Red's side); pieces are the position's
// `board.pieces` entries `{square, side, kind}`.

const fileOf = (sq) => sq.charCodeAt(0) - 97;
const rankOf = (sq) => Number(sq.slice(1));
const squareName = (file, rank) => `${String.fromCharCode(97 + file)}${rank}`;
const sideName = (side) => (side === 'red' ? 'Red' : 'Black');
const describe = (piece) => `the ${sideName(piece.side)} ${piece.kind} at ${piece.square}`;
const inPalace = (side, sq) => {
  const f = fileOf(sq);
  const r = rankOf(sq);
  return f >= 3 && f <= 5 && (side === 'red' ? r <= 2 : r >= 7);
};
const ownHalf = (side, sq) => (side === 'red' ? rankOf(sq) <= 4 : rankOf(sq) >= 5);

// The squares strictly between two squares on one rank or file.
function between(from, to) {
  const [f1, r1, f2, r2] = [fileOf(from), rankOf(from), fileOf(to), rankOf(to)];
  const squares = [];
  const df = Math.sign(f2 - f1);
  const dr = Math.sign(r2 - r1);
  for (let f = f1 + df, r = r1 + dr; f !== f2 || r !== r2; f += df, r += dr) squares.push(squareName(f, r));
  return squares;
}

// Why `piece` cannot reach `to` by its own way of moving, or null when it could (on an
// otherwise empty path). `at(sq)` is the piece on a square or undefined.
function geometry(piece, to, at) {
  const from = piece.square;
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  const [adf, adr] = [Math.abs(df), Math.abs(dr)];
  const target = at(to);
  switch (piece.kind) {
    case 'chariot': {
      if (df && dr) return 'a chariot moves along ranks and files only';
      const block = between(from, to).map(at).find(Boolean);
      return block ? `blocked by ${describe(block)}` : null;
    }
    case 'cannon': {
      if (df && dr) return 'a cannon moves along ranks and files only';
      const screens = between(from, to).map(at).filter(Boolean);
      if (!target) return screens.length ? `blocked by ${describe(screens[0])} (a cannon jumps only to capture)` : null;
      if (screens.length === 0) return 'a cannon captures only by jumping over exactly one piece';
      if (screens.length > 1) return `a cannon jumps over exactly one piece to capture (${screens.length} are in the way)`;
      return null;
    }
    case 'horse': {
      if (!((adf === 1 && adr === 2) || (adf === 2 && adr === 1))) return 'a horse moves one point straight, then one diagonally';
      const leg = adf === 2 ? squareName(fileOf(from) + df / 2, rankOf(from)) : squareName(fileOf(from), rankOf(from) + dr / 2);
      return at(leg) ? `the horse's leg is blocked by ${describe(at(leg))}` : null;
    }
    case 'elephant': {
      if (adf !== 2 || adr !== 2) return 'an elephant moves exactly two points diagonally';
      if (!ownHalf(piece.side, to)) return 'an elephant cannot cross the river';
      const eye = squareName(fileOf(from) + df / 2, rankOf(from) + dr / 2);
      return at(eye) ? `the elephant's eye is blocked by ${describe(at(eye))}` : null;
    }
    case 'advisor':
      if (adf !== 1 || adr !== 1) return 'an advisor moves one point diagonally';
      return inPalace(piece.side, to) ? null : 'an advisor cannot leave the palace';
    case 'general':
      if (adf + adr !== 1) return 'the general moves one point along a rank or file';
      return inPalace(piece.side, to) ? null : 'the general cannot leave the palace';
    case 'soldier': {
      const forward = piece.side === 'red' ? 1 : -1;
      if (dr === forward && df === 0) return null;
      if (dr === 0 && adf === 1) return ownHalf(piece.side, from) ? 'a soldier moves sideways only after crossing the river' : null;
      if (dr === -forward && df === 0) return 'a soldier never moves back';
      return 'a soldier moves one point forward (or sideways across the river)';
    }
    default:
      return 'that piece cannot move there';
  }
}

// Whether the two generals would face each other on an open file after `from`→`to`.
function generalsFace(pieces, from, to) {
  const after = new Map(pieces.map((p) => [p.square, p]));
  const moving = after.get(from);
  after.delete(from);
  after.set(to, { ...moving, square: to });
  const generals = [...after.values()].filter((p) => p.kind === 'general');
  if (generals.length !== 2 || fileOf(generals[0].square) !== fileOf(generals[1].square)) return false;
  return between(generals[0].square, generals[1].square).every((sq) => !after.has(sq));
}

// Why clicking `to` with `from` selected is not a move, as one sentence, given the position
// answer `pos` (its `board.pieces`, `legal`, `to_move`, `check`).
export function whyNotMove(pos, from, to) {
  const pieces = pos.board.pieces;
  const bySquare = new Map(pieces.map((p) => [p.square, p]));
  const at = (sq) => bySquare.get(sq);
  const piece = at(from);
  if (!piece) return 'there is no piece there';
  const name = `The ${piece.kind}`;
  const target = at(to);
  if (target && target.side === piece.side) return `${name} cannot take its own side's ${target.kind}`;
  const reason = geometry(piece, to, at);
  if (reason) return `${name} cannot go to ${to}: ${reason}`;
  if (pos.legal.includes(from + to)) return null;
  if (generalsFace(pieces, from, to)) return `${name} cannot go to ${to}: the generals would face each other`;
  return pos.check
    ? `${name} cannot go to ${to}: it does not get your general out of check`
    : `${name} cannot go to ${to}: it would leave your general in check`;
}

// Why a click on `square` selects nothing: an opponent's piece, or a piece of the side to
// move with no legal move. `humanSides` are the sides the person plays.
export function whyNotSelect(pos, square, humanSides) {
  const piece = pos.board.pieces.find((p) => p.square === square);
  if (!piece) return 'Choose one of your pieces first';
  if (piece.side !== pos.to_move) {
    const mover = sideName(pos.to_move);
    return humanSides.length === 1
      ? `Not your piece: you play ${mover}`
      : `${mover} to move: that ${piece.kind} is ${sideName(piece.side)}'s`;
  }
  // Its piece but no legal move: blocked everywhere, or every move exposes the general.
  const tries = [];
  for (let f = 0; f < 9; f++) for (let r = 0; r < 10; r++) tries.push(squareName(f, r));
  const reachable = tries.filter((to) => {
    const target = pos.board.pieces.find((p) => p.square === to);
    return to !== square && !(target && target.side === piece.side) && !geometry(piece, to, (sq) => pos.board.pieces.find((p) => p.square === sq));
  });
  if (!reachable.length) return `The ${piece.kind} at ${square} has no move: it is blocked`;
  return pos.check
    ? `The ${piece.kind} at ${square} has no move that gets your general out of check`
    : `The ${piece.kind} at ${square} cannot move without exposing your general`;
}
