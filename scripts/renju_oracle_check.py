#!/usr/bin/env python3
"""Cross-checks qi-gomoku's renju forbidden points against the PyPI `renju` referee.

Random 15x15 positions (stones dropped alternately, Black first, in a dense central area)
are given to qi-gomoku's `forbidden` example (crates/gomoku/examples/forbidden.rs), which
prints Black's forbidden points and their kind, and, point by point, to
`renju.check_forbid.get_foul_type(grid, x, y)` (0 none, 1 double-three, 2 double-four,
3 overline). Every empty point of every position is compared.

One difference of convention is counted apart, not as a mismatch: Qi calls a point a
double three where one of its threes can become a straight four only at a point that
already gives Black five in another line. The rule text says a five is never forbidden, so
that four-point is playable and the three is real; the `renju` referee does not count it.
Such a difference is recognised here when Qi says 33, the referee says nothing, and an
empty point on one of the point's four lines, at most four away, gives Black exactly five.

    pip install renju
    scripts/renju_oracle_check.py [--positions N] [--seed S]

Exit status 1 on any other difference, or when the example rejects a position.
"""

import argparse
import random
import subprocess
import sys

import oracle_common

get_foul_type = oracle_common.import_oracle("renju.check_forbid", "renju").get_foul_type

N = 15
KIND = {0: None, 1: "33", 2: "44", 3: "overline"}
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def random_position(rng):
    lo, hi = rng.choice([(3, 11), (4, 10), (2, 12), (0, 14)])
    cells = [(x, y) for x in range(lo, hi + 1) for y in range(lo, hi + 1)]
    rng.shuffle(cells)
    count = rng.randint(6, min(len(cells), 50))
    return cells[:count]


def on_board(x, y):
    return 0 <= x < N and 0 <= y < N


def black_run(grid, x, y, dx, dy):
    """Length of the black line through the empty point (x, y) if Black played there."""
    run = 1
    for sign in (1, -1):
        i, j = x + sign * dx, y + sign * dy
        while on_board(i, j) and grid[i][j] == 1:
            run += 1
            i, j = i + sign * dx, j + sign * dy
    return run


def gives_black_five(grid, x, y):
    return grid[x][y] == 0 and any(black_run(grid, x, y, dx, dy) == 5 for dx, dy in LINES)


def five_point_in_line(grid, x, y):
    """Whether an empty point on one of (x, y)'s lines, at most four away, gives Black five."""
    for dx, dy in LINES:
        for k in (-4, -3, -2, -1, 1, 2, 3, 4):
            i, j = x + k * dx, y + k * dy
            if on_board(i, j) and gives_black_five(grid, i, j):
                return True
    return False


def parse_answer(answer):
    """The example's line: `x,y:kind …`, `-` for none, or `ERROR …`."""
    ours = {}
    if answer != "-":
        for item in answer.split():
            pt, kind = item.split(":")
            x, y = map(int, pt.split(","))
            ours[(x, y)] = kind
    return ours


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200, help="random positions")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    exe = oracle_common.build_examples("qi-gomoku", "forbidden")["forbidden"]
    games = [random_position(rng) for _ in range(args.positions)]
    text = "\n".join(" ".join(f"{x},{y}" for x, y in g) for g in games) + "\n"
    answers = subprocess.run([exe], input=text, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    if len(answers) != len(games):
        sys.exit(f"the forbidden example answered {len(answers)} lines for {len(games)} positions")
    compared = mismatches = forbidden_total = convention = errors = 0
    for game, answer in zip(games, answers):
        moves = " ".join(f"{a},{b}" for a, b in game)
        if answer.startswith("ERROR"):
            errors += 1
            print(f"QI ERROR {answer} in {moves}")
            continue
        grid = [[0] * N for _ in range(N)]
        for i, (x, y) in enumerate(game):
            grid[x][y] = 1 if i % 2 == 0 else 2
        ours = parse_answer(answer)
        for x in range(N):
            for y in range(N):
                if grid[x][y] != 0:
                    continue
                theirs = KIND[get_foul_type(grid, x, y)]
                compared += 1
                if theirs:
                    forbidden_total += 1
                mine = ours.get((x, y))
                if mine == theirs:
                    continue
                if mine == "33" and theirs is None and five_point_in_line(grid, x, y):
                    convention += 1
                    continue
                mismatches += 1
                if mismatches <= 10:
                    print(f"MISMATCH at {x},{y}: qi {mine} renju {theirs} in {moves}")
    print(f"renju: {len(games)} positions, {compared} points, {forbidden_total} forbidden by "
          f"the oracle, {mismatches} mismatches, {errors} positions Qi rejected; "
          f"{convention} double threes through a five-point (convention, not counted)")
    sys.exit(1 if mismatches or errors else 0)


if __name__ == "__main__":
    main()
