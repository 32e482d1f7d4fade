//! Draws the reconstructed Gergovia map with a deployment as an SVG.
//!
//! ```text
//! cargo run --example gergovia_map [-- --scenario standard|alternative|none] [--out PATH]
//! ```
//!
//! North is up: the town of Gergovia on its plateau in the north-west with
//! its wall and gates and the Gallic camp below it, the two stone walls, the
//! small camp on La Roche-Blanche, the large camp in the south-east with its
//! towers (each with a scorpion, range 7), the sunken road between the camps
//! with its embankment, woods, rocky ground, rivers and elevation. With a
//! scenario (the standard one by default) it draws one counter per occupied
//! hex (red: Rome, blue: the Gauls; `+` when pieces share the hex). It writes
//! `out/gergovia/<scenario>.svg` unless `--out` says otherwise.

use gboh::core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh::gergovia::scenario::ScenarioId;
use gboh::gergovia::{counters, map, picture, scenario};

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let mut out: Option<String> = None;
    let mut which: Option<ScenarioId> = Some(ScenarioId::Standard);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--out", Some(path)) => out = Some(path),
            ("--scenario", Some(name)) if name == "none" => which = None,
            ("--scenario", Some(name)) => match name.parse::<ScenarioId>() {
                Ok(id) => which = Some(id),
                Err(e) => {
                    return Err(e.to_string().into());
                }
            },
            _ => {
                return Err(
                    "usage: gergovia_map [--scenario standard|alternative|none] [--out PATH]"
                        .into(),
                );
            }
        }
    }
    let name = which.map_or_else(|| "map".to_owned(), |id| id.to_string());
    let out = out.unwrap_or_else(|| format!("out/gergovia/{name}.svg"));
    let (board, mix) = match (map::board(), counters::counters()) {
        (Ok(b), Ok(m)) => (b, m),
        (Err(e), _) | (_, Err(e)) => {
            return Err(e.to_string().into());
        }
    };
    let (deployment, title) = match which {
        None => (None, "Gergovia (52 BC): the reconstructed map".to_owned()),
        Some(id) => {
            let s = match scenario::scenario(id) {
                Ok(s) => s,
                Err(e) => {
                    return Err(e.to_string().into());
                }
            };
            match s.default_deployment(board, mix) {
                Ok(d) => {
                    let violations = s.check(board, mix, &d);
                    if !violations.is_empty() {
                        let lines: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
                        return Err(lines.join("\n").into());
                    }
                    (Some(d), format!("Gergovia (52 BC): {}", s.name))
                }
                Err(e) => {
                    return Err(e.to_string().into());
                }
            }
        }
    };
    let svg = picture::render(board, mix, deployment.as_ref(), &title);
    if let Some(dir) = std::path::Path::new(&out).parent()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return Err(format!("{}: {e}", dir.display()).into());
    }
    std::fs::write(&out, svg).map_err(|e| format!("{out}: {e}"))?;
    writeln!(stdout, "wrote {out}")?;
    Ok(())
}
