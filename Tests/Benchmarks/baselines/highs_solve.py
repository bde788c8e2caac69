# Solves a stage-1 capped-trade model exported by `steam-mate bench trade DIR --caps 5 --export-lp OUT` with HiGHS
# (PyPI highspy), one thread: the stock-solver comparison in the README (Capped trades).
# usage: python highs_solve.py MODEL.lp SECONDS
import highspy, sys
h = highspy.Highs()
h.setOptionValue("time_limit", float(sys.argv[2]))
h.setOptionValue("threads", 1)
h.readModel(sys.argv[1])
h.run()
info = h.getInfo()
print("status", h.modelStatusToString(h.getModelStatus()), "obj", info.objective_function_value, "bound", info.mip_dual_bound, "gap", info.mip_gap, "nodes", info.mip_node_count)
