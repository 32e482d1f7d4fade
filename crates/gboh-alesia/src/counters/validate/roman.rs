//! The Roman counters (2.1, 2.3): cohorts by legion with their scorpio,
//! the auxiliaries and cavalry contingents.

use crate::leader::LeaderId;
use gboh_core::unit::{UnitId, UnitType};

use super::super::def::RomanCountersDef;
use super::super::{Contingent, Legion, Owner};
use super::{
    Builder, File, GROUP_FIELDS, GroupRules, LEGION_FIELDS, Origin, PendingLegion, RomanPart,
};

impl Builder<'_> {
    pub(super) fn roman_units(&mut self, def: &RomanCountersDef) -> RomanPart {
        let file = File::Roman;
        let profiles = self.profiles(file, &def.provenance, &def.profiles);
        let mut legions = Vec::new();
        for d in &def.legions {
            let at = self.claim(file, &d.id);
            self.own(file, &d.id, at);
            let provenance = self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                LEGION_FIELDS,
            );
            let owner = Owner::Legion(d.id.clone());
            let cohort_rule = |t: UnitType| {
                (t != UnitType::CO).then(|| format!("2.23: a legion's cohorts must be CO, not {t}"))
            };
            let rules = GroupRules { allowed: &cohort_rule, relief: false };
            let cohorts = self.groups(file, &owner, at, &d.cohorts, &profiles, &rules);
            if d.cohorts.is_empty() {
                self.roman.field(&d.id, at, "cohorts", "2.23: a legion has 1-10 cohorts, not 0");
            } else if cohorts.len() > 10 {
                self.roman.field(
                    &d.id,
                    at,
                    "cohorts",
                    format!("2.23: a legion has 1-10 cohorts, not {}", cohorts.len()),
                );
            }
            let scorpio_id = UnitId(format!("{}-Scorpio", d.id));
            match profiles.get(&d.scorpio) {
                None => self.roman.field(
                    &d.id,
                    at,
                    "scorpio",
                    format!("unknown profile \"{}\"", d.scorpio),
                ),
                Some(None) => {}
                Some(Some(p)) if p.unit_type != UnitType::Scorpio => self.roman.field(
                    &d.id,
                    at,
                    "scorpio",
                    format!("8.51: a legion's scorpio must be a Scorpio, not {}", p.unit_type),
                ),
                Some(Some(p)) => {
                    let origin = Origin { file, owner: &owner, at, relief: false };
                    self.add_unit(&origin, scorpio_id.0.clone(), &d.scorpio, p);
                }
            }
            legions.push(PendingLegion {
                legion: Legion {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    cohorts,
                    scorpio: scorpio_id,
                    aquila: format!("{}-Aquila", d.id),
                    legate: LeaderId(String::new()),
                    provenance,
                },
                at,
            });
        }
        let mut contingents = Vec::new();
        for d in &def.contingents {
            let at = self.claim(file, &d.id);
            self.own(file, &d.id, at);
            let provenance = self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                GROUP_FIELDS,
            );
            let owner = Owner::Contingent(d.id.clone());
            let rule = |t: UnitType| match t {
                UnitType::LI
                | UnitType::AR
                | UnitType::LN
                | UnitType::LC
                | UnitType::GC
                | UnitType::Palintonos => None,
                UnitType::CO => Some("2.23: cohorts belong to a legion".to_owned()),
                UnitType::Scorpio => Some("8.51: each scorpio belongs to a legion".to_owned()),
                t => Some(format!("2.23: {t} is not a Roman unit")),
            };
            let rules = GroupRules { allowed: &rule, relief: false };
            let units = self.groups(file, &owner, at, &d.units, &profiles, &rules);
            if d.units.is_empty() {
                self.roman.field(&d.id, at, "units", "a contingent needs at least one unit");
            }
            contingents.push(Contingent {
                id: d.id.clone(),
                name: d.name.clone(),
                units,
                provenance,
            });
        }
        RomanPart { legions, contingents }
    }
}
