//! The README's level table is `qi levels`, which prints the game crates' own level
//! functions: the documentation cannot drift from what the engines do.

use std::process::Command;

#[test]
fn the_readme_shows_the_level_table_qi_levels_prints() {
    let out = Command::new(env!("CARGO_BIN_EXE_qi"))
        .arg("levels")
        .output()
        .expect("qi levels runs");
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        table.lines().count(),
        12,
        "a header, a rule and ten levels:\n{table}"
    );
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md beside the workspace");
    assert!(
        readme.contains(&table),
        "README.md's level table differs from `qi levels`; paste its output:\n{table}"
    );
}
