"""Baseline for `convert` of a JSON Lines bundle: orjson.loads over every line, nothing else.
Run: python3 -m venv venv && venv/bin/pip install orjson && venv/bin/python orjson_lines.py FILE.jsonl"""
import sys
import orjson

lines = 0
with open(sys.argv[1], "rb") as f:
    for line in f:
        if line.strip():
            orjson.loads(line)
            lines += 1
print(f"{lines} lines")
