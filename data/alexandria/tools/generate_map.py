#!/usr/bin/env python3
"""Draws the reconstructed Caesar in Alexandria map: writes data/alexandria/map.ron
(hexes, areas, walls, nodes and arrows) and data/alexandria/city.ron (the city's
street geometry, the canal, the mole, the galley-proof hexsides).

The printed map is not available. This script places every hex, Point and Block the
extract and the errata name (docs/data-provenance.md, "Alexandria") and fills the
rest with simple shapes. Run it from the workspace root; it overwrites both files.
The RON files, not this script, are the data.

Grid: labels are column then row ("2023"); columns 01-42 run south to north, rows
01-50 west to east; even columns are shifted half a hex toward the higher rows (so
that 3931, 3932 and 4032 all touch the Lighthouse 4031, 5.26).
"""

COLS = range(1, 43)
ROWS = range(1, 51)
HEXES = [(c, r) for c in COLS for r in ROWS]
HEXSET = set(HEXES)


def neighbours(h):
    c, r = h
    if c % 2 == 0:  # shifted toward higher rows
        cand = [(c, r - 1), (c, r + 1), (c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r)]
    return [n for n in cand if n in HEXSET]


def label(h):
    return f"{h[0]:02}{h[1]:02}"


def side(a, b):
    a, b = sorted([a, b])
    return f"{label(a)}/{label(b)}"


# ---- The city: roads (numbered, east-west) and streets (lettered, north-south).
ROAD_COL = {1: 27, 2: 25, 3: 23, 4: 21}
LETTERS = "DEFGHIJKLMNOP"
STREET_ROW = {l: 24 + 2 * i for i, l in enumerate(LETTERS)}
# Road 1 runs along the Great Harbour from D to L only (the Palace quarter).
ROAD1 = LETTERS[: LETTERS.index("L") + 1]
# Street M stops at road 3 (the Block 2-M borders the hex area north of road 2).
# South of road 4, from F to N, edge Blocks stand between the road and the hexes.
SOUTH_BLOCKS = [("F", "H"), ("H", "J"), ("J", "L"), ("L", "N")]
CANAL_ROW = 45.5  # streets 3-4; crosses block 2/3-N/O to 44.5 at road 2

points = []  # (name, col, row)


def add_point(name, col, row):
    points.append((name, col, row))


for n in (1, 2, 3, 4):
    letters = ROAD1 if n == 1 else LETTERS
    for l in letters:
        if n == 2 and l == "M":
            continue
        add_point(f"{n}-{l}", ROAD_COL[n], STREET_ROW[l])
# Mid-street Points along lettered streets between two roads ("2/3-K").
for n in (1, 2, 3):
    letters = ROAD1 if n == 1 else LETTERS
    for l in letters:
        if n == 2 and l == "M":
            continue
        add_point(f"{n}/{n + 1}-{l}", ROAD_COL[n] - 1, STREET_ROW[l])
# Road 4 (the Canopic Way) has Points between every two streets ("4-J/K").
for a, b in zip(LETTERS, LETTERS[1:]):
    add_point(f"4-{a}/{b}", ROAD_COL[4], STREET_ROW[a] + 1)

PNAME = {p[0]: p for p in points}


def canal_row_at(col):
    # 45.5 south of road 3 (col 23); then across block 2/3-N/O to 44.5 at road 2.
    if col <= 23:
        return 45.5
    if col >= 25:
        return 44.5
    return 45.5 - (col - 23) / 2


def east_of_canal(col, row):
    return row > canal_row_at(col)


links = []  # (a, b)
# Point-to-Point along the streets.
for n in (1, 2, 3):
    letters = ROAD1 if n == 1 else LETTERS
    for l in letters:
        mid = f"{n}/{n + 1}-{l}"
        if mid in PNAME:
            links.append((f"{n}-{l}", mid))
            links.append((mid, f"{n + 1}-{l}"))
for n in (1, 2, 3):
    letters = ROAD1 if n == 1 else LETTERS
    seq = [l for l in letters if f"{n}-{l}" in PNAME]
    for a, b in zip(seq, seq[1:]):
        links.append((f"{n}-{a}", f"{n}-{b}"))
for a, b in zip(LETTERS, LETTERS[1:]):
    links.append((f"4-{a}", f"4-{a}/{b}"))
    links.append((f"4-{a}/{b}", f"4-{b}"))

blocks = []  # (name, [adjacent points], [points across the canal], polygon corners)
canal_pairs = []


