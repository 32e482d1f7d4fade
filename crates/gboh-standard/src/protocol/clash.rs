//! The defender's pick of the unit type that sets a shock's column, for a
//! game that asks for it ([`StandardGame::owner_picks_clash_type`];
//! Gergovia's correction to C:CoG 8.36 #B); SPQR 8.73 reads the lowest.

use gboh_core::dice::Dice;

use super::{Battle, Phase, StandardError};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;

impl<G: StandardGame> Battle<G> {
    /// Gergovia 8.36 #B: the defenders of `attacker`'s shock whose type the
    /// defending player may pick for its column, lowest column first (the
    /// engine's default first), when the game lets him pick and they are of
    /// more than one type; otherwise none.
    pub(super) fn clash_candidates(&self, attacker: usize) -> Vec<usize> {
        if !self.game.owner_picks_clash_type()
            || !self.field.units.get(attacker).is_some_and(|s| s.in_play())
        {
            return Vec::new();
        }
        let Some(a_class) = self.field.def(attacker).map(|d| d.class()) else {
            return Vec::new();
        };
        // SPQR 8.42: the defenders of its combat (with the units joined to
        // it), those not shocked yet this segment.
        let defenders = self.combat_defenders(&self.combat_group(attacker));
        let mut cols: Vec<(_, usize, ShockClass)> = defenders
            .iter()
            .filter(|&&d| self.field.units.get(d).is_some_and(|s| s.in_play()))
            .filter_map(|&d| {
                let class = self.field.def(d)?.class();
                let col = self.tables.clash.column(self.aspect(d, attacker), class, a_class)?;
                Some((col, d, class))
            })
            .collect();
        cols.sort_by_key(|c| (c.0, c.1));
        let first = cols.first().map(|c| c.2);
        if cols.iter().all(|c| Some(c.2) == first) {
            return Vec::new();
        }
        cols.into_iter().map(|c| c.1).collect()
    }

    /// Gergovia 8.36 #B: the defender picked `unit`'s type; the shock and
    /// the rest of the Shock segment go on.
    pub(super) fn perform_clash_type(
        &mut self,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::ClashChoice { orders, queue } = self.phase.clone() else { return Ok(()) };
        self.phase = Phase::Orders(orders);
        if self.run_shocks_picked(queue, Some(unit), dice, events)? {
            return Ok(());
        }
        self.after_phase(dice, events)
    }
}
