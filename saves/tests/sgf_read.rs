//! Reading records of the kinds other programs write.

use kaisho_core::{BoardSize, Color, Event, Game, Komi, Point};
use kaisho_saves::sgf::{NodePath, SgfErrorKind, SgfProperty, SgfTree, parse, write};

fn gtp(name: &str, size: u8) -> Point {
    Point::parse_gtp(name, size).unwrap()
}

fn play(color: Color, name: &str, size: u8) -> Event {
    Event::Play {
        color,
        point: gtp(name, size),
    }
}

#[test]
fn a_server_record_with_variations_and_unknown_properties() {
    let text = "\u{feff}(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]\n\
        RU[Japanese]SZ[19]KM[6.50]TM[1800]OT[5x30 byo-yomi]\n\
        PW[Honinbo Shusai]PB[Kitani Minoru]WR[9d]BR[7d]DT[1938-06-26]\n\
        EV[Retirement game]PC[Tokyo]RE[B+5]XZ[kept][too]\n\
        GC[The famous game]C[Root comment]\n\
        ;B[pd]C[First move]BL[1790]\n\
        ;W[dd]LB[pd:A]TR[dp]\n\
        (;B[pq];W[oc]C[Main line])\n\
        (;B[dp];W[pp]))\n";
    let r = parse(text).unwrap();
    assert_eq!(r.settings.size, BoardSize::NINETEEN);
    assert_eq!(r.settings.komi, Komi::MODERN);
    assert_eq!(r.settings.first, Color::Black);
    assert_eq!(r.black.as_deref(), Some("Kitani Minoru"));
    assert_eq!(r.white.as_deref(), Some("Honinbo Shusai"));
    assert_eq!(r.date.as_deref(), Some("1938-06-26"));
    assert_eq!(r.result.as_deref(), Some("B+5"));
    assert_eq!(r.rules.as_deref(), Some("Japanese"));
    assert_eq!(r.game_comment.as_deref(), Some("The famous game"));
    assert_eq!(r.root_comment.as_deref(), Some("Root comment"));
    let events: Vec<&Event> = r.moves.iter().map(|m| &m.event).collect();
    assert_eq!(
        events,
        [
            &play(Color::Black, "Q16", 19),
            &play(Color::White, "D16", 19),
            &play(Color::Black, "Q3", 19),
            &play(Color::White, "P17", 19),
        ]
    );
    assert_eq!(r.moves[0].comment.as_deref(), Some("First move"));
    assert_eq!(r.moves[3].comment.as_deref(), Some("Main line"));
    let extra: Vec<&str> = r.extra.iter().map(|p| p.identifier.as_str()).collect();
    assert_eq!(extra, ["OT", "WR", "BR", "EV", "PC", "XZ"]);
    assert!(r.extra.contains(&SgfProperty {
        identifier: "XZ".to_string(),
        values: vec!["kept".to_string(), "too".to_string()],
    }));
}

#[test]
fn handicap_stones_give_white_the_first_move() {
    let r = parse("(;GM[1]SZ[19]HA[2]KM[0.5]AB[dp][pd];W[qp];B[dd])").unwrap();
    assert_eq!(r.settings.handicap, 2);
    assert_eq!(r.settings.first, Color::White);
    assert_eq!(
        r.settings.setup,
        [
            (Color::Black, gtp("D4", 19)),
            (Color::Black, gtp("Q16", 19))
        ]
    );
    let game = Game::replay(r.settings.clone(), &r.events()).unwrap();
    assert_eq!(game.board().stone_counts(), [3, 1]);
}

#[test]
fn an_explicit_pl_wins_over_the_handicap_rule() {
    let r = parse("(;SZ[9]HA[2]AB[cc][gg]PL[B])").unwrap();
    assert_eq!(r.settings.first, Color::Black);
}

#[test]
fn handicap_without_stones_gets_the_1949_placement() {
    let r = parse("(;SZ[19]HA[3];W[dd])").unwrap();
    let expected = kaisho_core::Settings::handicap(BoardSize::NINETEEN, 3, Komi::ZERO).unwrap();
    let mut setup = expected.setup;
    setup.sort_unstable();
    assert_eq!(r.settings.setup, setup);
    assert_eq!(r.settings.first, Color::White);
}

#[test]
fn set_up_stones_without_ha_follow_the_first_move() {
    let r = parse("(;SZ[9]AB[cc][gg]AW[ee];W[dd];B[ff])").unwrap();
    assert_eq!(r.settings.handicap, 0);
    assert_eq!(r.settings.first, Color::White);
    assert_eq!(r.settings.setup.len(), 3);
    assert!(Game::replay(r.settings.clone(), &r.events()).is_ok());
}

