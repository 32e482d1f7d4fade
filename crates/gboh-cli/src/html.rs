//! The HTML replay viewer: one self-contained page (inline SVG, CSS and
//! JavaScript; nothing fetched from the network) with the map, the units
//! moving step by step (buttons, a slider, the arrow keys), the narrated log
//! beside it with its rule sections, and a hex's terrain and stack on hover.
//!
//! The data is written as JSON inside the page: a table of the board's hexes
//! (label, centre, terrain), a table of distinct markers, and for each step
//! only the hexes whose marker changed, so a game of a thousand actions stays
//! a page of a few hundred kilobytes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use gboh_core::board::HexWorks;
use gboh_core::board::svg::{hex_centre, render};
use gboh_core::game::{Event, Game, Rules};
use hexx::Hex;

use crate::engine::{Engine, facing_degrees};

/// The steps of a replay, as the page needs them.
#[derive(Debug, Default)]
pub struct Frames {
    /// Distinct markers, as JSON objects.
    markers: Vec<String>,
    marker_index: BTreeMap<String, usize>,
    /// Each step's changes: (hex, marker index or none).
    changes: Vec<Vec<(Hex, Option<usize>)>>,
    /// Each step's units that changed hex: (unit, from, to).
    moves: Vec<Vec<(String, String, String)>>,
    /// Each step's narration.
    lines: Vec<Vec<String>>,
    /// The previous step's marker by hex.
    last: BTreeMap<(i32, i32), (Hex, usize)>,
    /// The previous step's hex of each unit.
    last_at: BTreeMap<String, String>,
}

impl Frames {
    /// Records the game after a step (the first call: the start), with the
    /// step's events.
    pub fn push<E: Engine>(
        &mut self,
        e: &E,
        game: &Game<E::R>,
        events: &[Event<<E::R as Rules>::Event>],
    ) {
        let state = game.state();
        let board = e.board(state);
        let label =
            |h: Hex| board.label(h).map_or_else(|| format!("{},{}", h.x, h.y), |l| l.to_string());
        let mut now: BTreeMap<(i32, i32), (Hex, usize)> = BTreeMap::new();
        let mut at: BTreeMap<String, String> = BTreeMap::new();
        for s in e.stacks(state) {
            let facing = s.marker.facing.map_or(-1, facing_degrees);
            let pieces: Vec<String> = s.pieces.iter().map(|p| json_str(p)).collect();
            let json = format!(
                "{{\"t\":{},\"c\":{},\"f\":{facing},\"p\":[{}],\"u\":[{}]}}",
                json_str(&s.marker.text),
                json_str(&s.marker.colour),
                pieces.join(","),
                s.ids.iter().map(|u| json_str(u)).collect::<Vec<_>>().join(",")
            );
            let index = match self.marker_index.get(&json) {
                Some(&i) => i,
                None => {
                    let i = self.markers.len();
                    self.marker_index.insert(json.clone(), i);
                    self.markers.push(json);
                    i
                }
            };
            for id in &s.ids {
                at.insert(id.clone(), label(s.hex));
            }
            now.insert((s.hex.x, s.hex.y), (s.hex, index));
        }
        let mut changes = Vec::new();
        for (key, (hex, m)) in &now {
            if self.last.get(key).map(|x| x.1) != Some(*m) {
                changes.push((*hex, Some(*m)));
            }
        }
        for (key, (hex, _)) in &self.last {
            if !now.contains_key(key) {
                changes.push((*hex, None));
            }
        }
        let mut moves = Vec::new();
        for (id, to) in &at {
            match self.last_at.get(id) {
                Some(from) if from != to => moves.push((id.clone(), from.clone(), to.clone())),
                None if !self.changes.is_empty() => {
                    moves.push((id.clone(), "off the map".into(), to.clone()));
                }
                _ => {}
            }
        }
        for (id, from) in &self.last_at {
            if !at.contains_key(id) {
                moves.push((id.clone(), from.clone(), "off the map".into()));
            }
        }
        self.lines.push(events.iter().map(|ev| e.narrate(state, ev)).collect());
        self.changes.push(changes);
        self.moves.push(moves);
        self.last = now;
        self.last_at = at;
    }

    /// How many steps (the start included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.changes.len()
    }
}

