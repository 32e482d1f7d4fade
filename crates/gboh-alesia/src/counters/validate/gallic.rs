//! The Gallic counters (2.2, 2.24, 5.4): tribes and their clients, the
//! Tribal and Cavalry Counters, the cavalry pool and the Alesia Force.

use std::collections::BTreeSet;

use crate::leader::LeaderId;
use gboh_core::unit::UnitType;

use super::super::def::GallicCountersDef;
use super::super::{AlesiaForce, CavalryCounter, CavalryPool, Owner, TribalCounter, Tribe};
use super::{
    ALESIA_FIELDS, Builder, CAVALRY_COUNTER_FIELDS, File, GROUP_FIELDS, GallicPart, GroupRules,
    TRIBAL_COUNTER_FIELDS, TRIBE_FIELDS, in_range,
};

impl Builder<'_> {
    pub(super) fn gallic_units(&mut self, def: &GallicCountersDef) -> GallicPart {
        let file = File::Gallic;
        let profiles = self.profiles(file, &def.provenance, &def.profiles);
        let mut counter_ids = BTreeSet::new();
        let mut tribal_counters = Vec::new();
        let mut tribes: Vec<(Tribe, Option<usize>)> = Vec::new();
        let tribe_rule = |t: UnitType| match t {
            UnitType::BI | UnitType::AR => None,
            t => Some(format!("2.25: a tribe's units are BI and archers, not {t}")),
        };
        for c in &def.tribal_counters {
            let at = self.claim(file, &c.id);
            if !counter_ids.insert(c.id.clone()) {
                self.gallic.at(&c.id, at, "duplicated Tribal Counter id");
            }
            let provenance = self.provenance(
                file,
                &c.id,
                at,
                &def.provenance,
                c.provenance.as_ref(),
                &c.sources,
                TRIBAL_COUNTER_FIELDS,
            );
            let mut units = 0usize;
            let mut members = Vec::new();
            for t in &c.tribes {
                let tat = self.claim(file, &t.id);
                self.own(file, &t.id, tat);
                let tprov = self.provenance(
                    file,
                    &t.id,
                    tat,
                    &def.provenance,
                    t.provenance.as_ref(),
                    &t.sources,
                    TRIBE_FIELDS,
                );
                let owner = Owner::Tribe(t.id.clone());
                let rules = GroupRules { allowed: &tribe_rule, relief: true };
                let ids = self.groups(file, &owner, tat, &t.units, &profiles, &rules);
                if t.units.is_empty() {
                    self.gallic.field(
                        &t.id,
                        tat,
                        "units",
                        "4.42: a tribe needs at least one combat unit",
                    );
                }
                units += ids.len();
                members.push(t.id.clone());
                tribes.push((
                    Tribe {
                        id: t.id.clone(),
                        name: t.name.clone().unwrap_or_else(|| t.id.clone()),
                        counter: c.id.clone(),
                        client_of: t.client_of.clone(),
                        units: ids,
                        provenance: tprov,
                    },
                    tat,
                ));
            }
            if c.tribes.is_empty() {
                self.gallic.field(
                    &c.id,
                    at,
                    "tribes",
                    "5.41: a Tribal Counter represents at least one tribe",
                );
            }
            if !in_range(c.control, 1, 9) {
                self.gallic.field(
                    &c.id,
                    at,
                    "control",
                    format!("4.42: Control {} is out of range 1-9", c.control),
                );
            }
            if usize::from(c.size) != units {
                self.gallic.field(
                    &c.id,
                    at,
                    "size",
                    format!("4.42: Size {} but its tribes have {units} combat units", c.size),
                );
            }
            if !in_range(c.withdrawal, 1, c.size.max(1)) {
                self.gallic.field(
                    &c.id,
                    at,
                    "withdrawal",
                    format!(
                        "4.42: Withdrawal {} is out of range 1-{}",
                        c.withdrawal,
                        c.size.max(1)
                    ),
                );
            }
            tribal_counters.push(TribalCounter {
                id: c.id.clone(),
                name: c.name.clone(),
                control: c.control,
                size: c.size,
                withdrawal: c.withdrawal,
                tribes: members,
                provenance,
            });
        }
        self.check_clients(&tribes);

        let mut cavalry_counters = Vec::new();
        for c in &def.cavalry_counters {
            let at = self.claim(file, &c.id);
            if !counter_ids.insert(c.id.clone()) {
                self.gallic.at(&c.id, at, "duplicated Cavalry Counter id");
            }
            let provenance = self.provenance(
                file,
                &c.id,
                at,
                &def.provenance,
                c.provenance.as_ref(),
                &c.sources,
                CAVALRY_COUNTER_FIELDS,
            );
            if !in_range(c.size, 1, 10) {
                self.gallic.field(
                    &c.id,
                    at,
                    "size",
                    format!("4.44, 5.7: a Cavalry Counter holds up to ten units, not {}", c.size),
                );
            }
            if !in_range(c.control, 1, 9) {
                self.gallic.field(
                    &c.id,
                    at,
                    "control",
                    format!("4.42: Control {} is out of range 1-9", c.control),
                );
            }
            if !in_range(c.withdrawal, 1, c.size.clamp(1, 10)) {
                self.gallic.field(
                    &c.id,
                    at,
                    "withdrawal",
                    format!(
                        "10.74: Withdrawal {} is out of range 1-{}",
                        c.withdrawal,
                        c.size.clamp(1, 10)
                    ),
                );
            }
            cavalry_counters.push((
                CavalryCounter {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    control: c.control,
                    size: c.size,
                    withdrawal: c.withdrawal,
                    leader: LeaderId(c.leader.clone()),
                    provenance,
                },
                at,
            ));
        }

        let pool = &def.cavalry;
        let at = self.claim(file, &pool.id);
        self.own(file, &pool.id, at);
        let provenance = self.provenance(
            file,
            &pool.id,
            at,
            &def.provenance,
            pool.provenance.as_ref(),
            &pool.sources,
            GROUP_FIELDS,
        );
        let pool_rule = |t: UnitType| {
            (!(t.is_cavalry() || t == UnitType::LI))
                .then(|| format!("4.44: the Cavalry Counters hold cavalry and LI, not {t}"))
        };
        let owner = Owner::GallicCavalry(pool.id.clone());
        let rules = GroupRules { allowed: &pool_rule, relief: true };
        let units = self.groups(file, &owner, at, &pool.units, &profiles, &rules);
        let cavalry =
            CavalryPool { id: pool.id.clone(), name: pool.name.clone(), units, provenance };

        let force = &def.alesia_force;
        let at = self.claim(file, &force.id);
        self.own(file, &force.id, at);
        let provenance = self.provenance(
            file,
            &force.id,
            at,
            &def.provenance,
            force.provenance.as_ref(),
            &force.sources,
            ALESIA_FIELDS,
        );
        let owner = Owner::AlesiaForce(force.id.clone());
        // 10.42 play note, 10.63: Alesia Force BI do not rout.
        let rules = GroupRules { allowed: &tribe_rule, relief: false };
        let units = self.groups(file, &owner, at, &force.units, &profiles, &rules);
        let most = u8::try_from(units.len()).unwrap_or(u8::MAX).max(1);
        if !in_range(force.withdrawal, 1, most) {
            self.gallic.field(
                &force.id,
                at,
                "withdrawal",
                format!("5.66: Withdrawal {} is out of range 1-{most}", force.withdrawal),
            );
        }
        let alesia_force = AlesiaForce {
            id: force.id.clone(),
            name: force.name.clone(),
            withdrawal: force.withdrawal,
            units,
            provenance,
        };
        GallicPart { tribal_counters, tribes, cavalry_counters, cavalry, alesia_force }
    }

    /// 2.24: a client's father tribe exists, is not a client, and comes in on
    /// the same Tribal Counter.
    pub(super) fn check_clients(&mut self, tribes: &[(Tribe, Option<usize>)]) {
        for (t, at) in tribes {
            let Some(father) = &t.client_of else { continue };
            let msg = match tribes.iter().find(|(f, _)| &f.id == father) {
                None => Some(format!("2.24: client of unknown tribe \"{father}\"")),
                Some((f, _)) if f.id == t.id => {
                    Some("2.24: a tribe cannot be its own client".to_owned())
                }
                Some((f, _)) if f.client_of.is_some() => {
                    Some(format!("2.24: father tribe {father} is itself a client"))
                }
                Some((f, _)) if f.counter != t.counter => Some(format!(
                    "2.24: father tribe {father} is on Tribal Counter {}, not {}",
                    f.counter, t.counter
                )),
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.gallic.field(&t.id, *at, "client_of", msg);
            }
        }
    }
}
