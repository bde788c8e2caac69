#!/usr/bin/env bash
# Sharded pairing against the single process (README, "Sharded runs on Apache Spark", Measured).
#
#   Tests/Benchmarks/spark/bench-sharded.sh [PLAYERS=100000] [SHARDS=4] [DIR=/tmp/sm-bench-sharded] [MODE=run|alternate|driver|shards] [REPEATS=1] [OTHER_DRIVER] [OTHER_BINARY]
#
# Generates PLAYERS players (seed 7, bundles), then
#   run:    the issue's comparison: `steam-mate run` on a pipeline with every stage of the nightly run (normalize, pair
#           k 20 cap 3, match, trade 150 km, CSV + JSONL, the shipped location table) against the Spark driver in
#           local[2] with the same pipeline from the same Steam files (`--pipeline`, ingest tasks = SHARDS), each timed
#           with /usr/bin/time (wall, CPU, peak RSS of the largest process; the driver's steps and each task's binary
#           peak are in its --report); the run's output is deleted after its manifest.json is kept (at 1M each output
#           is ~33 GB), and the two manifests (every file's SHA-256) are compared; REPEATS > 1 runs the driver that many
#           times against the one run (its report and manifest kept as report-K.json, manifest-spark-K.json), since
#           runs on this VM vary by ±5 % and the ratio sits near the issue's 1.5x line;
#   alternate: the same pipeline and flags with two drivers under the same drift of this VM's speed (±10 % within an
#           hour): `run`, then REPEATS times this checkout's driver followed by OTHER_DRIVER (another version of
#           Pipelines/spark/steam_mate_spark.py, e.g. from `git show REV:Pipelines/spark/steam_mate_spark.py`), then
#           `run` again; every manifest is compared with the first run's, and each driver's report kept as
#           report-new-K.json / report-other-K.json; at most one output is on disk at a time; OTHER_DRIVER runs this
#           checkout's release binary unless OTHER_BINARY names another (e.g. a build of the same revision in a
#           `git worktree`), so a revision's script and binary can be compared together;
# or converts them with the shipped location table, then
#   driver: `steam-mate pair` (k 20, exposure cap 3) against the Spark driver in local[2] on the same dataset, timed
#           with /usr/bin/time (wall, CPU, peak RSS), the driver's step figures from its --report, and `diff -r`;
#   shards: `steam-mate plan` and each `pair --shard I/SHARDS` run alone on the whole dataset (per-shard cost; the
#           1M figures in the README are MODE=shards with PLAYERS=1000000 SHARDS=8, shards 0-3).
# Needs a release build (.build/release/steam-mate) and, for the driver, .venv-spark (see .ci/run).
set -euo pipefail
players=${1:-100000}; shards=${2:-4}; dir=${3:-/tmp/sm-bench-sharded}; mode=${4:-driver}; repeats=${5:-1}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
other=${6:-}  # alternate: resolved here, before the cd below
if [ -n "$other" ]; then other=$(cd "$(dirname "$other")" && pwd)/$(basename "$other"); fi
bin=$repo/.build/release/steam-mate
other_bin=${7:-$bin}
other_bin=$(cd "$(dirname "$other_bin")" && pwd)/$(basename "$other_bin")
locations=$repo/Data/reference/steam-locations.csv
options=(--k 20 --exposure-cap 3)
mkdir -p "$dir" && cd "$dir"
if [ ! -d "in$players" ]; then "$bin" generate --players "$players" --seed 7 --bundles --out "in$players" >/dev/null; fi
timed() { local label=$1; shift; /usr/bin/time -f "$label: %e s wall, %U+%S s CPU, %M KB peak" "$@"; }
# The nightly pipeline's single process, and the driver SCRIPT with the same pipeline from the same Steam files.
single() {
    rm -rf out .out.timings.json spark work
    timed "$1" "$bin" run "pipeline$players.yml" --quiet
}
driver() {
    local label=$1 script=$2 binary=${3:-$bin}
    rm -rf spark work
    timed "$label" "$repo/.venv-spark/bin/python" "$script" --binary "$binary" --pipeline "pipeline$players.yml" \
        --input "in$players" --locations "$locations" --out spark --work work --shards "$shards" --master 'local[2]' \
        --driver-memory 3g --report report.json -- "${options[@]}" 2>&1 | grep -v WARN
    cmp manifest-run.json spark/manifest.json && echo "outputs identical (manifest.json: every file's SHA-256)" \
        || echo "manifests differ"
}
if [ "$mode" = run ] || [ "$mode" = alternate ]; then
    printf '%s\n' "name: nightly" "input: in$players" "output: out" "locations: $locations" "formats: [csv, jsonl]" \
        "stages:" "  normalize: {}" "  pair: {k: 20, exposure_cap: 3}" "  match: {}" "  trade: {max_distance_km: 150}" \
        > "pipeline$players.yml"
    rm -f manifest-run.json
fi
if [ "$mode" = run ]; then
    single "run (single process)"
    cp out/manifest.json manifest-run.json && rm -rf out
    for ((k = 1; k <= repeats; k++)); do
        driver "spark driver, $shards shards (run $k of $repeats)" "$repo/Pipelines/spark/steam_mate_spark.py"
        cat report.json
        if [ "$repeats" -gt 1 ]; then cp report.json "report-$k.json"; cp spark/manifest.json "manifest-spark-$k.json"; fi
    done
    exit 0
fi
if [ "$mode" = alternate ]; then
    [ -n "$other" ] || { echo "alternate needs OTHER_DRIVER, another version of steam_mate_spark.py" >&2; exit 2; }
    single "run (single process, first)"
    cp out/manifest.json manifest-run.json && rm -rf out
    for ((k = 1; k <= repeats; k++)); do
        driver "spark driver (new-$k)" "$repo/Pipelines/spark/steam_mate_spark.py"
        cp report.json "report-new-$k.json"
        driver "spark driver (other-$k)" "$other" "$other_bin"
        cp report.json "report-other-$k.json"
    done
    single "run (single process, last)"
    cmp manifest-run.json out/manifest.json && echo "the same manifest as the first run" || echo "manifests differ"
    rm -rf out spark work
    exit 0
fi
if [ ! -d "ds$players" ]; then "$bin" convert "in$players" --out "ds$players" --locations "$locations" --quiet; fi
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
*) echo "MODE is run, alternate, driver or shards" >&2; exit 2 ;;
esac