def add_block(name, around, corners):
    ok, across = [], []
    # Which side of the canal the block's body lies on: its centroid.
    cc = sum(c for c, _ in corners) / len(corners)
    cr = sum(r for _, r in corners) / len(corners)
    body_east = east_of_canal(cc, cr)
    for p in around:
        if p not in PNAME:
            continue
        _, pc, pr = PNAME[p]
        if east_of_canal(pc, pr) != body_east and abs(pr - canal_row_at(pc)) < 2.5 and abs(cr - canal_row_at(cc)) < 2.5:
            across.append(p)
        else:
            ok.append(p)
    blocks.append((name, ok, across, corners))


def interior_block(n, a, b):
    around = [f"{n}-{a}", f"{n}/{n + 1}-{a}", f"{n + 1}-{a}", f"{n}-{b}", f"{n}/{n + 1}-{b}", f"{n + 1}-{b}"]
    if n + 1 == 4:
        around.append(f"4-{a}/{b}")
    corners = [(ROAD_COL[n], STREET_ROW[a]), (ROAD_COL[n], STREET_ROW[b]), (ROAD_COL[n + 1], STREET_ROW[b]), (ROAD_COL[n + 1], STREET_ROW[a])]
    return around, corners


for n in (1, 2, 3):
    letters = ROAD1 if n == 1 else LETTERS
    seq = list(letters)
    if n == 2:
        seq = [l for l in seq if l != "M"]
    for a, b in zip(seq, seq[1:]):
        around, corners = interior_block(n, a, b)
        name = f"{n}/{n + 1}-{a}/{b}"
        if name == "2/3-N/O":
            # 5.24: the canal splits it in two.
            west = [(25, 44), (25, 44.5), (23, 45.5), (23, 44)]
            east = [(25, 44.5), (25, 46), (23, 46), (23, 45.5)]
            add_block("2/3-N/O west", around, west)
            add_block("2/3-N/O east", around, east)
        elif name == "3/4-N/O":
            # 5.24: the canal runs along its east side, between it and street O.
            add_block(name, around, [(23, 44), (23, 45.5), (21, 45.5), (21, 44)])
        else:
            add_block(name, around, corners)
# Edge blocks north of road 2 (no road 1 east of L), bordering the hex area.
add_block("2-M", ["1/2-L", "2-L", "2-N", "1-L", "2-O"],
          [(26.5, 40), (25, 40), (25, 44), (26.5, 44.5)])
add_block("2-O/P", ["2-N", "2-O", "2-P"], [(26.5, 44.5), (25, 44.5), (25, 48), (26.5, 48)])
for a, b in SOUTH_BLOCKS:
    ia, ib = LETTERS.index(a), LETTERS.index(b)
    around = [f"4-{l}" for l in LETTERS[ia : ib + 1]] + [f"4-{x}/{y}" for x, y in zip(LETTERS[ia:ib], LETTERS[ia + 1 : ib + 1])]
    add_block(f"4/5-{a}/{b}", around, [(21, STREET_ROW[a]), (21, STREET_ROW[b]), (19.6, STREET_ROW[b]), (19.6, STREET_ROW[a])])

for name, ok, across, _ in blocks:
    for p in ok:
        links.append((p, name))
    for p in across:
        canal_pairs.append((p, name))

# ---- The hexes.
CITY = set()
for c in range(21, 28):
    for r in range(24, 49):
        CITY.add((c, r))
for a, b in SOUTH_BLOCKS:
    for r in range(STREET_ROW[a], STREET_ROW[b] + 1):
        CITY.add((20, r))
# No road 1 east of L: hexes 2641-2648/2741-2748 are the edge blocks.


def mainland_coast(r):
    pts = {1: 9, 5: 10, 14: 18, 15: 20, 16: 22, 17: 23, 18: 24, 19: 26}
    if r in pts:
        return pts[r]
    if r < 5:
        return 9
    if 5 < r < 14:
        return 10 + round((r - 5) * 8 / 9)
    if 20 <= r <= 23:
        return 27
    return 27  # the city (col 21-27) and, at col 28, its quays


LAND = set()
for c, r in HEXES:
    if c <= mainland_coast(r):
        LAND.add((c, r))
# Quays along the city's harbour front.
QUAYS = {(28, r) for r in range(24, 49)}
LAND |= QUAYS


def pharos_shore(r):
    return 33 + round((r - 4) * 7 / 15)


