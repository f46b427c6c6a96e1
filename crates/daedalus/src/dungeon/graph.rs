//! Step 2: the room graph, a randomised depth-first search over the
//! triangulation's edges.

use super::floor::Floor;
use super::{Cell, DungeonError, DungeonParams, GRAPH_ATTEMPTS, Points, SplitMix64};

/// Random streams of step 2 start here (one per attempt).
const STREAM: u64 = 2 << 32;

/// One link of the room graph: `parent` is one step nearer the first room.
///
/// ```
/// let l = daedalus::dungeon::RoomLink { parent: 0, child: 1 };
/// assert_eq!(l.child, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomLink {
    /// The room nearer room 0.
    pub parent: usize,
    /// The room one link deeper.
    pub child: usize,
}

/// The room graph: a tree over rooms `0..n` rooted at room 0 (the usable
/// site nearest the grid centre), rooms numbered in the order the search
/// reached them.
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph};
/// let p = DungeonParams::default();
/// let g = room_graph(&points(&p).unwrap(), &p).unwrap();
/// assert_eq!(g.sites.len(), 24);
/// assert_eq!(g.links.len(), 23);
/// assert!(g.depth.iter().all(|&d| d <= p.branch_depth));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RoomGraph {
    /// The site (grid point of [`Points::sites`]) of each room.
    pub sites: Vec<usize>,
    /// The parent of each room (`None` for room 0).
    pub parent: Vec<Option<usize>>,
    /// Links from room 0 to each room.
    pub depth: Vec<usize>,
    /// The tree's links, in the order they were made.
    pub links: Vec<RoomLink>,
}

impl RoomGraph {
    /// Checks that the graph is a tree over its rooms, numbered as
    /// [`room_graph`] makes them, on sites `0..sites` (a graph edited by a
    /// caller could be anything): the first room at fault, if any.
    pub(crate) fn check(&self, sites: usize) -> Result<(), DungeonError> {
        let n = self.sites.len();
        let bad = |room| Err(DungeonError::GraphMismatch { room });
        if n == 0 || self.parent.len() != n || self.depth.len() != n {
            return bad(0);
        }
        if self.links.len() != n - 1 {
            return bad(n - 1);
        }
        if let Some(r) = self.sites.iter().position(|&s| s >= sites) {
            return bad(r);
        }
        for (i, l) in self.links.iter().enumerate() {
            // link i makes room i + 1, below an older room
            if l.child != i + 1 || l.parent > i || self.parent[l.child] != Some(l.parent) {
                return bad(i + 1);
            }
        }
        Ok(())
    }
}

/// Most rooms in a tree of depth `<= depth` with `<= branches` children
/// per room (saturating).
pub(crate) fn max_tree_size(depth: usize, branches: usize) -> usize {
    let (mut total, mut level) = (1usize, 1usize);
    for _ in 0..depth {
        level = level.saturating_mul(branches);
        if level == 0 {
            break;
        }
        total = total.saturating_add(level);
        if total == usize::MAX {
            break;
        }
    }
    total
}

/// What is known of a site: not looked at yet, not usable as a room, or
/// its cell and floor.
#[derive(Clone, Debug)]
enum Slot {
    Unknown,
    Unusable,
    Usable(Box<(Cell, Floor)>),
}

/// Sites' cells and floors, computed on first use (the search looks at
/// the neighbourhood of its rooms only, not the whole grid).
pub(crate) struct Sites<'a> {
    points: &'a Points,
    params: &'a DungeonParams,
    slots: Vec<Slot>,
}

impl<'a> Sites<'a> {
    pub(crate) fn new(points: &'a Points, params: &'a DungeonParams) -> Sites<'a> {
        Sites {
            points,
            params,
            slots: vec![Slot::Unknown; points.sites.len()],
        }
    }

    /// The cell and floor of site `s`, if it can hold a room.
    pub(crate) fn get(&mut self, s: usize) -> Option<&(Cell, Floor)> {
        if let Slot::Unknown = self.slots[s] {
            self.slots[s] = match Cell::of(self.points, s)
                .and_then(|c| Floor::of(&c, self.params).map(|f| (c, f)))
            {
                Some(cf) => Slot::Usable(Box::new(cf)),
                None => Slot::Unusable,
            };
        }
        match &self.slots[s] {
            Slot::Usable(b) => Some(b),
            _ => None,
        }
    }

    /// Can rooms at sites `a` and `b` be joined by a door? Both usable,
    /// neighbours, and the door fits their shared edge on both sides.
    pub(crate) fn door_ok(&mut self, a: usize, b: usize) -> bool {
        let params = self.params;
        let fits = |sites: &mut Sites, x: usize, y: usize| match sites.get(x) {
            Some((cell, floor)) => match cell.neighbours.iter().position(|&n| n == y) {
                Some(j) => floor.door_fits(cell, j, params),
                None => false,
            },
            None => false,
        };
        fits(self, a, b) && fits(self, b, a)
    }
}

