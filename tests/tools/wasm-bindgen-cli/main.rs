//! The `wasm-bindgen` command: wasm-bindgen-cli 0.2.130's src/bin/wasm-bindgen.rs.

use std::{env, process};

fn main() {
    env_logger::init();
    let err = match wasm_bindgen_cli::wasm_bindgen::run_cli_with_args(env::args_os()) {
        Ok(()) => return,
        Err(e) => e,
    };
    eprintln!("error: {err:?}");
    process::exit(1);
}