PHAROS = set()
for r in range(4, 20):
    for c in range(31, pharos_shore(r) + 1):
        PHAROS.add((c, r))
NECK = {(40, r) for r in range(20, 28)}
PHAROS |= NECK
HEADLAND = {(c, r) for c in (39, 40, 41) for r in (28, 29, 30)}
PHAROS |= HEADLAND
LIGHTHOUSE = (40, 31)
PHAROS.add(LIGHTHOUSE)
LAND |= PHAROS

CAUSEWAY = [(27, 19), (28, 19), (29, 19), (30, 19)]
OVERPASSES = [(27, 19), (30, 19)]
PHAROS_REDOUBT = (31, 19)
CITY_REDOUBT = (26, 19)
SEA = {h for h in HEXES if h not in LAND and h not in CAUSEWAY}
COASTAL = {h for h in LAND if h not in CITY and h != LIGHTHOUSE and any(n in SEA for n in neighbours(h))}

PHAROS_BEACH = [(pharos_shore(r), r) for r in range(4, 20)] + [(40, r) for r in range(20, 28)] + [(41, r) for r in (28, 29, 30)]
WEST_BEACH = [(mainland_coast(r), r) for r in range(5, 15)]
for h in PHAROS_BEACH + WEST_BEACH:
    assert h in COASTAL, label(h)
assert label(PHAROS_BEACH[0]) == "3304" and label(PHAROS_BEACH[-1]) == "4130"
assert label(WEST_BEACH[0]) == "1005" and label(WEST_BEACH[-1]) == "1814"
DENIED = [(39, 31), (39, 32), (40, 32)]
for h in DENIED:
    assert h in SEA and h in neighbours(LIGHTHOUSE)
KINGS_HARBOR = {(c, r) for c in (29, 30) for r in range(36, 43)}
assert KINGS_HARBOR <= SEA
SHOALS = {(c, r) for c in (32, 33) for r in (1, 2)} | {(c, r) for c in (36, 37) for r in (44, 45, 46)} | {(12, 3), (13, 3), (14, 4)}
SHOALS &= SEA
SLIPS = {(28, r) for r in (30, 31, 32, 33)}
PHAROS_TOWN = {(c, r) for c in (32, 33, 34) for r in range(10, 16)} & PHAROS

assert all(h in HEXSET for h in [(20, 23), (20, 24)])

# Hexsides.
WEST_WALL = sorted({side(a, b) for a in HEXES for b in neighbours(a) if a[0] <= 20 and b[0] <= 20 and a[1] <= 22 and b[1] >= 23})
MAIN_GATE = "1022/1023"
assert MAIN_GATE in WEST_WALL, WEST_WALL[:5]
WEST_WALL.remove(MAIN_GATE)
EAST_WALL = sorted({side(a, b) for a in HEXES for b in neighbours(a) if a[0] <= 19 and b[0] <= 19 and a[1] <= 48 and b[1] >= 49})
CANAL_SIDES = sorted({side(a, b) for a in HEXES for b in neighbours(a) if a[0] <= 20 and b[0] <= 20 and a not in CITY and b not in CITY and a[1] <= 45 and b[1] >= 46})
CANAL_SIDES += ["2844/2845"] if (28, 45) in neighbours((28, 44)) else []
MOLE = sorted({side(a, b) for a in KINGS_HARBOR for b in neighbours(a) if b in SEA and b not in KINGS_HARBOR and b[0] >= 29})
HARBOR_MOUTH = "2942/2943"
if HARBOR_MOUTH in MOLE:
    MOLE.remove(HARBOR_MOUTH)
# The neck's land runs along its south side: a galley may come in from the north
# (and beach) but not cross to the harbour side nor move along the neck.
NECK_SIDES = sorted({side(a, b) for a in NECK for b in neighbours(a) if b in SEA and b[0] < 40} | {side(a, b) for a in NECK for b in neighbours(a) if b in NECK})

# Arrows (5.22): Points on the edge of the city joined to the hexes next to them.
arrows = []
canal_arrows = []
for name, c, r in points:
    cands = [n for n in neighbours((c, r)) if n not in CITY and n not in SEA]
    for h in cands:
        if h in QUAYS and not name.startswith("1-"):
            continue
        if name.startswith("4-") or name.startswith("1-") or name.endswith("-D") or name.endswith("-P"):
            pass
        else:
            continue
        if name.endswith("-P") and h[1] >= 49 and h[0] <= 19:
            continue  # the east wall
        arrows.append((name, label(h)))
        if east_of_canal(c, r) != east_of_canal(h[0], h[1] + 0.0) and h[0] <= 20:
            canal_arrows.append((name, label(h)))
