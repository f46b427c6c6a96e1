//! Corridor spacing of a group, measured from positions: 30 members of
//! radii 0.5 to 2 in one room sent to one goal in the other, through the
//! choke. With group spacing ([`Avoidance::spacing`], the default) the
//! members set off in file ([`World::send_group`]); with spacing 0 they
//! all set off at once (avoidance alone). Measured here: the most members
//! at once near the corridor's entry, and the gaps along the corridor
//! between members one after the other in it.

use crate::support::crowd::*;
use crate::support::rng::Rng;
use daedalus::world::Avoidance;
use daedalus::{Point, World};

/// The corridor's first 10 units (x from 45 to 55, 24 wide).
const ENTRY: [f64; 2] = [45.0, 55.0];

struct Run {
    /// Most members in the corridor's entry section at one step.
    peak: usize,
    /// For every member in the corridor (x in 45..75) at every step, the
    /// gap to its nearest member relative to the sum of their radii.
    gaps: Vec<f64>,
    arrived_s: f64,
}

fn run(spacing: f64) -> Run {
    let mut w: World = choke_world();
    w.set_avoidance(Some(Avoidance {
        spacing,
        ..Avoidance::default()
    }))
    .unwrap();
    let mut rng = Rng::splitmix(11);
    let mut ids = Vec::new();
    for i in 0..6 {
        for j in 0..5 {
            let r = 0.5 + 1.5 * rng.unit();
            let p = Point::new(6.0 + 6.0 * i as f64, 8.0 + 10.0 * j as f64);
            ids.push(w.add_entity(p, r, 6.0).unwrap());
        }
    }
    let g = w.add_group(&ids).unwrap();
    w.send_group(g, [100.0, 30.0]).unwrap();
    let walls = walls(&w);
    let (mut peak, mut gaps, mut t) = (0, Vec::new(), 0.0);
    while t < 200.0 && arrived(&w, &ids) < ids.len() {
        w.step(0.1).unwrap();
        t += 0.1;
        let m = measure(&w, &ids, &walls);
        assert!(m.pair <= 0.01 && m.wall <= 0.01, "overlap: {m:?}");
        let discs = discs(&w, &ids);
        peak = peak.max(
            discs
                .iter()
                .filter(|d| (ENTRY[0]..ENTRY[1]).contains(&d.0.x))
                .count(),
        );
        // each member in the corridor: the gap to its nearest member
        let inside = |p: Point| (45.0..75.0).contains(&p.x);
        for (k, &(p, r)) in discs.iter().enumerate() {
            if !inside(p) {
                continue;
            }
            let nearest = discs
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &(q, s))| (p.distance(q) - r - s) / (r + s))
                .fold(f64::INFINITY, f64::min);
            gaps.push(nearest);
        }
    }
    assert_eq!(arrived(&w, &ids), ids.len(), "not all arrived");
    Run {
        peak,
        gaps,
        arrived_s: t,
    }
}

fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[((v.len() - 1) as f64 * q) as usize]
}

#[test]
fn group_walks_in_file() {
    let filed = run(Avoidance::default().spacing);
    let bunched = run(0.0);
    for (name, r) in [("file", &filed), ("at once", &bunched)] {
        eprintln!(
            "{name}: peak {} at the entry, nearest gaps in the corridor p10 {:.2} median {:.2} (n {}), all in {:.1} s",
            r.peak,
            quantile(&r.gaps, 0.1),
            quantile(&r.gaps, 0.5),
            r.gaps.len(),
            r.arrived_s
        );
    }
    // documented targets: in the corridor, the median gap to the nearest
    // member is at least half the spacing (in sums of radii) and twice
    // that of avoidance alone; fewer members crowd its entry at once
    let (f, b) = (quantile(&filed.gaps, 0.5), quantile(&bunched.gaps, 0.5));
    let spacing = Avoidance::default().spacing;
    assert!(f >= 0.5 * spacing, "median gap {f:.2} in file");
    assert!(f >= 2.0 * b, "median gap {f:.2} in file, {b:.2} at once");
    assert!(
        filed.peak < bunched.peak,
        "{} vs {}",
        filed.peak,
        bunched.peak
    );
}
