"""Sharded pairing on Apache Spark: the `steam-mate` binary does the work inside each task.

    python Pipelines/spark/steam_mate_spark.py --binary .build/release/steam-mate --dataset CANONICAL \
        --out OUT --work WORK --shards 8 [--master local[2]] [--decisions FILE] [--state DIR] -- --k 20 --exposure-cap 3

Steps (issue 13; README "Sharded pairing on Spark"):

1. `steam-mate plan` on the driver: grid cells to shards by estimated work; `player_shards.csv` says which players
   each shard reads (owner, halo, pool).
2. Spark reads the canonical tables the pairing reads (players, player_games, preferences, friendships: JSON Lines,
   kept as text lines so the bytes the binary reads are the dataset's own), joins them with `player_shards.csv`
   on steamid (a friendship goes to the shards holding both ends), writes the canonical tables as Parquet for
   downstream users (`WORK/canonical_parquet/<table>`) and the shard inputs as Parquet partitioned by shard
   (`WORK/shard_inputs`).
3. One Spark task per shard: reads its rows from Parquet, writes them as a dataset directory in the task's
   scratch space, and runs `steam-mate pair DIR --plan P --shard I/N` with the binary shipped through
   `SparkContext.addFile`; the shard's lists land in `WORK/shards/I` (WORK must be on a filesystem every executor
   and the driver share: local disk in local mode, NFS/EFS/a FUSE mount on a cluster). Each task reports its wall
   time and the binary's peak RSS.
4. The union on the driver: `steam-mate pair CANONICAL --plan P --shard-lists WORK/shards/* --out OUT`, which runs the
   global steps (exposure cap, match ledger, explanations) once and publishes what `steam-mate pair` would.

Everything after `--` is passed to `plan` and every `pair` (they must agree; the binary checks).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

TABLES = {  # table -> the JSON keys naming its players
    "players": ["steamid"],
    "player_games": ["steamid"],
    "preferences": ["steamid"],
    "friendships": ["steamid_a", "steamid_b"],
}


def run(cmd, **kw):
    started = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"steam-mate-spark: {' '.join(cmd[:3])} … exited {proc.returncode}")
    return proc, time.time() - started


def shard_task(binary_name, plan_dir, inputs_dir, shards_dir, shards, extra, decisions, state):
    """Runs one shard: the returned function maps a partition of shard indices to their reports."""

    def task(indices):
        import pyarrow.parquet as pq
        from pyspark import SparkFiles

        binary = SparkFiles.get(binary_name)
        os.chmod(binary, 0o755)
        for shard in indices:
            started = time.time()
            scratch = tempfile.mkdtemp(prefix=f"steam-mate-shard{shard}-")
            try:
                part = os.path.join(inputs_dir, f"shard={shard}")
                rows = pq.read_table(part).to_pydict() if os.path.isdir(part) else {"table": [], "row": [], "line": []}
                by_table = {t: [] for t in TABLES}
                for table, row, line in zip(rows["table"], rows["row"], rows["line"]):
                    by_table[table].append((row, line))
                for table, items in by_table.items():
                    items.sort()
                    with open(os.path.join(scratch, f"{table}.jsonl"), "w", encoding="utf-8") as f:
                        for _, line in items:
                            f.write(line + "\n")
                out = os.path.join(shards_dir, str(shard))
                cmd = [binary, "pair", scratch, "--plan", plan_dir, "--shard", f"{shard}/{shards}", "--out", out,
                       "--quiet", "--force"]
                if decisions:
                    cmd += ["--decisions", decisions]
                if state:
                    cmd += ["--state", state]
                with tempfile.TemporaryFile() as err:
                    child = subprocess.Popen(cmd + extra, stdout=subprocess.DEVNULL, stderr=err)
                    _, status, usage = os.wait4(child.pid, 0)  # this child's own peak RSS, not the worker's
                    err.seek(0)
                    stderr = err.read().decode("utf-8", "replace")
                code = os.waitstatus_to_exitcode(status)
                yield {"shard": shard, "status": code, "stderr": stderr[-4000:],
                       "rows": sum(len(v) for v in by_table.values()), "wall_s": round(time.time() - started, 2),
                       "peak_rss_mib": round(usage.ru_maxrss / 1024, 1)}
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

    return task


def main(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    else:
        extra = []
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the steam-mate binary (static: swift build -c release --static-swift-stdlib)")
    ap.add_argument("--dataset", required=True, help="canonical dataset directory (steam-mate convert / run output)")
    ap.add_argument("--out", required=True, help="published output directory (what steam-mate pair --out gives)")
    ap.add_argument("--work", required=True, help="scratch directory shared by the driver and every executor")
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--master", default=None, help="e.g. local[2]; omit under spark-submit")
    ap.add_argument("--decisions", default=None, help="the app's decision log (default: DATASET/decisions.jsonl if present)")
    ap.add_argument("--state", default=None, help="the previous run's state directory")
    ap.add_argument("--report", default=None, help="write per-step timings and per-shard figures here (JSON)")
    args = ap.parse_args(argv)

    binary = os.path.abspath(args.binary)
    dataset = os.path.abspath(args.dataset)
    work = os.path.abspath(args.work)
    decisions = os.path.abspath(args.decisions) if args.decisions else None
    if decisions is None and os.path.exists(os.path.join(dataset, "decisions.jsonl")):
        decisions = os.path.join(dataset, "decisions.jsonl")
    state = os.path.abspath(args.state) if args.state else None
    os.makedirs(work, exist_ok=True)
    plan_dir = os.path.join(work, "plan")
    inputs_dir = os.path.join(work, "shard_inputs")
    shards_dir = os.path.join(work, "shards")
    figures = {"shards": args.shards, "steps": {}}

    # 1. Plan (driver).
    _, took = run([binary, "plan", dataset, "--shards", str(args.shards), "--out", plan_dir, "--force"] + extra)
    figures["steps"]["plan_s"] = round(took, 2)

    # Tasks run the same Python as the driver unless the cluster says otherwise (they need pyarrow).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = SparkSession.builder.appName("steam-mate-pair")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.config("spark.ui.enabled", "false") \
        .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", str(max(2, args.shards))) \
        .getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    try:
        # 2. Shard inputs (Spark): text lines joined with the plan's player_shards on steamid.
        started = time.time()
        needs = spark.read.csv(os.path.join(plan_dir, "player_shards.csv"), header=True,
                               schema="steamid STRING, shard INT, role STRING").select("steamid", "shard")
        pieces = []
        for table, keys in TABLES.items():
            path = os.path.join(dataset, f"{table}.jsonl")
            if not os.path.exists(path):
                continue
            lines = spark.read.text(path).withColumn("row", F.monotonically_increasing_id()) \
                .filter(F.length("value") > 0)
            spark.read.json(path).write.mode("overwrite").parquet(os.path.join(work, "canonical_parquet", table))
            if len(keys) == 1:
                joined = lines.join(needs, F.get_json_object("value", f"$.{keys[0]}") == needs.steamid)
            else:
                a = needs.select(F.col("steamid").alias("a"), F.col("shard"))
                b = needs.select(F.col("steamid").alias("b"), F.col("shard").alias("shard_b"))
                joined = lines.join(a, F.get_json_object("value", "$.steamid_a") == a.a) \
                    .join(b, (F.get_json_object("value", "$.steamid_b") == b.b) & (F.col("shard") == F.col("shard_b")))
            pieces.append(joined.select(F.col("shard"), F.lit(table).alias("table"), F.col("row"),
                                        F.col("value").alias("line")))
        union = pieces[0]
        for p in pieces[1:]:
            union = union.unionByName(p)
        union.repartition("shard").write.mode("overwrite").partitionBy("shard").parquet(inputs_dir)
        figures["steps"]["shard_inputs_s"] = round(time.time() - started, 2)

        # 3. One task per shard, the binary shipped with the job.
        started = time.time()
        spark.sparkContext.addFile(binary)
        task = shard_task(os.path.basename(binary), plan_dir, inputs_dir, shards_dir, args.shards, extra, decisions, state)
        reports = spark.sparkContext.parallelize(range(args.shards), args.shards).mapPartitions(task).collect()
        figures["steps"]["shards_s"] = round(time.time() - started, 2)
        figures["shard_tasks"] = sorted(reports, key=lambda r: r["shard"])
        failed = [r for r in reports if r["status"] != 0]
        if failed:
            for r in failed:
                sys.stderr.write(f"shard {r['shard']} exited {r['status']}:\n{r['stderr']}\n")
            raise SystemExit(1)
    finally:
        spark.stop()

    # 4. Union and global steps (driver).
    cmd = [binary, "pair", dataset, "--plan", plan_dir, "--shard-lists"]
    cmd += [os.path.join(shards_dir, str(i)) for i in range(args.shards)]
    cmd += ["--out", os.path.abspath(args.out), "--quiet"]
    if decisions:
        cmd += ["--decisions", decisions]
    if state:
        cmd += ["--state", state]
    proc, took = run(cmd + extra)
    sys.stderr.write(proc.stderr)
    figures["steps"]["union_s"] = round(took, 2)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2, sort_keys=True)
            f.write("\n")
    sys.stderr.write("steam-mate-spark: " + json.dumps(figures["steps"], sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
