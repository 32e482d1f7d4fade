//! Scenario movement rules: restrictions a scenario adds (12.1's Roman 3-hex
//! edge rule, the Final Assault's Roman cavalry in its camps) and where the
//! Alesia Force enters from off the map (12.1).
//!
//! They are data: a [`MoveRules`] holds hex sets (by board index) and the
//! rule each cites, so a scenario file can build them and nothing in the
//! movement code names a scenario.

use crate::map::{Board, Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use std::cell::RefCell;
use std::sync::{Arc, Weak};

use crate::game::Setup;
use crate::map::areas;
use crate::protocol::{Alesia, ScenarioRules};

/// Which units a restriction binds (2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Movers {
    /// Every combat unit of the side.
    All,
    /// Its cavalry only.
    Cavalry,
    /// Its foot and artillery only.
    NonCavalry,
}

/// Hexes the units of one side may not voluntarily enter (forced moves, such
/// as retreats, are the combat rules' business).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexRestriction {
    /// The rule, e.g. `"12.1"`.
    pub rule: String,
    /// What it forbids, for the error message.
    pub what: String,
    /// The side it binds.
    pub side: Side,
    /// Which of its units.
    pub movers: Movers,
    /// Whether each hex (by board index) is forbidden.
    forbidden: Vec<bool>,
}

impl HexRestriction {
    /// A restriction forbidding `hexes` (those off `board` are ignored).
    #[must_use]
    pub fn new(
        rule: &str,
        what: &str,
        side: Side,
        movers: Movers,
        board: &Board,
        hexes: impl IntoIterator<Item = Hex>,
    ) -> HexRestriction {
        let mut forbidden = vec![false; board.len()];
        for i in hexes.into_iter().filter_map(|h| board.index(h)) {
            if let Some(f) = forbidden.get_mut(i) {
                *f = true;
            }
        }
        HexRestriction { rule: rule.to_owned(), what: what.to_owned(), side, movers, forbidden }
    }

    /// Whether it binds a unit of `side`, cavalry or not.
    #[must_use]
    pub fn binds(&self, side: Side, cavalry: bool) -> bool {
        self.side == side
            && match self.movers {
                Movers::All => true,
                Movers::Cavalry => cavalry,
                Movers::NonCavalry => !cavalry,
            }
    }

    /// Whether the hex with board index `index` is forbidden.
    #[must_use]
    pub fn forbids(&self, index: usize) -> bool {
        self.forbidden.get(index).copied().unwrap_or(false)
    }

    /// How many hexes are forbidden.
    #[must_use]
    pub fn len(&self) -> usize {
        self.forbidden.iter().filter(|&&f| f).count()
    }

    /// Whether no hex is forbidden.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        !self.forbidden.contains(&true)
    }
}

/// The last rules [`MoveRules::for_game`] built on a thread: for which setup
/// and scenario rules.
type Built = (Weak<Setup>, ScenarioRules, Arc<MoveRules>);

/// The movement rules a scenario adds to the rulebook's.
///
/// ```
/// use gboh_alesia::game::Setup;
/// use gboh_alesia::movement::MoveRules;
/// let setup = Setup::shared().unwrap();
/// let rules = MoveRules::final_assault(&setup.board);
/// // 12.1: the Alesia Force enters through W3733-W4034 and W4333-W4533.
/// assert_eq!(rules.alesia_force_entry.len(), 7);
/// // 12.1: no Roman closer than three hexes to an outside map edge.
/// let edge = setup.board.hex_of("W3901").unwrap();
/// assert!(rules.restrictions.iter().any(|r| r.rule == "12.1"
///     && r.forbids(setup.board.index(edge).unwrap())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct MoveRules {
    /// Hexes units may not voluntarily enter.
    pub restrictions: Vec<HexRestriction>,
    /// Hexes through which off-map Alesia Force units enter the map (12.1),
    /// in board order; empty: they do not enter from off the map.
    pub alesia_force_entry: Vec<Hex>,
}

impl MoveRules {
    /// The rulebook's own movement rules on `board`: no restriction; the
    /// Alesia Force enters through the board's "Alesia Force Entry" area if
    /// it has one (the West map does: 12.1 and 12.2 are both played on it).
    #[must_use]
    pub fn standard(board: &Board) -> MoveRules {
        MoveRules {
            restrictions: Vec::new(),
            alesia_force_entry: board
                .area(areas::ALESIA_FORCE_ENTRY)
                .map(|a| {
                    let mut hexes: Vec<(usize, Hex)> =
                        a.hexes().iter().filter_map(|&h| board.index(h).map(|i| (i, h))).collect();
                    hexes.sort_by_key(|&(i, _)| i);
                    hexes.into_iter().map(|(_, h)| h).collect()
                })
                .unwrap_or_default(),
        }
    }

