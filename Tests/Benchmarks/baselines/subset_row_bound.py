# Subset-row cuts on the LP of an exported capped-trade model (see highs_solve.py): solves the LP relaxation,
# then in rounds adds the 3-row subset-row inequalities (sum of loops holding two of three items <= 1) violated by
# more than 0.05 among items the fractional solution links, at most MAX_CUTS a round, and prints the bound.
# usage: python subset_row_bound.py MODEL.lp ROUNDS MAX_CUTS   (README: amiguero4 cap 5, 30 rounds, 200 cuts)
import highspy, sys, itertools, time, numpy as np
from collections import defaultdict
h = highspy.Highs(); h.setOptionValue("output_flag", False)
h.readModel(sys.argv[1])
lp = h.getLp()
ncol, nrow = lp.num_col_, lp.num_row_
A = lp.a_matrix_
starts, idx, vals = list(A.start_), list(A.index_), list(A.value_)
colrows = [tuple(idx[starts[c]:starts[c+1]]) for c in range(ncol)]
print("cols", ncol, "rows", nrow, "set-packing:", all(v == 1.0 for v in vals), set(lp.row_upper_), file=sys.stderr)
# relax integrality
h.changeColsIntegrality(ncol, np.arange(ncol, dtype=np.int32), np.zeros(ncol, dtype=np.uint8))
t0 = time.time(); h.run(); print("LP", h.getInfo().objective_function_value, time.time()-t0)
cuts = set()
for it in range(int(sys.argv[2])):
    x = h.getSolution().col_value
    frac = [c for c in range(ncol) if x[c] > 1e-6]
    pair = defaultdict(float); trip = defaultdict(float)
    for c in frac:
        rs = colrows[c]
        for p in itertools.combinations(rs, 2): pair[p] += x[c]
        for t in itertools.combinations(rs, 3): trip[t] += x[c]
    # candidate triples: a,b with pair weight > 0 and c adjacent to a or b
    adj = defaultdict(set)
    for (a, b) in pair: adj[a].add(b); adj[b].add(a)
    found = []
    for (a, b), wab in pair.items():
        for c in adj[a] | adj[b]:
            if c == a or c == b: continue
            t = tuple(sorted((a, b, c)))
            if t in cuts: continue
            s = wab + pair.get(tuple(sorted((a, c))), 0) + pair.get(tuple(sorted((b, c))), 0) - 2 * trip.get(t, 0)
            if s > 1.05: found.append((s, t))
    found = sorted(set(found), reverse=True)[:int(sys.argv[3])]
    if not found: print("no cuts"); break
    for s, t in found:
        cuts.add(t)
        ts = set(t)
        cols = [c for c in range(ncol) if len(ts.intersection(colrows[c])) >= 2]
        h.addRow(-highspy.kHighsInf, 1.0, len(cols), np.array(cols, dtype=np.int32), np.ones(len(cols)))
    t0 = time.time(); h.run()
    print("iter", it, "cuts", len(cuts), "max viol", found[0][0], "LP", h.getInfo().objective_function_value, "%.1fs" % (time.time()-t0), flush=True)
