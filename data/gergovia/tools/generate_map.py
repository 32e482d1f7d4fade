#!/usr/bin/env python3
"""Draws the reconstructed Gergovia map and writes data/gergovia/map.ron.

The printed GERGOVIA map is not available. This script places every hex and
feature the rulebook names (see docs/data-provenance.md, "Gergovia") and fills
the rest from the excavated site, with simple shapes: the plateau and its town
as an ellipse, the camps as blocks of hexes, rivers and walls along the edges
of regions. Run it from the workspace root; it overwrites the map file. The
RON file, not this script, is the data: edit the file by hand if you own the
printed map; the script only records how the first version was drawn.

Grid (docs/data-provenance.md): labels are column then row ("2712"); columns
01-48 run south to north, rows 01-62 west to east; odd columns are shifted half
a hex toward the higher rows (as on the Alesia map), so odd columns have rows
01-61. 4801 is the north-west corner (the entry hexes 4001-4801).
"""

import math

COLS = range(1, 49)
ROWS_EVEN = (1, 62)
ROWS_ODD = (1, 61)


def rows_of(c):
    lo, hi = ROWS_ODD if c % 2 else ROWS_EVEN
    return range(lo, hi + 1)


HEXES = [(c, r) for c in COLS for r in rows_of(c)]
HEXSET = set(HEXES)


def px(h):
    c, r = h
    return r + (0.5 if c % 2 else 0.0)


def axial(h):
    c, r = h
    return c, r - c // 2


def dist(a, b):
    (x1, y1), (x2, y2) = axial(a), axial(b)
    dx, dy = x2 - x1, y2 - y1
    return (abs(dx) + abs(dy) + abs(dx + dy)) // 2


def neighbours(h):
    c, r = h
    if c % 2:
        cand = [(c, r - 1), (c, r + 1), (c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r)]
    return [n for n in cand if n in HEXSET]


def label(h):
    return f"{h[0]:02}{h[1]:02}"


def side(a, b):
    a, b = sorted([a, b])
    return f"{label(a)}/{label(b)}"


def boundary(inside, restrict=lambda a, b: True):
    """Hexsides between a hex of `inside` and a map hex outside it."""
    out = set()
    for a in inside:
        for b in neighbours(a):
            if b not in inside and restrict(a, b):
                out.add(side(a, b))
    return out


def dist_to(h, hexes):
    return min(dist(h, t) for t in hexes)


# --- The town of Gergovia on its plateau ---------------------------------
def in_town(h):
    c, r = h
    return ((px(h) - 5.0) / 13.0) ** 2 + ((c - 36.5) / 3.0) ** 2 <= 1.0


TOWN = {h for h in HEXES if in_town(h)}
for must in [(38, 1), (38, 2), (39, 1)]:
    assert must in TOWN, must
assert (40, 1) not in TOWN
DT = {h: dist_to(h, TOWN) for h in HEXES}

# The hill the town stands on: within 5 hexes of the town wall.
HILL = {h for h in HEXES if 1 <= DT[h] <= 5}

# Gallic camp hexes: south of the town, between its wall and the stone walls.
GALLIC_CAMP = {h for h in HEXES if 1 <= DT[h] <= 3 and h[0] <= 34 and px(h) <= 19}

# The two stone walls: between the third and fourth ring below the town,
# one on the south-west (west of row 07) and one on the south (rows 08-22).
def stone(a, b, lo, hi):
    if max(a, b)[0] > 33:
        return False
    p = (px(a) + px(b)) / 2
    return lo <= p <= hi


def h_min(a, b):
    return min(a, b)


RING3 = {h for h in HEXES if DT[h] <= 3}
SW_WALL = boundary(RING3, lambda a, b: stone(a, b, 0, 6.6) and b[0] <= a[0])
S_WALL = boundary(RING3, lambda a, b: stone(a, b, 8.4, 22) and b[0] <= a[0])

# --- La Roche-Blanche and the small camp -----------------------------------
def ellipse(h, cx, cc, a, b):
    return ((px(h) - cx) / a) ** 2 + ((h[0] - cc) / b) ** 2 <= 1.0


ROCHE = {h for h in HEXES if ellipse(h, 15.5, 21.5, 7.5, 4.2)}
SMALL_CAMP = {(c, r) for c in range(21, 24) for r in range(13, 18) if (c, r) in HEXSET}

# --- The large camp in the south-east ---------------------------------------
LARGE_CAMP = {(c, r) for c in range(4, 10) for r in range(46, 55)}
TOWERS = [(9, 46), (9, 50), (9, 54), (4, 46), (4, 50), (4, 54)]

def gate_of(camp, inner, outer):
    assert inner in camp and outer not in camp and outer in neighbours(inner), (inner, outer)
    return side(inner, outer)

