//! [`lend_field_and_turn!`](crate::lend_field_and_turn): the [`Effects`]
//! methods of a game state that keeps its pieces in a
//! [`Field`](crate::Field) and its Sequence of Play in a
//! [`Turn`](crate::Turn), written once for every such game.
//!
//! [`Effects`]: super::Effects

/// Writes, inside an `impl Effects for State` block, the [`Effects`]
/// methods that only lend the engine the state's parts: `field` and
/// `field_mut` (the state's [`Field`](crate::Field) named first), `combat`,
/// `combat_mut` and `activation` (read from its [`Turn`](crate::Turn),
/// named second), and `event` (the engine's [`SimpleEvent`](crate::SimpleEvent)
/// wrapped by the constructor named third, the game's event variant that
/// carries it). The block still states `Game`, `Event`, `routed` and any
/// hook it changes. The calling crate depends on `gboh-core`, as every game
/// does.
///
/// [`Effects`]: crate::rules::effects::Effects
///
/// ```
/// use gboh_core::game::Event;
/// use gboh_simple::doc_game::Tiny;
/// use gboh_simple::rules::effects::Effects;
/// use gboh_simple::{BattleEvent, Field, SimpleGame, Turn, Uid};
///
/// struct Game {
///     field: Field<Tiny>,
///     turn: Turn<u8>,
/// }
///
/// impl Effects for Game {
///     type Game = Tiny;
///     type Event = BattleEvent<u8>;
///     gboh_simple::lend_field_and_turn!(field, turn, BattleEvent::Rule);
///     fn routed(&mut self, _: Uid, _: &mut Vec<Event<BattleEvent<u8>>>) {}
/// }
///
/// let game = Game { field: Field::new(Tiny::roster()), turn: Turn::new(gboh_core::Side::Roman) };
/// // No activation is under way, so there is no combat either.
/// assert!(game.activation().is_none() && game.combat().is_none());
/// ```
#[macro_export]
macro_rules! lend_field_and_turn {
    ($field:ident, $turn:ident, $event:path) => {
        fn field(&self) -> &$crate::Field<Self::Game> {
            &self.$field
        }
        fn field_mut(&mut self) -> &mut $crate::Field<Self::Game> {
            &mut self.$field
        }
        fn combat(&self) -> ::core::option::Option<&$crate::sequence::ActivationCombat> {
            self.$turn.combat()
        }
        fn combat_mut(
            &mut self,
        ) -> ::core::option::Option<&mut $crate::sequence::ActivationCombat> {
            self.$turn.combat_mut()
        }
        fn event(what: $crate::SimpleEvent) -> Self::Event {
            $event(what)
        }
        fn activation(&self) -> ::core::option::Option<(::gboh_core::Side, &[$crate::Uid])> {
            self.$turn.activation()
        }
    };
}
