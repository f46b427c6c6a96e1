//! Trace + optimise (daedalus::bitmap, tolerance 1, turd_size 0) against
//! imageproc's border following + Douglas-Peucker (geo::Simplify) at the
//! same tolerance, on the same 1-bit images; decoding and the conversion to
//! each library's input are outside the timed part. The reference's
//! contours are the border pixels (8-connected, pixel positions), ours the
//! pixel corners; both keep every dropped point within Euclidean distance 1
//! of its segment. Throughput is in pixels. The default set is the shared
//! bitmaps and five maps; BITMAP_BENCH_ALL=1 runs every image under
//! bitmaps/ and maps/.
//!
//! cargo bench -p daedalus --features image --bench bitmap -- --warm-up-time 1 --measurement-time 3

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use daedalus::bitmap::{Bitmap, ThresholdOptions, TraceOptions, load_bitmap, trace};

#[path = "../tests/support/mod.rs"]
mod support;
use support::{data, douglas_peucker};

fn reference(img: &image::GrayImage, t: f64) -> usize {
    douglas_peucker::contour_vertex_counts(img, t).iter().sum()
}

fn bench(c: &mut Criterion) {
    let data = data::data();
    let dir = data.dir.clone();
    println!("data: {} ({:?})", dir.display(), data.corpus);
    let mut files: Vec<String> = ["coins", "gravel", "horse", "phantom", "text"]
        .iter()
        .map(|n| format!("bitmaps/{n}.png"))
        .collect();
    let maps = [
        "dao/brc202d",
        "maze/maze512-2-5",
        "random/random512-40-0",
        "sc1/Aurora",
        "street/Berlin_0_1024",
    ];
    files.extend(maps.iter().map(|m| format!("maps/{m}.png")));
    if std::env::var_os("BITMAP_BENCH_ALL").is_some() {
        files.clear();
        for f in std::fs::read_dir(dir.join("bitmaps")).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "png") {
                files.push(f.strip_prefix(&dir).unwrap().display().to_string());
            }
        }
        for fam in std::fs::read_dir(dir.join("maps")).unwrap() {
            let fam = fam.unwrap().path();
            if fam.is_dir() {
                for f in std::fs::read_dir(&fam).unwrap() {
                    let f = f.unwrap().path();
                    if f.extension().is_some_and(|e| e == "png") {
                        files.push(f.strip_prefix(&dir).unwrap().display().to_string());
                    }
                }
            }
        }
        files.sort();
    }
    let o = TraceOptions {
        turd_size: 0,
        ..TraceOptions::default()
    };
    for f in files {
        let path = dir.join(&f);
        // The compact set (a bare clone) lacks the big maps: bench the rest.
        if data.corpus == data::Corpus::Compact && !path.exists() {
            println!("skipping {f}: not in the compact test data");
            continue;
        }
        let bm: Bitmap = load_bitmap(&path, &ThresholdOptions::default()).unwrap();
        let img = image::GrayImage::from_fn(bm.width as u32, bm.height as u32, |x, y| {
            image::Luma([if bm.get(x as i64, y as i64) { 255 } else { 0 }])
        });
        let mut g = c.benchmark_group(format!("bitmap/{}", f.trim_end_matches(".png")));
        // Throughput in pixels: criterion reports elements/s.
        g.throughput(Throughput::Elements((bm.width * bm.height) as u64));
        g.sample_size(10);
        g.bench_function("daedalus", |b| {
            b.iter(|| trace(&bm, &o).unwrap().vertex_count())
        });
        g.bench_function("imageproc_dp", |b| b.iter(|| reference(&img, 1.0)));
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
