//! `daedalus bitmap IMAGE --scenario-out FILE`: traces an image's walls
//! (dark pixels) into polygons and writes them as a scenario.

use std::path::PathBuf;

use daedalus::bitmap::{ThresholdOptions, TraceOptions, TurnPolicy, WallInk, load_bitmap, trace};
use daedalus::scenario::Scenario;

/// Pinch rule, as in potrace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    Black,
    White,
    Left,
    Right,
    Minority,
    Majority,
    Random,
}

impl From<Policy> for TurnPolicy {
    fn from(p: Policy) -> TurnPolicy {
        match p {
            Policy::Black => TurnPolicy::Black,
            Policy::White => TurnPolicy::White,
            Policy::Left => TurnPolicy::Left,
            Policy::Right => TurnPolicy::Right,
            Policy::Minority => TurnPolicy::Minority,
            Policy::Majority => TurnPolicy::Majority,
            Policy::Random => TurnPolicy::Random,
        }
    }
}

/// Trace an image (PNG, JPEG, BMP, GIF) into wall polygons and write them
/// as a scenario: bounds = [0, 0, width, height] in pixels (row 0 at y = 0),
/// rings = the polygons (outer counter-clockwise, holes clockwise).
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The image to trace.
    pub image: PathBuf,
    /// Largest distance of a polygon from the pixel outline, in pixels
    /// (0 = the exact pixel outline).
    #[arg(long, default_value_t = 1.0)]
    pub tolerance: f64,
    /// Pixels with luminance below this are walls (0-255).
    #[arg(long, default_value_t = 128)]
    pub threshold: u8,
    /// Light pixels are walls instead of dark ones (transparent stays free).
    #[arg(long)]
    pub invert: bool,
    /// Drop wall or free specks of at most this many pixels.
    #[arg(long, default_value_t = 2)]
    pub turd_size: u64,
    /// Rule at diagonal pinches.
    #[arg(long, value_enum, default_value_t = Policy::Minority)]
    pub policy: Policy,
    /// Exact grid walls: tolerance 0, no speck removal, black 4-connected
    /// (the map scenario rings; overrides --tolerance, --turd-size, --policy).
    #[arg(long)]
    pub exact: bool,
    /// Where to write the scenario JSON.
    #[arg(long)]
    pub scenario_out: PathBuf,
    /// Copy the queries of this scenario.
    #[arg(long)]
    pub queries_from: Option<PathBuf>,
}

/// Runs the command; prints one summary line.
pub fn run(args: &Args) -> Result<(), String> {
    let threshold = ThresholdOptions {
        threshold: args.threshold,
        walls: if args.invert {
            WallInk::Light
        } else {
            WallInk::Dark
        },
    };
    let options = if args.exact {
        TraceOptions::exact()
    } else {
        TraceOptions {
            turn_policy: args.policy.into(),
            turd_size: args.turd_size,
            tolerance: args.tolerance,
            ..TraceOptions::default()
        }
    };
    let queries = match &args.queries_from {
        Some(p) => Scenario::load(p).map_err(|e| e.to_string())?.queries,
        None => Vec::new(),
    };
    let bm = load_bitmap(&args.image, &threshold).map_err(|e| e.to_string())?;
    let traced = trace(&bm, &options).map_err(|e| e.to_string())?;
    let name = args
        .image
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let scenario = Scenario {
        name,
        source: format!(
            "traced from {} by daedalus bitmap (tolerance {}, threshold {}{}{})",
            args.image.display(),
            options.tolerance,
            args.threshold,
            if args.invert { ", inverted" } else { "" },
            if args.exact { ", exact" } else { "" },
        ),
        bounds: [0.0, 0.0, bm.width as f64, bm.height as f64],
        rings: traced.flat_rings(),
        // Slivers (2 points, no area) are open walls, not rings.
        segments: traced.flat_segments(),
        queries,
    };
    std::fs::write(&args.scenario_out, scenario.to_json())
        .map_err(|e| format!("cannot write {}: {e}", args.scenario_out.display()))?;
    println!(
        "{}: {} x {} pixels, {} rings, {} segments, {} vertices -> {}",
        args.image.display(),
        bm.width,
        bm.height,
        scenario.rings.len(),
        scenario.segments.len(),
        traced.vertex_count(),
        args.scenario_out.display()
    );
    Ok(())
}
