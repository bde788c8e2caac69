#!/usr/bin/env bash
# Sharded pairing against the single process (README, "Sharded runs on Apache Spark", Measured).
#
#   Tests/Benchmarks/spark/bench-sharded.sh [PLAYERS=100000] [SHARDS=4] [DIR=/tmp/sm-bench-sharded] [MODE=driver|shards]
#
# Generates PLAYERS players (seed 7, bundles) and converts them with the shipped location table, then
#   driver: `steam-mate pair` (k 20, exposure cap 3) against the Spark driver in local[2] on the same dataset, timed
#           with /usr/bin/time (wall, CPU, peak RSS), the driver's step figures from its --report, and `diff -r`;
#   shards: `steam-mate plan` and each `pair --shard I/SHARDS` run alone on the whole dataset (per-shard cost; the
#           1M figures in the README are MODE=shards with PLAYERS=1000000 SHARDS=8, shards 0-3).
# Needs a release build (.build/release/steam-mate) and, for the driver, .venv-spark (see .ci/run).
set -euo pipefail
players=${1:-100000}; shards=${2:-4}; dir=${3:-/tmp/sm-bench-sharded}; mode=${4:-driver}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
bin=$repo/.build/release/steam-mate
locations=$repo/Data/reference/steam-locations.csv
options=(--k 20 --exposure-cap 3)
mkdir -p "$dir" && cd "$dir"
if [ ! -d "in$players" ]; then "$bin" generate --players "$players" --seed 7 --bundles --out "in$players" >/dev/null; fi
if [ ! -d "ds$players" ]; then "$bin" convert "in$players" --out "ds$players" --locations "$locations" --quiet; fi
timed() { local label=$1; shift; /usr/bin/time -f "$label: %e s wall, %U+%S s CPU, %M KB peak" "$@"; }
case $mode in
driver)
    rm -rf whole spark work
    timed "pair (single process)" "$bin" pair "ds$players" --decisions "in$players/decisions.jsonl" --out whole --quiet "${options[@]}"
    timed "spark driver, $shards shards" "$repo/.venv-spark/bin/python" "$repo/Pipelines/spark/steam_mate_spark.py" \
        --binary "$bin" --dataset "ds$players" --decisions "in$players/decisions.jsonl" --out spark --work work \
        --shards "$shards" --master 'local[2]' --report report.json -- "${options[@]}" 2>&1 | grep -v WARN
    diff -r whole spark && echo "outputs identical"
    cat report.json
    ;;
shards)
    rm -rf plan shard-*
    timed "plan" "$bin" plan "ds$players" --shards "$shards" --out plan "${options[@]}"
    for ((i = 0; i < shards; i++)); do
        timed "shard $i/$shards" "$bin" pair "ds$players" --plan plan --shard "$i/$shards" \
            --decisions "in$players/decisions.jsonl" --out "shard-$i" --quiet "${options[@]}"
    done
    ;;
*) echo "MODE is driver or shards" >&2; exit 2 ;;
esac
