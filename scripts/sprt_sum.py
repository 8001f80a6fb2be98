#!/usr/bin/env python3
"""Sums the game pairs of several `qi match --sprt` logs into one test.

An SPRT that runs out of time can go on in a new run from another rotation of the opening
book; this adds up the complete pairs of every run (games 2k-1 and 2k, the first engine's
points) and gives the pentanomial, the Elo with its 95 % error and the log-likelihood ratio
as `qi match` computes them (crates/match/src/sprt.rs: the generalised LLR of the
pentanomial model). A run stopped early leaves some pairs with one game: those are dropped.

    scripts/sprt_sum.py [--elo0 0] [--elo1 10] LOG...
"""
import argparse
import math
import re
import sys

PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]
UNSEEN = 1e-3
GAME = re.compile(r"Game (\d+): (.*?) \(Black\) vs (.*?) \(White\): (1-0|0-1|1/2-1/2)")


def expected_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def lagrange_multiplier(freqs, s):
    """The root of sum f_i (a_i - s) / (1 + l (a_i - s)) = 0, by bisection."""
    lo = -1 / (1 - s) + 1e-9
    hi = 1 / s - 1e-9
    for _ in range(200):
        mid = (lo + hi) / 2
        g = sum(f * (a - s) / (1 + mid * (a - s)) for f, a in zip(freqs, PAIR_SCORES))
        if g > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def llr(counts, elo0, elo1):
    n = sum(counts)
    if n == 0:
        return 0.0
    freqs = [c if c else UNSEEN for c in counts]
    total = sum(freqs)
    freqs = [f / total for f in freqs]
    s0, s1 = expected_score(elo0), expected_score(elo1)
    l0, l1 = lagrange_multiplier(freqs, s0), lagrange_multiplier(freqs, s1)
    return n * sum(
        f * math.log((1 + l0 * (a - s0)) / (1 + l1 * (a - s1)))
        for f, a in zip(freqs, PAIR_SCORES)
    )


def elo(counts):
    n = sum(counts)
    mean = sum(c * a for c, a in zip(counts, PAIR_SCORES)) / n
    if mean <= 0 or mean >= 1:
        return (math.copysign(math.inf, mean - 0.5), math.inf)
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, PAIR_SCORES)) / n
    slope = 400 / (math.log(10) * mean * (1 - mean))
    return (-400 * math.log10(1 / mean - 1), 1.96 * math.sqrt(var / n) * slope)


def pairs_of(path):
    """The pentanomial counts and W-L-D of a log's complete pairs, for engine #1."""
    points = {}
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            m = GAME.match(line)
            if not m:
                continue
            number, black, _, result = m.groups()
            black_points = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[result]
            points[int(number)] = black_points if "#1" in black else 2 - black_points
    counts, wld = [0] * 5, [0, 0, 0]
    for first in range(1, max(points, default=0) + 1, 2):
        if first in points and first + 1 in points:
            counts[points[first] + points[first + 1]] += 1
            for p in (points[first], points[first + 1]):
                wld[{2: 0, 0: 1, 1: 2}[p]] += 1
    return counts, wld


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    total, wld = [0] * 5, [0, 0, 0]
    for path in args.logs:
        counts, w = pairs_of(path)
        print(f"{path}: {sum(counts)} pairs, pentanomial {'-'.join(map(str, counts))}")
        total = [a + b for a, b in zip(total, counts)]
        wld = [a + b for a, b in zip(wld, w)]
    if sum(total) == 0:
        sys.exit("no complete game pairs in the logs")
    e, err = elo(total)
    bound = math.log(0.95 / 0.05)
    print(
        f"{sum(total)} pairs, {2 * sum(total)} games, W-L-D {'-'.join(map(str, wld))}, "
        f"pentanomial {'-'.join(map(str, total))}: Elo {e:+.1f} +/- {err:.1f}, "
        f"LLR {llr(total, args.elo0, args.elo1):+.2f} ({-bound:.2f}, {bound:+.2f}) "
        f"for --sprt {args.elo0:g} {args.elo1:g}"
    )


if __name__ == "__main__":
    main()
