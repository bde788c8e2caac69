"""Sharded pairing on Apache Spark: the `steam-mate` binary does the work inside each task.

    python Pipelines/spark/steam_mate_spark.py --binary .build/release/steam-mate (--dataset CANONICAL | --input RAW
        (--canonical-out DIR | --pipeline FILE) [--ingest-tasks T] [--locations CSV]) --out OUT --work WORK --shards 8
        [--master local[2]] [--decisions FILE] [--state DIR] -- --k 20 --exposure-cap 3

Steps (issue 13; README "Sharded runs on Apache Spark"):

0. With `--input RAW` (Steam files as `steam-mate convert RAW` reads them): T Spark tasks each run
   `steam-mate convert RAW --partial-facts --files-shard I/T` (the binary deals the scanned files into T shares of
   about equal bytes, a big JSON Lines bundle cut into pieces of whole lines between them) and write their fact
   partitions (by steamid hash) to `WORK/facts/I`. Without `--pipeline` the driver then runs
   `steam-mate merge WORK/facts/*`, which merges every share's facts partition by partition, resolves, and publishes
   the canonical dataset at `--canonical-out` (the same bytes as `steam-mate convert RAW`); with `--plan WORK/plan`
   it also does step 1 from the dataset it holds. With `--pipeline` the driver starts the run itself now:
   `steam-mate run PIPELINE --partial-facts WORK/facts/* --plan-shards N --pair-plan WORK/plan --shard-tables
   WORK/canonical --pair-shard-lists WORK/shards/* --canonical-parquet WORK/canonical_parquet` merges the facts
   once, writes the dataset's JSON Lines into its output while it plans the shards, publishes the plan and those JSON
   Lines (linked) for the steps below, prints `planned`, and waits for the line `lists` on stdin (its CSV tables, the
   canonical tables as Parquet, its trade stage and the union's preparation go on meanwhile).

1. `steam-mate plan` on the driver (with `--dataset`): grid cells to shards by estimated work; `player_shards.csv`
   says which players each shard reads (owner, halo, pool).
2. Spark tasks build the shard inputs from the canonical tables the pairing reads (players, player_games,
   preferences, friendships: JSON Lines, kept as text lines so the bytes the binary reads are the dataset's own):
   each line goes to the shards whose `player_shards.csv` rows name its 64-bit steamid (a friendship to the shards
   holding both ends), written as Parquet partitioned by shard (`WORK/shard_inputs/shard=I`). While the plan's table
   is small it is broadcast as sorted arrays and each task takes a byte range of one table (numpy finds the lines
   and ids, Arrow writes the Parquet; no shuffle), and the Parquet names the shard's lines as runs of consecutive
   lines (byte ranges of the canonical tables, which stay where they are: step 3's binary reads them in place); above
   `--broadcast-plan-mb` Spark joins the lines with the plan and shuffles them to it, and the Parquet holds the lines.
3. One Spark task per shard: writes the runs its Parquet names into a runs file in the task's scratch space and runs
   `steam-mate pair CANONICAL --line-runs RUNS --plan P --shard I/N` (the binary reads those runs of lines of the
   canonical tables, nothing else; after a join, the Parquet's lines are written out as a dataset directory in
   scratch and read instead) with the binary shipped through `SparkContext.addFile`; the shard's lists land in
   `WORK/shards/I` (WORK and the canonical tables must be on a filesystem every executor and the driver share: local
   disk in local mode, NFS/EFS/a FUSE mount on a cluster). Each task reports its wall time and the binary's peak
   RSS. The shard inputs (and a `--pipeline` run's scratch dataset) are then deleted unless `--keep-work`.
4. The union on the driver: with `--pipeline`, the waiting run is sent `lists` and publishes what `steam-mate run
   PIPELINE` would (if a step fails first, its stdin is closed and it publishes nothing); else `steam-mate pair
   CANONICAL --plan P --shard-lists WORK/shards/* --out OUT` runs the global steps (exposure cap, match ledger,
   explanations) once and publishes what `steam-mate pair` would. While it runs, Spark tasks write the canonical
   tables as Parquet for downstream users (`WORK/canonical_parquet/<table>/part-NNNNN.parquet`): each task a byte
   range of one table's JSON Lines, decoded and encoded by Arrow with the table's declared schema (with `--pipeline`
   the run wrote them in step 0, from the rows it holds, with the same schema).

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

# The canonical tables' columns (README, Canonical dataset), typed for Parquet.
SCHEMAS = {
    "players": "steamid STRING, persona_name STRING, profile_url STRING, custom_url STRING, real_name STRING, "
               "visibility STRING, country STRING, state STRING, city_id BIGINT, location_text STRING, latitude DOUBLE, "
               "longitude DOUBLE, location_accuracy_km DOUBLE, member_since STRING, time_created BIGINT, last_logoff BIGINT, "
               "primary_group_id STRING, vac_banned BOOLEAN, vac_ban_count BIGINT, game_bans BIGINT, community_banned BOOLEAN, "
               "economy_ban STRING, days_since_last_ban BIGINT, trade_ban_state STRING, games_known BOOLEAN, "
               "friends_known BOOLEAN, sources ARRAY<STRING>",
    "player_games": "steamid STRING, appid BIGINT, name STRING, minutes_total BIGINT, minutes_2weeks BIGINT, "
                    "last_played BIGINT, sources ARRAY<STRING>",
    "friendships": "steamid_a STRING, steamid_b STRING, friend_since BIGINT, sources ARRAY<STRING>",
    "groups": "groupid STRING, name STRING, url STRING, headline STRING, member_count BIGINT, sources ARRAY<STRING>",
    "group_members": "groupid STRING, steamid STRING, sources ARRAY<STRING>",
    "achievements": "steamid STRING, appid BIGINT, game_name STRING, achieved BIGINT, total BIGINT, "
                    "achieved_global_percent_mean DOUBLE, sources ARRAY<STRING>",
    "preferences": "steamid STRING, favorite_appids ARRAY<BIGINT>, max_distance_km DOUBLE, anywhere BOOLEAN, "
                   "languages ARRAY<STRING>, time_zone STRING, availability ARRAY<STRING>, "
                   "availability_utc_hours ARRAY<BIGINT>, lobbies ARRAY<STRING>, sources ARRAY<STRING>",
}

TABLES = {  # table -> the JSON keys naming its players
    "players": ["steamid"],
    "player_games": ["steamid"],
    "preferences": ["steamid"],
    "friendships": ["steamid_a", "steamid_b"],
}


def arrow_schema(ddl):
    """The Arrow schema of a table's Spark DDL above (the types it uses: STRING, BIGINT, DOUBLE, BOOLEAN, ARRAY<…>)."""
    import pyarrow as pa

    types = {"STRING": pa.string(), "BIGINT": pa.int64(), "DOUBLE": pa.float64(), "BOOLEAN": pa.bool_()}

    def typed(name):
        return pa.list_(types[name[6:-1]]) if name.startswith("ARRAY<") else types[name]

    return pa.schema([pa.field(name, typed(kind)) for name, kind in (c.strip().split(" ", 1) for c in ddl.split(","))])


