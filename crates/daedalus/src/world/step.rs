//! One tick of the world: apply obstacle changes, bring navigation up to
//! date, re-plan the touched entities, move everyone.

use crate::Point;
use crate::geometry::Closure;
use crate::geometry::tolerance;
use crate::geometry::{Rect, orient2d};
use crate::objects::ObjectError;
use crate::path::{Path, PathError, PathSampler, Query};

use super::changes::Change;
use super::entity::{Entity, NoPath, Plan};
use super::obstacles::Kind;
use super::{BlockReason, EntityId, EntityState, Event, ObstacleId, World, WorldError};

/// Beyond this many changed boxes in one step, they are merged into one
/// (a conservative box: more re-plans, never fewer).
const MAX_CHANGES: usize = 64;

/// Most boxes one outline's walls are recorded as (runs of consecutive
/// walls; an outline with fewer walls gives one box per wall), fewer when
/// many obstacles move in one step (the step keeps [`MAX_CHANGES`]).
const BOXES_PER_OUTLINE: usize = 8;

/// The boxes of `outline`'s walls (closing wall included when `closed`):
/// up to `per` runs of consecutive walls, each run's box.
fn wall_boxes(outline: &[Point], closed: bool, per: usize) -> Vec<Rect> {
    let n = outline.len();
    let walls = if closed { n } else { n.saturating_sub(1) };
    if walls == 0 {
        return Rect::around(outline.iter().copied()).into_iter().collect();
    }
    let run = walls.div_ceil(per.max(1));
    (0..walls)
        .step_by(run)
        .filter_map(|first| {
            let last = (first + run).min(walls);
            // Points `first..=last` (the last wall ends at point `last`).
            Rect::around((first..=last).map(|k| outline[k % n]))
        })
        .collect()
}

/// A closed obstacle that moved this step.
pub(crate) struct Moved {
    rect: Rect,
    id: super::ObstacleId,
    new: Vec<Point>,
    old: Vec<Point>,
}

impl Moved {
    /// Did it move onto `p` (inside the new outline, not the old one)? A
    /// closed outline around free space (a room's walls) is not solid:
    /// only entering counts.
    fn onto(&self, p: Point) -> bool {
        self.rect.contains(p) && inside(&self.new, p) && !inside(&self.old, p)
    }
}

/// Is `p` strictly inside the closed polygon (exact orientation tests)?
fn inside(poly: &[Point], p: Point) -> bool {
    let mut wn = 0i32;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let o = orient2d(a, b, p);
        if o == 0.0
            && p.x >= a.x.min(b.x)
            && p.x <= a.x.max(b.x)
            && p.y >= a.y.min(b.y)
            && p.y <= a.y.max(b.y)
        {
            return false; // on the outline: the wall test decides
        }
        if a.y <= p.y {
            if b.y > p.y && o > 0.0 {
                wn += 1;
            }
        } else if b.y <= p.y && o < 0.0 {
            wn -= 1;
        }
    }
    wn != 0
}

impl World {
    /// Advances the world by `dt` seconds: applies the pending obstacle
    /// changes, updates navigation ([`crate::path::NavMesh::update`]),
    /// pushes or blocks the entities an obstacle moved onto, re-plans the
    /// entities whose remaining path a change came within their radius of
    /// (and the blocked ones a change could free), then moves every moving
    /// entity `speed * dt` along its path. A failed plan keeps the previous
    /// path and blocks the entity until a change could alter the answer.
    ///
    /// ```
    /// use daedalus::world::EntityDef;
    /// use daedalus::{World, world::{Event, WorldError}};
    /// let mut w = World::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let e = w.add_entity(EntityDef::at([1.0, 1.0]).radius(0.5).speed(2.0)).unwrap();
    /// w.set_goal(e, [5.0, 1.0]).unwrap();
    /// assert!(w.step(1.0).unwrap().is_empty());
    /// assert_eq!(w.entity(e).unwrap().position(), [3.0, 1.0].into());
    /// assert_eq!(w.step(1.0).unwrap(), vec![Event::Arrived(e)]);
    /// assert!(matches!(w.step(f64::NAN), Err(WorldError::BadStep(_))));
    /// ```
    pub fn step(&mut self, dt: f64) -> Result<Vec<Event>, WorldError> {
        if !(dt.is_finite() && dt >= 0.0) {
            return Err(WorldError::BadStep(dt));
        }
        let mut events = Vec::new();
        self.apply_pending(&mut events);
        self.update_nav();
        let mut changes = std::mem::take(&mut self.changes);
        self.log.record(&changes);
        // Closed obstacles that moved: old and new outlines (an entity they
        // moved onto can be inside one, far from its walls).
        let closed: Vec<Moved> = changes
            .iter()
            .filter_map(|c| {
                let id = c.by?;
                let o = self.obstacles.get_mut(id.idx, id.generation)?;
                let old = o.before.take()?;
                let rect = o.applied;
                (o.closure == Closure::Closed)
                    .then(|| {
                        Some(Moved {
                            rect,
                            id,
                            new: self.obstacle_outline(id).ok()?,
                            old,
                        })
                    })
                    .flatten()
            })
            .collect();
        if changes.len() > MAX_CHANGES {
            let r = changes
                .iter()
                .skip(1)
                .fold(changes[0].rect, |r, c| r.union(&c.rect));
            changes = vec![Change {
                rect: r,
                by: None,
                area: false,
            }];
        }
        let ids: Vec<EntityId> = self
            .entities
            .iter()
            .map(|(idx, generation, _)| EntityId { idx, generation })
            .collect();
        for id in ids {
            self.tick_entity(id, dt, &changes, &closed, &mut events);
        }
        // with avoidance on, everyone moves together (crowd module)
        if let Some(crowd) = self.crowd.as_mut() {
            crowd.step(&self.cdt, &self.nav, &mut self.entities, dt, &mut events);
        }
        Ok(events)
    }

