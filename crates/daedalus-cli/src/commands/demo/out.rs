//! Where the demo writes: the command's arguments (the pictures' folder
//! and width), read by every part.

use std::path::PathBuf;

/// Run the built-in demo: meshes, paths and pictures from embedded data.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Folder for the pictures (created if missing).
    #[arg(long, default_value = "daedalus-demo")]
    pub out: PathBuf,
    /// Picture width in pixels.
    #[arg(long, default_value_t = 1200)]
    pub width: u32,
}

/// How many of `ids` have arrived (checked from each entity's state).
pub fn arrived(w: &daedalus::World, ids: &[daedalus::world::EntityId]) -> usize {
    ids.iter()
        .filter(|&&i| {
            w.entity(i)
                .is_ok_and(|e| e.state() == daedalus::world::EntityState::Arrived)
        })
        .count()
}
