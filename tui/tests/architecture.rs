//! The front end's invariants that ARCHITECTURE.md states, checked on the
//! source: the modules of `src/app` import each other without a loop, none
//! of them touches a file or a save store (the shell does), the words take
//! nothing of the crate but themselves and the errors, and the errors
//! nothing but themselves.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

/// Every `.rs` file under `dir`, by path.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A file's code before its unit tests (whose `use super::*` is the file
/// itself, not a sibling), without its comments.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    let code = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => &text,
    };
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segments of the paths after `super::` and `crate::app::` in
/// `code`, with a brace group's members each counted: `use super::{a, b::C}`
/// names `a` and `b`.
fn named_from_app(code: &str) -> BTreeSet<String> {
    named_after(code, &["crate::app::", "super::"])
}

/// The first segments of the paths after any of `prefixes` in `code`, a
/// brace group's members each counted.
fn named_after(code: &str, prefixes: &[&str]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for prefix in prefixes {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let end = matching_brace(group);
                for member in split_top(&group[..end]) {
                    names.insert(first_segment(&member));
                }
            } else {
                names.insert(first_segment(rest));
            }
        }
    }
    names.retain(|n| !n.is_empty() && n != "self" && n != "*");
    names
}

fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

fn split_top(text: &str) -> Vec<String> {
    let (mut parts, mut depth, mut part) = (Vec::new(), 0, String::new());
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut part));
                continue;
            }
            _ => {}
        }
        part.push(c);
    }
    parts.push(part);
    parts
}

fn first_segment(path: &str) -> String {
    path.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Which module each item `app/mod.rs` re-exports comes from, so that an
/// import through the re-export counts as an import of that module.
fn reexports(root: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for statement in root.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = first_segment(path);
        let tail = &path[module.len()..];
        let items = match tail.strip_prefix("::{") {
            Some(group) => split_top(&group[..matching_brace(group)]),
            None => vec![tail.trim_start_matches("::").to_string()],
        };
        for item in items {
            let name: String = match item.split(" as ").nth(1) {
                Some(alias) => alias.trim().to_string(),
                None => item.rsplit("::").next().unwrap_or("").trim().to_string(),
            };
            map.insert(name, module.clone());
        }
    }
    map
}

/// The app's modules (files, `mod.rs` aside) and the modules each imports.
fn app_graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = app_dir();
    let root = code_of(&dir.join("mod.rs"));
    let through = reexports(&root);
    let files: Vec<PathBuf> = rust_files(&dir)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n != "mod.rs"))
        .collect();
    let modules: BTreeSet<String> = files
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut graph = BTreeMap::new();
    for path in &files {
        let me = path.file_stem().unwrap().to_string_lossy().into_owned();
        let edges: BTreeSet<String> = named_from_app(&code_of(path))
            .into_iter()
            .filter_map(|name| {
                if modules.contains(&name) {
                    Some(name)
                } else {
                    through.get(&name).cloned()
                }
            })
            .filter(|m| *m != me)
            .collect();
        graph.insert(me, edges);
    }
    graph
}

/// A loop in `graph`, as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|n| n == node).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn the_app_modules_import_each_other_without_a_loop() {
    let graph = app_graph();
    assert!(graph.len() > 10, "the app's modules were found: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the app's modules import in a loop: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_loop_finder_finds_a_loop() {
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(4));
    graph.insert("c".to_string(), BTreeSet::new());
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn imports_are_read_through_groups_and_reexports() {
    let code =
        "use super::{Screen, State, games, lobby::{self, X}};\nlet a = crate::app::look::Look;";
    let names = named_from_app(code);
    for name in ["Screen", "State", "games", "lobby", "look"] {
        assert!(names.contains(name), "{name} in {names:?}");
    }
    let map =
        reexports("pub use msg::{Cmd, Msg};\npub use games::{GamesList, status as games_status};");
    assert_eq!(map.get("Cmd").map(String::as_str), Some("msg"));
    assert_eq!(map.get("games_status").map(String::as_str), Some("games"));
}

