pub mod cdp;
