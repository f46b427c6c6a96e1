//! The `daedalus` command line tool.

fn main() {
    println!("daedalus {}", env!("CARGO_PKG_VERSION"));
}
