#![cfg(feature = "serde")]
mod support;
use daedalus::Point;
use daedalus::path::PathFinder;
use support::World;
#[test]
fn dbg() {
    let s = daedalus::scenario::Scenario::load(
        daedalus::scenario::shared_data_dir().join("maps/dao/brc202d.scenario.json"),
    )
    .unwrap();
    let w = World::from_scenario(&s);
    let nav = w.nav();
    let p = PathFinder::new()
        .find_path(
            &nav,
            Point::new(109.5, 232.5),
            Point::new(190.5, 122.5),
            2.0,
        )
        .unwrap();
    for t in &p.turns {
        println!("{:?}", t);
    }
}
