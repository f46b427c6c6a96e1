//! Stall re-plans answered ahead, in parallel: after the moves of a step,
//! the path of every entity that stalled (and will re-plan at the start
//! of the next step) is found at once on all cores; the next step's
//! re-plan takes that answer when nothing it depends on changed (same
//! start, goal, radius and walls' revision), else it asks the finder as
//! before. The answer is the one the finder would give then: the same
//! question on the same snapshot.

use crate::Point;
use crate::path::{Path, PathError, Query};
use crate::world::{EntityId, World};

use super::Crowd;

/// A path found ahead for `id`.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    id: EntityId,
    query: Query,
    revision: u64,
    result: Result<Path, PathError>,
}

impl World {
    /// Finds ahead the paths of the entities that will re-plan at the
    /// next step (a no-op on one thread, or without the `parallel`
    /// feature: nothing to gain).
    pub(crate) fn prepare_replans(&mut self, crowd: &mut Crowd) {
        crowd.prepared.clear();
        #[cfg(feature = "parallel")]
        {
            use crate::path::PathFinder;
            use crate::world::EntityState;
            use rayon::prelude::*;
            /// Fewer re-plans than this are left to the next step's finder.
            const MIN_BATCH: usize = 4;
            let threads = rayon::current_num_threads();
            if threads < 2 {
                return;
            }
            let asks: Vec<(EntityId, Query)> = self
                .entities
                .iter()
                .filter(|(_, _, e)| e.replan && e.state == EntityState::Moving)
                .filter_map(|(idx, generation, e)| {
                    let q = Query {
                        from: e.position,
                        to: e.goal?,
                        radius: e.radius,
                    };
                    Some((EntityId { idx, generation }, q))
                })
                .collect();
            if asks.len() < MIN_BATCH {
                return;
            }
            // finders kept from step to step (their buffers are sized to
            // the mesh), one per chunk
            let chunk = asks.len().div_ceil(threads);
            let n = asks.len().div_ceil(chunk);
            crowd.finders.resize_with(n, PathFinder::new);
            let nav = &self.nav;
            let revision = self.cdt.revision();
            let found: Vec<Vec<Prepared>> = crowd.finders[..n]
                .par_iter_mut()
                .zip(asks.par_chunks(chunk))
                .map(|(f, c)| {
                    c.iter()
                        .map(|&(id, q)| Prepared {
                            id,
                            query: q,
                            revision,
                            result: f.find_path(nav, q.from, q.to, q.radius),
                        })
                        .collect()
                })
                .collect();
            crowd.prepared = found.into_iter().flatten().collect();
        }
    }

    /// The path from `from` to `to` for a disc of radius `r` (entity
    /// `id`'s re-plan): found ahead if it was, for this very question on
    /// these walls, else by the world's finder.
    pub(crate) fn replan_path(
        &mut self,
        id: EntityId,
        from: Point,
        to: Point,
        r: f64,
    ) -> Result<Path, PathError> {
        let revision = self.cdt.revision();
        if let Some(c) = self.crowd.as_mut()
            && let Some(k) = c.prepared.iter().position(|p| p.id == id)
        {
            let p = c.prepared.swap_remove(k);
            let q = Query {
                from,
                to,
                radius: r,
            };
            if p.query == q && p.revision == revision {
                return p.result;
            }
        }
        self.finder.find_path(&self.nav, from, to, r)
    }
}