    /// The path from `from` to `to` for a disc of radius `r` (entity
    /// `id`'s re-plan): the crowd's answer found ahead if it has one for
    /// this very question on these walls, else the world's finder's.
    fn replan_path(
        &mut self,
        id: EntityId,
        from: Point,
        to: Point,
        r: f64,
    ) -> Result<Path, PathError> {
        let query = Query {
            from,
            to,
            radius: r,
        };
        let revision = self.cdt.revision();
        if let Some(found) = self
            .crowd
            .as_mut()
            .and_then(|c| c.take_prepared(id, query, revision))
        {
            return found;
        }
        self.finder.find_path(&self.nav, from, to, r)
    }

    /// `Objects::update` for the queued obstacles; records the changed boxes.
    fn apply_pending(&mut self, events: &mut Vec<Event>) {
        if self.pending.is_empty() {
            return;
        }
        let rejected = match self.objects.update(&mut self.cdt) {
            Err(ObjectError::Rejected(r)) => r,
            // (an update fails with nothing else)
            _ => Vec::new(),
        };
        // Within `MAX_CHANGES` for up to 16 moved obstacles.
        let per = (MAX_CHANGES / self.pending.len()).saturating_sub(2) / 2;
        let per = per.clamp(1, BOXES_PER_OUTLINE);
        for id in std::mem::take(&mut self.pending) {
            let Some(o) = self.obstacles.get_mut(id.idx, id.generation) else {
                continue;
            };
            o.queued = false;
            let Kind::Movable(m) = o.kind else { continue };
            if let Some(r) = rejected.iter().find(|r| r.object == m) {
                events.push(Event::ObstacleRejected {
                    obstacle: id,
                    error: r.error.clone(),
                });
                continue;
            }
            let Ok(outline) = self.objects.outline(m) else {
                continue;
            };
            let new = Rect::around(outline.iter().copied()).expect("non-empty outline");
            let o = self.obstacles.get_mut(id.idx, id.generation).expect("live");
            let old = std::mem::replace(&mut o.applied, new);
            let closed = o.closure == Closure::Closed;
            // The walls' own boxes, a few per outline: a large or concave
            // ring that moves touches the paths near its walls, not every
            // path inside its box.
            let olds = o
                .before
                .as_ref()
                .map_or_else(|| vec![old], |b| wall_boxes(b, closed, per));
            let news = wall_boxes(&outline, closed, per);
            // A closed outline's inside moves too: what it covers or frees.
            if closed && (olds.len() > 1 || news.len() > 1) {
                self.changes.extend([old, new].map(|rect| Change {
                    rect,
                    by: None,
                    area: true,
                }));
            }
            self.changes.extend(olds.into_iter().map(|rect| Change {
                rect,
                by: None,
                area: false,
            }));
            // The first of the new boxes names the obstacle (see `step`).
            self.changes
                .extend(news.into_iter().enumerate().map(|(k, rect)| Change {
                    rect,
                    by: (k == 0).then_some(id),
                    area: false,
                }));
        }
    }

    /// Is the entity's disc covered (a wall nearer than its radius, or
    /// inside a changed closed obstacle)? Returns the obstacle when known.
    fn covered(&self, p: Point, r: f64, closed: &[Moved]) -> Option<Option<ObstacleId>> {
        if let Some(m) = closed.iter().find(|m| m.onto(p)) {
            return Some(Some(m.id));
        }
        if self.cdt.is_free(p, r).unwrap_or(false) {
            None
        } else {
            // the nearest changed obstacle, when one is that near
            let by = closed
                .iter()
                .find(|m| m.rect.distance(p) <= r)
                .map(|m| m.id);
            Some(by)
        }
    }

