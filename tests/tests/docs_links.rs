//! Every link in the project's pages leads somewhere: a relative link names
//! a file that exists, and an anchor names a heading of its page (by
//! GitHub's rule for heading ids). A page moved or a heading renamed
//! without its links fails here, so the README and the manual never send
//! a newcomer to nothing.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The Markdown pages a reader is sent to: the top-level pages, the
/// manual, and the pages beside the crates.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut out: Vec<PathBuf> = [
        "README.md",
        "ARCHITECTURE.md",
        "BENCHMARKS.md",
        "CHANGELOG.md",
        "core/LIFE_RESULTS.md",
        "net/PROTOCOL.md",
    ]
    .iter()
    .map(|p| root.join(p))
    .collect();
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// GitHub's id for a heading: lower case, spaces to hyphens, every other
/// character but letters, digits, hyphens and underscores dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The ids of a page's headings, numbered as GitHub numbers repeats.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let mut id = base.clone();
                let mut n = 0;
                while ids.contains(&id) {
                    n += 1;
                    id = format!("{base}-{n}");
                }
                ids.insert(id);
            }
            _ => {}
        }
    }
    ids
}

/// The link targets of a page: Markdown links and images, and the `src`
/// of HTML images.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                out.push(dest_url.to_string());
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                for part in html.split("src=\"").skip(1) {
                    if let Some(end) = part.find('"') {
                        out.push(part[..end].to_string());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn broken_links() -> Vec<String> {
    let mut broken = Vec::new();
    for page in pages() {
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let shown = page
            .strip_prefix(root())
            .unwrap_or(&page)
            .display()
            .to_string();
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match link.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("a folder").join(file)
            };
            if !target.exists() {
                broken.push(format!("{shown}: {link} (no such file)"));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if target.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let body = std::fs::read_to_string(&target).expect("a page");
            if !anchors(&body).contains(anchor) {
                broken.push(format!("{shown}: {link} (no such heading)"));
            }
        }
    }
    broken
}

#[test]
fn every_link_in_the_pages_leads_somewhere() {
    let broken = broken_links();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn headings_take_githubs_ids() {
    let ids = anchors("# Playing over the LAN\n## The ending (終局)\n## Limits\n## Limits\n");
    let want: BTreeSet<String> = [
        "playing-over-the-lan",
        "the-ending-終局",
        "limits",
        "limits-1",
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(ids, want);
}

#[test]
fn a_link_to_a_missing_heading_is_found() {
    let page = "[keys](#keys)\n\n# Keys\n[gone](#nowhere)\n";
    let ids = anchors(page);
    let missing: Vec<String> = links(page)
        .into_iter()
        .filter_map(|l| l.strip_prefix('#').map(ToString::to_string))
        .filter(|a| !ids.contains(a))
        .collect();
    assert_eq!(missing, ["nowhere"]);
}