/// Whether `code` names `word` as a whole identifier path (so `File` is
/// `std::fs::File`, not part of `SgfFileError`).
fn names(code: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().last();
        let after = code[at + word.len()..].chars().next();
        let open_end = word.ends_with(':');
        !before.is_some_and(ident) && (open_end || !after.is_some_and(ident))
    })
}

#[test]
fn the_update_touches_no_file_and_no_save_store() {
    let forbidden = [
        "std::fs",
        "File",
        "GameLog",
        "GameStore",
        "SeriesStore",
        "config::save",
        "export::",
    ];
    let mut found = Vec::new();
    for path in rust_files(&app_dir()) {
        let code = std::fs::read_to_string(&path).expect("a source file");
        for word in forbidden {
            if names(&code, word) {
                found.push(format!("{} names {word}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "IO in the app: {found:#?}");
}

/// The modules of the crate that the code of the files under `src/<dir>`
/// names by a `crate::` path, other than `allowed`: each as the file and the
/// module.
fn named_outside(dir: &str, allowed: &[&str]) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let files = rust_files(&dir);
    assert!(files.len() > 2, "the files were found: {files:?}");
    let mut found = Vec::new();
    for path in &files {
        for module in named_after(&code_of(path), &["crate::"]) {
            if !allowed.contains(&module.as_str()) {
                found.push(format!("{} names crate::{module}", path.display()));
            }
        }
    }
    found
}

/// The catalog sits below the app and the shell: the app words its state
/// with `words`, and `words` takes what it speaks of from below (core,
/// saves, net, the front end's typed failures in `errors`, or its own
/// types), never from a module above it.
#[test]
fn the_words_take_nothing_of_the_crate_but_themselves_and_the_errors() {
    let found = named_outside("words", &["words", "errors"]);
    assert!(found.is_empty(), "the words reach above them: {found:#?}");
}

/// The front end's typed failures are plain data below the catalog: they
/// name nothing of the crate but each other, so `words` can word them.
#[test]
fn the_errors_take_nothing_of_the_crate_but_themselves() {
    let found = named_outside("errors", &["errors"]);
    assert!(found.is_empty(), "the errors reach above them: {found:#?}");
}

#[test]
fn crate_paths_are_read_through_groups() {
    let code = "use crate::{words::Lang, errors};\nlet e = crate::netplay::NO_BOARD;";
    let names = named_after(code, &["crate::"]);
    let expected = ["errors", "netplay", "words"].map(String::from);
    assert_eq!(names, BTreeSet::from(expected));
}

#[test]
fn the_app_imports_nothing_that_does_io() {
    let outside = [
        "crate::shell",
        "crate::netplay",
        "crate::event_loop",
        "crate::plain",
        "crate::terminal",
    ];
    let mut found = Vec::new();
    for path in rust_files(&app_dir()) {
        let code = std::fs::read_to_string(&path).expect("a source file");
        for word in outside {
            if names(&code, word) {
                found.push(format!("{} names {word}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "the app reaches the shell: {found:#?}");
}

#[test]
fn the_word_finder_finds_whole_names_only() {
    assert!(names("use std::fs::File;", "File"));
    assert!(names("let f = std::fs::read(p);", "std::fs"));
    assert!(!names("SgfFileError", "File"));
    assert!(names("kaisho_saves::export::export_into", "export::"));
}

/// The text of the item `head` opens in `code` (up to its closing brace).
fn item<'a>(code: &'a str, head: &str) -> &'a str {
    let at = code
        .find(head)
        .unwrap_or_else(|| panic!("{head} is defined"));
    let body = &code[at..];
    let open = body.find('{').expect("a body");
    &body[..=open + matching_brace(&body[open + 1..]) + 1]
}

#[test]
fn the_network_reports_carry_events_and_hashes_not_games() {
    let code = code_of(&app_dir().join("net.rs"));
    for head in ["pub enum NetNews", "pub struct Started"] {
        let text = item(&code, head);
        assert!(text.contains("hash"), "{head} carries a state hash: {text}");
        assert!(!names(text, "Game"), "{head} carries a whole game: {text}");
    }
}
