#!/usr/bin/env python3
"""Runs the generated mutants (script/mutate.py) against the project's checks and writes the mutation report.

    python3 script/mutants.py run [--sample N] [--seed S] [--jobs-note TEXT]   the report (script/mutants-report.json
                                                                             and docs/src/results/mutants.md)
    python3 script/mutants.py check                                          CI: the report is for these sources
    python3 script/mutants.py sample [--count 3] [--seed S]                  CI: re-runs a random few of the report's
                                                                             mutants and fails if a verdict differs

`run` with no --sample is the full run (every mutant); with --sample N it runs a deterministic sample of N (the
mutants sorted by id, shuffled by the seed) and the report says so. Each mutant is built once, in a copy of the
contracts under a temporary directory (the files in the repository are never touched), with forge through the
solc-js wrapper. Then, cheapest first, stopping at the first that kills it:

  bytecode   the runtime code of TicTacToe, SoloTicTacToe and BoardHarness equals the original's (equivalent: the
             compiler produced the same program) or an earlier mutant's (duplicate of that mutant)
  forge      the contract's own forge tests, without the invariant fuzz, `--fail-fast`
  fuzz       PvpInvariants (the rules-model invariant fuzz), for TicTacToe and Board mutants
  halmos     (with --halmos) the halmos checks of the mutated contract, on the survivors only

A mutant that does not compile is `stillborn` (the type checker killed it; it counts as neither killed nor
survived). A mutant whose tests run past the time limit is killed by `timeout`. The report is keyed by two hashes
(see `keys`): the mutants' sources and the forge checks, and the halmos checks; `check` fails when the first changed,
or when the second did and a verdict of the report came from halmos.
"""

import argparse
import hashlib
import html
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "script" / "mutants-report.json"
MARKDOWN = ROOT / "docs" / "src" / "results" / "mutants.md"
# Why each survivor survives, written by a person who read its diff (mutant id -> one line); shown in the report.
NOTES = ROOT / "script" / "mutants-notes.json"
FORGE = ROOT / "node_modules" / "@foundry-rs" / "forge-linux-amd64" / "bin" / "forge"
REGENERATE = "python3 script/mutants.py run"

# The compiled contracts whose runtime code decides equivalence (Board is a library of internal functions: it is
# inlined into all three).
PROGRAMS = [
    "TicTacToe.sol/TicTacToe.json",
    "SoloTicTacToe.sol/SoloTicTacToe.json",
    "BoardHarness.sol/BoardHarness.json",
]

# The forge tests each mutated file meets, fastest killers first (the invariant fuzz is its own, later layer).
PVP_TESTS = (
    "^(TicTacToeRulesTest|TicTacToeTest|TicTacToeClockTest|TicTacToeTimeBankTest|TicTacToeAbiErrorsTest|"
    "TicTacToeLastMoveTest|PvpGas.*)$"
)
SOLO_TESTS = "^(SoloTest|CpuTest|SoloGas.*|PreviewGas.*)$"
LAYERS = {
    "contracts/TicTacToe.sol": [("forge", PVP_TESTS), ("fuzz", "^PvpInvariants.*$")],
    "contracts/SoloTicTacToe.sol": [("forge", SOLO_TESTS)],
    "contracts/Board.sol": [
        ("forge", "^(BoardTest|SoloTest|CpuTest|TicTacToeRulesTest|TicTacToeTest|TicTacToeClockTest)$"),
        ("forge", "^(?!PvpInvariants).*$"),
        ("fuzz", "^PvpInvariants.*$"),
    ],
}
HALMOS = {
    "contracts/TicTacToe.sol": "^(PvpRulesCheck|PvpEventsCheck|PvpMoneyCheck)$",
    "contracts/SoloTicTacToe.sol": "^SoloPreviewCheck$",
    "contracts/Board.sol": "^(PvpRulesCheck|PvpEventsCheck|SoloPreviewCheck)$",
}
# A test run this long is a mutant that loops (or as good as): killed by timeout.
TEST_TIMEOUT = 600


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def keys() -> dict[str, str]:
    """`sources_and_forge_checks`: every .sol under contracts/ but the halmos checks, foundry.toml (the fuzz's runs
    and seed) and the mutants the generator makes of them; `halmos_checks`: contracts/test/halmos/."""
    halmos = list((ROOT / "contracts/test/halmos").rglob("*.sol"))
    rest = [p for p in (ROOT / "contracts").rglob("*.sol") if p not in halmos]
    generated = hashlib.sha256(json.dumps(mutate.generate(), sort_keys=True).encode()).hexdigest()
    return {
        "sources_and_forge_checks": digest(rest + [ROOT / "foundry.toml"])[:8] + generated[:8],
        "halmos_checks": digest(halmos),
    }