/// A JSON string literal, safe inside a `<script>` element.
#[must_use]
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // `</script>` and `<!--` must not appear in the script's text.
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page.
#[must_use]
pub fn page<E: Engine>(
    e: &E,
    initial: &E::R,
    frames: &Frames,
    sides: &[(String, String)],
    summary: &[String],
) -> String {
    let board = e.board(initial);
    let mut options = e.svg_options(initial);
    options.legend = false;
    let mut svg = render(board, &options);
    // The units and the hover outline are drawn by the script over the map.
    let overlay = "<g id=\"trails\"></g><g id=\"units\"></g><polygon id=\"hover\" points=\"\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/></svg>";
    if let Some(end) = svg.rfind("</svg>") {
        svg.truncate(end);
        svg.push_str(overlay);
    }
    let svg = svg.replacen("<svg ", "<svg id=\"map\" ", 1);

    let mut hexes = Vec::new();
    let mut hex_index: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    for h in board.hexes() {
        let Some((x, y)) = hex_centre(board, &options, h) else { continue };
        let label = board.label(h).map_or_else(String::new, |l| l.to_string());
        let info = board.info(h).map_or_else(String::new, |i| {
            let mut t = format!("{:?}, elevation {}", i.terrain, i.elevation);
            if let Some(works) = i.works.words() {
                let _ = write!(t, ", {works}");
            }
            t
        });
        hex_index.insert((h.x, h.y), hexes.len());
        hexes.push(format!("[{},{x:.1},{y:.1},{}]", json_str(&label), json_str(&info)));
    }
    let steps: Vec<String> = (0..frames.len())
        .map(|i| {
            let changes: Vec<String> = frames
                .changes
                .get(i)
                .map(|c| {
                    c.iter()
                        .filter_map(|(h, m)| {
                            let k = hex_index.get(&(h.x, h.y))?;
                            Some(format!("[{k},{}]", m.map_or(-1, |m| m as i64)))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let lines: Vec<String> = frames
                .lines
                .get(i)
                .map(|l| l.iter().map(|x| json_str(x)).collect())
                .unwrap_or_default();
            let moves: Vec<String> = frames
                .moves
                .get(i)
                .map(|m| {
                    m.iter()
                        .map(|(u, a, b)| {
                            format!("[{},{},{}]", json_str(u), json_str(a), json_str(b))
                        })
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "{{\"d\":[{}],\"l\":[{}],\"m\":[{}]}}",
                changes.join(","),
                lines.join(","),
                moves.join(",")
            )
        })
        .collect();
    let data = format!(
        "{{\"size\":{:.1},\"hexes\":[{}],\"markers\":[{}],\"steps\":[\n{}\n]}}",
        options.hex_size,
        hexes.join(","),
        frames.markers.join(","),
        steps.join(",\n")
    );
    let title = escape(&e.title());
    let players =
        escape(&sides.iter().map(|(s, p)| format!("{s}: {p}")).collect::<Vec<_>>().join(", "));
    let summary: String = summary.iter().map(|l| format!("<div>{}</div>", escape(l))).collect();
    TEMPLATE
        .replace("{{TITLE}}", &title)
        .replace("{{PLAYERS}}", &players)
        .replace("{{SUMMARY}}", &summary)
        .replace("{{SVG}}", &svg)
        .replace("{{DATA}}", &data)
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{TITLE}}: replay</title>
<style>
body { margin: 0; font: 14px sans-serif; display: flex; height: 100vh; background: #faf8f0; }
#left { flex: 3; overflow: auto; position: relative; }
#map { width: 100%; height: auto; display: block; }
#right { flex: 2; display: flex; flex-direction: column; border-left: 1px solid #aaa; min-width: 320px; }
#controls { padding: 8px; border-bottom: 1px solid #ccc; }
#controls button { font-size: 16px; min-width: 2.4em; }
#slider { width: 100%; }
#info { padding: 6px 8px; min-height: 3.2em; border-bottom: 1px solid #ccc; background: #fff; }
#log { flex: 1; overflow: auto; padding: 4px 8px; font: 12px monospace; }
.step { border-left: 3px solid transparent; padding: 2px 4px; margin: 2px 0; color: #777; cursor: pointer; }
.step.done { color: #222; }
.step.current { border-left-color: #c03030; background: #fff4d6; color: #000; }
.rule { color: #1d4ed8; font-weight: bold; }
.moves { color: #166534; }
.unit text { font: bold 7px sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
#errors { color: #b91c1c; white-space: pre-wrap; }
</style>
</head>
<body>
<div id="left">{{SVG}}</div>
<div id="right">
  <div id="controls">
    <div><b>{{TITLE}}</b></div>
    <div>{{PLAYERS}}</div>
    <div>
      <button id="first" title="the start (Home)">|&#x25C0;</button>
      <button id="prev" title="back a step (left arrow)">&#x25C0;</button>
      <button id="next" title="forward a step (right arrow)">&#x25B6;</button>
      <button id="last" title="the end (End)">&#x25B6;|</button>
      <span id="counter"></span>
    </div>
    <input id="slider" type="range" min="0" value="0" step="1">
    <details><summary>result</summary>{{SUMMARY}}</details>
  </div>
  <div id="info">Hover over a hex for its terrain and stack.</div>
  <div id="errors"></div>
  <div id="log"></div>
</div>
<script>
"use strict";
window.addEventListener("error", function (ev) {
  const box = document.getElementById("errors");
  box.textContent += "error: " + ev.message + "\n";
  document.body.dataset.errors = String((Number(document.body.dataset.errors) || 0) + 1);
});
const DATA = {{DATA}};
const NS = "http://www.w3.org/2000/svg";
const map = document.getElementById("map");
const units = document.getElementById("units");
const slider = document.getElementById("slider");
const log = document.getElementById("log");
const last = DATA.steps.length - 1;
slider.max = String(last);

// Every step's stacks, hex index -> marker index, built once from the changes.
const states = [];
let state = new Map();
for (const step of DATA.steps) {
  state = new Map(state);
  for (const [h, m] of step.d) { if (m < 0) state.delete(h); else state.set(h, m); }
  states.push(state);
}

// The log: one entry a step, its rule sections picked out.
const entries = DATA.steps.map(function (step, i) {
  const div = document.createElement("div");
  div.className = "step";
  div.dataset.step = String(i);
  if (i === 0) div.appendChild(document.createTextNode("the start"));
  else if (step.l.length === 0 && step.m.length === 0) {
    div.appendChild(document.createTextNode("(step " + i + ": a choice with no event)"));
  }
  for (const line of step.l) {
    const row = document.createElement("div");
    const m = /^\[([^\]]*)\](.*)$/.exec(line);
    if (m) {
      const rule = document.createElement("span");
      rule.className = "rule";
      rule.textContent = "[" + m[1] + "]";
      row.appendChild(rule);
      row.appendChild(document.createTextNode(m[2]));
    } else {
      row.textContent = line;
    }
    div.appendChild(row);
  }
  if (step.m.length > 0) {
    const mv = document.createElement("div");
    mv.className = "moves";
    mv.textContent = "moves: " + step.m.map(function (x) { return x[0] + " " + x[1] + " \u2192 " + x[2]; }).join("; ");
    div.appendChild(mv);
  }
  div.addEventListener("click", function () { go(i); });
  log.appendChild(div);
  return div;
});

function hexPoints(x, y, s) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (60 * k - 30) * Math.PI / 180;
    pts.push((x + s * Math.cos(a)).toFixed(1) + "," + (y + s * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

// The hexes by label, for the moves' trails.
const byLabel = new Map(DATA.hexes.map(function (h, k) { return [h[0], k]; }));
const trails = document.getElementById("trails");

function draw(i) {
  while (units.firstChild) units.removeChild(units.firstChild);
  while (trails.firstChild) trails.removeChild(trails.firstChild);
  // This step's moves, as arrows from where each unit was.
  for (const [u, from, to] of DATA.steps[i].m) {
    const a = DATA.hexes[byLabel.get(from)], b = DATA.hexes[byLabel.get(to)];
    if (a === undefined || b === undefined) continue;
    const line = document.createElementNS(NS, "line");
    line.setAttribute("x1", String(a[1])); line.setAttribute("y1", String(a[2]));
    line.setAttribute("x2", String(b[1])); line.setAttribute("y2", String(b[2]));
    line.setAttribute("stroke", "#dc2626");
    line.setAttribute("stroke-width", "3");
    line.setAttribute("stroke-dasharray", "4 2");
    line.dataset.unit = u;
    trails.appendChild(line);
  }
  const r = DATA.size * 0.62;
  for (const [h, m] of states[i]) {
    const hex = DATA.hexes[h];
    const mk = DATA.markers[m];
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "unit");
    g.setAttribute("transform", "translate(" + hex[1] + "," + hex[2] + ")");
    g.dataset.hex = hex[0];
    g.dataset.units = mk.u.join(" ");
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("r", String(r));
    c.setAttribute("fill", mk.c);
    c.setAttribute("stroke", "#000");
    c.setAttribute("stroke-width", "0.8");
    g.appendChild(c);
    if (mk.f >= 0) {
      const p = document.createElementNS(NS, "path");
      p.setAttribute("d", "M0," + (-r - 4) + " L3," + (-r + 1) + " L-3," + (-r + 1) + " Z");
      p.setAttribute("fill", "#000");
      p.setAttribute("transform", "rotate(" + mk.f + ")");
      g.appendChild(p);
    }
    const t = document.createElementNS(NS, "text");
    t.textContent = mk.t;
    g.appendChild(t);
    units.appendChild(g);
  }
}

let current = -1;
function go(i) {
  i = Math.max(0, Math.min(last, i));
  if (i === current) return;
  draw(i);
  for (let k = 0; k < entries.length; k++) {
    entries[k].classList.toggle("done", k < i);
    entries[k].classList.toggle("current", k === i);
  }
  const lo = Math.min(current < 0 ? 0 : current, i), hi = Math.max(current, i);
  current = i;
  slider.value = String(i);
  document.getElementById("counter").textContent = "step " + i + " / " + last;
  document.body.dataset.step = String(i);
  if (hi - lo >= 0) entries[i].scrollIntoView({ block: "nearest" });
}

document.getElementById("first").addEventListener("click", function () { go(0); });
document.getElementById("prev").addEventListener("click", function () { go(current - 1); });
document.getElementById("next").addEventListener("click", function () { go(current + 1); });
document.getElementById("last").addEventListener("click", function () { go(last); });
slider.addEventListener("input", function () { go(Number(slider.value)); });
document.addEventListener("keydown", function (ev) {
  if (ev.target === slider) return;
  if (ev.key === "ArrowRight") { go(current + 1); ev.preventDefault(); }
  else if (ev.key === "ArrowLeft") { go(current - 1); ev.preventDefault(); }
  else if (ev.key === "Home") { go(0); ev.preventDefault(); }
  else if (ev.key === "End") { go(last); ev.preventDefault(); }
});

// Hover: the nearest hex centre within a hex's size.
const info = document.getElementById("info");
const hover = document.getElementById("hover");
map.addEventListener("mousemove", function (ev) {
  const ctm = map.getScreenCTM();
  if (!ctm) return;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  let best = -1, bestD = DATA.size * DATA.size;
  for (let k = 0; k < DATA.hexes.length; k++) {
    const dx = DATA.hexes[k][1] - p.x, dy = DATA.hexes[k][2] - p.y;
    const d = dx * dx + dy * dy;
    if (d < bestD) { bestD = d; best = k; }
  }
  if (best < 0) { info.textContent = ""; hover.setAttribute("points", ""); return; }
  const hex = DATA.hexes[best];
  hover.setAttribute("points", hexPoints(hex[1], hex[2], DATA.size));
  const m = states[current].get(best);
  const stack = m === undefined ? "empty" : DATA.markers[m].p.join(", ");
  info.textContent = hex[0] + ": " + hex[3] + ". Stack: " + stack;
});

// Test hooks, in the address: #step=N opens step N; #keys=N presses the
// right arrow N times; do=OPS (after &) works the controls as a person
// would, in order: a button's id (first, prev, next, last) clicks it,
// slider:N drags the slider to N; hover=LABEL moves the mouse over that hex.
go(0);
const params = new URLSearchParams(location.hash.slice(1));
if (params.has("step")) go(Number(params.get("step")));
if (params.has("keys")) {
  for (let k = 0; k < Number(params.get("keys")); k++) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
  }
}
if (params.has("do")) {
  for (const op of params.get("do").split(",")) {
    if (op.startsWith("slider:")) {
      slider.value = op.slice("slider:".length);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    } else {
      const button = document.getElementById(op);
      if (!(button instanceof HTMLButtonElement)) throw new Error("no button " + op);
      button.click();
    }
  }
}
if (params.has("hover")) {
  const k = DATA.hexes.findIndex(function (h) { return h[0] === params.get("hover"); });
  const ctm = map.getScreenCTM();
  if (k >= 0 && ctm) {
    const p = new DOMPoint(DATA.hexes[k][1], DATA.hexes[k][2]).matrixTransform(ctm);
    map.dispatchEvent(new MouseEvent("mousemove", { clientX: p.x, clientY: p.y, bubbles: true }));
  }
}
</script>
</body>
</html>
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_cannot_close_the_script() {
        assert_eq!(json_str("a\"b\\c"), r#""a\"b\\c""#);
        assert!(!json_str("</script><!--").contains('<'));
        assert_eq!(json_str("\u{1}"), "\"\\u0001\"");
    }
}
