//! The action logs `play --log` writes and `replay` reads, in two forms:
//!
//! - the labelled log (Alesia): a header of `# key: value` lines, then one
//!   action a line with hexes as map labels (`gboh_alesia::narrate::log`),
//!   so a person can read and edit it;
//! - the RON log ([`Log`] as one RON value): Dictator's, whose actions name
//!   directions and unit indices, not hexes; and every log written before the
//!   labelled form (still read).
//!
//! ```text
//! # gboh log
//! # game: alesia
//! # scenario: final-assault
//! # seed: 7
//! # sides: romans=defender, gauls=aggression
//! # result: romans
//! # final fingerprint: 64518b7107c209b2
//! # gboh-alesia action log: one action a line (RON), hexes as map labels
//! Activate(Tribes((3),[(0)]))
//! Move(Move(unit:(12),to:"W5112",facing:Twelve))
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{CliError, rule};

/// The first line of a labelled log.
pub const FIRST_LINE: &str = "# gboh log";

/// A log: the game, the scenario, the seed, who played, every action in
/// order, and the final state's fingerprint.
#[derive(Debug, Serialize, Deserialize)]
#[serde(bound(deserialize = "A: serde::de::DeserializeOwned"))]
pub struct Log<A> {
    /// `alesia`, `dictator`.
    pub game: String,
    /// `final-assault`, `rhine`, ...
    pub scenario: String,
    /// The seed of the dice (and of the bots).
    pub seed: u64,
    /// Each side's policy, Roman first, as `(side, policy)`.
    pub sides: Vec<(String, String)>,
    /// Every action, in order.
    pub actions: Vec<A>,
    /// The result: a side's name, `draw` or `unfinished`.
    pub result: String,
    /// `gboh_core::game::fingerprint` of the final game.
    pub final_fingerprint: u64,
}

/// A log's header, read before its actions' type is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// `alesia`, `dictator`.
    pub game: String,
    /// `final-assault`, `rhine`, ...
    pub scenario: String,
    /// The seed.
    pub seed: u64,
    /// Each side's policy, Roman first.
    pub sides: Vec<(String, String)>,
    /// The result the log claims.
    pub result: String,
    /// The fingerprint the log claims.
    pub final_fingerprint: u64,
}

/// The first fields of a RON log.
#[derive(Debug, Deserialize)]
struct RonHeader {
    game: String,
    scenario: String,
}

/// Whether `text` is a labelled log (its first line that is not blank is
/// a `#` comment) rather than a RON log.
#[must_use]
pub fn is_labelled(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|l| l.starts_with('#'))
}

/// The game and scenario a log of either form names.
///
/// # Errors
/// [`CliError::Rule`] naming the file and what is missing or malformed.
pub fn game_and_scenario(path: &Path, text: &str) -> Result<(String, String), CliError> {
    if is_labelled(text) {
        let h = header(path, text)?;
        Ok((h.game, h.scenario))
    } else {
        let h: RonHeader = ron::from_str(text)
            .map_err(|err| rule(format!("{}: not a gboh log: {err}", path.display())))?;
        Ok((h.game, h.scenario))
    }
}

/// The header of a labelled log: its `# key: value` lines.
///
/// # Errors
/// [`CliError::Rule`] naming the file and line of a malformed value, or the
/// key that is missing.
pub fn header(path: &Path, text: &str) -> Result<Header, CliError> {
    let at = |line: usize, why: String| rule(format!("{}:{line}: {why}", path.display()));
    let mut game = None;
    let mut scenario = None;
    let mut seed = None;
    let mut sides = None;
    let mut result = None;
    let mut print = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let Some(comment) = raw.trim().strip_prefix('#') else { continue };
        let Some((key, value)) = comment.split_once(':') else { continue };
        let value = value.trim();
        match key.trim() {
            "game" => game = Some(value.to_owned()),
            "scenario" => scenario = Some(value.to_owned()),
            "seed" => {
                seed = Some(
                    value.parse::<u64>().map_err(|e| at(line, format!("seed {value:?}: {e}")))?,
                );
            }
            "sides" => {
                let mut list = Vec::new();
                for part in value.split(',') {
                    let (s, p) = part.trim().split_once('=').ok_or_else(|| {
                        at(line, format!("sides: {:?} is not SIDE=POLICY", part.trim()))
                    })?;
                    list.push((s.trim().to_owned(), p.trim().to_owned()));
                }
                sides = Some(list);
            }
            "result" => result = Some(value.to_owned()),
            "final fingerprint" => {
                print = Some(u64::from_str_radix(value, 16).map_err(|e| {
                    at(line, format!("final fingerprint {value:?} is not 16 hex digits: {e}"))
                })?);
            }
            _ => {}
        }
    }
    let missing = |key: &str| {
        rule(format!("{}: the log's header has no `# {key}: ...` line", path.display()))
    };
    Ok(Header {
        game: game.ok_or_else(|| missing("game"))?,
        scenario: scenario.ok_or_else(|| missing("scenario"))?,
        seed: seed.ok_or_else(|| missing("seed"))?,
        sides: sides.ok_or_else(|| missing("sides"))?,
        result: result.ok_or_else(|| missing("result"))?,
        final_fingerprint: print.ok_or_else(|| missing("final fingerprint"))?,
    })
}

/// The header lines of a labelled log, each ending in a newline.
#[must_use]
pub fn header_text<A>(log: &Log<A>) -> String {
    let sides: Vec<String> = log.sides.iter().map(|(s, p)| format!("{s}={p}")).collect();
    format!(
        "{FIRST_LINE}\n# game: {}\n# scenario: {}\n# seed: {}\n# sides: {}\n# result: {}\n# final fingerprint: {:016x}\n",
        log.game,
        log.scenario,
        log.seed,
        sides.join(", "),
        log.result,
        log.final_fingerprint
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_reads_back_what_was_written() {
        let log: Log<()> = Log {
            game: "alesia".into(),
            scenario: "final-assault".into(),
            seed: 7,
            sides: vec![("romans".into(), "defender".into()), ("gauls".into(), "random".into())],
            actions: Vec::new(),
            result: "unfinished".into(),
            final_fingerprint: 0x0123_4567_89ab_cdef,
        };
        let text = header_text(&log);
        assert!(is_labelled(&text));
        let h = header(Path::new("x.log"), &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            h,
            Header {
                game: log.game,
                scenario: log.scenario,
                seed: 7,
                sides: log.sides,
                result: log.result,
                final_fingerprint: log.final_fingerprint,
            }
        );
        assert!(!is_labelled("\n(game: \"dictator\")"));
    }

    #[test]
    fn a_bad_header_names_its_line_or_the_missing_key() {
        let e = header(Path::new("x.log"), "# gboh log\n# game: alesia\n# seed: seven\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("x.log:3: seed \"seven\""), "{e}");
        let e = header(Path::new("x.log"), "# gboh log\n# game: alesia\n").unwrap_err().to_string();
        assert_eq!(e, "x.log: the log's header has no `# scenario: ...` line");
    }
}