SMALL_GATES = [gate_of(SMALL_CAMP, (23, 15), (24, 15)), gate_of(SMALL_CAMP, (21, 15), (20, 15)),
               gate_of(SMALL_CAMP, (22, 13), (22, 12)), gate_of(SMALL_CAMP, (22, 17), (22, 18))]
LARGE_GATES = [gate_of(LARGE_CAMP, (9, 48), (10, 48)), gate_of(LARGE_CAMP, (4, 52), (3, 52)),
               gate_of(LARGE_CAMP, (6, 46), (6, 45)), gate_of(LARGE_CAMP, (7, 54), (7, 55))]

# --- The sunken road (Caesar's double ditch) from camp to camp --------------
def hex_line(a, b):
    n = dist(a, b)
    (x1, y1), (x2, y2) = axial(a), axial(b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        x = x1 + (x2 - x1) * t + 1e-6
        y = y1 + (y2 - y1) * t + 1e-6
        z = -x - y
        rx, ry, rz = round(x), round(y), round(z)
        dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        c = rx
        out.append((c, ry + c // 2))
    return out


ROAD = []
for a, b in [((22, 18), (18, 24)), ((18, 24), (12, 36)), ((12, 36), (8, 43)), ((8, 43), (6, 45))]:
    seg = hex_line(a, b)
    for h in seg:
        if not ROAD or ROAD[-1] != h:
            ROAD.append(h)
ROAD_SET = set(ROAD)
for h in ROAD:
    assert h in HEXSET and h not in SMALL_CAMP and h not in LARGE_CAMP, h
EMBANK = set()
for h in ROAD:
    for n in neighbours(h):
        if n[0] > h[0] and n not in ROAD_SET and n not in SMALL_CAMP and n not in LARGE_CAMP:
            EMBANK.add(side(h, n))

# --- Rivers --------------------------------------------------------------
def auzon_c(p):
    # The Auzon: along the foot of La Roche-Blanche, then south-east past the
    # north side of the large camp (its exact course in 52 BC is a doubt).
    if p <= 26:
        return 15.4 - 0.02 * p
    return 14.9 - (p - 26) * 0.1


AUZON = set()
for a in HEXES:
    for b in neighbours(a):
        if (a[0] > auzon_c(px(a))) and not (b[0] > auzon_c(px(b))) and b[0] < a[0]:
            AUZON.add(side(a, b))

def brook_p(c):
    return 38.0 + (c - 14) * 0.35

BROOK = set()
for a in HEXES:
    if a[0] <= auzon_c(px(a)) or a[0] > 31:
        continue
    for b in neighbours(a):
        if b[0] <= auzon_c(px(b)) or b[0] > 31:
            continue
        if px(a) < brook_p(a[0]) and px(b) > brook_p(b[0]):
            BROOK.add(side(a, b))

# --- Terrain --------------------------------------------------------------
def terrain(h):
    c, r = h
    p = px(h)
    if h in TOWN:
        return 'T'
    if h in SMALL_CAMP or h in LARGE_CAMP or h in ROAD_SET or h in GALLIC_CAMP:
        return '.'
    # Rocky ground: the steep north face of the plateau, its east end, and the
    # white rock of La Roche-Blanche's south face.
    if DT[h] in (1, 2) and c >= 40 and p < 17:
        return 'r'
    if DT[h] == 1 and p >= 17 and c >= 33:
        return 'r'
    if h in ROCHE and c <= 19 and not h in SMALL_CAMP:
        return 'r'
    # Woods: from hexrow 4300 north over the western half, thinning east.
    if c >= 43 and p <= 24:
        return 'w' if (c * 7 + r * 3) % 11 != 0 else '.'
    if c >= 41 and p <= 22 and DT[h] >= 3:
        return 'w'
    if c >= 44 and 36 <= p <= 44 and (c + r) % 4 != 0:
        return 'w'
    # Woods on the west edge south of the plateau (the Goules slopes).
    if p <= 4 and 22 <= c <= 28:
        return 'w'
    # Copses between the camps.
    if 24 <= p <= 27 and 8 <= c <= 11:
        return 'w'
    if 56 <= p and 20 <= c <= 24:
        return 'w'
    return '.'


def elevation(h):
    if h in TOWN:
        return 3
    if h in HILL or h in ROCHE:
        return 1
    return 0


# Keep the hexes the rulebook names clear of awkward terrain.
CLEAR_NEAR = [((25, 40), 2), ((17, 33), 2), ((46, 30), 2)]


def fix(h, t):
    for centre, n in CLEAR_NEAR:
        if dist(h, centre) <= n and t in 'wr':
            return '.'
    return t


TER = {h: fix(h, terrain(h)) for h in HEXES}
for h in ROAD:
    assert TER[h] == '.', h

# --- Writing ----------------------------------------------------------------
def grid_lines(f):
    lines = []
    for c in reversed(list(COLS)):
        indent = '  ' if c % 2 else ' '
        lines.append(f'        "{c:02}{indent}' + ' '.join(f(h) for h in [(c, r) for r in rows_of(c)]) + '",')
    return '\n'.join(lines)


def quoted(items, per=8, indent=' ' * 12):
    items = sorted(items)
    out = []
    for i in range(0, len(items), per):
        out.append(indent + ', '.join(f'"{x}"' for x in items[i:i + per]) + ',')
    return '\n'.join(out)


town_wall = boundary(TOWN)
TOWN_GATES = [side((34, 7), (33, 7)), side((35, 14), (34, 14)), side((37, 17), (37, 18)),
              side((39, 9), (40, 9))]
for g in TOWN_GATES:
    assert g in town_wall, g
small_wall = boundary(SMALL_CAMP) - set(SMALL_GATES)
large_wall = boundary(LARGE_CAMP) - set(LARGE_GATES)
town_wall -= set(TOWN_GATES)
for s in list(S_WALL | SW_WALL):
    assert s not in town_wall

def lab(hs):
    return sorted(label(h) for h in hs)

camp_count = len(GALLIC_CAMP)
out = f'''// GERGOVIA: the reconstructed map (22 x 33 inches, about 90 m a hex).
//
// NO PRINTED MAP IS AVAILABLE. This file places every hex and feature the
// Gergovia rulebook names, and fills the rest from the excavated site (the
// plateau of Gergovie, the camps at La Roche-Blanche and Orcet, Caesar's
// double ditch). docs/data-provenance.md ("Gergovia") explains every choice
// and lists every doubt; `sources` below gives the provenance of each feature.
// The first version was drawn by data/gergovia/tools/generate_map.py; this
// file is the data. If you own the printed map, edit it here: nothing else
// changes.
//
// Grid: labels are column then row ("2712"), no map letter. Columns 01-48 run
// south to north, rows 01-62 west to east; odd columns are shifted half a hex
// toward the higher rows (rows 01-61). North is up: 4801 is the north-west
// corner, where Vercingetorix enters (4001-4801).
//
// Legend: `.` open ground, `w` woods, `r` rocky ground, `T` the town of
// Gergovia (inside its wall). Elevation: 0 the plain, 1 the hills (the hill
// of Gergovia, La Roche-Blanche), 3 the town, two levels above its hill.
(
    name: "Gergovia",
    provenance: Reconstructed,
    grid: (prefix: "", columns: (1, 48), rows: (1, 62), shifted_rows: (1, 61), shifted: Odd),
    legend: [
        (symbol: '.', terrain: Clear),
        (symbol: 'w', terrain: Woods),
        (symbol: 'r', terrain: Rough),
        (symbol: 'T', terrain: Town),
    ],
    map: [
{grid_lines(lambda h: TER[h])}
    ],
    elevation: [
{grid_lines(lambda h: str(elevation(h)))}
    ],
    hexsides: [
        // The wall of Gergovia (6.71), and its four gates.
        (features: [TownWall], sides: [
{quoted(town_wall)}
        ]),
        (features: [TownWall, Gate], sides: [
{quoted(TOWN_GATES)}
        ]),
        // The small camp on La Roche-Blanche: walls and gates, no towers (6.71).
        (features: [CampWall], sides: [
{quoted(small_wall)}
        ]),
        (features: [CampWall, Gate], sides: [
{quoted(SMALL_GATES)}
        ]),
        // The large camp in the south-east (6.71, 9.31).
        (features: [CampWall], sides: [
{quoted(large_wall)}
        ]),
        (features: [CampWall, Gate], sides: [
{quoted(LARGE_GATES)}
        ]),
        // The stone wall south-west of the town (Special Terrain Notes).
        (features: [StoneWall], sides: [
{quoted(SW_WALL)}
        ]),
        // The stone wall south of the town.
        (features: [StoneWall], sides: [
{quoted(S_WALL)}
        ]),
        // The embankment on the north side of the sunken road.
        (features: [Embankment], sides: [
{quoted(EMBANK - AUZON - BROOK)}
        ]),
        (features: [Embankment, MinorRiver], sides: [
{quoted(EMBANK & (AUZON | BROOK))}
        ]),
        // Minor rivers: the Auzon and a brook from the north-east.
        (features: [MinorRiver], sides: [
{quoted((AUZON | BROOK) - EMBANK)}
        ]),
    ],
    areas: [
        (name: "Gergovia", rule: "6.71, Special Terrain Notes", hexes: [
{quoted(lab(TOWN), per=12)}
        ]),
        (name: "Town objective", rule: "Victory", hexes: ["3801", "3802", "3901"]),
        (name: "Gallic camp", rule: "6.71, Gallic Starting Deployment", hexes: [
{quoted(lab(GALLIC_CAMP), per=12)}
        ]),
        (name: "Small camp", rule: "6.71, Roman Starting Deployment", hexes: [
{quoted(lab(SMALL_CAMP), per=12)}
        ]),
        (name: "Large camp", rule: "6.71, 9.31, Roman Starting Deployment", hexes: [
{quoted(lab(LARGE_CAMP), per=12)}
        ]),
        (name: "Towers", rule: "9.31-9.35", hexes: [
{quoted(lab(TOWERS), per=12)}
        ]),
        (name: "Sunken road", rule: "Special Terrain Notes: The Sunken Road", hexes: [
{quoted([label(h) for h in ROAD], per=12)}
        ]),
        (name: "Entry hexes", rule: "Gallic Reinforcements", hexes: ["4001..4801"]),
    ],
    sources: [
        (items: ["Gergovia"], provenance: Printed("6.71, Special Terrain Notes"),
            note: "the town with its wall and gates, two levels above its hill; its outline on the plateau and the places of its four gates are reconstructed from the excavated oppidum"),
        (items: ["Town objective", "3801", "3802", "3901"], provenance: Printed("Victory"),
            note: "3801, 3802 and 3901, all three occupied: 3 VP to Rome; they lie inside the town, on the west edge of the map"),
        (items: ["Gallic camp"], provenance: Printed("6.71, Gallic Starting Deployment"),
            note: "Gallic camp hexes in front of the town wall (no camp structures); reconstructed as the three rings of hexes below the south wall, inside the stone walls"),
        (items: ["Small camp"], provenance: Printed("6.71, Roman Starting Deployment"),
            note: "walls and gates, no towers; holds Legions XI and XIII two units a hex; placed on La Roche-Blanche, south of the assault columns"),
        (items: ["Large camp", "Towers"], provenance: Printed("6.71, 9.31"),
            note: "in the south-east, with walls, gates and towers with built-in scorpions; its size (about 35 ha) and the six towers are reconstructed"),
        (items: ["Sunken road"], provenance: Printed("Special Terrain Notes: The Sunken Road"),
            note: "Caesar's double ditch (BG 7.36) from the small camp to the large camp; its course is reconstructed"),
        (items: ["Entry hexes", "4001", "4801"], provenance: Printed("Gallic Reinforcements"),
            note: "4001 to 4801 in the north-west corner (the German text prints 400 and 480)"),
        (items: ["2712", "2716", "2613", "2617", "2717", "2721", "2618", "2622"], provenance: Printed("Roman Starting Deployment"),
            note: "the rows of Legions VIII and X, on open ground below the hill"),
        (items: ["2814", "2818", "2822"], provenance: Printed("Roman Starting Deployment"),
            note: "the Cretan archers, in front of the legions"),
        (items: ["2540"], provenance: Printed("Roman Starting Deployment"), note: "the Aedui within 2 hexes of it: open ground"),
        (items: ["1733"], provenance: Printed("Roman Starting Deployment"), note: "the Gallic (Roman) LN within 2 hexes of it: open ground"),
        (items: ["4630"], provenance: Printed("Gallic Starting Deployment"), note: "the Arverni cavalry within 2 hexes of it: open ground by the woods"),
        (items: ["4301", "4818"], provenance: Printed("Gallic Starting Deployment"),
            note: "woods north of and including hexrow 4300; their extent is reconstructed"),
        (items: ["{sorted(SW_WALL)[0]}", "{sorted(S_WALL)[0]}"], provenance: Printed("Special Terrain Notes: Stone Walls"),
            note: "two stone walls south and south-west of the town; Caesar puts them half-way up the hill (BG 7.46); their courses are reconstructed"),
        (items: ["{sorted(AUZON)[0]}", "{sorted(BROOK)[0]}"], provenance: Reconstructed,
            note: "minor rivers: the Auzon at the foot of La Roche-Blanche and a brook from the north-east; the rulebook's table lists minor rivers, the map is silent"),
    ],
)
'''
open('data/gergovia/map.ron', 'w').write(out)
print('town', len(TOWN), 'gallic camp', camp_count, 'small camp', len(SMALL_CAMP),
      'large camp', len(LARGE_CAMP), 'road', len(ROAD), 'embankment', len(EMBANK),
      'sw wall', len(SW_WALL), 's wall', len(S_WALL), 'auzon', len(AUZON), 'brook', len(BROOK))
