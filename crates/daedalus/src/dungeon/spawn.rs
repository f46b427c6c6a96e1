//! Where the player, the bots and the weapons start, chosen from the room
//! graph.

use super::{DungeonError, DungeonParams, RoomGraph, RoomPlan, SplitMix64};
use crate::Point;

/// Random stream of the spawns.
const STREAM: u64 = 3;

/// The four weapons of the playable demo.
///
/// ```
/// assert_eq!(daedalus::dungeon::ItemKind::ALL.len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// A shotgun.
    Shotgun,
    /// A machine gun.
    MachineGun,
    /// A plasma gun.
    PlasmaGun,
    /// A rocket launcher.
    RocketGun,
}

impl ItemKind {
    /// Every weapon, the one placed shallowest first.
    ///
    /// ```
    /// use daedalus::dungeon::ItemKind;
    /// assert_eq!(ItemKind::ALL[0], ItemKind::Shotgun);
    /// ```
    pub const ALL: [ItemKind; 4] = [
        ItemKind::Shotgun,
        ItemKind::MachineGun,
        ItemKind::PlasmaGun,
        ItemKind::RocketGun,
    ];
}

/// An item and where it lies.
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// let i = &d.spawns.items[0];
/// assert_eq!(i.position, d.rooms[i.room].centre);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item {
    /// Which weapon.
    pub kind: ItemKind,
    /// Where it lies (its room's centre).
    pub position: Point,
    /// Its room.
    pub room: usize,
}

/// Spawn places, each at a room's centre (a door's width from its walls).
///
/// ```
/// let d = daedalus::dungeon::generate(&Default::default()).unwrap();
/// let s = &d.spawns;
/// assert_eq!(s.player, d.rooms[s.player_room].centre);
/// assert_eq!(s.items.len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Spawns {
    /// The player, in a leaf room of the graph (one link).
    pub player: Point,
    /// The player's room.
    pub player_room: usize,
    /// Bots, one per room, in rooms with neither the player nor an item
    /// and not next to the player's room: a quarter of the rooms at most.
    pub bots: Vec<Point>,
    /// The bots' rooms, in the order of `bots`.
    pub bot_rooms: Vec<usize>,
    /// One of each weapon, in rooms spread over the depths of the graph
    /// (distinct depths when the rooms other than the player's have four
    /// or more), never in the player's room when another exists.
    pub items: Vec<Item>,
}

/// Places the spawns (seeded by `params.seed`). The graph must be the
/// plan's ([`DungeonError::GraphMismatch`] otherwise).
///
/// ```
/// use daedalus::dungeon::{DungeonParams, points, room_graph, rooms, spawns};
/// let p = DungeonParams::default();
/// let pts = points(&p).unwrap();
/// let g = room_graph(&pts, &p).unwrap();
/// let s = spawns(&rooms(&pts, &g, &p).unwrap(), &g, &p).unwrap();
/// assert!(!s.bots.is_empty());
/// ```
pub fn spawns(
    plan: &RoomPlan,
    graph: &RoomGraph,
    params: &DungeonParams,
) -> Result<Spawns, DungeonError> {
    graph.check(usize::MAX)?;
    if graph.sites.len() != plan.rooms.len() {
        return Err(DungeonError::GraphMismatch {
            room: graph.sites.len().min(plan.rooms.len()),
        });
    }
    let mut rng = SplitMix64::stream(params.seed, STREAM);
    let n = graph.sites.len();
    let mut degree = vec![0usize; n];
    for l in &graph.links {
        degree[l.parent] += 1;
        degree[l.child] += 1;
    }
    let leaves: Vec<usize> = (0..n).filter(|&r| degree[r] <= 1).collect();
    let player_room = leaves[rng.below(leaves.len())];
    let mut used = vec![false; n];
    used[player_room] = true;
    // items: depths spread evenly over the distinct depths of the rooms
    let mut depths: Vec<usize> = (0..n)
        .filter(|&r| r != player_room || n == 1)
        .map(|r| graph.depth[r])
        .collect();
    depths.sort_unstable();
    depths.dedup();
    let mut items = Vec::with_capacity(4);
    for (k, kind) in ItemKind::ALL.into_iter().enumerate() {
        let want = depths[(k * (depths.len() - 1) + 1) / 3];
        // a room at that depth not used yet; else any room not used
        let mut cands: Vec<usize> = (0..n)
            .filter(|&r| graph.depth[r] == want && !used[r])
            .collect();
        if cands.is_empty() {
            cands = (0..n).filter(|&r| !used[r]).collect();
        }
        let room = if cands.is_empty() {
            player_room
        } else {
            cands[rng.below(cands.len())]
        };
        used[room] = true;
        items.push(Item {
            kind,
            position: plan.rooms[room].centre,
            room,
        });
    }
    let near_player =
        |r: usize| graph.parent[r] == Some(player_room) || graph.parent[player_room] == Some(r);
    let mut free: Vec<usize> = (0..n).filter(|&r| !used[r] && !near_player(r)).collect();
    let mut bot_rooms = Vec::new();
    for _ in 0..(n / 4).max(1) {
        if free.is_empty() {
            break;
        }
        bot_rooms.push(free.swap_remove(rng.below(free.len())));
    }
    bot_rooms.sort_unstable();
    Ok(Spawns {
        player: plan.rooms[player_room].centre,
        player_room,
        bots: bot_rooms.iter().map(|&r| plan.rooms[r].centre).collect(),
        bot_rooms,
        items,
    })
}
