//! Path finding: the reference solver's verdicts, the edge cache, gaps, maps and the sampler.

mod cache;
mod cache_live;
mod gaps;
mod maps;
mod reference;
mod sampler;
mod sampler_maps;
