#!/usr/bin/env bash
# The nightly run, two builds alternated on one generated input (README, "The nightly run end to end").
#
#   Tests/Benchmarks/run/ab-run.sh BASELINE_BINARY [PLAYERS=100000] [REPEATS=2] [DIR=/tmp/sm-ab-run]
#
# Generates PLAYERS players once (seed 7, bundles; kept in DIR/inPLAYERS for later calls), writes the issue's
# pipeline (normalize, pair k 20 exposure cap 3, match, trade 150 km, the shipped location table, CSV + JSONL) and
# runs `steam-mate run --quiet` REPEATS times with each binary in turn, BASELINE_BINARY first, this checkout's
# release build second, each under /usr/bin/time (wall, CPU, peak RSS) with its `timing:` lines. Each output is
# deleted after its manifest.json (every file's SHA-256) is kept; the script ends by comparing every manifest with
# the first one's and exits 1 if any differs. At 1M each output is ~33 GB: DIR needs room for one.
set -euo pipefail
[ $# -ge 1 ] || { sed -n 4p "$0" >&2; exit 2; }
base=$(realpath "$1"); players=${2:-100000}; repeats=${3:-2}; dir=${4:-/tmp/sm-ab-run}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
new=$repo/.build/release/steam-mate
[ -x "$new" ] || { echo "ab-run: no release build at $new (swift build -c release)" >&2; exit 2; }
mkdir -p "$dir" && cd "$dir"
if [ ! -d "in$players" ]; then "$new" generate --players "$players" --seed 7 --bundles --out "in$players" >/dev/null; fi
printf '%s\n' "name: nightly" "input: in$players" "output: out" "locations: $repo/Data/reference/steam-locations.csv" \
    "formats: [csv, jsonl]" "stages:" "  normalize: {}" "  pair: {k: 20, exposure_cap: 3}" "  match: {}" \
    "  trade: {max_distance_km: 150}" > "pipeline$players.yml"
manifests=()
for ((i = 1; i <= repeats; i++)); do
    for side in baseline new; do
        bin=$base; [ "$side" = new ] && bin=$new
        rm -rf out .out.timings.json
        echo "== $side, run $i"
        /usr/bin/time -f "$side: %e s wall, %U+%S s CPU, %M KB peak" "$bin" run "pipeline$players.yml" --quiet 2>&1 \
            | grep -E '^timing:|wall,' || true
        [ -f out/manifest.json ] || { echo "ab-run: $side published no output" >&2; exit 1; }
        cp out/manifest.json "manifest-$side-$i.json"
        manifests+=("manifest-$side-$i.json")
        rm -rf out
    done
done
status=0
for m in "${manifests[@]}"; do
    cmp -s "${manifests[0]}" "$m" || { echo "ab-run: $m differs from ${manifests[0]}"; status=1; }
done
[ $status = 0 ] && echo "ab-run: all ${#manifests[@]} manifests identical"
exit $status
