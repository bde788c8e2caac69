"""Baseline for `convert` of a JSON Lines bundle: the tool a data engineer would otherwise use. DuckDB reads the
GetOwnedGames bundle, unnests each player's games and writes one sorted player_games CSV (read_json -> unnest ->
ORDER BY steamid, appid -> COPY), on THREADS threads (default 2). SCHEMA is `inferred` (read_json samples the lines
for their types, as a plain query does) or `declared` (the four game fields typed up front, the rest skipped). It
writes one table in one format and checks nothing; `convert` writes every table in two formats, hashed, with
diagnostics.
Run: python3 -m venv .venv-bench && .venv-bench/bin/pip install duckdb &&
     .venv-bench/bin/python duckdb_player_games.py FILE.jsonl OUT.csv [THREADS] [inferred|declared]"""
import sys

import duckdb

source, target = sys.argv[1], sys.argv[2]
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 2
schema = sys.argv[4] if len(sys.argv) > 4 else "declared"
if schema not in ("inferred", "declared"):
    sys.exit(f"schema must be inferred or declared, not {schema}")
games = "STRUCT(appid BIGINT, name VARCHAR, playtime_forever BIGINT, playtime_2weeks BIGINT)[]"
columns = {"steamid": "VARCHAR", "body": f"STRUCT(response STRUCT(games {games}))"}


def quoted(text):
    return "'" + text.replace("'", "''") + "'"


con = duckdb.connect()
con.execute(f"SET threads = {threads}")
typed = f", columns = {columns!r}" if schema == "declared" else ""
rows = con.execute(f"""
COPY (
    SELECT steamid, g.appid AS appid, g.name AS name, g.playtime_forever AS playtime_forever,
           g.playtime_2weeks AS playtime_2weeks
    FROM (SELECT steamid, unnest(body.response.games) AS g
          FROM read_json({quoted(source)}, format = 'newline_delimited'{typed}))
    ORDER BY steamid, appid
) TO {quoted(target)} (HEADER, DELIMITER ',')
""").fetchone()[0]
print(f"{rows} rows")