def lines_starting_in(handle, start, end, buffer=None):
    """The bytes of the lines of an open file that start at offsets in [start, end), each whole (ranges that tile a
    file hold each of its lines once), ending with a newline (one is added after a last line without it): (the offset
    of the first, a memoryview of the bytes, the bytearray under it). Read in place into `buffer` when it is big
    enough (a task passes back the one it got, for all its pieces), else into a new one: a fresh 128 MiB `bytes` per
    piece, and appending to it, cost a page fault per page and a copy of it all."""
    if start > 0:
        handle.seek(start - 1)
        if handle.read(1) != b"\n":
            handle.readline()  # that line started in the range before
    begin = handle.tell()
    buffer = bytearray() if buffer is None else buffer
    if begin >= end:
        return begin, memoryview(buffer)[:0], buffer
    want = end - begin
    spare = 1 << 16
    if len(buffer) < want + 1:
        buffer = bytearray(want + spare)  # not resized in place: views of the last piece may still be held
    got = handle.readinto(memoryview(buffer)[:want])
    if got == want and buffer[got - 1] != 10:
        tail = handle.readline()
        if len(buffer) < got + len(tail) + 1:
            grown = bytearray(got + len(tail) + spare)
            grown[:got] = memoryview(buffer)[:got]
            buffer = grown
        buffer[got:got + len(tail)] = tail
        got += len(tail)
    if got and buffer[got - 1] != 10:
        buffer[got] = 10  # the file's last line without its newline, as Spark's text reader gives it
        got += 1
    return begin, memoryview(buffer)[:got], buffer


