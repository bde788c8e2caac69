#!/usr/bin/env bash
# Benchmark of `steam-mate fetch` against a local stub (README, "Fetch"): N players at a rate limit.
# Usage: Tests/Benchmarks/fetch/bench-fetch.sh [PLAYERS=10000] [RATE=50] [ENDPOINTS=all, e.g. GetPlayerSummaries,GetOwnedGames]
# Needs `swift build -c release` (BINARY=path overrides the binary). Prints calls, the limit-imposed time ((calls − 1) / rate, the baseline), the
# run's wall time and its ratio to the baseline, CPU seconds (user + sys, /usr/bin/time) and CPU as % of one core.
set -euo pipefail
cd "$(dirname "$0")/../../.."
players=${1:-10000}
rate=${2:-50}
endpoints=${3:-}
binary=${BINARY:-.build/release/steam-mate}
work=$(mktemp -d)
trap 'kill "$stub" 2>/dev/null || true; rm -rf "$work"' EXIT

python3 Tests/Benchmarks/fetch/steam_stub.py --port-file "$work/port" --count-file "$work/count" &
stub=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(cat "$work/port")
# Player ids: the first N accounts after 76561197960265728 (deterministic).
python3 -c "import sys; [print(76561197960265729 + i) for i in range(int(sys.argv[1]))]" "$players" > "$work/ids.txt"
echo "BENCHKEY0123456789" > "$work/key"
extra=()
[ -n "$endpoints" ] && extra=(--endpoints "$endpoints")

/usr/bin/time -v "$binary" fetch --ids "$work/ids.txt" --out "$work/out" --api-base "http://127.0.0.1:$port" \
    --key-file "$work/key" --rate "$rate" --concurrency 16 "${extra[@]}" 2> "$work/time.txt" || true
kill -TERM "$stub"; wait "$stub" 2>/dev/null || true
grep '^fetch:' "$work/time.txt" || true
python3 - "$work" "$rate" <<'PY'
import json, re, sys
work, rate = sys.argv[1], float(sys.argv[2])
text = open(f"{work}/time.txt").read()
def field(name):
    return re.search(re.escape(name) + r": (.*)", text).group(1).strip()
summary = json.load(open(f"{work}/out/.fetch/fetch_summary.json"))
calls = summary["calls"]
user, system = float(field("User time (seconds)")), float(field("System time (seconds)"))
wall_text = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
parts = [float(p) for p in wall_text.split(":")]
wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
limit = (calls - 1) / rate
print(f"players {summary['players']}, calls {calls} (stub saw {open(f'{work}/count').read()}), failures {summary['failures']}")
print(f"limit-imposed time {limit:.1f} s (baseline); wall {wall:.1f} s = {wall / limit:.3f}x the baseline")
print(f"cpu user {user:.2f} s + sys {system:.2f} s = {user + system:.2f} s = {100 * (user + system) / wall:.1f}% of one core")
print(f"peak RSS {int(field('Maximum resident set size (kbytes)')) / 1024:.1f} MiB")
PY