assert ("4-D", "2023") in arrows and ("4-D", "2024") in arrows, [a for a in arrows if a[0] == "4-D"]

# Pharos town: Points but no Blocks (fan scenario). Two roads ("P1" north, "P2"
# south) and three streets ("a"-"c", west to east), names ours.
PHAROS_ROADS = {"P1": 34, "P2": 32}
PHAROS_STREETS = {"a": 10, "b": 12, "c": 14}
town_points = []
for rd, col in PHAROS_ROADS.items():
    for st, row in PHAROS_STREETS.items():
        town_points.append((f"{rd}-{st}", col, row))
points.extend(town_points)
for rd in PHAROS_ROADS:
    seq = list(PHAROS_STREETS)
    for a, b in zip(seq, seq[1:]):
        links.append((f"{rd}-{a}", f"{rd}-{b}"))
for st in PHAROS_STREETS:
    links.append((f"P1-{st}", f"P2-{st}"))
for name, c, r in town_points:
    for h in neighbours((c, r)):
        if h in PHAROS and h not in PHAROS_TOWN:
            arrows.append((name, label(h)))
assert all(any(a[0] == n for a in arrows) for n, _, _ in town_points if n.endswith("-a") or n.endswith("-c"))

# ---- Write map.ron
sym = {}
for h in HEXES:
    if h in CITY:
        s = "#"
    elif h == LIGHTHOUSE:
        s = "L"
    elif h in (PHAROS_REDOUBT, CITY_REDOUBT):
        s = "R"
    elif h in CAUSEWAY:
        s = "H"
    elif h in SHOALS:
        s = "s"
    elif h in SEA:
        s = "~"
    elif h in PHAROS_TOWN:
        s = "T"
    elif h in COASTAL:
        s = "c"
    else:
        s = "."
    sym[h] = s


def layer(f):
    out = []
    for c in reversed(COLS):
        indent = " " if c % 2 == 0 else ""
        out.append(f'        "{c:02}  {indent}' + " ".join(f(c, r) for r in ROWS) + '",')
    return "\n".join(out)


def lst(hexes):
    return ", ".join(f'"{label(h)}"' for h in sorted(hexes))


def q(items):
    return ", ".join(f'"{x}"' for x in items)


def wrap(items, per=8, ind="            "):
    items = [f'"{x}"' for x in items]
    lines = [", ".join(items[i : i + per]) for i in range(0, len(items), per)]
    return (",\n" + ind).join(lines)


ERRATA = 'Transcribed("Caesar in Alexandria errata, 2002")'
FAN = 'Transcribed("Battle for Pharos fan scenario")'
areas = [
    ("City", "5.2", sorted(CITY | PHAROS_TOWN), "hexes under the city and Pharos town: not places; units stand on Points and Blocks"),
    ("Sea", "5.33", sorted(SEA), ""),
    ("Coastal", "5.33", sorted(COASTAL), ""),
    ("Shoals", "5.28", sorted(SHOALS), ""),
    ("Slips", "5.27", sorted(SLIPS), ""),
    ("Pharos beach", "5.29", PHAROS_BEACH, ""),
    ("West beach", "5.29", WEST_BEACH, ""),
    ("Heptastadium causeway", "5.25", CAUSEWAY, ""),
    ("Overpasses", "5.25", OVERPASSES, ""),
    ("Lighthouse", "5.26", [LIGHTHOUSE], ""),
    ("Lighthouse denied", "5.26", DENIED, ""),
    ("Pharos eastern neck", "5.33", sorted(NECK), ""),
    ("Pharos", "5.23", sorted(PHAROS), ""),
    ("Pharos town", "5.23", sorted(PHAROS_TOWN), ""),
    ("Pharos redoubt", "main game", [PHAROS_REDOUBT], ""),
    ("City redoubt", "main game", [CITY_REDOUBT], ""),
    ("King's Harbor", "5.35", sorted(KINGS_HARBOR), ""),
    ("Quays", "5.22", sorted(QUAYS), ""),
]

