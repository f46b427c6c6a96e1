//! The demos, one per page. Each takes JSON commands, steps its world and
//! writes frames: it implements [`Demo`] (`demo.rs`); the modules beside
//! it share input checks (`input.rs`), entity frames (`walk.rs`) and the
//! dungeon game's rules (`game.rs`). This module only picks one by
//! [`Kind`].

mod bitmap;
mod crowd;
mod demo;
mod dungeon;
mod fov;
mod game;
mod input;
mod mesh;
mod paths;
mod walk;

use crate::error::ApiError;
use crate::limits::Limits;

pub(crate) use demo::Demo;

/// Which demo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Kind {
    Mesh,
    Paths,
    Fov,
    Crowd,
    Bitmap,
    Dungeon,
}

impl Kind {
    pub(crate) const ALL: [Kind; 6] = [
        Kind::Mesh,
        Kind::Paths,
        Kind::Fov,
        Kind::Dungeon,
        Kind::Crowd,
        Kind::Bitmap,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Mesh => "mesh",
            Kind::Paths => "paths",
            Kind::Fov => "fov",
            Kind::Crowd => "crowd",
            Kind::Bitmap => "bitmap",
            Kind::Dungeon => "dungeon",
        }
    }
}

pub(crate) fn make(kind: Kind, limits: &Limits) -> Result<Box<dyn Demo>, ApiError> {
    let l = limits.clone();
    Ok(match kind {
        Kind::Mesh => Box::new(mesh::MeshDemo::new(l)?),
        Kind::Paths => Box::new(paths::PathsDemo::new(l)?),
        Kind::Fov => Box::new(fov::FovDemo::new(l)?),
        Kind::Crowd => Box::new(crowd::CrowdDemo::new(l)?),
        Kind::Bitmap => Box::new(bitmap::BitmapDemo::new(l)?),
        Kind::Dungeon => Box::new(dungeon::DungeonDemo::new(l)?),
    })
}

/// The starting world of a demo (for the index pictures).
pub(crate) fn preview_world(kind: Kind) -> Option<daedalus::World> {
    let l = Limits::default();
    match kind {
        Kind::Mesh => mesh::MeshDemo::new(l).ok().map(|d| d.world),
        Kind::Paths => paths::PathsDemo::new(l).ok().map(|d| d.world),
        Kind::Fov => fov::FovDemo::new(l).ok().map(|d| d.world),
        Kind::Crowd => crowd::CrowdDemo::new(l).ok().map(|d| d.world),
        Kind::Dungeon => dungeon::DungeonDemo::new(l).ok().map(|d| d.world),
        Kind::Bitmap => None,
    }
}
