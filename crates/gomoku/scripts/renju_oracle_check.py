#!/usr/bin/env python3
"""Cross-checks Qi's renju forbidden points against the PyPI `renju` package.

Random 15x15 positions (stones dropped alternately, Black first, in a dense central area)
are given to Qi's `forbidden` example and, point by point, to
`renju.check_forbid.get_foul_type(grid, x, y)` (0 none, 1 double-three, 2 double-four,
3 overline). Prints the number of positions, points compared and mismatches.

    pip install renju
    cargo build --release -p qi-gomoku --example forbidden
    python3 crates/gomoku/scripts/renju_oracle_check.py [POSITIONS] [SEED]
"""

import os
import random
import subprocess
import sys

from renju.check_forbid import get_foul_type

N = 15
KIND = {0: None, 1: "33", 2: "44", 3: "overline"}


def random_position(rng):
    lo, hi = rng.choice([(3, 11), (4, 10), (2, 12), (0, 14)])
    cells = [(x, y) for x in range(lo, hi + 1) for y in range(lo, hi + 1)]
    rng.shuffle(cells)
    count = rng.randint(6, min(len(cells), 50))
    return cells[:count]


def black_has_five_point(grid):
    """Whether some empty point gives Black exactly five (positions random play never reaches
    with Black to move, where the oracle's referee and Qi may differ, see the summary)."""
    for x in range(N):
        for y in range(N):
            if grid[x][y] != 0:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = 1
                for sign in (1, -1):
                    i, j = x + sign * dx, y + sign * dy
                    while 0 <= i < N and 0 <= j < N and grid[i][j] == 1:
                        run += 1
                        i, j = i + sign * dx, j + sign * dy
                if run == 5:
                    return True
    return False


def main():
    positions = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    exe = os.path.join(root, "target", "release", "examples", "forbidden")
    games = [random_position(rng) for _ in range(positions)]
    text = "\n".join(" ".join(f"{x},{y}" for x, y in g) for g in games) + "\n"
    out = subprocess.run([exe], input=text, capture_output=True, text=True, check=True)
    answers = out.stdout.splitlines()
    compared = mismatches = forbidden_total = with_five = 0
    for game, answer in zip(games, answers):
        grid = [[0] * N for _ in range(N)]
        for i, (x, y) in enumerate(game):
            grid[x][y] = 1 if i % 2 == 0 else 2
        ours = {}
        if answer != "-":
            for item in answer.split():
                pt, kind = item.split(":")
                x, y = map(int, pt.split(","))
                ours[(x, y)] = kind
        for x in range(N):
            for y in range(N):
                if grid[x][y] != 0:
                    continue
                theirs = KIND[get_foul_type(grid, x, y)]
                compared += 1
                if theirs:
                    forbidden_total += 1
                if ours.get((x, y)) != theirs:
                    mismatches += 1
                    if black_has_five_point(grid):
                        with_five += 1
                    if mismatches <= 10:
                        print(f"mismatch at {x},{y}: qi {ours.get((x, y))} renju {theirs} "
                              f"in {' '.join(f'{a},{b}' for a, b in game)}")
    print(f"{len(games)} positions, {compared} points, {forbidden_total} forbidden by the "
          f"oracle, {mismatches} mismatches ({with_five} of them in positions where Black "
          f"already has a five-point)")


if __name__ == "__main__":
    main()
