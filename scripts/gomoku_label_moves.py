#!/usr/bin/env python3
"""Labels the positions of recorded gomoku games with the move Rapfi chooses there.

    scripts/gomoku_label_moves.py GAMES.sgf [GAMES.sgf ...] --rapfi RAPFI --out OUT.txt
                                  [--nodes 30000] [--jobs 2] [--skip 3] [--max-stones 90]

GAMES.sgf is what `qi match --game gomoku --pgn` writes (one SGF tree per game, RU the
rule, SZ the size). Every position of every game is taken once (a position met again,
in another game or with the stones played in another order, is skipped), from the
--skip-th stone (the opening's stones) to --max-stones stones. RAPFI is a Rapfi `pbrain`
binary (../shared/engines/README.md; it must find its config.toml in its own folder); it
searches each position for --nodes nodes. OUT.txt gets one line a position,
`RULE SIZE MOVES | best eval`: Rapfi's move and its evaluation for the side to move.
`scripts/gomoku_agreement.py` measures how often Qi chooses the same moves.

The positions are shared among --jobs Rapfi processes. Positions Rapfi gave no move for
are left out and counted. This only talks to Rapfi over the Gomocup protocol; nothing of
Rapfi is in the repository.
"""
import argparse
import sys
import threading

from gomoku_label import Rapfi, RULES, record
from gomoku_swings import name, parse_games


def positions(paths, skip, max_stones):
    """Every position of the games once, as (rule, size, moves)."""
    seen, out = set(), []
    for path in paths:
        with open(path) as f:
            text = f.read()
        for _, _, _, rule, moves, size in parse_games(text):
            if rule not in RULES:
                continue
            for n in range(skip, min(len(moves), max_stones + 1)):
                key = (rule, size, frozenset(moves[0:n:2]), frozenset(moves[1:n:2]))
                if key not in seen:
                    seen.add(key)
                    out.append((rule, size, moves[:n]))
    return out


def label(indices, todo, rapfi, nodes, out, counts, lock):
    """Labels todo[i] for each i of `indices` into out[i] (None: no move)."""
    engine = Rapfi(rapfi, nodes)
    try:
        for i in indices:
            rule, size, moves = todo[i]
            evaluation = engine.evaluate(rule, size, moves)
            if engine.last_move is None:
                with lock:
                    counts["missing"] += 1
                continue
            played = " ".join(name(m) for m in moves)
            line = f"{rule} {size} {played} | {name(engine.last_move)} {evaluation}"
            record(out, i, line, counts, lock)
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sgf", nargs="+")
    parser.add_argument("--rapfi", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--nodes", type=int, default=30000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip", type=int, default=3)
    parser.add_argument("--max-stones", type=int, default=90)
    args = parser.parse_args()
    todo = positions(args.sgf, args.skip, args.max_stones)
    print(f"{len(todo)} positions", file=sys.stderr)
    out, counts, lock = [None] * len(todo), {"done": 0, "missing": 0}, threading.Lock()
    shares = [range(j, len(todo), args.jobs) for j in range(args.jobs)]
    workers = [
        threading.Thread(
            target=label, args=(share, todo, args.rapfi, args.nodes, out, counts, lock)
        )
        for share in shares
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    with open(args.out, "w") as f:
        f.write(
            f"# {counts['done']} positions of {' '.join(args.sgf)} labelled with Rapfi's "
            f"move at {args.nodes} nodes: RULE SIZE MOVES | best eval\n"
        )
        f.write("".join(line + "\n" for line in out if line is not None))
    print(f"{counts['done']} labelled, {counts['missing']} without a move", file=sys.stderr)


if __name__ == "__main__":
    main()
