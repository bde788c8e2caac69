"""How much of a dense region's scatter-add dense game columns could replace (issue 10, README "Dense columns").

    python3 Tests/Benchmarks/pair/dense_columns_estimate.py DATASET [--ratio 0.06 0.1 0.14]

DATASET is a canonical dataset's CSV tables (`steam-mate convert` / a `normalize` run). Players at the same
coordinates form a region (the generator's cities are one point each); a region's game list holds the players who
played the game (minutes_total > 0; favourites with no minutes are left out, so this slightly undercounts). For
regions of at least 4,096 players it prints the share of the scatter-add's postings (sum over games of df², each
member scanning its games' lists) that lie in lists of games at least a fraction t of the region has, and the
relative scan cost if those lists were added as dense columns instead, a column costing `ratio` of a scattered
posting per member.
"""

import argparse
import collections
import csv


def regions(dataset):
    located = {}
    for r in csv.DictReader(open(f"{dataset}/players.csv", newline="")):
        if r["latitude"]:
            located[r["steamid"]] = (r["latitude"], r["longitude"])
    df = collections.defaultdict(collections.Counter)
    members = collections.defaultdict(set)
    for r in csv.DictReader(open(f"{dataset}/player_games.csv", newline="")):
        point = located.get(r["steamid"])
        if point is not None and int(r["minutes_total"] or 0) > 0:
            df[point][r["appid"]] += 1
            members[point].add(r["steamid"])
    return [(len(members[p]), counts) for p, counts in sorted(df.items()) if len(members[p]) >= 4096]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dataset")
    parser.add_argument("--ratio", type=float, nargs="*", default=[0.06, 0.1, 0.14])
    args = parser.parse_args()
    found = regions(args.dataset)
    total = sum(d * d for _, counts in found for d in counts.values())
    print(f"regions of 4,096+ players: {len(found)}, postings scanned: {total}")
    thresholds = [0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.3]
    for t in thresholds:
        dense = sum(d * d for n, counts in found for d in counts.values() if d >= t * n)
        columns = [sum(1 for d in counts.values() if d >= t * n) for n, counts in found]
        print(f"t {t}: share of postings in lists of games a fraction t has {dense / total:.3f}, columns per region {columns}")
    for ratio in args.ratio:
        for t in thresholds:
            cost = sum(d * n * ratio if d >= t * n else d * d for n, counts in found for d in counts.values())
            print(f"ratio {ratio}, t {t}: relative scan cost {cost / total:.3f}")


if __name__ == "__main__":
    main()
