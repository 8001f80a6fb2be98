#!/usr/bin/env python3
"""Cross-checks qi-xiangqi against Fairy-Stockfish's rules (pyffish).

Random playouts from every FEN of perft.epd (and the start position) yield
positions; for each one the legal move sets, in-check flags and WXF strings
of our `dump_moves` example are compared with pyffish. Differences in
notation conventions are normalised: pyffish writes '=' for sideways moves
where we print '.', and uses ranks 1-10 in coordinates where ICCS uses 0-9.

Usage: scripts/xiangqi_oracle_check.py [--games N] [--plies N] [--seed S]
The defaults are what CI runs (scripts/oracles.sh). Exit status 1 on any mismatch.
Requires: pip install pyffish
"""
import argparse, json, random, re, subprocess, sys

import oracle_common

sf = oracle_common.import_oracle("pyffish", "pyffish")


def sf_to_iccs(m):
    a, b, c, d = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
    return f"{a}{int(b) - 1}{c}{int(d) - 1}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2, help="playouts per start FEN")
    ap.add_argument("--plies", type=int, default=24, help="plies per playout")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    starts = oracle_common.xiangqi_starts()
    fens = []
    for start in starts:
        for _ in range(args.games):
            fen = start
            for _ in range(args.plies):
                fens.append(fen)
                legal = sf.legal_moves("xiangqi", fen, [])
                if not legal:
                    break
                fen = sf.get_fen("xiangqi", fen, [rng.choice(legal)])
    fens = list(dict.fromkeys(fens))
    exe = oracle_common.build_examples("qi-xiangqi", "dump_moves")["dump_moves"]
    theirs_all = []
    lines = []
    for fen in fens:
        t = {sf_to_iccs(m): (m, sf.get_san("xiangqi", fen, m, False, sf.NOTATION_XIANGQI_WXF))
             for m in sf.legal_moves("xiangqi", fen, [])}
        theirs_all.append(t)
        lines.append(fen + " | " + " ".join(w for _, w in t.values()))
    out = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    ours = [json.loads(l) for l in out.splitlines()]
    if len(ours) != len(fens):
        sys.exit(f"dump_moves answered {len(ours)} lines for {len(fens)} positions")
    bad_moves = bad_wxf = bad_check = bad_fen = bad_parse = tandem_style = 0
    n_moves = 0
    for fen, o, theirs in zip(fens, ours, theirs_all):
        if "error" in o:
            bad_fen += 1
            print("FEN rejected:", fen, o["error"])
            continue
        mine = {m["iccs"]: m for m in o["moves"]}
        if set(theirs) != set(mine):
            bad_moves += 1
            print("MOVES", fen, "only ours:", sorted(set(mine) - set(theirs)),
                  "only pyffish:", sorted(set(theirs) - set(mine)))
            continue
        if sf.gives_check("xiangqi", fen, []) != o["check"]:
            bad_check += 1
            print("CHECK", fen)
        for (iccs, (m, w)), parsed in zip(theirs.items(), o["parsed"]):
            n_moves += 1
            if parsed != iccs:
                bad_parse += 1
                print("PARSE", fen, iccs, "pyffish WXF", w, "we read", parsed)
            w = w.replace("=", ".")
            ourw = mine[iccs]["wxf"]
            if w == ourw:
                continue
            # Justified difference: pyffish designates a piece by file unless another piece
            # of its kind could reach the same square (chess-SAN style); WXF always writes
            # front/rear for two same pieces on a file, as we do.
            if ourw[1] in "+-" and w[1].isdigit() and w[0] == ourw[0] and w[2:] == ourw[2:]:
                tandem_style += 1
                continue
            bad_wxf += 1
            if bad_wxf <= 30:
                print("WXF", fen, iccs, "ours", ourw, "pyffish", w)
    print(f"xiangqi moves: positions {len(fens)}, moves {n_moves}, move-set mismatches {bad_moves}, "
          f"check mismatches {bad_check}, WXF mismatches {bad_wxf} "
          f"(plus {tandem_style} front/rear-vs-file convention differences), "
          f"pyffish WXF strings we failed to parse back {bad_parse}, rejected FENs {bad_fen}")
    sys.exit(1 if bad_moves or bad_check or bad_fen or bad_wxf or bad_parse else 0)


if __name__ == "__main__":
    main()