/// Step 2: from the usable site nearest the grid centre, a randomised
/// depth-first search: the newest room gets a child drawn at random among
/// its usable, unvisited neighbours (joined by a door that fits) while it
/// is shallower than `branch_depth` and has fewer than `branches`
/// children; otherwise the search backs up to its parent. It stops at
/// `rooms` rooms. A search that runs out of rooms first is retried from
/// another random stream, [`GRAPH_ATTEMPTS`] times in all.
///
/// A site is usable when its cell is proper ([`Cell::of`]) and its floor
/// (the cell less half a wall) holds a disc of the door's width about the
/// site; a door fits an edge when the edge holds the door plus half a
/// wall each side and the doorway opens onto clear floor.
///
/// ```
/// use daedalus::dungeon::{DungeonError, DungeonParams, points, room_graph};
/// let p = DungeonParams { rooms: 5000, branch_depth: 100, ..Default::default() };
/// let err = room_graph(&points(&p).unwrap(), &p).unwrap_err();
/// assert!(matches!(err, DungeonError::TooManyRooms { requested: 5000, .. }));
/// ```
pub fn room_graph(points: &Points, params: &DungeonParams) -> Result<RoomGraph, DungeonError> {
    params.validate()?;
    let nc = params.rooms;
    let mut sites = Sites::new(points, params);
    if nc > points.sites.len() {
        return Err(no_rooms(points, params, &mut sites, 0));
    }
    // sites by distance to the centre (index breaks ties): the first usable one is the root
    let mut order: Vec<(f64, usize)> = points
        .sites
        .iter()
        .enumerate()
        .map(|(i, p)| (p.distance_squared(points.centre), i))
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let Some(root) = order
        .iter()
        .map(|&(_, i)| i)
        .find(|&i| sites.get(i).is_some())
    else {
        return Err(no_rooms(points, params, &mut sites, 0));
    };
    let mut in_tree = vec![false; points.sites.len()];
    let mut best = 0;
    for attempt in 0..GRAPH_ATTEMPTS {
        let mut rng = SplitMix64::stream(params.seed, STREAM + attempt);
        let g = search(points, params, &mut sites, &mut in_tree, root, &mut rng);
        for &s in &g.sites {
            in_tree[s] = false;
        }
        if g.sites.len() == nc {
            return Ok(g);
        }
        best = best.max(g.sites.len());
    }
    Err(no_rooms(points, params, &mut sites, best))
}

/// One randomised depth-first search from `root`.
fn search(
    points: &Points,
    params: &DungeonParams,
    sites: &mut Sites,
    in_tree: &mut [bool],
    root: usize,
    rng: &mut SplitMix64,
) -> RoomGraph {
    let mut g = RoomGraph {
        sites: vec![root],
        parent: vec![None],
        depth: vec![0],
        links: Vec::new(),
    };
    in_tree[root] = true;
    let mut children = vec![0usize];
    let mut stack = vec![0usize];
    let mut options = Vec::new();
    while g.sites.len() < params.rooms {
        let Some(&top) = stack.last() else { break };
        if g.depth[top] < params.branch_depth && children[top] < params.branches {
            let s = g.sites[top];
            options.clear();
            options.extend(points.neighbours(s).flatten().filter(|&w| !in_tree[w]));
            options.retain(|&w| sites.door_ok(s, w));
            if !options.is_empty() {
                let w = options[rng.below(options.len())];
                let room = g.sites.len();
                g.sites.push(w);
                g.parent.push(Some(top));
                g.depth.push(g.depth[top] + 1);
                g.links.push(RoomLink {
                    parent: top,
                    child: room,
                });
                children[top] += 1;
                children.push(0);
                in_tree[w] = true;
                stack.push(room);
                continue;
            }
        }
        stack.pop();
    }
    g
}

/// The error for a search that could not place every room: too few usable
/// sites, a door too wide for every edge, or else a stuck search.
fn no_rooms(
    points: &Points,
    params: &DungeonParams,
    sites: &mut Sites,
    placed: usize,
) -> DungeonError {
    let n = points.sites.len();
    let mut available = 0;
    let mut longest: f64 = 0.0;
    for s in 0..n {
        if let Some(c) = Cell::of(points, s) {
            let k = c.corners.len();
            for j in 0..k {
                longest = longest.max(c.corners[j].distance(c.corners[(j + 1) % k]));
            }
        }
        if sites.get(s).is_some() {
            available += 1;
        }
    }
    if params.rooms > 1 && params.door + params.wall > longest {
        return DungeonError::DoorTooWide {
            door: params.door,
            wall: params.wall,
            longest,
        };
    }
    if available < params.rooms {
        return DungeonError::TooManyRooms {
            requested: params.rooms,
            available,
        };
    }
    DungeonError::RoomGraphStuck {
        requested: params.rooms,
        placed,
        attempts: GRAPH_ATTEMPTS,
    }
}
