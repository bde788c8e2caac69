#!/usr/bin/env bash
# Two Spark drivers against each other and against the single process, alternated (README, "Sharded runs on Apache
# Spark", sixteenth session).
#
#   Tests/Benchmarks/spark/bench-alternate.sh OTHER_DRIVER [PLAYERS=1000000] [SHARDS=2] [DIR=/tmp/sm-bench-alternate] [PAIRS=2]
#
# OTHER_DRIVER is another version of Pipelines/spark/steam_mate_spark.py (e.g. `git show REV:Pipelines/spark/
# steam_mate_spark.py > /tmp/old.py`). Generates PLAYERS players (seed 7, bundles) as bench-sharded.sh does, then runs
# `steam-mate run` on the same nightly pipeline, PAIRS times this checkout's driver followed by OTHER_DRIVER (the same
# flags as bench-sharded.sh's MODE=run: --pipeline, local[2], --driver-memory 3g, ingest tasks = SHARDS), and `run`
# again. Each line is timed with /usr/bin/time (wall, CPU, peak RSS of the largest process); every driver's manifest
# is compared with the first run's and its --report kept as report-new-K.json / report-other-K.json. This VM's speed
# drifts by ±10 % over an hour, so alternating puts both drivers under the same drift and gives the run on both
# sides; a ratio is a driver's wall time over a run's.
# Needs a release build (.build/release/steam-mate) and .venv-spark (see .ci/run). At 1M each output is ~34 GB; each
# is deleted after its manifest is compared.
set -euo pipefail
other=$(cd "$(dirname "${1:?give the other driver script}")" && pwd)/$(basename "$1")
players=${2:-1000000}; shards=${3:-2}; dir=${4:-/tmp/sm-bench-alternate}; pairs=${5:-2}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
bin=$repo/.build/release/steam-mate
locations=$repo/Data/reference/steam-locations.csv
mkdir -p "$dir" && cd "$dir"
if [ ! -d "in$players" ]; then "$bin" generate --players "$players" --seed 7 --bundles --out "in$players" >/dev/null; fi
printf '%s\n' "name: nightly" "input: in$players" "output: out" "locations: $locations" "formats: [csv, jsonl]" \
    "stages:" "  normalize: {}" "  pair: {k: 20, exposure_cap: 3}" "  match: {}" "  trade: {max_distance_km: 150}" \
    > "pipeline$players.yml"
timed() { local label=$1; shift; /usr/bin/time -f "$label: %e s wall, %U+%S s CPU, %M KB peak" "$@"; }
single() {
    rm -rf out .out.timings.json spark work
    timed "run (single process, $1)" "$bin" run "pipeline$players.yml" --quiet 2>&1 | grep -v '^timing:'
    if [ -f manifest-run.json ]; then
        cmp -s manifest-run.json out/manifest.json && echo "the same manifest as the first run" || echo "manifests differ"
    else
        cp out/manifest.json manifest-run.json
    fi
    rm -rf out
}
driver() {
    local tag=$1 script=$2
    rm -rf spark work
    timed "spark driver ($tag)" "$repo/.venv-spark/bin/python" "$script" --binary "$bin" --pipeline "pipeline$players.yml" \
        --input "in$players" --locations "$locations" --out spark --work work --shards "$shards" --master 'local[2]' \
        --driver-memory 3g --report report.json -- --k 20 --exposure-cap 3 2>&1 | grep -v WARN
    cmp -s manifest-run.json spark/manifest.json && echo "outputs identical (manifest.json: every file's SHA-256)" \
        || echo "manifests differ"
    cp report.json "report-$tag.json"
    rm -rf spark work
}
rm -f manifest-run.json
single first
for ((k = 1; k <= pairs; k++)); do
    driver "new-$k" "$repo/Pipelines/spark/steam_mate_spark.py"
    driver "other-$k" "$other"
done
single last