    fn tick_entity(
        &mut self,
        id: EntityId,
        dt: f64,
        changes: &[Change],
        closed: &[Moved],
        events: &mut Vec<Event>,
    ) {
        // nothing to do (no change, no check or re-plan asked, the crowd
        // moves it): left in place, not moved out and back
        let slot = self.entities.get_mut(id.idx, id.generation).expect("live");
        if changes.is_empty()
            && !slot.check
            && !slot.replan
            && (self.crowd.is_some() || slot.state != EntityState::Moving)
        {
            return;
        }
        // moved out, not cloned (a placeholder without heap holds the slot;
        // nothing below reads it, every return writes `e` back)
        let hold = Entity::new(slot.position, slot.radius, slot.speed);
        let mut e = std::mem::replace(slot, hold);
        let (p, r) = (e.position, e.radius);
        let slack = tolerance::RELATIVE * (1.0 + r);
        let near_p = changes.iter().any(|c| c.rect.distance(p) <= r + slack);
        let was_blocked = matches!(e.state, EntityState::Blocked(_));
        let mut replan = e.replan;
        // 1. An obstacle moved onto it: push it free, or block it.
        if e.check || near_p {
            e.check = false;
            if let Some(by) = self.covered(p, r, closed) {
                let inside_obstacle = closed.iter().any(|m| m.onto(p));
                let to = if inside_obstacle {
                    None
                } else {
                    self.cdt
                        .nearest_free(p, r, self.push * r)
                        .ok()
                        .flatten()
                        .filter(|q| self.covered(*q, r, closed).is_none())
                };
                match to {
                    Some(q) => {
                        e.position = q;
                        events.push(Event::Pushed {
                            entity: id,
                            from: p,
                            to: q,
                        });
                        replan |= e.goal.is_some() && e.state != EntityState::Arrived;
                        if matches!(e.state, EntityState::Blocked(BlockReason::Covered { .. })) {
                            e.state = if e.goal.is_some() {
                                EntityState::Moving
                            } else {
                                EntityState::Idle
                            };
                            events.push(Event::Unblocked(id));
                        }
                    }
                    None => {
                        let reason = BlockReason::Covered { by };
                        if e.state != EntityState::Blocked(reason) {
                            events.push(Event::Blocked { entity: id, reason });
                        }
                        e.state = EntityState::Blocked(reason);
                        *self.entities.get_mut(id.idx, id.generation).expect("live") = e;
                        return;
                    }
                }
            } else if matches!(e.state, EntityState::Blocked(BlockReason::Covered { .. })) {
                // freed by a change
                if e.goal.is_some() {
                    replan = true;
                } else {
                    e.state = EntityState::Idle;
                    events.push(Event::Unblocked(id));
                }
            }
        }
        // 2. Re-plan when a change touched what the plan depends on.
        if let Some(g) = e.goal
            && !replan
        {
            replan = match e.state {
                EntityState::Moving => e.plan.as_ref().is_some_and(|pl| {
                    changes
                        .iter()
                        .any(|c| !c.area && pl.sampler.remaining_near(pl.travelled, &c.rect, r))
                }),
                EntityState::Blocked(BlockReason::GoalCovered) => {
                    changes.iter().any(|c| c.rect.distance(g) <= r + slack)
                }
                EntityState::Blocked(BlockReason::NoPath) => match e.no_path {
                    Some(c) => c.retry(e.position, g, changes),
                    None => !changes.is_empty(),
                },
                _ => false,
            };
        }
        if replan && let Some(goal) = e.goal {
            e.replan = false;
            let counted = e.plan.is_some() || was_blocked;
            match self.replan_path(id, e.position, goal, r) {
                Ok(path) => {
                    let sampler = PathSampler::new(&path, 1.0).expect("step 1 is valid");
                    e.plan = Some(Plan {
                        path,
                        sampler,
                        travelled: 0.0,
                    });
                    e.last_error = None;
                    e.no_path = None;
                    if counted {
                        self.replans += 1;
                        events.push(Event::Replanned(id));
                    }
                    if was_blocked {
                        events.push(Event::Unblocked(id));
                    }
                    e.state = EntityState::Moving;
                }
                Err(error) => {
                    let reason = match error {
                        PathError::StartBlocked => BlockReason::Covered { by: None },
                        PathError::GoalBlocked => BlockReason::GoalCovered,
                        _ => BlockReason::NoPath,
                    };
                    if counted {
                        self.replans += 1;
                    }
                    // certified once per failure (see `NavMesh::apart`)
                    e.no_path = (error == PathError::NoPath).then(|| NoPath {
                        from: e.position,
                        to: goal,
                        rect: self.nav.apart(e.position, goal, r),
                    });
                    e.last_error = Some(error.clone());
                    events.push(Event::ReplanFailed { entity: id, error });
                    if e.state != EntityState::Blocked(reason) {
                        events.push(Event::Blocked { entity: id, reason });
                    }
                    e.state = EntityState::Blocked(reason);
                }
            }
        }
        // 3. Walk (alone; the crowd step moves everyone otherwise).
        if self.crowd.is_none()
            && e.state == EntityState::Moving
            && let Some(pl) = e.plan.as_mut()
        {
            pl.travelled += e.speed * dt;
            if pl.travelled >= pl.sampler.length() {
                pl.travelled = pl.sampler.length();
                e.position = pl.path.goal;
                e.state = EntityState::Arrived;
                events.push(Event::Arrived(id));
            } else {
                let cdt = &self.cdt;
                e.position = pl
                    .sampler
                    .point_at_free(pl.travelled, |q| cdt.is_free(q, r) == Ok(true));
            }
        }
        *self.entities.get_mut(id.idx, id.generation).expect("live") = e;
    }
}