class Copy:
    """The contracts in a temporary directory, built with forge; one mutated file at a time."""

    def __init__(self, halmos: bool = False) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="marubatsu-mutants-"))
        # The halmos checks only when halmos runs: forge would compile them with every mutant of TicTacToe.
        ignore = None if halmos else shutil.ignore_patterns("halmos")
        shutil.copytree(ROOT / "contracts", self.dir / "contracts", ignore=ignore)
        shutil.copyfile(ROOT / "foundry.toml", self.dir / "foundry.toml")
        (self.dir / "script").mkdir()
        # solc-wrapper.js finds solc-js from its real path.
        (self.dir / "script/solc-wrapper.js").symlink_to(ROOT / "script/solc-wrapper.js")
        (self.dir / "node_modules").symlink_to(ROOT / "node_modules")
        self.pristine = {f: (ROOT / f).read_text(encoding="utf-8") for f in mutate.FILES}
        self.env = dict(os.environ, FOUNDRY_SCRIPT="contracts/test", FOUNDRY_OUT="out", FOUNDRY_CACHE_PATH="cache")

    def forge(self, *args: str, timeout: int | None = None) -> subprocess.CompletedProcess:
        command = [str(FORGE), *args, "--use", "./script/solc-wrapper.js"]
        return subprocess.run(command, cwd=self.dir, env=self.env, capture_output=True, text=True, timeout=timeout)

    def write(self, path: str, text: str) -> None:
        (self.dir / path).write_text(text, encoding="utf-8")

    def build(self) -> str | None:
        """Builds; the runtime code of PROGRAMS concatenated, or None when it does not compile."""
        done = self.forge("build")
        if done.returncode != 0:
            return None
        code = []
        for program in PROGRAMS:
            artifact = json.loads((self.dir / "out" / program).read_text(encoding="utf-8"))
            code.append(artifact["deployedBytecode"]["object"])
        return hashlib.sha256("|".join(code).encode()).hexdigest()

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def first_failure(output: str) -> str:
    """`Contract.test` of the first failing test in forge's output (an invariant's name follows its sequence)."""
    m = re.search(r"Encountered \d+ failing tests? in \S+:(\w+)", output)
    contract = m.group(1) if m else "?"
    start = output.find("[FAIL", m.end() if m else 0)
    m = re.compile(r"\b((?:test|invariant)\w*)\(").search(output, max(start, 0))
    return f"{contract}.{m.group(1) if m else '?'}"


def run_forge_layer(copy: Copy, layer: str, pattern: str, test: str | None = None) -> tuple[bool, str]:
    """(killed, by what) for one forge layer."""
    args = ["test", "--fail-fast", "--match-contract", pattern]
    if test:
        args += ["--match-test", f"^{test}\\("]
    try:
        done = copy.forge(*args, timeout=TEST_TIMEOUT)
    except subprocess.TimeoutExpired:
        return True, f"{layer}: timeout ({TEST_TIMEOUT} s)"
    if done.returncode == 0:
        return False, ""
    out = done.stdout + done.stderr
    if "[FAIL" not in out:
        raise RuntimeError(f"forge test failed without a failing test:\n{out[-3000:]}")
    return True, f"{layer}: {first_failure(out)}"