#[test]
fn passes_are_read_both_ways() {
    let r = parse("(;SZ[19];B[];W[tt];B[TT])").unwrap();
    assert_eq!(
        r.moves[0].event,
        Event::Pass {
            color: Color::Black
        }
    );
    assert_eq!(
        r.moves[1].event,
        Event::Pass {
            color: Color::White
        }
    );
    assert_eq!(
        r.moves[2].event,
        Event::Play {
            color: Color::Black,
            point: Point::new(45, 45)
        },
        "upper-case letters name points 27 to 52 (off this board), not a pass"
    );
    let big = parse("(;SZ[21];B[tt])").unwrap();
    assert_eq!(
        big.moves[0].event,
        Event::Play {
            color: Color::Black,
            point: Point::new(19, 19)
        },
        "on a board larger than 19, tt is a point"
    );
}

#[test]
fn sizes_komi_and_case_as_real_files_write_them() {
    let r = parse("(;sz[13:13]km[7.50];b[aa])").unwrap();
    assert_eq!(r.settings.size.get(), 13);
    assert_eq!(r.settings.komi, Komi::from_halves(15));
    assert_eq!(r.moves.len(), 1);
    let r = parse("(;FF[3]GaMe[1]SiZe[9]KoMi[0])").unwrap();
    assert_eq!(r.settings.size.get(), 9);
    assert_eq!(r.settings.komi, Komi::ZERO);
    assert_eq!(
        parse("(;KM[375])").unwrap().settings.komi.to_string(),
        "375"
    );
    assert_eq!(parse("(;KM[6,5])").unwrap().settings.komi, Komi::MODERN);
    assert_eq!(parse("(;KM[])").unwrap().settings.komi, Komi::ZERO);
    assert_eq!(parse("(;HA[0])").unwrap().settings.handicap, 0);
    assert_eq!(
        parse("(;B[dd])").unwrap().settings.size,
        BoardSize::NINETEEN
    );
    assert_eq!(
        parse("  \n(;SZ[ 9 ]\n  ;B [ee]\n)\n").unwrap().moves.len(),
        1,
        "whitespace between tokens and inside values is allowed"
    );
}

#[test]
fn moves_off_the_board_and_illegal_moves_are_read_for_the_replay_to_judge() {
    let r = parse("(;SZ[9];B[zz];W[aa];B[aa])").unwrap();
    assert_eq!(r.moves.len(), 3);
    let err = Game::replay(r.settings.clone(), &r.events()).unwrap_err();
    assert_eq!(err.index, 0);
}

#[test]
fn comments_on_nodes_without_moves_stay_with_the_move_before() {
    let r = parse("(;C[a];C[b];B[aa];C[after]TB[bb]TW[cc:cd])").unwrap();
    assert_eq!(r.root_comment.as_deref(), Some("a\nb"));
    assert_eq!(r.moves[0].comment.as_deref(), Some("after"));
    assert_eq!(r.territory[0], [Point::new(1, 1)]);
    assert_eq!(r.territory[1], [Point::new(2, 2), Point::new(2, 3)]);
}

#[test]
fn territory_marks_are_read_only_at_the_last_node() {
    let r = parse("(;TB[aa];B[bb];W[cc])").unwrap();
    assert!(r.territory[0].is_empty());
}

#[test]
fn play_after_two_passes_replays_as_a_resumption() {
    let r = parse("(;SZ[9];B[ee];W[];B[];W[cc];B[gg])").unwrap();
    let game = Game::replay(r.settings.clone(), &r.events()).unwrap();
    assert_eq!(game.move_number(), 5);
    assert_eq!(game.board().stone_counts(), [2, 1]);
}

#[test]
fn only_the_first_game_of_a_collection_is_read() {
    let r = parse("(;SZ[9];B[aa])(;SZ[13];B[bb];W[cc])(broken").unwrap();
    assert_eq!(r.settings.size.get(), 9);
    assert_eq!(r.moves.len(), 1);
}

#[test]
fn other_games_and_unusable_values_are_refused_with_their_place() {
    let text = "(;GM[2]SZ[8])";
    let err = parse(text).unwrap_err();
    assert_eq!(err.kind, SgfErrorKind::NotGo { game: "2".into() });
    assert_eq!(err.offset, 2);

    let text = "(;FF[4]SZ[19:13])";
    let err = parse(text).unwrap_err();
    assert_eq!(err.offset, text.find("SZ").unwrap());
    assert!(err.to_string().contains("square"), "{err}");

    for (text, property) in [
        ("(;SZ[30])", "SZ"),
        ("(;SZ[nineteen])", "SZ"),
        ("(;SZ[9]KM[six])", "KM"),
        ("(;SZ[9]KM[inf])", "KM"),
        ("(;SZ[9]HA[-2])", "HA"),
        ("(;SZ[9]HA[30])", "HA"),
        ("(;SZ[9];B[ee];W[e!])", "W"),
        ("(;SZ[9]AB[aa][1])", "AB"),
        ("(;SZ[9]PL[X])", "PL"),
        ("(;SZ[9];B[aa]TB[zz:aa])", "TB"),
    ] {
        let err = parse(text).unwrap_err();
        assert!(
            matches!(&err.kind, SgfErrorKind::BadValue { property: p, .. } if p == property),
            "{text}: {err:?}"
        );
        assert_eq!(err.offset, text.rfind(property).unwrap(), "{text}");
        assert!(err.to_string().contains("expected"), "{err}");
    }

    let text = "(;SZ[9];B[aa];AB[cc])";
    let err = parse(text).unwrap_err();
    assert_eq!(err.kind, SgfErrorKind::SetupAfterMoves);
    assert_eq!(err.offset, text.find("AB").unwrap());
}