out = []
out.append("""// CAESAR IN ALEXANDRIA: the reconstructed map.
//
// NO PRINTED MAP IS AVAILABLE. This file places every hex, Point and Block the
// extract and the 2002 errata name, and fills the rest with simple shapes;
// docs/data-provenance.md ("Alexandria") explains every choice and lists every
// doubt, and `sources` below gives the provenance of each feature. The first
// version was drawn by data/alexandria/tools/generate_map.py; this file is the
// data. The city's street geometry, the canal, the mole and the galley-proof
// hexsides, which the core map format has no words for, are in city.ron.
//
// Grid: labels are column then row ("2023"), no map letter. Columns 01-42 run
// south to north, rows 01-50 west to east; even columns are shifted half a hex
// toward the higher rows (so 3931, 3932 and 4032 all touch the Lighthouse 4031).
//
// Legend: `~` sea, `s` shoals (sea), `.` land, `c` coastal hex (land and sea,
// 5.33), `T` Pharos town, `H` the Heptastadium causeway (5.25), `R` a redoubt at
// either end of it (areas `Pharos redoubt` and `City redoubt`; not Alesia's
// Works::Redoubt, whose 6.44 rules are not this game's), `L` the Lighthouse
// (5.26), `#` under the city: not a place (units inside the city stand on Points
// and Blocks, the `nodes`).
(
    name: "Caesar in Alexandria",
    provenance: Reconstructed,
    grid: (prefix: "", columns: (1, 42), rows: (1, 50), shifted_rows: (1, 50), shifted: Even),
    legend: [
        (symbol: '~', terrain: Water),
        (symbol: 's', terrain: Water),
        (symbol: '.', terrain: Clear),
        (symbol: 'c', terrain: Clear),
        (symbol: 'T', terrain: Town),
        (symbol: 'H', terrain: Clear),
        (symbol: 'R', terrain: Clear),
        (symbol: 'L', terrain: Clear),
        (symbol: '#', terrain: Town),
    ],
    map: [""")
out.append(layer(lambda c, r: sym[(c, r)]))
out.append("""    ],
    elevation: [""")
out.append(layer(lambda c, r: "0"))
out.append("""    ],
    hexsides: [
        // 5.33: the city's land walls (west of the city, and east of it down to
        // the map edge); the Main Gate is the one gap.
        (features: [TownWall], sides: [
            """ + wrap(WEST_WALL + EAST_WALL) + """,
        ]),
        (features: [TownWall, Gate], sides: ["%s"]),
    ],
    areas: [""" % MAIN_GATE)
for name, rule, hexes, _ in areas:
    out.append(f'        (name: "{name}", rule: "{rule}", hexes: [\n            ' + wrap([label(h) for h in hexes], 12) + "\n        ]),")
out.append("""    ],
    // Points ("4-K": road 4, street K; "2/3-K": on street K between roads 2 and 3;
    // "4-J/K": on road 4 between streets J and K) and Blocks ("2/3-K/L", named by
    // the four streets around them; "2-M" borders the hex area).
    nodes: [""")
for name, _, _ in points:
    out.append(f'        (name: "{name}", kind: Point),')
for name, _, _, _ in blocks:
    out.append(f'        (name: "{name}", kind: Block),')
out.append("""    ],
    // Point to Point along the streets, Point to Block (5.23; never across the
    // canal, 5.24), and the arrows joining a Point to a hex (5.22).
    links: [""")
for a, b in links:
    out.append(f'        ("{a}", "{b}"),')
for a, b in arrows:
    out.append(f'        ("{a}", "{b}"),')
