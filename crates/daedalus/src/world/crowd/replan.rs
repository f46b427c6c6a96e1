//! Stall re-plans answered ahead, in parallel: after the moves of a step,
//! the path of every entity that stalled (and will re-plan at the start
//! of the next step) is found at once on all cores; the next step's
//! re-plan takes that answer when nothing it depends on changed (same
//! start, goal, radius and walls' revision), else it asks the finder as
//! before. The answer is the one the finder would give then: the same
//! question on the same snapshot.

use crate::path::{NavMesh, Path, PathError, Query};
use crate::triangulation::Cdt;
use crate::world::EntityId;
use crate::world::entity::Entity;
use crate::world::ids::Slots;

use super::Crowd;

/// A path found ahead for `id`.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    id: EntityId,
    query: Query,
    revision: u64,
    result: Result<Path, PathError>,
}

impl Crowd {
    /// Finds ahead the paths of the entities that will re-plan at the
    /// next step (a no-op on one thread, or without the `parallel`
    /// feature: nothing to gain).
    #[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
    pub(super) fn prepare_replans(&mut self, cdt: &Cdt, nav: &NavMesh, entities: &Slots<Entity>) {
        self.prepared.clear();
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
            let asks: Vec<(EntityId, Query)> = entities
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
            self.finders.resize_with(n, PathFinder::new);
            let revision = cdt.revision();
            let found: Vec<Vec<Prepared>> = self.finders[..n]
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
            self.prepared = found.into_iter().flatten().collect();
        }
    }

    /// The answer found ahead for entity `id`, if there is one for this
    /// very question on the walls of `revision` (an answer for `id` is
    /// dropped either way: it was for this step only).
    pub(crate) fn take_prepared(
        &mut self,
        id: EntityId,
        query: Query,
        revision: u64,
    ) -> Option<Result<Path, PathError>> {
        let k = self.prepared.iter().position(|p| p.id == id)?;
        let p = self.prepared.swap_remove(k);
        (p.query == query && p.revision == revision).then_some(p.result)
    }
}
