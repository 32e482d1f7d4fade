//! 6.72 for leaders' own steps: what a leader pays to step across this
//! map's fortifications and other features, from the module's Movement
//! Cost Table (the engine's hook `StandardGame::leader_step_cost`).
//!
//! The standard table has no column for leaders; the engine moves them at
//! cavalry costs (SPQR: 9 MP, the cavalry column), so they read the
//! table's cavalry column (Reconstructed), MP only (a leader takes no
//! cohesion hits). Its "P" stops them: no leader over a camp wall, the town
//! wall, a standing stone wall or into a tower; through a gate at the
//! gate's MP. The simplified version's terrain table, which has a leaders'
//! column, prohibits the same four ("Leader P"). Along the sunken road the
//! road is open ground; the climb is the table's (none over the town wall
//! or through its gates).
//!
//! ```
//! use gboh_gergovia::leader_moves::leader_step_cost;
//! use gboh_gergovia::{map, movement};
//! use gboh_core::facing::Direction;
//! let (t, board) = (movement::table().unwrap(), map::board().unwrap());
//! let hex = |l: &str| board.hex_of(l).unwrap();
//! // 0545/0646 is a wall of the large camp: no leader over it.
//! let d = Direction::between(hex("0545"), hex("0646")).unwrap();
//! assert!(leader_step_cost(t, board, hex("0545"), d, false).is_err());
//! // 0645/0646 is its gate: +2 MP over the open ground's 1.
//! let d = Direction::between(hex("0645"), hex("0646")).unwrap();
//! assert_eq!(leader_step_cost(t, board, hex("0645"), d, false).unwrap().half_mp, 6);
//! ```

use gboh_core::board::Board;
use gboh_core::facing::Direction;
use gboh_standard::movement::StepCost;
use hexx::Hex;

use crate::map::areas;
use crate::movement::{Class, MovementTable, Row, fortification, ground_row, step_rows};

/// What a leader pays to step from `from` into the hex in `dir`; `rubble`:
/// the stone wall on that hexside is knocked down ([`crate::walls`]).
///
/// # Errors
/// Why he may not: prohibited to the cavalry column ("P"), off the map, a
/// terrain or climb the table has no row for.
pub fn leader_step_cost(
    table: &MovementTable,
    board: &Board,
    from: Hex,
    dir: Direction,
    rubble: bool,
) -> Result<StepCost, String> {
    let to = dir.neighbor(from);
    let terrain = board.terrain(to).ok_or_else(|| "off the map".to_owned())?;
    let fort = fortification(board, from, dir);
    let road = |h: Hex| board.in_area(areas::SUNKEN_ROAD, h);
    let hex_row = if board.in_area(areas::TOWERS, to) {
        Row::Tower
    } else if board.in_area(areas::GALLIC_CAMP, to) || (road(from) && road(to) && fort.is_none()) {
        Row::OpenGround
    } else {
        ground_row(terrain)?
    };
    let mut rows = vec![hex_row];
    // Along the sunken road, open ground and nothing else.
    if !(road(from) && road(to) && fort.is_none()) {
        rows.extend(step_rows(board, from, dir, rubble)?);
    }
    let mut half_mp: u16 = 0;
    for row in rows {
        if table.hits(row, Class::Cavalry, false).is_none() {
            return Err(format!(
                "6.72, Movement Cost Table: {row:?} is prohibited (P) to a leader (the cavalry column)"
            ));
        }
        let (enter, half) = table.half_mp(row, false);
        half_mp = if enter { half_mp.max(half) } else { half_mp.saturating_add(half) };
    }
    Ok(StepCost { half_mp, hits: 0 })
}
