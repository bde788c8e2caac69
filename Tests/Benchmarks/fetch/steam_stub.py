#!/usr/bin/env python3
"""A Steam Web API stand-in for `bench-fetch.sh` (not a test fixture): answers every method `steam-mate fetch`
calls with small, seeded, synthetic bodies (the same id always gets the same body). HTTP/1.1 keep-alive,
one thread per connection. Writes its port to --port-file and counts requests in --count-file at exit."""
import argparse, json, random, signal, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

COUNT = 0
LOCK = threading.Lock()


def body_for(method, q):
    sid = q.get("steamid", ["0"])[0]
    rng = random.Random(f"{method}/{sid}/{q.get('appid', q.get('gameid', ['0']))[0]}")
    if method == "GetPlayerSummaries":
        ids = q["steamids"][0].split(",")
        return {"response": {"players": [{"steamid": i, "communityvisibilitystate": 3, "personaname": f"p{i[-5:]}",
                                          "loccountrycode": "DE", "timecreated": 1300000000 + int(i[-6:])} for i in ids]}}
    if method == "GetPlayerBans":
        ids = q["steamids"][0].split(",")
        return {"players": [{"SteamId": i, "CommunityBanned": False, "VACBanned": False, "NumberOfVACBans": 0,
                             "DaysSinceLastBan": 0, "NumberOfGameBans": 0, "EconomyBan": "none"} for i in ids]}
    if method == "GetFriendList":
        return {"friendslist": {"friends": [{"steamid": str(76561197960265729 + rng.randrange(10000)),
                                             "relationship": "friend", "friend_since": 1400000000 + rng.randrange(10**8)}
                                            for _ in range(rng.randrange(0, 20))]}}
    if method in ("GetOwnedGames", "GetRecentlyPlayedGames"):
        games = [{"appid": rng.choice([10, 20, 440, 570, 730, 4000, 105600, 252490]) + k * 100000,
                  "name": f"Game {k}", "playtime_forever": rng.randrange(0, 50000), "playtime_2weeks": rng.randrange(0, 600)}
                 for k in range(rng.randrange(1, 30))]
        key = "game_count" if method == "GetOwnedGames" else "total_count"
        return {"response": {key: len(games), "games": games}}
    return {"response": {}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        global COUNT
        parts = urlsplit(self.path)
        method = parts.path.strip("/").split("/")[1] if parts.path.count("/") >= 2 else ""
        data = json.dumps(body_for(method, parse_qs(parts.query)), separators=(",", ":")).encode()
        with LOCK:
            COUNT += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--count-file", required=True)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True

    def stop(*_):
        with open(args.count_file, "w") as f:
            f.write(str(COUNT))
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    with open(args.port_file, "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
