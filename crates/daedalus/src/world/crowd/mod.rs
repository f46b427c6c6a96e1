//! Crowds: many entities of any radii walking their own exact paths
//! without walking into each other or into walls.
//!
//! With avoidance on ([`World::set_avoidance`]), every [`World::step`]
//! moves the moving entities together:
//!
//! 1. Each entity's preferred velocity points along its own path (the
//!    optimal path for its radius) at its speed.
//! 2. ORCA (`dodgy_2d`) turns it into a velocity that avoids the nearest
//!    entities (found through a spatial grid rebuilt each step in
//!    O(entities)) and the walls near the entity, read from the CDT by a
//!    flood of the triangles around it (never the whole world's walls),
//!    kept while the entity stays near where they were gathered.
//! 3. The move is then clamped exactly: a disc never comes nearer than
//!    its radius to a wall, nor nearer than the sum of radii to another
//!    entity (it slides along what stops it). ORCA is the steering; the
//!    clamp is the guarantee.
//! 4. An entity that made no progress along its path for
//!    [`Avoidance::replan_after`] seconds re-plans from where it stands
//!    (as it does when the walls change under its path; not from the
//!    unmoved start of a plan made on the same walls, which would come
//!    back unchanged); held that long within its radius of its goal, it
//!    counts as arrived. These re-plans are found ahead, on all cores,
//!    right after the moves.
//!
//! Five rules keep crowds flowing where plain ORCA locks up:
//!
//! - Lanes ([`Avoidance::lane`]): optimal paths hug walls, so two flows
//!   through a corridor in opposite directions often want the very same
//!   line. An entity whose path runs near a wall on its left walks to the
//!   right of its path (in the right half of a corridor), so opposite
//!   flows take opposite sides.
//! - An entity that sees someone walking the other way ahead of it (or is
//!   stalled) also turns right for 2 s, when there is room on its right.
//! - Right of way (the deadlock breaker): a jam is a set of walkers, each
//!   without progress for [`Avoidance::replan_after`] seconds, linked by
//!   contact. The heading of its first member (lowest entity slot: a
//!   strict order) has the right of way; a member that walks against it
//!   and faces such a winner gives way: it moves ahead of the winners and
//!   off their line (back the way it came, in a corridor) at half speed
//!   (through the exact clamp alone when ORCA leaves it no velocity, as
//!   in a doorway its disc fills), and so does, in turn, whoever it backs into from behind, until no
//!   winner is within a diameter in front of it. One flow goes on, the
//!   other waits, then goes. Those giving way are not counted as stalled
//!   (no re-plans) and ORCA gives them the larger share of avoidance.
//! - Merges: two stuck walkers of one flow (headings less than a right
//!   angle apart) in contact, each in front of the other, press into the
//!   same gap (a pile at a corridor's corner); the one behind along their
//!   mean heading (the higher slot on a tie) gives way: it backs off along
//!   its own path, as do those it backs into, until no walker of its flow
//!   is within a diameter in front of it.
//! - Arrived entities stay in the avoidance: they step aside (off the
//!   walker's line, to the side with more room) from a walker that comes
//!   close, or from one of them going home from afar (those at home), or
//!   from one going home because a walker wants its place (all of them:
//!   else that walker waits on it, and it on them), and return to their
//!   goal once none is near, or at once when a walker near is going to
//!   where they stand. A walker without progress for
//!   [`Avoidance::replan_after`] seconds also makes those on its line
//!   ahead, within its avoidance horizon, step aside at once (its
//!   avoidance slows it to a halt before it comes close enough to move
//!   them: a walker walled in by arrived entities). A yielder is
//!   kept giving way by one backing into it only when that one is behind
//!   it along the way back (two touching would hold each other), and
//!   one that could not back off for [`Avoidance::replan_after`] seconds
//!   (against a wall, its winner stuck too) stops giving way.
//!
//! The clamp keeps a hair (`geometry::tolerance::RELATIVE`, relative)
//! outside the distances it checks, so a disc touching a wall can still
//! slide along it. Crowds can still lock up, rarely
//! (`scripts/crowd_sweep.sh` counts the seeds of the swap and door tests
//! that do).
//!
//! Groups ([`World::add_group`]) keep spacing ([`Avoidance::spacing`]):
//! [`World::send_group`] gives the members of a shared goal distinct
//! stopping places around it and puts them in file: each sets off after
//! a delay such that, walking its own optimal path, it reaches its place
//! a spacing after the member before it, so the members pass the
//! corridor their paths share in turn instead of bunching at its entry;
//! on the way a member also slows behind a member further along its own
//! path (a strict order, so no two wait for each other). The crowd file
//! tests check this from the positions.
//!
//! ```
//! use daedalus::world::EntityDef;
//! use daedalus::{World, world::{Avoidance, EntityState}};
//! let mut w = World::new([0.0, 0.0], [40.0, 20.0])?;
//! w.set_avoidance(Some(Avoidance::default()))?;
//! let a = w.add_entity(EntityDef::at([5.0, 10.0]).radius(1.0).speed(4.0))?;
//! let b = w.add_entity(EntityDef::at([35.0, 10.0]).radius(1.0).speed(4.0))?;
//! w.set_goal(a, [35.0, 10.0])?; // head on
//! w.set_goal(b, [5.0, 10.0])?;
//! for _ in 0..200 {
//!     w.step(0.1)?;
//!     let (pa, pb) = (w.entity(a)?.position(), w.entity(b)?.position());
//!     assert!(pa.distance(pb) >= 2.0 - 1e-9); // never overlap
//! }
//! assert_eq!(w.entity(a)?.state(), EntityState::Arrived);
//! assert_eq!(w.entity(b)?.state(), EntityState::Arrived);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod advance;
mod grid;
mod group;
mod intent;
mod lane;
mod memo;
mod motion;
mod replan;
mod settle;
mod sweep;
mod way;

