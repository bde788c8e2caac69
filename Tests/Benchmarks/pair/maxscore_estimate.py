"""What an exact MaxScore traversal could save in dense regions, in the ideal case (issue 10, README "MaxScore in
dense regions, estimated").

    python3 Tests/Benchmarks/pair/maxscore_estimate.py DATASET [--queries 1500] [--fit 0.5] [--capacity 40]

DATASET is a canonical dataset's CSV tables (`steam-mate convert` / a `normalize` run; numpy and scipy needed). The game
vectors are rebuilt as `ScoreModel` documents them for the default weighting (`binary`: idf = max(0.01, ln(N/(1+df))),
favourite ×2, recent ×1.25, depth-damped length α = 0.5, R = 40, S = 65,000; the quantisation is approximated in floats).
Players at the same coordinates form a region (the generator's cities are one point each), and `--queries` seeded
sample members of the regions query their own region.

For each query the threshold is known up front, which no real traversal has: the `--capacity`-th largest dot in the
region (the reserve of 2k candidates the exposure cap draws from) times `--fit` (a score is dot × the harmonic mean of
two fits in [0.2, 1], so a pair's dot must reach the cut divided by its fit). u's lists are then taken by MaxScore:
ascending by bound x(u,g) · max weight of g's list, the longest prefix whose bounds sum below the threshold is
non-essential. Printed per query: postings in all of u's lists, in its essential lists, candidates the essential lists
touch, and those whose partial dot plus the non-essential bound can still reach the threshold (each needs its exact
dot by lookup, about one vector of ~25 entries read at a random place: the cost that made the committed pruned
traversals slower than the plain scan).
"""

import argparse
import collections
import csv
import math
import random

import numpy as np
import scipy.sparse as sp

S, R = 65000, 40.0


def vectors(dataset):
    located = {}
    for r in csv.DictReader(open(f"{dataset}/players.csv", newline="")):
        if r["latitude"]:
            located[r["steamid"]] = (r["latitude"], r["longitude"])
    favourites = {}
    for r in csv.DictReader(open(f"{dataset}/preferences.csv", newline="")):
        favourites[r["steamid"]] = {int(x) for x in r["favorite_appids"].split(";") if x}
    weights = collections.defaultdict(dict)
    for r in csv.DictReader(open(f"{dataset}/player_games.csv", newline="")):
        minutes, app, player = int(r["minutes_total"] or 0), int(r["appid"]), r["steamid"]
        favourite = app in favourites.get(player, ())
        if minutes > 0 or favourite:
            recent = (r["minutes_2weeks"] or "0") != "0"
            weights[player][app] = (2.0 if favourite else 1.0) * (1.25 if recent else 1.0)
    n = len(weights)
    df = collections.Counter(app for games in weights.values() for app in games)
    idf = {app: max(0.01, math.log(n / (1 + d))) for app, d in df.items()}
    column = {app: i for i, app in enumerate(sorted(df))}
    ids = sorted(p for p in weights if p in located)
    rows, cols, vals = [], [], []
    for i, player in enumerate(ids):
        w = {app: idf[app] * x for app, x in weights[player].items()}
        norm = math.sqrt(sum(x * x for x in w.values()))
        divisor = max(norm, math.sqrt(norm * R))
        for app, x in w.items():
            rows.append(i)
            cols.append(column[app])
            vals.append(max(1, math.floor(x / divisor * S)))
    matrix = sp.csr_matrix((np.array(vals, dtype=np.float64), (rows, cols)), shape=(len(ids), len(column)))
    regions = collections.defaultdict(list)
    for i, player in enumerate(ids):
        regions[located[player]].append(i)
    return matrix, [np.array(m) for _, m in sorted(regions.items(), key=lambda kv: -len(kv[1]))], len(column)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("--queries", type=int, default=1500)
    ap.add_argument("--fit", type=float, default=0.5)
    ap.add_argument("--capacity", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    matrix, regions, games = vectors(args.dataset)
    rng = random.Random(args.seed)
    total = collections.Counter()
    for members in regions:
        if len(members) <= args.capacity:
            continue
        region = matrix[members].tocsc()
        lengths = np.diff(region.indptr)
        list_max = np.zeros(games)
        for g in np.nonzero(lengths)[0]:
            list_max[g] = region.data[region.indptr[g]:region.indptr[g + 1]].max()
        sample = rng.sample(range(len(members)), min(len(members), args.queries // len(regions) + 1))
        queries = matrix[members[sample]]
        dots = (queries @ region.T).toarray()
        for q, position in enumerate(sample):
            dots[q, position] = 0  # not one's own candidate
            threshold = np.sort(dots[q])[::-1][args.capacity - 1] * args.fit
            u = queries[q]
            bounds = sorted(zip(u.data * list_max[u.indices], u.indices, u.data))
            nonessential, essential = 0.0, np.zeros(games)
            for bound, g, x in bounds:
                if nonessential + bound < threshold:
                    nonessential += bound
                else:
                    essential[g] = x
                    total["essential_postings"] += lengths[g]
            total["postings"] += lengths[u.indices].sum()
            partial = region @ essential
            total["touched"] += int((partial > 0).sum())
            total["completed"] += int(((partial > 0) & (partial + nonessential >= threshold)).sum())
            total["members"] += len(members)
            total["queries"] += 1
    q = total["queries"]
    print(f"queries {q}, region members per query {total['members'] / q:.0f}")
    print(f"postings per query: all {total['postings'] / q:.0f}, essential {total['essential_postings'] / q:.0f} "
          f"({total['essential_postings'] / total['postings']:.1%})")
    print(f"candidates per query: touched by essential lists {total['touched'] / q:.0f}, "
          f"to complete by lookup {total['completed'] / q:.0f}")


if __name__ == "__main__":
    main()