    /// The movement rules of `game`: the standard ones plus those its
    /// scenario set in [`ScenarioRules`]
    /// (12.1's edge distance, the Final Assault's cavalry in its camps).
    ///
    /// They are built once per setup and scenario rules on each thread and
    /// shared: every movement check asks for them.
    #[must_use]
    pub fn for_game(game: &Alesia) -> Arc<MoveRules> {
        thread_local! {
            static LAST: RefCell<Option<Built>> = const { RefCell::new(None) };
        }
        let setup = game.setup();
        let cached = LAST.with(|cell| {
            let last = cell.try_borrow().ok()?;
            let (weak, rules, built) = last.as_ref()?;
            // The weak reference keeps the allocation, so the address is
            // not reused by another setup while it is cached.
            (std::ptr::eq(weak.as_ptr(), Arc::as_ptr(setup)) && *rules == game.turn.rules)
                .then(|| Arc::clone(built))
        });
        if let Some(rules) = cached {
            return rules;
        }
        let built = Arc::new(MoveRules::build(game));
        LAST.with(|cell| {
            if let Ok(mut last) = cell.try_borrow_mut() {
                *last = Some((Arc::downgrade(setup), game.turn.rules.clone(), Arc::clone(&built)));
            }
        });
        built
    }

    fn build(game: &Alesia) -> MoveRules {
        let board = &game.setup().board;
        let r = &game.turn.rules;
        let mut rules = MoveRules::standard(board);
        if let Some(d) = r.roman_edge_distance {
            rules.push_edge_rule(board, u32::from(d));
        }
        if r.cavalry_restricted_to_camps {
            rules.push_camp_rule(board);
        }
        rules
    }

    /// 12.1 The Final Assault: the standard rules, plus "Roman units ... may
    /// never voluntarily move closer than three hexes to an outside map edge"
    /// ([`MoveRules::edge_band`] with 3), and the publisher's ruling that
    /// Roman cavalry is restricted to the camps.
    #[must_use]
    pub fn final_assault(board: &Board) -> MoveRules {
        let mut rules = MoveRules::standard(board);
        rules.push_edge_rule(board, 3);
        rules.push_camp_rule(board);
        rules
    }

    fn push_edge_rule(&mut self, board: &Board, hexes: u32) {
        self.restrictions.push(HexRestriction::new(
            "12.1",
            "roman units may never voluntarily move closer than three hexes to an outside map edge",
            Side::Roman,
            Movers::All,
            board,
            MoveRules::edge_band(board, hexes),
        ));
    }

    fn push_camp_rule(&mut self, board: &Board) {
        let mut camp = vec![false; board.len()];
        for area in areas::CAVALRY_CAMPS.iter().filter_map(|name| board.area(name)) {
            for i in area.hexes().iter().filter_map(|&h| board.index(h)) {
                if let Some(c) = camp.get_mut(i) {
                    *c = true;
                }
            }
        }
        if !camp.contains(&true) {
            return;
        }
        self.restrictions.push(HexRestriction::new(
            "12.1",
            "in the final assault roman cavalry is restricted to the camps (publisher's ruling)",
            Side::Roman,
            Movers::Cavalry,
            board,
            board
                .hexes()
                .enumerate()
                .filter(|(i, _)| !camp.get(*i).copied().unwrap_or(false))
                .map(|(_, h)| h),
        ));
    }

    /// The hexes closer than `hexes` hexes to an outside map edge, counting
    /// the edge hex itself as one (as 5.45 counts "three hexes from a Rampart
    /// hex (counting the latter)"): with 3, the edge hexes and the ring inside
    /// them. An outside edge hex is a hex on the map's rim (fewer than six
    /// neighbours on the map) outside the siege works (6.41). A breadth-first
    /// pass over the board.
    #[must_use]
    pub fn edge_band(board: &Board, hexes: u32) -> Vec<Hex> {
        let reach = hexes.saturating_sub(2);
        let mut depth = vec![u32::MAX; board.len()];
        let mut frontier: Vec<usize> = board
            .hexes()
            .enumerate()
            .filter(|&(_, h)| {
                board.region(h) == Some(Region::Outside)
                    && Direction::ALL.iter().any(|&d| board.neighbor(h, d).is_none())
            })
            .map(|(i, _)| i)
            .collect();
        for &i in &frontier {
            if let Some(d) = depth.get_mut(i) {
                *d = 0;
            }
        }
        for level in 1..=reach {
            let mut next = Vec::new();
            for &i in &frontier {
                for dir in Direction::ALL {
                    if let Some(j) = board.neighbor_index(i, dir)
                        && let Some(d) = depth.get_mut(j)
                        && *d == u32::MAX
                    {
                        *d = level;
                        next.push(j);
                    }
                }
            }
            frontier = next;
        }
        board
            .hexes()
            .enumerate()
            .filter(|(i, _)| depth.get(*i).is_some_and(|&d| d <= reach))
            .map(|(_, h)| h)
            .collect()
    }

    /// The first restriction that forbids a unit of `side` (cavalry or not)
    /// the hex with board index `index`.
    #[must_use]
    pub fn forbidding(&self, side: Side, cavalry: bool, index: usize) -> Option<&HexRestriction> {
        self.restrictions.iter().find(|r| r.binds(side, cavalry) && r.forbids(index))
    }
}
