//! The random-operations driver, validated after every operation.

#[test]
fn fuzz_validates_after_every_op() {
    for seed in 0..16 {
        if let Err(f) = daedalus::fuzz::run(400, seed, 1) {
            panic!("{f}");
        }
    }
}

#[test]
#[ignore]
fn fuzz_one() {
    let seed: u64 = std::env::var("SEED").unwrap().parse().unwrap();
    let ops: u64 = std::env::var("OPS")
        .unwrap_or("400".into())
        .parse()
        .unwrap();
    let every: u64 = std::env::var("EVERY")
        .unwrap_or("1".into())
        .parse()
        .unwrap();
    let t = std::time::Instant::now();
    match daedalus::fuzz::run(ops, seed, every) {
        Ok(r) => eprintln!("fuzz ok in {:.1} s: {r:?}", t.elapsed().as_secs_f64()),
        Err(f) => panic!("{f}"),
    }
}