def run_halmos_layer(copy: Copy, file: str) -> tuple[bool, str]:
    """The halmos checks of the mutated file, in the copy (script/halmos-check.py's flags)."""
    venv = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "halmos-venv" / "bin" / "python"
    sys.path.insert(0, str(ROOT / "script"))
    json_path = copy.dir / "halmos.json"
    env = dict(copy.env, PATH=os.pathsep.join([str(ROOT / "script"), str(venv.parent), os.environ.get("PATH", "")]))
    env.update(FOUNDRY_SRC="contracts/test/halmos", FOUNDRY_TEST="contracts/test/halmos",
               FOUNDRY_SCRIPT="contracts/test/halmos", FOUNDRY_OUT="cache/halmos/out",
               FOUNDRY_CACHE_PATH="cache/halmos/cache")
    command = [str(venv), "-m", "halmos", "--root", str(copy.dir), "--forge-build-out", "cache/halmos/out",
               "--match-contract", HALMOS[file], "--panic-error-codes", "*", "--loop", "32", "--early-exit",
               "--json-output", str(json_path)]
    subprocess.run(command, cwd=copy.dir, env=env, capture_output=True, text=True, check=False)
    results = json.loads(json_path.read_text(encoding="utf-8")).get("test_results") or {}
    for source, checks in sorted(results.items()):
        for check in checks:
            if check["exitcode"] == 1:
                return True, f"halmos: {source.rsplit(':', 1)[-1]}.{check['name'].split('(')[0]}"
    return False, ""


def judge(copy: Copy, mutant: dict, original: str, seen: dict[str, str], halmos: bool) -> dict:
    source = copy.pristine[mutant["file"]]
    lines = source.split("\n")
    assert lines[mutant["line"] - 1] == mutant["original"], f"{mutant['id']}: the line moved; regenerate"
    lines[mutant["line"] - 1] = mutant["mutated"]
    copy.write(mutant["file"], "\n".join(lines))
    started = time.monotonic()
    try:
        code = copy.build()
        if code is None:
            return {"verdict": "stillborn", "by": "does not compile"}
        if code == original:
            return {"verdict": "equivalent", "by": "the runtime code of all three contracts equals the original's"}
        mutant["code"] = code[:16]
        if code in seen:
            return {"verdict": "duplicate", "by": f"the runtime code equals that of {seen[code]}"}
        seen[code] = mutant["id"]
        for layer, pattern in LAYERS[mutant["file"]]:
            killed, by = run_forge_layer(copy, layer, pattern)
            if killed:
                return {"verdict": "killed", "by": by}
        if halmos:
            killed, by = run_halmos_layer(copy, mutant["file"])
            if killed:
                return {"verdict": "killed", "by": by}
        return {"verdict": "survived", "by": "no check failed" + ("" if halmos else " (halmos not run)")}
    finally:
        copy.write(mutant["file"], source)
        mutant_seconds = time.monotonic() - started
        mutant["seconds"] = round(mutant_seconds, 1)


def diff_of(mutant: dict) -> str:
    return f"- {mutant['original'].strip()}\n+ {mutant['mutated'].strip()}" if mutant["mutated"] else (
        f"- {mutant['original'].strip()}\n+ (line removed)")