def byte_pieces(dataset, tables, piece_mb):
    """(table, part, start, end) byte ranges of each table's JSON Lines, about `piece_mb` MiB each, the largest
    first (so the longest tasks start first)."""
    pieces = []
    for table in tables:
        path = os.path.join(dataset, f"{table}.jsonl")
        if not os.path.exists(path):
            continue
        size = os.path.getsize(path)
        count = max(1, -(-size // (max(1, piece_mb) << 20)))
        pieces += [(table, k, size * k // count, size * (k + 1) // count) for k in range(count)]
    pieces.sort(key=lambda p: p[2] - p[3])
    return pieces


def plan_arrays(shards_csv, shard_count):
    """`player_shards.csv` as two numpy arrays sorted by (steamid, shard): the shard input tasks' broadcast lookup.
    A (steamid, shard) pair listed twice is refused (the join would send the player's rows to that shard twice), and
    so is a shard outside 0..<shard_count (a plan made for another N)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.csv as pc_csv

    plan = pc_csv.read_csv(shards_csv, convert_options=pc_csv.ConvertOptions(
        column_types={"steamid": pa.int64(), "shard": pa.int32(), "role": pa.string()}))
    ids = plan.column("steamid").to_numpy()
    shards = plan.column("shard").to_numpy()
    order = np.lexsort((shards, ids))
    ids, shards = ids[order], shards[order]
    if len(ids) > 1 and np.any((ids[1:] == ids[:-1]) & (shards[1:] == shards[:-1])):
        raise RuntimeError(f"{shards_csv}: a player is listed twice for one shard")
    if len(shards) and (shards.min() < 0 or shards.max() >= shard_count):
        raise RuntimeError(f"{shards_csv}: shards {shards.min()}..{shards.max()}, not within 0..<{shard_count}")
    return ids, shards


def line_ids(buf, starts, ends, key, position):
    """The 64-bit ids under `key` of the lines [starts, ends) of `buf` (numpy bytes), or -1 where a line has none. The
    writer puts the key columns first (`{"steamid":"…"`, or `{"steamid_a":"…","steamid_b":"…"`) and ids have 17
    digits, so the digits are read in place, for every line at once; any other line shape is parsed as JSON."""
    import numpy as np

    head = b'{"steamid_a":"' if position else b'{"' + key.encode() + b'":"'
    first = len(head) + (17 + len(b'","steamid_b":"') if position else 0)
    need = first + 18  # 17 digits and the closing quote
    ids = np.full(len(starts), -1, dtype=np.int64)
    long_enough = (ends - starts) > need
    at = starts[long_enough]
    # Each line's first `need` bytes in one gather; the bytes the shape fixes (keys, quotes) checked against it at once.
    shape = np.frombuffer(head + (b"0" * 17 + b'","' + key.encode() + b'":"' if position else b"") + b"0" * 17 + b'"',
                          dtype=np.uint8)
    fixed = np.flatnonzero(shape != ord("0"))
    lines = np.lib.stride_tricks.sliding_window_view(buf, need)[at] if len(at) else np.zeros((0, need), np.uint8)
    fits = np.all(lines[:, fixed] == shape[fixed], axis=1)
    shaped = long_enough.copy()
    shaped[long_enough] = fits
    lines = lines[fits]
    # The 17 digits as 3 little-endian 64-bit words (8 + 8 + 1 bytes), read 8 digits at a time with shifts and
    # masks: no index matrix, no 17 int64 columns per line.
    block = np.zeros((len(lines), 24), dtype=np.uint8)
    block[:, :17] = lines[:, first:first + 17]
    fine = np.all((block[:, :17] >= ord("0")) & (block[:, :17] <= ord("9")), axis=1)
    words = block.view("<u8")
    values = (eight_digits(words[:, 0]) * np.uint64(10 ** 9) + eight_digits(words[:, 1]) * np.uint64(10)
              + (words[:, 2] - np.uint64(ord("0")))).astype(np.int64)
    where = np.flatnonzero(shaped)
    ids[where[fine]] = values[fine]
    shaped[where[~fine]] = False
    for i in np.flatnonzero(~shaped):  # not the writer's shape: parsed, as Spark's get_json_object would
        try:
            value = json.loads(bytes(buf[starts[i]:ends[i]]))[key]
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
                ids[i] = value
            elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
                ids[i] = int(value)
        except (ValueError, KeyError, TypeError):
            ids[i] = -1
    return ids


def eight_digits(words):
    """The numbers written by 8 ASCII digits in little-endian uint64 words (the first digit in the lowest byte): pairs,
    then fours, then all eight combined in place. Words that are not 8 digits give garbage (callers check first)."""
    import numpy as np

    x = words - np.uint64(0x3030303030303030)
    x = (x * np.uint64(10) + (x >> np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x * np.uint64(100) + (x >> np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    return (x * np.uint64(10000) + (x >> np.uint64(32))) & np.uint64(0xFFFFFFFF)


def shard_input_task(dataset, inputs_dir, plan, shard_count, keys_of):
    """Builds the shard inputs from byte ranges of the canonical JSON Lines, with the plan broadcast: the returned
    function maps (table, part, start, end) pieces to `inputs_dir/shard=I/<table>-NNNNN.parquet` files that say which
    lines of the table the shard reads (its players' lines; a friendship only where the shard reads both ends), as
    runs of consecutive lines: columns table, row (the run's first byte offset, so a table's files order by it), end
    (its end offset; one past the file's size where the file's last line has no newline) and lines. The bytes stay
    in the canonical tables (on the filesystem every task shares) until the shard's task copies them
    (`write_shard_input`): a shard reads 5 GB of lines at 1M, which Parquet would write and read once more. numpy
    finds the lines and ids, Arrow writes the Parquet; the same lines as Spark's join (`SparkDriverTests`)."""

    def task(pieces):
        import numpy as np
        import pyarrow as pa
        import pyarrow.parquet as pq

        plan_ids, plan_shards = plan.value
        buffer = bytearray()
        for table, part, start, end in pieces:
            with open(os.path.join(dataset, f"{table}.jsonl"), "rb") as handle:
                begin, data, buffer = lines_starting_in(handle, start, end, buffer)
            buf = np.frombuffer(data, dtype=np.uint8)
            every_end = np.flatnonzero(buf == 10).astype(np.int64) + 1
            offsets = np.concatenate(([0], every_end)).astype(np.int64)
            kept = np.flatnonzero(np.diff(offsets) > 1)  # blank lines carry nothing
            starts, ends = offsets[kept], offsets[kept + 1]
            pairs = None
            for position, key in enumerate(keys_of[table]):
                ids = line_ids(buf, starts, ends, key, position)
                # Looked up once per run of equal ids (a player's game rows sit together), then spread to the lines.
                heads = np.flatnonzero(np.concatenate(([True], ids[1:] != ids[:-1]))) if len(ids) else np.zeros(0, np.int64)
                spans = np.diff(np.append(heads, len(ids)))
                lo = np.searchsorted(plan_ids, ids[heads], "left")
                counts = np.repeat(np.searchsorted(plan_ids, ids[heads], "right") - lo, spans)
                lo = np.repeat(lo, spans)
                line = np.repeat(np.arange(len(ids), dtype=np.int64), counts)
                slot = np.repeat(lo, counts) + np.arange(len(line)) - np.repeat(np.cumsum(counts) - counts, counts)
                both = line * shard_count + plan_shards[slot]
                pairs = both if pairs is None else np.intersect1d(pairs, both, assume_unique=True)
            line, shard = pairs // shard_count, pairs % shard_count
            rows = 0
            for s in np.unique(shard).tolist():
                ours = line[shard == s]  # ascending
                first, after = begin + starts[ours], begin + ends[ours]
                cut = np.flatnonzero(first[1:] != after[:-1]) + 1  # a run ends where the next line is not adjacent
                heads = np.concatenate(([0], cut))
                tails = np.concatenate((cut, [len(ours)]))
                directory = os.path.join(inputs_dir, f"shard={s}")
                os.makedirs(directory, exist_ok=True)
                pq.write_table(pa.table({"table": pa.repeat(table, len(heads)),
                                         "row": pa.array(first[heads], pa.int64()),
                                         "end": pa.array(after[tails - 1], pa.int64()),
                                         "lines": pa.array(tails - heads, pa.int64())}),
                               os.path.join(directory, f"{table}-{part:05d}.parquet"), use_dictionary=["table"])
                rows += len(ours)
            yield {"table": table, "part": part, "rows": rows}

    return task


def canonical_parquet_task(dataset, out_dir):
    """Writes pieces of the canonical tables as Parquet: the returned function maps (table, part, start, end) pieces
    to `out_dir/<table>/part-NNNNN.parquet`, the table's lines that start in [start, end) decoded by Arrow with the
    table's declared schema (a line that does not fit it, or an unknown key, fails the task)."""

    def task(pieces):
        import pyarrow as pa
        import pyarrow.json as pj
        import pyarrow.parquet as pq

        buffer = bytearray()
        for table, part, start, end in pieces:
            schema = arrow_schema(SCHEMAS[table])
            with open(os.path.join(dataset, f"{table}.jsonl"), "rb") as handle:
                _, data, buffer = lines_starting_in(handle, start, end, buffer)
            rows = 0
            with pq.ParquetWriter(os.path.join(out_dir, table, f"part-{part:05d}.parquet"), schema) as writer:
                if data:
                    batches = pj.open_json(pa.BufferReader(data), read_options=pj.ReadOptions(use_threads=False),
                                           parse_options=pj.ParseOptions(explicit_schema=schema,
                                                                         unexpected_field_behavior="error"))
                    for batch in batches:
                        writer.write_batch(batch)
                        rows += batch.num_rows
            yield {"table": table, "part": part, "rows": rows}

    return task


def steamid(F, column, key, position):
    """The id under `key` in a canonical JSON line. The writer puts the key columns first (`{"steamid":"…"`, or
    `{"steamid_a":"…","steamid_b":"…"`) and ids have 17 digits, so a substring reads it without parsing the line;
    any other line shape falls back to `get_json_object`."""
    if position == 0:
        start = len('{"' + key + '":"') + 1
        shaped = F.col(column).startswith('{"' + key + '":"')
    else:
        start = len('{"steamid_a":"') + 17 + len('","' + key + '":"') + 1
        shaped = F.col(column).startswith('{"steamid_a":"') & (F.substring(column, start - len('","' + key + '":"'),
                                                                          len('","' + key + '":"')) == '","' + key + '":"')
    fast = F.substring(column, start, 17)
    text = F.when(shaped & (F.substring(column, start + 17, 1) == '"'), fast).otherwise(F.get_json_object(column, "$." + key))
    return text.try_cast("long")  # not a 64-bit id: joins nothing, and the shard that needs the row refuses its input


class Child:
    """A steam-mate command started on the driver, which may do other work meanwhile; `wait` returns its stderr and
    wall time, or stops the job with its stderr when its exit status is not in `ok`. With `talk`, its stdin and stdout
    are pipes (`run --plan-shards`: it prints `planned`, then waits for the line `lists`)."""

    def __init__(self, cmd, ok=(0,), cwd=None, talk=False):
        self.cmd, self.ok, self.started = cmd, ok, time.time()
        self.err = tempfile.TemporaryFile()  # a file, not a pipe: a long stderr cannot block the child
        pipe = subprocess.PIPE if talk else subprocess.DEVNULL
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=pipe, stdout=pipe, stderr=self.err)

    def read_line(self):
        """Its next line on stdout ('' once it has ended it)."""
        return self.proc.stdout.readline().decode("utf-8", "replace").strip()

    def send(self, line=None):
        """Writes `line` to its stdin, then closes it (without a line: its input ends, which `run --plan-shards`
        takes as the shards having failed)."""
        if self.proc.stdin is None or self.proc.stdin.closed:
            return
        try:
            if line is not None:
                self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.close()
        except BrokenPipeError:  # it has ended already; `wait` says how
            pass

    def wait(self):
        self.send()
        if self.proc.stdout is not None:
            self.proc.stdout.read()  # nothing more is expected, but a full pipe must not block it
        code = self.proc.wait()
        took = time.time() - self.started
        self.err.seek(0)
        stderr = self.err.read().decode("utf-8", "replace")
        self.err.close()
        if code not in self.ok:
            sys.stderr.write(stderr)
            raise SystemExit(f"steam-mate-spark: {' '.join(self.cmd[:3])} … exited {code}")
        return stderr, took


def run(cmd, ok=(0,), cwd=None):
    """Runs a steam-mate command on the driver to its end: (stderr, wall time)."""
    return Child(cmd, ok, cwd).wait()


def shard_pieces(part):
    """The shard's input (`WORK/shard_inputs/shard=I/*.parquet`) as (table, path) pieces, in dataset order.

    A file holds ascending row ids of each table in it: with the plan broadcast, a file is one byte range's runs of
    lines of one table (the row id is the run's first byte offset); after a shuffle, the shard's only file, sorted.
    Ordering the pieces by their first row puts every table's lines back in the dataset's order; rows out of order or
    overlapping pieces are refused rather than guessed at."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    pieces = []
    for name in sorted(os.listdir(part)) if os.path.isdir(part) else []:
        if not name.endswith(".parquet"):
            continue
        path = os.path.join(part, name)
        keys = pq.read_table(path, columns=["table", "row"])
        for table in pc.unique(keys.column("table")).to_pylist():
            rows = pc.filter(keys.column("row"), pc.equal(keys.column("table"), table)).combine_chunks()
            if len(rows) > 1 and not pc.all(pc.greater(rows.slice(1), rows.slice(0, len(rows) - 1))).as_py():
                raise RuntimeError(f"{path}: the {table} rows of a shard input are not in dataset order")
            pieces.append((table, rows[0].as_py(), rows[len(rows) - 1].as_py(), path))
    pieces.sort()
    for before, after in zip(pieces, pieces[1:]):
        if before[0] == after[0] and after[1] <= before[2]:
            raise RuntimeError(f"{after[3]}: its {after[0]} rows overlap those of {before[3]}")
    return [(table, path) for table, _, _, path in pieces]


def write_lines(handle, lines):
    """Writes a string array's bytes as they sit in Arrow's buffers (each value already ends with a newline)."""
    import pyarrow as pa

    width = 8 if pa.types.is_large_string(lines.type) else 4 if pa.types.is_string(lines.type) else 0
    if len(lines) == 0:
        return
    if width == 0 or lines.null_count:
        raise RuntimeError(f"shard input lines are {lines.type} with {lines.null_count} nulls, not strings")
    offsets, data = memoryview(lines.buffers()[1]), memoryview(lines.buffers()[2])
    start, end = width * lines.offset, width * (lines.offset + len(lines))
    view = data[int.from_bytes(offsets[start:start + width], "little"):int.from_bytes(offsets[end:end + width], "little")]
    while view:  # an unbuffered file may take less than it is given
        view = view[handle.write(view):]


def write_shard_input(part, dataset, scratch):
    """What the shard's binary reads, from its input (`WORK/shard_inputs/shard=I`): with the plan broadcast, a runs
    file `scratch/runs.csv` (`table,start,end`: the byte ranges of the shard's lines in the canonical tables, which
    `pair DATASET --line-runs FILE` reads in place: no copy of the lines); after Spark's join, the Parquet's `line`
    column written out as a dataset directory in `scratch`, each table's lines in dataset order. Returns (the dataset
    directory to read, the runs file or None, the lines it names)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    pieces = shard_pieces(part)
    # Spark's join writes a `line` column; the broadcast path's files name runs (every file of a shard one or the other).
    runs = not pieces or "line" not in pq.read_schema(pieces[0][1]).names
    if runs:
        targets = {"runs": open(os.path.join(scratch, "runs.csv"), "wb", buffering=0)}
        targets["runs"].write(b"table,start,end\n")
        sizes = {t: os.path.getsize(os.path.join(dataset, f"{t}.jsonl")) for t in {t for t, _ in pieces}}
    else:
        targets = {t: open(os.path.join(scratch, f"{t}.jsonl"), "wb", buffering=0) for t in TABLES}
    count = 0
    try:
        for table, path in pieces:
            reader = pq.ParquetFile(path)
            if ("line" in reader.schema_arrow.names) == runs:
                raise RuntimeError(f"{path}: shard input files both with and without a line column")
            wanted = ["table", "row", "end", "lines"] if runs else ["table", "line"]
            for batch in reader.iter_batches(batch_size=65536, columns=wanted):
                ours = pc.equal(batch.column(0), table)
                if not pc.all(ours).as_py():
                    batch = batch.filter(ours)
                if not runs:
                    write_lines(targets[table], batch.column(1))
                    count += batch.num_rows
                    continue
                # An end past the file's size stands for the newline its last line lacks: the run ends at the file's end.
                ends = pc.min_element_wise(batch.column(2), pa.scalar(sizes[table], pa.int64()))
                rows = pc.binary_join_element_wise(batch.column(0), pc.cast(batch.column(1), pa.string()),
                                                   pc.cast(ends, pa.string()), ",")
                write_lines(targets["runs"], pc.binary_join_element_wise(rows, pa.scalar(""), "\n"))
                count += int(pc.sum(batch.column(3)).as_py() or 0)
    finally:
        for h in targets.values():
            h.close()
    return (dataset if runs else scratch), (os.path.join(scratch, "runs.csv") if runs else None), count


def shard_inputs_by_join(spark, F, dataset, shards_csv, inputs_dir, shard_count):
    """The shard inputs when the plan is too big to broadcast (`--broadcast-plan-mb`): the tables' text lines joined
    with `player_shards.csv` on the 64-bit steamid by Spark (a friendship goes to the shards holding both ends), the
    lines shuffled to the plan and sorted back, one Parquet file per shard in (table, row) order."""
    needs = spark.read.csv(shards_csv, header=True, schema="steamid BIGINT, shard INT, role STRING") \
        .select("steamid", "shard")
    spark.conf.set("spark.sql.autoBroadcastJoinThreshold", "-1")
    pieces = []
    for table, keys in TABLES.items():
        path = os.path.join(dataset, f"{table}.jsonl")
        if not os.path.exists(path):
            continue
        lines = spark.read.text(path).withColumn("row", F.monotonically_increasing_id()) \
            .filter(F.length("value") > 0)
        if len(keys) == 1:
            joined = lines.join(needs, steamid(F, "value", keys[0], 0) == needs.steamid)
        else:
            a = needs.select(F.col("steamid").alias("a"), F.col("shard"))
            b = needs.select(F.col("steamid").alias("b"), F.col("shard").alias("shard_b"))
            joined = lines.join(a, steamid(F, "value", "steamid_a", 0) == a.a) \
                .join(b, steamid(F, "value", "steamid_b", 1) == b.b).filter(F.col("shard") == F.col("shard_b"))
        pieces.append(joined.select(F.col("shard"), F.lit(table).alias("table"), F.col("row"),
                                    F.concat(F.col("value"), F.lit("\n")).alias("line")))
    union = pieces[0]
    for p in pieces[1:]:
        union = union.unionByName(p)
    union = union.repartition(shard_count, "shard").sortWithinPartitions("shard", "table", "row")
    # Lines are unique: a dictionary would be built and dropped for every page.
    union.write.mode("overwrite").option("parquet.enable.dictionary", "false").partitionBy("shard").parquet(inputs_dir)


def task_threads():
    """The threads a task's binary may use: the cores Spark gave the task (`spark.task.cpus`, 1 unless set). The
    binary's default (every core of the machine) in each of several concurrent tasks would run more threads than
    cores: at 1M in `local[2]`, two shards of 2 threads each took 144.6 s and 284 CPU-s, of 1 thread each 134.4 s and
    262 CPU-s (README, Sharded pairing on Spark)."""
    from pyspark import TaskContext

    context = TaskContext.get()
    return max(1, int(context.cpus())) if context is not None else 1


def shard_task(binary_name, dataset, plan_dir, inputs_dir, shards_dir, shards, extra, decisions, state):
    """Runs one shard: the returned function maps a partition of shard indices to their reports."""

    def task(indices):
        from pyspark import SparkFiles

        binary = SparkFiles.get(binary_name)
        os.chmod(binary, 0o755)
        threads = task_threads()
        for shard in indices:
            started = time.time()
            scratch = tempfile.mkdtemp(prefix=f"steam-mate-shard{shard}-")
            try:
                # The shard's runs of lines (or its lines, after a join) written one batch at a time, so the worker is
                # small when it forks the binary (a fork's RSS starts at its own).
                reads, runs, count = write_shard_input(os.path.join(inputs_dir, f"shard={shard}"), dataset, scratch)
                out = os.path.join(shards_dir, str(shard))
                cmd = [binary, "pair", reads, "--plan", plan_dir, "--shard", f"{shard}/{shards}", "--out", out,
                       "--threads", str(threads), "--quiet", "--force"] + (["--line-runs", runs] if runs else [])
                if decisions:
                    cmd += ["--decisions", decisions]
                if state:
                    cmd += ["--state", state]
                code, stderr, peak_mib = run_child(cmd + extra)
                yield {"shard": shard, "status": code, "stderr": stderr, "rows": count, "threads": threads,
                       "wall_s": round(time.time() - started, 2), "peak_rss_mib": peak_mib}
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

    return task


def run_child(cmd, cwd=None):
    """Runs the binary in a task: (exit status, the end of its stderr, its own peak RSS in MiB). `wait4` gives the
    child's own usage, not the Python worker's."""
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    return os.waitstatus_to_exitcode(status), stderr[-4000:], round(usage.ru_maxrss / 1024, 1)


def ingest_task(binary_name, raw, facts_dir, shares, names_as_run):
    """Runs `convert RAW --partial-facts --files-shard I/N` for each share I of a partition, from RAW's parent, so the
    provenance paths in the facts are the ones `steam-mate convert RAW` writes from there."""

    def task(indices):
        from pyspark import SparkFiles

        binary = SparkFiles.get(binary_name)
        os.chmod(binary, 0o755)
        threads = task_threads()
        for share in indices:
            started = time.time()
            cmd = [binary, "convert", os.path.basename(raw), "--partial-facts", "--files-shard", f"{share}/{shares}",
                   "--out", os.path.join(facts_dir, str(share)), "--threads", str(threads), "--quiet", "--force"]
            cmd += ["--names-as-run"] if names_as_run else []
            code, stderr, peak_mib = run_child(cmd, cwd=os.path.dirname(raw))
            # Exit 1 is "input errors reported, facts written" (as convert's); the merge reports them.
            yield {"share": share, "status": 0 if code == 1 else code, "stderr": stderr, "threads": threads,
                   "wall_s": round(time.time() - started, 2), "peak_rss_mib": peak_mib}

    return task


def main(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    else:
        extra = []
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the steam-mate binary (static: swift build -c release --static-swift-stdlib)")
    source = ap.add_mutually_exclusive_group(required=True)
    source.add_argument("--dataset", help="canonical dataset directory (steam-mate convert / run output)")
    source.add_argument("--input", help="Steam files to ingest first (a directory, as steam-mate convert reads it)")
    ap.add_argument("--canonical-out", default=None, help="with --input: where the merged canonical dataset is published")
    ap.add_argument("--ingest-tasks", type=int, default=None, help="with --input: Spark tasks decoding the files (default: --shards)")
    ap.add_argument("--locations", default=None, help="with --input: location table for merge (default: the shipped one)")
    ap.add_argument("--pipeline", default=None, help="with --input (the pipeline's input): publish what `steam-mate run "
                    "PIPELINE` publishes (every stage; its ingest and pair stage from the facts and shards made here)")
    ap.add_argument("--out", required=True, help="published output directory (what steam-mate pair --out gives)")
    ap.add_argument("--work", required=True, help="scratch directory shared by the driver and every executor")
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--master", default=None, help="e.g. local[2]; omit under spark-submit")
    ap.add_argument("--driver-memory", default=None, help="the driver JVM's heap (e.g. 3g; in local mode also the "
                    "executors'); under spark-submit use its --driver-memory")
    ap.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE", help="a Spark setting for the session, "
                    "as spark-submit's --conf (repeatable; e.g. spark.task.cpus=2: each task's binary runs that many "
                    "threads)")
    ap.add_argument("--decisions", default=None, help="the app's decision log (default: DATASET/decisions.jsonl if present)")
    ap.add_argument("--state", default=None, help="the previous run's state directory")
    ap.add_argument("--report", default=None, help="write per-step timings and per-shard figures here (JSON)")
    ap.add_argument("--broadcast-plan-mb", type=int, default=256, help="broadcast player_shards.csv to the join while it "
                    "is at most this size (MiB; about 9M rows), else shuffle the lines to it")
    ap.add_argument("--parquet-piece-mb", type=int, default=128, help="a canonical Parquet task's share of a table's "
                    "JSON Lines (MiB)")
    ap.add_argument("--shard-input-piece-mb", type=int, default=128, help="a shard input task's share of a table's "
                    "JSON Lines (MiB; with the plan broadcast)")
    ap.add_argument("--keep-work", action="store_true", help="keep the shard inputs (and, with --pipeline, the run's "
                    "JSON Lines tables in WORK/canonical) after the steps that read them")
    args = ap.parse_args(argv)
    settings = []  # (key, value) of each --conf
    for item in args.conf:
        key, sep, value = item.partition("=")
        if not key.strip() or not sep:
            ap.error(f"--conf {item!r}: give KEY=VALUE")
        settings.append((key.strip(), value))

    binary = os.path.abspath(args.binary)
    work = os.path.abspath(args.work)
    if args.pipeline and not args.input:
        ap.error("--pipeline needs --input (the pipeline's input directory)")
    if args.input and not args.canonical_out and not args.pipeline:
        ap.error("--input needs --canonical-out")
    if args.pipeline and args.canonical_out:
        ap.error("--pipeline publishes the canonical tables in --out (and as Parquet in WORK); --canonical-out is for "
                 "a pairing-only run")
    dataset = os.path.abspath(args.dataset or args.canonical_out or os.path.join(args.work, "canonical"))
    scratch_dataset = bool(args.pipeline)  # the run's JSON Lines tables, linked for the shard inputs
    decisions = os.path.abspath(args.decisions) if args.decisions else None
    for home in ([os.path.abspath(args.input)] if args.input else []) + [dataset]:
        if decisions is None and os.path.exists(os.path.join(home, "decisions.jsonl")):
            decisions = os.path.join(home, "decisions.jsonl")
    state = os.path.abspath(args.state) if args.state else None
    # A pipeline's pair stage reads the carry-over state of the output it replaces: the shards must exclude the same pairs.
    if args.pipeline and state is None and os.path.isdir(os.path.join(os.path.abspath(args.out), "state")):
        state = os.path.join(os.path.abspath(args.out), "state")
    os.makedirs(work, exist_ok=True)
    plan_dir = os.path.join(work, "plan")
    inputs_dir = os.path.join(work, "shard_inputs")
    shards_dir = os.path.join(work, "shards")
    lists = [os.path.join(shards_dir, str(i)) for i in range(args.shards)]
    figures = {"shards": args.shards, "steps": {}}

    # Tasks run the same Python as the driver unless the cluster says otherwise (they need pyarrow).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = SparkSession.builder.appName("steam-mate-pair")
    if args.master:
        builder = builder.master(args.master)
    if args.driver_memory:
        builder = builder.config("spark.driver.memory", args.driver_memory)
    for key, value in settings:
        builder = builder.config(key, value)
    spark = builder.config("spark.ui.enabled", "false") \
        .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", str(max(2, args.shards))) \
        .getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    spark.sparkContext.addFile(binary)
    final = None  # with --pipeline: the run, started once the facts are in
    try:
        # 0. Ingest (Spark tasks decode shares of the files; the driver merges the facts).
        if args.input:
            started = time.time()
            raw = os.path.abspath(args.input)
            tasks = args.ingest_tasks or args.shards
            facts_dir = os.path.join(work, "facts")
            report = spark.sparkContext.parallelize(range(tasks), tasks) \
                .mapPartitions(ingest_task(os.path.basename(binary), raw, facts_dir, tasks, bool(args.pipeline))).collect()
            failed = [r for r in report if r["status"] != 0]
            for r in failed:
                sys.stderr.write(f"ingest share {r['share']} exited {r['status']}:\n{r['stderr']}\n")
            if failed:
                raise SystemExit(1)
            figures["ingest_tasks"] = sorted(report, key=lambda r: r["share"])
            facts = [os.path.join(facts_dir, str(i)) for i in range(tasks)]
            locations = ["--locations", os.path.abspath(args.locations)] if args.locations else []
            if args.pipeline:
                figures["steps"]["ingest_s"] = round(time.time() - started, 2)
                # The run itself merges the facts (once), plans the shards and publishes the dataset's JSON Lines for
                # the steps below, says `planned` and waits for the line `lists`; meanwhile its trade stage runs and
                # its pair stage prepares the union.
                started = time.time()
                cmd = [binary, "run", os.path.abspath(args.pipeline), "--out", os.path.abspath(args.out), "--quiet",
                       "--partial-facts"] + facts + locations
                cmd += ["--plan-shards", str(args.shards), "--pair-plan", plan_dir, "--shard-tables", dataset,
                        "--pair-shard-lists"] + lists
                # The run also writes the canonical Parquet, from the rows it holds, while the shard inputs are built.
                cmd += ["--canonical-parquet", os.path.join(work, "canonical_parquet")]
                if spark.sparkContext.master.startswith("local"):
                    # The shards score on this machine's cores: the run's trade stage waits for the union, which reads
                    # the lists one shard at a time, instead of taking a core from the shards.
                    cmd += ["--trade-after-lists"]
                final = Child(cmd, ok=(0, 1), talk=True)
                if final.read_line() != "planned":
                    final.wait()  # stops the job with its stderr
                    raise SystemExit("steam-mate-spark: steam-mate run ended before it planned the shards")
                figures["steps"]["planned_s"] = round(time.time() - started, 2)
            else:
                # merge also plans the shards from the dataset it holds (step 1 without reading the dataset back).
                cmd = [binary, "merge"] + facts + ["--out", dataset, "--force"] + locations
                cmd += ["--plan", plan_dir, "--shards", str(args.shards)] + extra
                stderr, took = run(cmd, ok=(0, 1), cwd=os.path.dirname(raw))  # 1: input errors reported, dataset published
                sys.stderr.write(stderr)
                figures["steps"]["ingest_s"] = round(time.time() - started, 2)
                figures["steps"]["merge_s"] = round(took, 2)

        # 1. Plan (driver; with --input the merge wrote it).
        if not args.input:
            _, took = run([binary, "plan", dataset, "--shards", str(args.shards), "--out", plan_dir, "--force"] + extra)
            figures["steps"]["plan_s"] = round(took, 2)

        # 2. Shard inputs (Spark): text lines joined with the plan's player_shards on steamid (a 64-bit integer). The
        # plan's table is broadcast while it is small (no shuffle of the lines at all), else both sides are shuffled.
        started = time.time()
        shards_csv = os.path.join(plan_dir, "player_shards.csv")
        if os.path.getsize(shards_csv) <= args.broadcast_plan_mb * 1024 * 1024:
            # The plan broadcast as sorted arrays; each task a byte range of one table, its lines sent to the shards
            # that read them without a shuffle.
            shutil.rmtree(inputs_dir, ignore_errors=True)
            os.makedirs(inputs_dir)
            plan = spark.sparkContext.broadcast(plan_arrays(shards_csv, args.shards))
            pieces = byte_pieces(dataset, TABLES, args.shard_input_piece_mb)
            written = spark.sparkContext.parallelize(pieces, max(1, len(pieces))) \
                .mapPartitions(shard_input_task(dataset, inputs_dir, plan, args.shards, TABLES)).collect()
            plan.unpersist()
            figures["shard_input_rows"] = {t: sum(w["rows"] for w in written if w["table"] == t)
                                           for t in sorted({w["table"] for w in written})}
        else:
            shard_inputs_by_join(spark, F, dataset, shards_csv, inputs_dir, args.shards)
        figures["steps"]["shard_inputs_s"] = round(time.time() - started, 2)

        # 3. One task per shard, the binary shipped with the job.
        started = time.time()
        task = shard_task(os.path.basename(binary), dataset, plan_dir, inputs_dir, shards_dir, args.shards, extra, decisions, state)
        reports = spark.sparkContext.parallelize(range(args.shards), args.shards).mapPartitions(task).collect()
        figures["steps"]["shards_s"] = round(time.time() - started, 2)
        figures["shard_tasks"] = sorted(reports, key=lambda r: r["shard"])
        failed = [r for r in reports if r["status"] != 0]
        if failed:
            for r in failed:
                sys.stderr.write(f"shard {r['shard']} exited {r['status']}:\n{r['stderr']}\n")
            raise SystemExit(1)
        if not args.keep_work:
            shutil.rmtree(inputs_dir, ignore_errors=True)

        # 4. Union and global steps (driver): the run, told its shards' lists are written, merges them and applies the
        # exposure cap, the match ledger and the explanations once, then lobby, the report and the write (trade ran
        # beside the shards, and it wrote the canonical Parquet before); without a pipeline, `pair --shard-lists` does
        # the same for the pairing output, and Spark tasks write the canonical tables as Parquet meanwhile (from their
        # JSON Lines: on a cluster the executors' work beside the driver's).
        union_started = time.time()
        if args.pipeline:
            final.send("lists")
        else:
            cmd = [binary, "pair", dataset, "--plan", plan_dir, "--shard-lists"] + lists
            cmd += ["--out", os.path.abspath(args.out), "--quiet"]
            if decisions:
                cmd += ["--decisions", decisions]
            if state:
                cmd += ["--state", state]
            final = Child(cmd + extra)
        parquet_error = None
        if not args.pipeline:  # with --pipeline the run writes them (--canonical-parquet)
            try:
                parquet_started = time.time()
                # Spark tasks, each a byte range of one table (lines that start in it), decoded and encoded by Arrow:
                # the same rows and types as Spark's JSON reader and Parquet writer, in 45.0 s against 113.1 s at 1M
                # (README).
                out_dir = os.path.join(work, "canonical_parquet")
                pieces = byte_pieces(dataset, SCHEMAS, args.parquet_piece_mb)
                for table in sorted({p[0] for p in pieces}):
                    shutil.rmtree(os.path.join(out_dir, table), ignore_errors=True)
                    os.makedirs(os.path.join(out_dir, table))
                written = spark.sparkContext.parallelize(pieces, max(1, len(pieces))) \
                    .mapPartitions(canonical_parquet_task(dataset, out_dir)).collect()
                tables = sorted({p[0] for p in pieces})
                for table in tables:
                    open(os.path.join(out_dir, table, "_SUCCESS"), "wb").close()
                figures["canonical_parquet_rows"] = {t: sum(w["rows"] for w in written if w["table"] == t) for t in tables}
                figures["steps"]["canonical_parquet_s"] = round(time.time() - parquet_started, 2)
            except Exception as error:  # noqa: BLE001 (reported below, once the final step is done)
                parquet_error = error
        # Never left running behind a failed Parquet write: the final step finishes (it publishes atomically, and its
        # output does not depend on the Parquet), then the job fails with the write's error.
        stderr, took = final.wait()
        sys.stderr.write(stderr)
        figures["steps"]["union_s"] = round(time.time() - union_started, 2)
        if args.pipeline:
            figures["steps"]["run_s"] = round(took, 2)  # the whole run, from the merge of the facts to its publish
            with open(os.path.join(work, "canonical_parquet", "manifest.json"), encoding="utf-8") as handle:
                parts = json.load(handle)["files"]
            figures["canonical_parquet_rows"] = {
                t: sum(f.get("rows") or 0 for f in parts if f["path"].startswith(t + "/"))
                for t in sorted({f["path"].split("/")[0] for f in parts if "/" in f["path"]})}
        if parquet_error is not None:
            text = str(parquet_error).strip()
            first = text.splitlines()[0] if text else type(parquet_error).__name__
            raise SystemExit(f"steam-mate-spark: the output is published, but the canonical Parquet "
                             f"({os.path.join(work, 'canonical_parquet')}) was not written: {first}")
        if not args.keep_work and scratch_dataset:
            shutil.rmtree(dataset, ignore_errors=True)
    except BaseException:
        if final is not None and final.proc.returncode is None:
            final.send()  # its input ends before `lists`: it publishes nothing (exit 2)
            try:
                final.wait()  # prints its stderr
            except SystemExit:
                pass  # the step that failed first is the one reported
        raise
    finally:
        spark.stop()

    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2, sort_keys=True)
            f.write("\n")
    sys.stderr.write("steam-mate-spark: " + json.dumps(figures["steps"], sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
