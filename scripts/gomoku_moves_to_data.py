#!/usr/bin/env python3
"""Turns Rapfi's move labels into a tuning data file, whole games shuffled.

    scripts/gomoku_moves_to_data.py LABELS.txt OUT.txt [--scale 200] [--max-stones 70]
                                    [--seed 7]

LABELS.txt is what `scripts/gomoku_label_moves.py` writes: `RULE SIZE MOVES | best eval`,
Rapfi's move and its evaluation for the side to move. OUT.txt gets `RULE SIZE MOVES |
result` lines, as `qi tune gomoku fit` reads them, the result being Black's expected score
from Rapfi's evaluation, sigmoid(eval / --scale), or 1 or 0 for a forced win or loss
(`gomoku_label.black_score`, the same conversion as `scripts/gomoku_label.py`).

The labeller writes the positions of a game one after another, so the fit's held-out tail
(its last tenth) would be the last games labelled, from whatever source came last. So the
games are shuffled, whole, with a fixed --seed: a game is a run of lines each of which
extends the one before by stones. Positions with more than --max-stones stones and lines
without an evaluation are left out and counted.
"""
import argparse
import random
import re
import sys

from gomoku_label import black_score

LINE = re.compile(r"^(\S+) (\d+) ([a-z0-9 ]*)\|\s*\S+ (\S+)\s*$")
EVAL = re.compile(r"[+-]M\d+|-?\d+")


def games_of(lines, max_stones, scale):
    """The data lines grouped into games, and how many labels were left out."""
    games, previous, left_out = [], None, 0
    for line in lines:
        match = LINE.match(line.strip())
        if not match or not EVAL.fullmatch(match.group(4)):
            left_out += 1
            continue
        rule, size, moves_text, evaluation = match.groups()
        moves = moves_text.split()
        if max_stones and len(moves) > max_stones:
            left_out += 1
            continue
        score = black_score(evaluation, len(moves) % 2 == 0, scale)
        data = f"{rule} {size} {' '.join(moves)} | {score:.3f}\n"
        key = (rule, size, moves)
        if (
            previous is not None
            and previous[:2] == key[:2]
            and len(moves) > len(previous[2])
            and moves[: len(previous[2])] == previous[2]
        ):
            games[-1].append(data)
        else:
            games.append([data])
        previous = key
    return games, left_out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("labels")
    parser.add_argument("out")
    parser.add_argument("--scale", type=float, default=200.0)
    parser.add_argument("--max-stones", type=int, default=70)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    try:
        with open(args.labels) as f:
            lines = [l for l in f if l.strip() and not l.startswith("#")]
    except OSError as e:
        sys.exit(f"cannot read {args.labels}: {e}")
    games, left_out = games_of(lines, args.max_stones, args.scale)
    random.Random(args.seed).shuffle(games)
    positions = sum(len(g) for g in games)
    with open(args.out, "w") as out:
        out.write(
            f"# {positions} positions of {len(games)} games from {args.labels}, Black's score"
            f" = sigmoid(Rapfi's eval / {args.scale:g}), games shuffled (seed {args.seed})\n"
        )
        for game in games:
            out.writelines(game)
    print(f"{positions} positions of {len(games)} games written, {left_out} labels left out")


if __name__ == "__main__":
    main()
