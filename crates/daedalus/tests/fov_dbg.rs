mod fov_common;
use daedalus::Point;
use daedalus::fov::*;
#[test]
fn dbg() {
    let segs = [(Point::new(72.0, 2.0), Point::new(2.0, 15.0)), (Point::new(1.0, 3.0), Point::new(49.0, 41.0))];
    let cdt = fov_common::world([0.0, 0.0, 100.0, 100.0], &segs);
    println!("{:?}", cdt.locate([37.0, 8.5]));
    let fov = FieldOfView::new([37.0, 8.5], 0.0, 5.59610816178428, 1000.0).unwrap();
    let v = visibility_polygon(&cdt, &fov).unwrap();
    for p in v.pieces() { println!("{p:?}"); }
    let fov = FieldOfView::full_circle([37.0, 8.5], 1000.0).unwrap();
    let v = visibility_polygon(&cdt, &fov).unwrap();
    println!("full {}", v.area());
    let w = fov_common::cdt_walls(&cdt); println!("ref {}", fov_common::reference_area(&fov, [0.0,0.0,100.0,100.0], &w)); for x in &w { println!("{x:?} {}", daedalus::geometry::orient2d(x.0, x.1, fov.position)); }
    for p in v.pieces() { println!("{p:?}"); }
}