out.append("""    ],
    sources: [
        (items: ["4-D", "2023", "2024"], provenance: Printed("5.22"), note: "Point 4-D is adjacent to hexes 2023 and 2024 (the example)"),
        (items: ["2/3-K/L", "2-K", "2/3-K", "3-K", "2-L", "2/3-L", "3-L"], provenance: Printed("5.23"), note: "the Palace Block, entered from the three Points of 2/3-K and of 2/3-L (the example)"),
        (items: ["2/3-N/O west", "2/3-N/O east", "3/4-N/O", "3-O", "2-M"], provenance: Printed("5.24"), note: "the canal splits 2/3-N/O; 3-O cannot enter 3/4-N/O; Block 2-M borders the hex area; where the canal runs otherwise is reconstructed"),
        (items: ["4-K", "4-H", "4-N"], provenance: Printed("4.41"), note: "Sosius's example: 4-K touches three Blocks, and road 4 has a Point between every two streets (so that I-M, not H-N, lie within 6 MP)"),
        (items: ["Heptastadium causeway", "Overpasses"], provenance: Printed("5.25"), note: "causeway hexes count as Points; the overpass at each end; which hexes is reconstructed"),
        (items: ["Lighthouse denied"], provenance: Printed("5.26"), note: "3931, 3932 and 4032"),
        (items: ["Lighthouse"], provenance: %s, note: "the Lighthouse is 4031"),
        (items: ["Pharos redoubt"], provenance: %s, note: "the Pharos Redoubt is 3119"),
        (items: ["Pharos town", "P1-a", "P2-c"], provenance: %s, note: "Pharos Town has Points but no Blocks; its six Points (P1-a to P2-c) and their names are reconstructed"),
        (items: ["Pharos beach"], provenance: %s, note: "5.29: 3304 through 4130 (the errata: 3304, not 3204)"),
        (items: ["West beach"], provenance: Printed("5.29"), note: "1005 through 1814"),
        (items: ["Pharos eastern neck"], provenance: Printed("5.33"), note: "hexes 4020-4027, a land hexside a galley cannot cross"),
        (items: ["City redoubt"], provenance: Transcribed("Caesar in Alexandria review"), note: "the main game's redoubts at both ends of the Heptastadium; this hex is reconstructed"),
        (items: ["%s"], provenance: Printed("5.33"), note: "the Main Gate; where it is is reconstructed"),
        (items: ["City", "Sea", "Coastal", "Shoals", "Slips", "Pharos", "King's Harbor", "Quays"], provenance: Reconstructed, note: "shapes drawn from the site's history (docs/data-provenance.md)"),
    ],
)
""" % (FAN, FAN, FAN, ERRATA, MAIN_GATE))
open("data/alexandria/map.ron", "w").write("\n".join(out))

# ---- city.ron
def coord(x):
    return f"{float(x):.1f}"


c = []
c.append("""// CAESAR IN ALEXANDRIA: the city's geometry and the map features the core map
// format has no words for. Written by data/alexandria/tools/generate_map.py;
// this file is the data. All Reconstructed unless a `sources` entry says
// otherwise (docs/data-provenance.md, "Alexandria").
(
    // Where each road (numbered) and street (lettered) runs, in grid
    // coordinates: a road along a column, a street along a row. "P1", "P2"
    // and "a"-"c" are Pharos town's (names ours).
    roads: [""")
for n, col in list(ROAD_COL.items()) + list(PHAROS_ROADS.items()):
    c.append(f'        (name: "{n}", column: {coord(col)}),')
c.append("    ],\n    streets: [")
for l, row in list(STREET_ROW.items()) + list(PHAROS_STREETS.items()):
    c.append(f'        (name: "{l}", row: {coord(row)}),')
c.append("""    ],
    // Each Block's outline, as (column, row) corners.
    blocks: [""")
for name, _, _, corners in blocks:
    cs = ", ".join(f"({coord(a)}, {coord(b)})" for a, b in corners)
    c.append(f'        (name: "{name}", corners: [{cs}]),')
c.append("""    ],
    // The Palace Block (5.23).
    palace: "2/3-K/L",
    // 5.24: the canal's course, as (column, row) points, south to north.
    canal_course: [(1.0, 45.5), (23.0, 45.5), (25.0, 44.5), (28.5, 44.5)],
    // 5.24: Point and Block on either side of the canal: no move between them.
    canal_blocked: [""")
for a, b in canal_pairs:
    c.append(f'        ("{a}", "{b}"),')
c.append("""    ],
    // 5.24: arrows that cross the canal (+1 MP).
    canal_arrows: [""")
for a, b in canal_arrows:
    c.append(f'        ("{a}", "{b}"),')
c.append("""    ],
    // 5.24: hexsides the canal runs along (+1 MP to cross).
    canal_hexsides: [
        """ + wrap(CANAL_SIDES, 8, "        ") + """,
    ],
    // 5.35: the mole guarding the King's Harbor; galleys may not move through it.
    mole: [
        """ + wrap(MOLE, 8, "        ") + """,
    ],
    // 5.33: all-land hexsides a galley may not cross (Pharos' eastern neck).
    all_land_hexsides: [
        """ + wrap(NECK_SIDES, 8, "        ") + """,
    ],
)
""")
open("data/alexandria/city.ron", "w").write("\n".join(c))
print(len(points), "points", len(blocks), "blocks", len(links), "links", len(arrows), "arrows", len(canal_pairs), "canal pairs", canal_pairs, canal_arrows)
