#!/usr/bin/env python3
"""Times `marubatsu solo show` and `marubatsu pvp show` against `cast call` of the same view on the same anvil.

Usage: python3 script/bench-show.py [RUNS]   (default 30 runs of each; needs `cargo build --workspace` and
`npm ci` first). Anvil listens on a free loopback port and is stopped at the end. Prints the median and the
fastest wall time of each command, in milliseconds, and the difference to cast's median.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "node_modules", "@foundry-rs")
ANVIL = os.path.join(TOOLS, "anvil-linux-amd64", "bin", "anvil")
CAST = os.path.join(TOOLS, "cast-linux-amd64", "bin", "cast")
MARUBATSU = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "marubatsu")


def start_anvil(work):
    config = os.path.join(work, "anvil.json")
    log = open(os.path.join(work, "anvil.log"), "w")
    node = subprocess.Popen([ANVIL, "--host", "127.0.0.1", "--port", "0", "--config-out", config],
                            stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        with open(os.path.join(work, "anvil.log")) as text:
            for line in text:
                if line.startswith("Listening on "):
                    with open(config) as keys:
                        return node, "http://" + line.split()[-1], json.load(keys)["private_keys"]
        time.sleep(0.1)
    node.kill()
    sys.exit("anvil did not start")


def run(args, env):
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(args, env, runs):
    run(args, env)  # warm the page cache once
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run(args, env)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), min(times)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    with tempfile.TemporaryDirectory() as work:
        node, url, keys = start_anvil(work)
        try:
            env = dict(os.environ, ETH_RPC_URL=url, MARUBATSU_DEPLOYMENTS=os.path.join(work, "deployments"))
            run([MARUBATSU, "deploy", "--broadcast", "--private-key", keys[0]], env)
            run([MARUBATSU, "solo", "new", "--private-key", keys[1]], env)
            run([MARUBATSU, "pvp", "create", "--stake", "1gwei", "--private-key", keys[1]], env)
            with open(os.path.join(work, "deployments", "31337.json")) as record:
                contracts = json.load(record)["contracts"]
            solo, pvp = contracts["SoloTicTacToe"]["address"], contracts["TicTacToe"]["address"]
            rows = [
                ("cast call getGame (solo)", [CAST, "call", solo, "getGame(uint256)", "1", "--rpc-url", url]),
                ("marubatsu solo show", [MARUBATSU, "solo", "show", "1"]),
                ("cast call getGame (pvp)", [CAST, "call", pvp, "getGame(uint256)", "1", "--rpc-url", url]),
                ("marubatsu pvp show", [MARUBATSU, "pvp", "show", "1"]),
            ]
            results = [(name, *timed(args, env, runs)) for name, args in rows]
        finally:
            node.kill()
    print(f"{runs} runs each, wall time in ms (median / fastest)")
    for index, (name, median, fastest) in enumerate(results):
        versus = ""
        if index % 2 == 1:
            versus = f"  ({median - results[index - 1][1]:+.1f} ms against cast)"
        print(f"  {name:<28} {median:7.1f} / {fastest:6.1f}{versus}")


if __name__ == "__main__":
    main()