#[cfg(doc)]
use super::World;
use super::WorldError;

pub(crate) use group::{Group, file_slots, place_near};
pub(crate) use way::Yielding;

/// Local avoidance settings ([`World::set_avoidance`]).
///
/// ```
/// use daedalus::world::Avoidance;
/// let a = Avoidance { neighbours: 6, ..Avoidance::default() };
/// assert_eq!(a.replan_after, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Avoidance {
    /// Seconds ahead ORCA looks for collisions with other entities.
    pub time_horizon: f64,
    /// Seconds ahead ORCA looks for collisions with walls.
    pub wall_time_horizon: f64,
    /// At most this many nearest entities are avoided (at least 1).
    pub neighbours: usize,
    /// Seconds without progress along the path before an entity re-plans
    /// from where it stands.
    pub replan_after: f64,
    /// Gap a group member keeps behind the member ahead of it, as a
    /// multiple of the sum of their radii (it also sets the start delays
    /// of [`World::send_group`]; 0: no spacing, everyone sets off at once).
    pub spacing: f64,
    /// Lanes (world units): an entity whose path runs nearer than this to
    /// a wall on its left walks to the right of its path, this far from
    /// that wall, or in the right half of a corridor narrower than twice
    /// this: opposite flows take opposite sides. 0: paths as planned.
    pub lane: f64,
}

impl Default for Avoidance {
    fn default() -> Self {
        Avoidance {
            time_horizon: 3.0,
            wall_time_horizon: 0.5,
            neighbours: 10,
            replan_after: 1.0,
            spacing: 0.5,
            lane: 12.0,
        }
    }
}

impl Avoidance {
    /// Every setting in its range ([`WorldError::BadSetting`] names the
    /// first that is not).
    pub(super) fn check(&self) -> Result<(), WorldError> {
        let positive = [
            ("time_horizon", self.time_horizon),
            ("wall_time_horizon", self.wall_time_horizon),
            ("replan_after", self.replan_after),
        ];
        for (name, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                return Err(WorldError::BadSetting { name, value });
            }
        }
        for (name, value) in [("spacing", self.spacing), ("lane", self.lane)] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(WorldError::BadSetting { name, value });
            }
        }
        if self.neighbours == 0 {
            return Err(WorldError::BadSetting {
                name: "neighbours",
                value: 0.0,
            });
        }
        Ok(())
    }
}

/// The crowd a [`World`] owns while avoidance is on: the settings and
/// what a step keeps for the next (the neighbour grid, the per-entity
/// memos, the re-plans found ahead, the step's buffers). Its step reads
/// the walls and moves the entities it is given.
#[derive(Clone, Debug)]
pub(crate) struct Crowd {
    settings: Avoidance,
    grid: grid::Grid,
    memos: memo::Memos,
    /// Stall re-plans found ahead for the next step.
    prepared: Vec<replan::Prepared>,
    /// Finders of those (their buffers kept).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    finders: Vec<crate::path::PathFinder>,
    /// The step's scratch space.
    buffers: motion::Buffers,
}

impl Crowd {
    /// A crowd with these (checked) settings and nothing kept yet.
    pub(crate) fn new(settings: Avoidance) -> Crowd {
        Crowd {
            settings,
            grid: grid::Grid::default(),
            memos: memo::Memos::default(),
            prepared: Vec::new(),
            finders: Vec::new(),
            buffers: motion::Buffers::default(),
        }
    }

    /// The avoidance settings.
    pub(crate) fn settings(&self) -> Avoidance {
        self.settings
    }

    /// New (checked) settings; what the steps kept stays.
    pub(crate) fn set_settings(&mut self, settings: Avoidance) {
        self.settings = settings;
    }
}
