//! The World: input, replanning, sight, touched paths, walking, and the README's game loop.

mod input;
mod no_path;
mod readme_game_loop;
mod replan;
mod sight;
mod touched;
mod walk;
