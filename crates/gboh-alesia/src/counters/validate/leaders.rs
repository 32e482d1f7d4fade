//! The leader counters (4.2): ratings and roles, linked to the legions
//! they command and the Cavalry Counters they lead.

use std::collections::BTreeSet;

use crate::leader::{CommandScope, Leader, LeaderId, LeaderRatings, LeaderRole, Rank};
use gboh_core::Side;

use super::super::def::{LeaderCountersDef, LeaderDef};
use super::super::{CavalryCounter, FieldProvenance, Legion, RELIEF_FORCE};
use super::{Builder, File, GallicPart, LEADER_FIELDS, PendingLegion, RomanPart, in_range};

impl Builder<'_> {
    pub(super) fn leaders(
        &mut self,
        def: &LeaderCountersDef,
        roman: &RomanPart,
        gallic: &GallicPart,
    ) -> (Vec<Leader>, Vec<FieldProvenance>) {
        let file = File::Leaders;
        let mut ids = BTreeSet::new();
        let mut leaders = Vec::new();
        let mut provenance = Vec::new();
        let mut located = Vec::new();
        let sides = def.roman.iter().map(|d| (Side::Roman, d));
        for (side, d) in sides.chain(def.gallic.iter().map(|d| (Side::Adversary, d))) {
            let at = self.claim(file, &d.id);
            if !ids.insert(d.id.clone()) {
                self.leaders.at(&d.id, at, "duplicated leader id");
            }
            provenance.push(self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                LEADER_FIELDS,
            ));
            let leader = self.leader(side, d, at, roman, gallic);
            leaders.push(leader);
            located.push(at);
        }
        // 4.35: a successor is another leader of the same side.
        for (l, at) in leaders.iter().zip(&located) {
            let Some(next) = &l.successor else { continue };
            let msg = match leaders.iter().find(|o| o.id == *next) {
                None => Some(format!("4.35: unknown successor \"{next}\"")),
                Some(o) if o.id == l.id => Some("4.35: a leader cannot succeed himself".to_owned()),
                Some(o) if o.side != l.side => {
                    Some(format!("4.35: successor {next} is on the other side"))
                }
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.leaders.field(l.id.as_str(), *at, "successor", msg);
            }
        }
        (leaders, provenance)
    }

    pub(super) fn leader(
        &mut self,
        side: Side,
        d: &LeaderDef,
        at: Option<usize>,
        roman: &RomanPart,
        gallic: &GallicPart,
    ) -> Leader {
        let rep = &mut self.leaders;
        let id = d.id.as_str();
        let mut roles = Vec::new();
        for r in &d.roles {
            let allowed = match side {
                Side::Roman => matches!(
                    r.rank,
                    Rank::OverallCommander
                        | Rank::AreaCommander
                        | Rank::Legate
                        | Rank::CavalryPrefect
                ),
                Side::Adversary => matches!(
                    r.rank,
                    Rank::OverallCommander | Rank::TribalChieftain | Rank::GallicCavalryLeader
                ),
            };
            if !allowed {
                let who = if side == Side::Roman { "Roman" } else { "Gallic" };
                rep.field(id, at, "rank", format!("4.2: a {who} leader cannot be a {}", r.rank));
            }
            for (field, value, lo, hi, rule) in [
                ("seizure", r.seizure, 1, 9, "4.21"),
                ("initiative", r.initiative, 0, 9, "4.21"),
                ("charisma", r.charisma, 0, 1, "4.34"),
                ("command_range", r.command_range, 1, 30, "4.24"),
                ("control", r.control, 1, 20, "4.24"),
                ("movement", r.movement, 1, 30, "6.1"),
            ] {
                if let Some(v) = value
                    && !in_range(v, lo, hi)
                {
                    rep.field(
                        id,
                        at,
                        field,
                        format!("{rule}: {field} {v} is out of range {lo}-{hi}"),
                    );
                }
            }
            match (&r.command, side) {
                (CommandScope::Legion(l), _)
                    if !roman.legions.iter().any(|p| &p.legion.id == l) =>
                {
                    rep.value(id, at, l, 0, format!("4.11: unknown legion \"{l}\""));
                }
                (CommandScope::Force(f), Side::Roman) => {
                    rep.field(id, at, "command", format!("5.23: the Romans have no force \"{f}\""));
                }
                (CommandScope::Force(f), _)
                    if *f != gallic.alesia_force.id && f.as_str() != RELIEF_FORCE =>
                {
                    rep.value(
                        id,
                        at,
                        f,
                        0,
                        format!(
                            "5.23: unknown force \"{f}\" (expected \"{}\" or \"{RELIEF_FORCE}\")",
                            gallic.alesia_force.id
                        ),
                    );
                }
                _ => {}
            }
            roles.push(LeaderRole::new(
                r.rank,
                LeaderRatings {
                    seizure: r.seizure,
                    initiative: r.initiative,
                    charisma: r.charisma,
                    command_range: r.command_range,
                    control: r.control,
                    movement: r.movement,
                },
                r.command.clone(),
            ));
        }
        match (&d.tribe, side) {
            (Some(_), Side::Roman) => {
                rep.field(id, at, "tribe", "4.24: Roman leaders have no tribe")
            }
            (Some(t), Side::Adversary) if !gallic.tribes.iter().any(|(x, _)| &x.id == t) => {
                rep.field(id, at, "tribe", format!("4.24: unknown tribe \"{t}\""));
            }
            (None, _) if roles.iter().any(|r| r.rank == Rank::TribalChieftain) => {
                rep.at(id, at, "4.24: a Chieftain's counter shows his tribe: tribe is missing");
            }
            _ => {}
        }
        let leader = Leader {
            id: LeaderId(d.id.clone()),
            name: d.name.clone(),
            side,
            tribe: d.tribe.clone(),
            roles,
            successor: d.successor.clone().map(LeaderId),
        };
        for p in leader.problems() {
            rep.field(id, at, "roles", p.to_string());
        }
        leader
    }

    /// 4.11, 4.24: every legion has exactly one Legate.
    pub(super) fn link_legates(
        &mut self,
        pending: Vec<PendingLegion>,
        leaders: &[Leader],
    ) -> Vec<Legion> {
        let mut out = Vec::new();
        for PendingLegion { mut legion, at } in pending {
            let legates: Vec<&Leader> = leaders
                .iter()
                .filter(|l| {
                    l.roles.iter().any(|r| {
                        r.rank == Rank::Legate && r.scope == CommandScope::Legion(legion.id.clone())
                    })
                })
                .collect();
            match legates.as_slice() {
                [] => {
                    self.roman.at(&legion.id, at, "4.11: the legion has no Legate in leaders.ron")
                }
                [first, rest @ ..] => {
                    legion.legate = first.id.clone();
                    for extra in rest {
                        self.leaders.value(
                            extra.id.as_str(),
                            self.leaders_at(extra.id.as_str()),
                            &legion.id,
                            0,
                            format!("4.24: legion {} already has Legate {}", legion.id, first.id),
                        );
                    }
                }
            }
            out.push(legion);
        }
        out
    }

    /// 4.44: each Cavalry Counter has its own Gallic Cavalry Leader, and each
    /// such leader a counter.
    pub(super) fn link_cavalry_leaders(
        &mut self,
        counters: Vec<(CavalryCounter, Option<usize>)>,
        leaders: &[Leader],
    ) -> Vec<CavalryCounter> {
        let mut used = BTreeSet::new();
        for (c, at) in &counters {
            let msg = match leaders.iter().find(|l| l.id == c.leader) {
                None => Some(format!("4.44: unknown Cavalry Leader \"{}\"", c.leader)),
                Some(l) if !l.is(Rank::GallicCavalryLeader) => {
                    Some(format!("4.44: {} is not a Gallic Cavalry Leader", c.leader))
                }
                Some(_) if !used.insert(c.leader.clone()) => {
                    Some(format!("4.44: {} already leads another Cavalry Counter", c.leader))
                }
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.gallic.field(&c.id, *at, "leader", msg);
            }
        }
        for l in leaders.iter().filter(|l| l.is(Rank::GallicCavalryLeader)) {
            if !used.contains(&l.id) {
                let at = self.leaders_at(l.id.as_str());
                self.leaders.at(
                    l.id.as_str(),
                    at,
                    "4.44: this Cavalry Leader has no Cavalry Counter",
                );
            }
        }
        counters.into_iter().map(|(c, _)| c).collect()
    }

    /// Where leader `id` is defined (its first definition).
    pub(super) fn leaders_at(&self, id: &str) -> Option<usize> {
        self.leaders.definition(id)
    }
}