def write_markdown(report: dict) -> None:
    rows = report["mutants"]
    by_file: dict[str, dict[str, int]] = {}
    by_layer: dict[str, int] = {}
    for m in rows:
        counts = by_file.setdefault(m["file"], {"generated": 0, "run": 0})
        counts["generated"] += 1
        if "verdict" in m:
            counts["run"] += 1
            counts[m["verdict"]] = counts.get(m["verdict"], 0) + 1
            if m["verdict"] == "killed":
                layer = m["by"].split(":", 1)[0]
                by_layer[layer] = by_layer.get(layer, 0) + 1
    s = report["summary"]
    out = [
        "# Results: generated mutants",
        "",
        "<!-- Generated by script/mutants.py from script/mutants-report.json; do not edit by hand. -->",
        "",
        f"- **Command:** `{report['command']}`",
        f"- **Date:** {report['date']}; **time:** {report['seconds'] / 60:.1f} min on the project's 2-core machine"
        f" (shared with other builds)",
        f"- **Keys:** sources and forge checks `{report['keys']['sources_and_forge_checks']}`, halmos checks"
        f" `{report['keys']['halmos_checks']}` (CI: `python3 script/mutants.py check`)",
        f"- **Scope:** {report['scope']}",
        "",
        "How they are made and judged: [Proofs: generated mutants](../proofs.md#generated-mutants).",
        "",
        f"**Kill rate: {s['killed']} of {s['killed'] + s['survived']} non-equivalent mutants run"
        f" ({s['kill_rate']}).** Equivalent to the original: {s['equivalent']}; duplicates of another mutant:"
        f" {s['duplicate']}; stillborn (do not compile): {s['stillborn']}.",
        "",
        "| file | generated | run | killed | equivalent | duplicate | stillborn | survived |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for file, c in by_file.items():
        out.append(f"| `{file}` | {c['generated']} | {c['run']} | {c.get('killed', 0)} | {c.get('equivalent', 0)} |"
                   f" {c.get('duplicate', 0)} |"
                   f" {c.get('stillborn', 0)} | {c.get('survived', 0)} |")
    notes = json.loads(NOTES.read_text(encoding="utf-8")) if NOTES.exists() else {}
    survivors = [m for m in rows if m.get("verdict") == "survived"]
    if survivors:
        out += ["", "Survivors, each with why (script/mutants-notes.json):", "", "| mutant | diff | why it survives |",
                "|---|---|---|"]
        for m in survivors:
            diff = html.escape(diff_of(m)).replace("|", "\\|").replace("\n", "<br>")
            out.append(f"| `{m['id']}` | <code>{diff}</code> | {notes.get(m['id'], '(not yet explained)')} |")
    layers = ", ".join(f"{k} {v}" for k, v in sorted(by_layer.items()))
    out += ["", f"Killed by layer (the first that failed): {layers}",
            "", "| mutant | line | operator | diff | verdict | by | time |", "|---|---|---|---|---|---|---:|"]
    for m in rows:
        if "verdict" not in m:
            continue
        diff = html.escape(diff_of(m)).replace("|", "\\|").replace("\n", "<br>")
        out.append(f"| `{m['id']}` | {m['file'].split('/')[-1]}:{m['line']} | {m['operator']} | <code>{diff}</code> |"
                   f" {m['verdict']} | {m['by'].replace('|', '/')} | {m.get('seconds', 0)} s |")
    MARKDOWN.write_text("\n".join(out) + "\n", encoding="utf-8")


def summary(rows: list[dict]) -> dict:
    verdicts = ("killed", "survived", "equivalent", "duplicate", "stillborn")
    count = {v: sum(1 for m in rows if m.get("verdict") == v) for v in verdicts}
    judged = count["killed"] + count["survived"]
    count["kill_rate"] = f"{100 * count['killed'] / judged:.1f}%" if judged else "n/a"
    return count


def cmd_run(args) -> int:
    mutants = mutate.generate()
    order = sorted(mutants, key=lambda m: m["id"])
    if args.sample:
        random.Random(args.seed).shuffle(order)
        chosen = {m["id"] for m in order[: args.sample]}
        scope = (f"a deterministic sample of {args.sample} of the {len(mutants)} generated mutants (ids sorted,"
                 f" shuffled with seed {args.seed}); the full run is `{REGENERATE}`")
    else:
        chosen = {m["id"] for m in mutants}
        scope = f"all {len(mutants)} generated mutants"
    # The keys of the sources as copied now: an edit during the run cannot pass for what was run.
    keyed = keys()
    command = REGENERATE + (f" --sample {args.sample} --seed {args.seed}" if args.sample else "") + (
        " --halmos" if args.halmos else "")
    done_before = {}
    rejudged = []
    if args.resume:
        # `[i/n] id: verdict (by) seconds s`, as printed below.
        pattern = re.compile(r"^\[\d+/\d+\] (\S+): (\w+) \((.*)\) ([\d.]+) s$")
        for line in Path(args.resume).read_text(encoding="utf-8").splitlines():
            m = pattern.match(line)
            if m and args.rejudge_survivors and m.group(2) == "survived":
                rejudged.append(m.group(1))
            elif m:
                done_before[m.group(1)] = {"verdict": m.group(2), "by": m.group(3), "seconds": float(m.group(4))}
    started_at = time.monotonic()

    def write(done: int) -> None:
        partial = done < len(chosen)
        report = {
            "about": "The mutation report: script/mutate.py's mutants judged by script/mutants.py. Regenerate with"
            " the command below after any change to the keyed files.",
            "command": command,
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "seconds": round(time.monotonic() - started_at + sum(v["seconds"] for v in done_before.values())),
            "scope": (f"interrupted: {done} judged (those with a verdict below) of " if partial else "") + scope
            + (f"; resumed from an earlier run's log ({len(done_before)} verdicts kept"
               + (f", its {len(rejudged)} survivors judged again after checks were added" if rejudged else "") + ")"
               if done_before else ""),
            "keys": keyed,
            "summary": summary(mutants),
            "mutants": mutants,
        }
        REPORT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        write_markdown(report)
    copy = Copy(args.halmos)
    started = time.monotonic()
    try:
        original = copy.build()
        if original is None:
            raise SystemExit("mutants: the unmutated contracts do not build")
        seen: dict[str, str] = {}
        # The report is written after every mutant: an interrupted run leaves a report of what it judged.
        # In the sample's shuffled order, so that the mutants judged before an interruption are a sample too (the
        # ones a resumed log names first).
        by_id = {m["id"]: m for m in mutants}
        queue = [by_id[i] for i in [*done_before, *rejudged] if i in chosen]
        queue += [m for m in order if m["id"] in chosen and m["id"] not in done_before and m["id"] not in rejudged]
        for i, mutant in enumerate(queue):
            if mutant["id"] in done_before:
                mutant.update(done_before[mutant["id"]])
            else:
                mutant.update(judge(copy, mutant, original, seen, args.halmos))
            print(f"[{i + 1}/{len(chosen)}] {mutant['id']}: {mutant['verdict']} ({mutant['by']}) {mutant['seconds']} s",
                  flush=True)
            write(i + 1)
    finally:
        copy.remove()
    print(f"mutants: {summary(mutants)}; wrote {REPORT.relative_to(ROOT)} and {MARKDOWN.relative_to(ROOT)}")
    return 0


def cmd_check(_args) -> int:
    report = json.loads(REPORT.read_text(encoding="utf-8"))
    now = keys()
    problems = []
    if report["keys"]["sources_and_forge_checks"] != now["sources_and_forge_checks"]:
        problems.append("the contracts, the forge checks, foundry.toml or script/mutate.py changed")
    if report["keys"]["halmos_checks"] != now["halmos_checks"] and any(
        m.get("by", "").startswith("halmos") for m in report["mutants"]
    ):
        problems.append("the halmos checks changed and some verdicts came from halmos")
    generated = {m["id"]: m for m in mutate.generate()}
    if set(generated) != {m["id"] for m in report["mutants"]}:
        problems.append("the generator makes other mutants than the report lists")
    if problems:
        print("mutants: script/mutants-report.json is stale: " + "; ".join(problems), file=sys.stderr)
        print(f"mutants: regenerate it with `{report['command']}`", file=sys.stderr)
        return 1
    print(f"mutants: the report matches the sources (keys {now}); {report['summary']}")
    return 0


def cmd_sample(args) -> int:
    report = json.loads(REPORT.read_text(encoding="utf-8"))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    judged = [m for m in report["mutants"] if "verdict" in m and not m["by"].startswith("halmos")]
    picked = random.Random(seed).sample(judged, min(args.count, len(judged)))
    print(f"mutants sample: seed {seed} (python3 script/mutants.py sample --count {args.count} --seed {seed}): "
          + ", ".join(m["id"] for m in picked), flush=True)
    copy = Copy()
    started = time.monotonic()
    failures = []
    try:
        original = copy.build()
        for mutant in picked:
            t0 = time.monotonic()
            source = (ROOT / mutant["file"]).read_text(encoding="utf-8")
            lines = source.split("\n")
            if lines[mutant["line"] - 1] != mutant["original"]:
                failures.append(f"{mutant['id']}: line {mutant['line']} is no longer the report's")
                continue
            lines[mutant["line"] - 1] = mutant["mutated"]
            copy.write(mutant["file"], "\n".join(lines))
            code = copy.build()
            verdict, by = mutant["verdict"], mutant["by"]
            if verdict == "stillborn":
                ok = code is None
            elif verdict == "equivalent" and "original" in by:
                ok = code == original
            elif verdict == "duplicate":
                other = next(m for m in report["mutants"] if m["id"] == by.rsplit(" ", 1)[-1])
                ok = code is not None and code != original
                ok = ok and code == _code_of(copy, other, mutant, source)
            elif verdict == "killed" and by.startswith(("forge", "fuzz")) and "timeout" not in by:
                # Exactly the test that killed it must fail again.
                layer, target = by.split(": ", 1)
                contract, test = target.split(".", 1)
                ok = code not in (None, original) and run_forge_layer(copy, layer, f"^{contract}$", test)[0]
            else:
                # Survived (or timed out): every forge layer must still pass (or still time out).
                ok = code not in (None, original)
                results = [run_forge_layer(copy, layer, pattern) for layer, pattern in LAYERS[mutant["file"]]]
                ok = ok and (any(k for k, _ in results) == (verdict == "killed"))
            copy.write(mutant["file"], source)
            print(f"  {mutant['id']}: {verdict} ({by}) {'confirmed' if ok else 'NOT CONFIRMED'}"
                  f" in {time.monotonic() - t0:.1f} s", flush=True)
            if not ok:
                failures.append(f"{mutant['id']}: the report says {verdict} ({by}), the re-run disagrees")
    finally:
        copy.remove()
    print(f"mutants sample: {len(picked)} mutants in {time.monotonic() - started:.1f} s")
    if failures:
        print("mutants sample: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


def _code_of(copy: Copy, other: dict, mutant: dict, source_of_mutant: str) -> str | None:
    """The runtime code of mutant `other` (built in the copy, then the copy set back to `mutant`'s file)."""
    source = (ROOT / other["file"]).read_text(encoding="utf-8")
    lines = source.split("\n")
    lines[other["line"] - 1] = other["mutated"]
    copy.write(mutant["file"], source_of_mutant)
    copy.write(other["file"], "\n".join(lines))
    code = copy.build()
    copy.write(other["file"], source)
    return code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--sample", type=int)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--halmos", action="store_true", help="run the halmos checks on the forge layers' survivors")
    run.add_argument("--resume", help="a log of an interrupted run of the same sources: its verdicts are kept")
    run.add_argument("--rejudge-survivors", action="store_true",
                     help="with --resume, after checks were only added: judge the log's survivors again (a check added"
                     " cannot let a killed mutant survive, and equivalence is by bytecode)")
    run.set_defaults(func=cmd_run)
    check = sub.add_parser("check")
    check.set_defaults(func=cmd_check)
    sample = sub.add_parser("sample")
    sample.add_argument("--count", type=int, default=3)
    sample.add_argument("--seed", type=int)
    sample.set_defaults(func=cmd_sample)
    args = parser.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
