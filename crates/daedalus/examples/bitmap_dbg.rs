use daedalus::bitmap::*;
use geo::Simplify;
fn dp(bm: &Bitmap, t: f64) -> (usize, Vec<(f64,f64)>) {
    let img = image::GrayImage::from_fn(bm.width as u32, bm.height as u32, |x, y| image::Luma([if bm.get(x as i64, y as i64) { 255 } else { 0 }]));
    let mut n = 0; let mut first = vec![];
    for c in imageproc::contours::find_contours::<i32>(&img) {
        let mut ls: Vec<geo::Coord<f64>> = c.points.iter().map(|p| geo::coord! { x: p.x as f64, y: p.y as f64 }).collect();
        ls.push(ls[0]);
        let s = geo::LineString::new(ls).simplify(t);
        if first.is_empty() { first = s.0.iter().map(|c| (c.x, c.y)).collect(); }
        n += s.0.len() - 1;
    }
    (n, first)
}
fn main() {
    let disc = Bitmap::from_fn(120, 120, |x, y| { let dx = x as f64 - 60.0; let dy = y as f64 - 60.0; dx*dx+dy*dy < 2500.0 }).unwrap();
    for t in [1.0, 2.0] {
        let o = TraceOptions { tolerance: t, turd_size: 0, adjust_vertices: false, ..TraceOptions::default() };
        let tr = trace(&disc, &o).unwrap();
        let (n, f) = dp(&disc, t);
        println!("disc t={t}: {} vertices, dp {}", tr.vertex_count(), n);
        println!("ours {:?}", tr.polygons[0].points.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>());
        println!("dp {:?}", f);
    }
}
