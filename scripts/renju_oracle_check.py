#!/usr/bin/env python3
"""Cross-checks qi-gomoku's renju forbidden points against the PyPI `renju` referee.

Random 15x15 positions (stones dropped alternately, Black first, in a dense central area)
are given to qi-gomoku's `forbidden` example (crates/gomoku/examples/forbidden.rs), which
prints Black's forbidden points and their kind, and, point by point, to
`renju.check_forbid.get_foul_type(grid, x, y)` (0 none, 1 double-three, 2 double-four,
3 overline). Every empty point of every position is compared.

One difference of convention is counted apart, not as a mismatch. To decide whether a
three is real, a rule asks whether its straight-four point is itself forbidden; the `renju`
referee (after Piskvork's judge) counts a point that gives Black five as forbidden there, at
any depth of that recursion, so such a three is not real for it. The rule text says a five
is never forbidden, and Qi follows it. A difference is this convention when Qi agrees with
the same referee run with five-points not forbidden in the recursion (a subclass of its
ForbidChecker); any other difference is a mismatch.

    pip install renju
    scripts/renju_oracle_check.py [--positions N] [--seed S]

Exit status 1 on any other difference, or when the example rejects a position.
"""

import argparse
import random
import subprocess
import sys

import oracle_common

check_forbid = oracle_common.import_oracle("renju.check_forbid", "renju")
get_foul_type = check_forbid.get_foul_type


class RuleTextChecker(check_forbid.ForbidChecker):
    """The `renju` referee with a five-point never forbidden, also inside the recursion that
    asks whether a three's four-point is playable (the referee passes `five=1` there)."""

    def foulr(self, x, y, five):
        return super().foulr(x, y, 0)


def rule_text_foul_type(grid, x, y):
    return RuleTextChecker(grid, x, y).get_foul_type()


N = 15
KIND = {0: None, 1: "33", 2: "44", 3: "overline"}


def random_position(rng):
    lo, hi = rng.choice([(3, 11), (4, 10), (2, 12), (0, 14)])
    cells = [(x, y) for x in range(lo, hi + 1) for y in range(lo, hi + 1)]
    rng.shuffle(cells)
    count = rng.randint(6, min(len(cells), 50))
    return cells[:count]


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
                if mine == KIND[rule_text_foul_type(grid, x, y)]:
                    convention += 1
                    continue
                mismatches += 1
                if mismatches <= 10:
                    print(f"MISMATCH at {x},{y}: qi {mine} renju {theirs} in {moves}")
    print(f"renju: {len(games)} positions, {compared} points, {forbidden_total} forbidden by "
          f"the oracle, {mismatches} mismatches, {errors} positions Qi rejected; "
          f"{convention} differences of the five-point convention (not counted)")
    sys.exit(1 if mismatches or errors else 0)


if __name__ == "__main__":
    main()