#[test]
fn pl_on_a_move_of_the_main_line_names_who_moves_next_and_reorders_nothing() {
    for text in [
        "(;SZ[9];B[ee]PL[W];W[cc])",
        "(;SZ[9];B[ee];PL[W];W[cc])",
        "(;SZ[9];B[ee];W[cc]PL[B];B[gg])",
    ] {
        let record = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(record.settings.first, Color::Black, "{text}");
        let game = Game::replay(record.settings.clone(), &record.events())
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(game.move_number() as usize, record.moves.len(), "{text}");
    }
    // Before the first move it still names the first player.
    let record = parse("(;SZ[9]AB[cc][gg]PL[W];W[ee])").unwrap();
    assert_eq!(record.settings.first, Color::White);
}

#[test]
fn stones_taken_off_after_the_last_move_do_not_refuse_a_counted_game() {
    // How Cgoban 1 and Jago write a counted game: the dead stones lifted
    // on the last node.
    let text = "(;SZ[9]RE[B+3];B[ee];W[cc];B[dc];W[];B[]AE[cc])";
    let record = parse(text).unwrap();
    assert_eq!(record.moves.len(), 5);
    assert_eq!(record.result.as_deref(), Some("B+3"));
    // Set-up between moves still changes the game, and is still refused.
    let err = parse("(;SZ[9];B[ee];W[cc]AE[ee];B[dc])").unwrap_err();
    assert_eq!(err.kind, SgfErrorKind::SetupAfterMoves);
}

#[test]
fn fox_komi_is_read_on_its_own_scale() {
    let komi = |text: &str| parse(text).unwrap().settings.komi;
    let fox = |km: &str, ru: &str| format!("(;GM[1]SZ[19]KM[{km}]RU[{ru}]AP[foxwq];B[pd])");
    assert_eq!(komi(&fox("375", "Chinese")), Komi::from_halves(15));
    assert_eq!(komi(&fox("650", "Japanese")), Komi::from_halves(13));
    assert_eq!(komi(&fox("50", "Japanese")), Komi::from_halves(1));
    assert_eq!(komi(&fox("0", "Japanese")), Komi::ZERO);
    assert_eq!(komi(&fox("6.5", "Japanese")), Komi::from_halves(13));
    // Another program's 375 is taken as written.
    assert_eq!(komi("(;GM[1]SZ[19]KM[375];B[pd])"), Komi::from_halves(750));
}

/// FF[4]: a `\` before a line break is a soft line break, the writer's
/// wrapping and no part of the text; `\\` before one is a backslash, and
/// the break stays. Both writers then write what reads back the same.
#[test]
fn soft_line_breaks_are_removed_on_reading() {
    let text = "(;GM[1]SZ[9]GN[Long \\\ntitle]C[one long \\\r\nline\nand a \\\\\nbackslash]\
                ;B[ee]C[a comment \\\nwrapped])";
    let record = parse(text).unwrap();
    assert_eq!(
        record.root_comment.as_deref(),
        Some("one long line\nand a \\\nbackslash")
    );
    assert_eq!(
        record.moves[0].comment.as_deref(),
        Some("a comment wrapped")
    );
    assert!(
        record
            .extra
            .iter()
            .any(|p| p.identifier == "GN" && p.values == ["Long title"]),
        "{:?}",
        record.extra
    );
    assert_eq!(parse(&write(&record)).unwrap(), record);

    let tree = SgfTree::parse(text).unwrap();
    assert_eq!(
        tree.comment_at(&NodePath::root()),
        Some("one long line\nand a \\\nbackslash")
    );
    assert_eq!(
        tree.comment_at(&NodePath::from_indices(vec![0])),
        Some("a comment wrapped")
    );
    let written = tree.write();
    assert!(written.contains("GN[Long title]"), "{written}");
    let again = SgfTree::parse(&written).unwrap();
    assert_eq!(again.write(), written, "reads back as it was written");
    assert_eq!(
        again.comment_at(&NodePath::root()),
        tree.comment_at(&NodePath::root())
    );
}
