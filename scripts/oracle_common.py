"""Paths, builds and start positions shared by the oracle scripts (docs/testing.md).

Everything is found from this file's place in the repository, so the scripts run from any
checkout: the repository root is the parent of scripts/, the reference data is ../shared
beside it, and cargo's target directory is $CARGO_TARGET_DIR or the repository's target/.
QI_ORACLE_PROFILE picks the cargo profile of the example binaries (release by default;
scripts/oracles.sh uses test, which `cargo test --workspace` has already built).
"""

import importlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
XIANGQI_EPD = os.path.join(SHARED, "data", "xiangqi", "perft.epd")
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Cargo writes the dev and test profiles to debug/, release and bench to release/ and any
# other profile to a folder of its own name.
_PROFILE_DIRS = {"dev": "debug", "test": "debug", "release": "release", "bench": "release"}


def import_oracle(module, package):
    """Imports an oracle's Python module, or exits (status 2) saying how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        script = os.path.basename(sys.argv[0])
        sys.exit(f"{script}: the oracle is not installed ({e}): pip install {package}, "
                 f"or run it with the venv scripts/oracles.sh makes: "
                 f"target/oracle-venv/bin/python scripts/{script}")


def build_examples(package, *examples):
    """Builds the named examples of a workspace crate; returns {example: executable path}."""
    # A relative CARGO_TARGET_DIR is relative to where cargo runs, the repository root here.
    target = os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR") or "target")
    profile = os.environ.get("QI_ORACLE_PROFILE") or "release"
    cmd = ["cargo", "build", "-q", "--profile", profile, "-p", package]
    for example in examples:
        cmd += ["--example", example]
    subprocess.run(cmd, cwd=ROOT, check=True, env=dict(os.environ, CARGO_TARGET_DIR=target))
    folder = os.path.join(target, _PROFILE_DIRS.get(profile, profile), "examples")
    return {example: os.path.join(folder, example) for example in examples}


def xiangqi_starts():
    """The start position and every FEN of ../shared's perft.epd (a varied set of middle
    games and endings). Without ../shared: the start position alone, said on stdout, or an
    exit with status 2 under QI_REQUIRE_SHARED=1 (as the tests do)."""
    starts = [XIANGQI_START]
    if not os.path.exists(XIANGQI_EPD):
        if os.environ.get("QI_REQUIRE_SHARED") == "1":
            sys.exit(f"{XIANGQI_EPD} not found and QI_REQUIRE_SHARED=1")
        print(f"SKIPPED: {XIANGQI_EPD} not found; the start position only")
        return starts
    with open(XIANGQI_EPD, encoding="utf-8") as epd:
        for line in epd:
            line = line.strip()
            if line and not line.startswith("#"):
                starts.append(line.split(";")[0].strip())
    return starts
