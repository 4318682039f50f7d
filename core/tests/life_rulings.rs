//! The booklet's rulings (簡明 日本囲碁規約, seeds/002) and plain cases, as
//! ASCII fixtures: `X` Black, `O` White, `.` empty, top row first. Points
//! in the assertions are GTP names (row 1 at the bottom).

mod common;

use common::{BENT_FOUR, MANNEN_KO};
use kaisho_core::life::{self, Analysis, FindingKind, Limits, Reason, Status};
use kaisho_core::scoring::{self, PointStatus};
use kaisho_core::{Board, Point};
use kaisho_core::{Color, Komi};

fn analyse(rows: &[&str]) -> (Board, Analysis) {
    analyse_within(rows, &Limits::default())
}

fn analyse_within(rows: &[&str], limits: &Limits) -> (Board, Analysis) {
    let board = Board::from_rows(rows).unwrap();
    let analysis = life::analyse(&board, limits);
    (board, analysis)
}

fn status(board: &Board, analysis: &Analysis, gtp: &str) -> Status {
    let p = Point::parse_gtp(gtp, board.size()).unwrap();
    let v = analysis
        .at(p)
        .unwrap_or_else(|| panic!("no stone at {gtp}"));
    println!("{gtp}: {:?} — {:?}", v.status, v.reason);
    v.status
}

/// The point named `gtp` (A1 at the bottom left) on a 9×9 board.
fn pt(gtp: &str) -> Point {
    Point::parse_gtp(gtp, 9).unwrap()
}

/// A 9×9 fixture from its top rows; the rows below are empty.
fn top(rows: &[&'static str]) -> Vec<&'static str> {
    let mut all = rows.to_vec();
    all.resize(9, ".........");
    all
}

/// The count of a position whose draft leaves every stone on the board.
fn count_with_none_dead(board: &Board, analysis: &Analysis) -> scoring::Score {
    assert!(analysis.dead().is_empty(), "{:?}", analysis.dead());
    scoring::count(board, &[], [0, 0], Komi::ZERO)
}

fn expect(rows: &[&str], cases: &[(&str, Status)]) -> (Board, Analysis) {
    expect_within(&Limits::default(), rows, cases)
}

fn expect_within(limits: &Limits, rows: &[&str], cases: &[(&str, Status)]) -> (Board, Analysis) {
    let (board, analysis) = analyse_within(rows, limits);
    let got: Vec<Status> = cases
        .iter()
        .map(|(p, _)| status(&board, &analysis, p))
        .collect();
    let want: Vec<Status> = cases.iter().map(|c| c.1).collect();
    assert_eq!(
        got,
        want,
        "for {:?}",
        cases.iter().map(|c| c.0).collect::<Vec<_>>()
    );
    for chain in analysis.chains.iter().filter(|c| c.status == Status::Dead) {
        let proof = chain.proof.as_ref().expect("a dead chain has a proof");
        if let Err(e) = proof.verify(&board) {
            panic!(
                "the proof for the chain at {:?} fails: {e}",
                chain.stones[0]
            );
        }
    }
    (board, analysis)
}

#[test]
fn bent_four_in_corner_is_dead() {
    expect(
        &BENT_FOUR,
        &[
            ("D9", Status::Dead),
            ("A9", Status::Alive),
            ("E9", Status::Alive),
        ],
    );
}

/// テーマ1 4図: the same bent four with an outside liberty (D7) still open
/// changes nothing: White can still never play inside.
#[test]
fn bent_four_with_outside_liberties_open_is_dead() {
    expect(
        &[
            "XX.OX....",
            "X.OOX....",
            "OOO.X....",
            "XXXXX....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("D9", Status::Dead),
            ("A9", Status::Alive),
            ("E9", Status::Alive),
        ],
    );
}

/// テーマ1 12図: the bent four again, but the black stones around it have
/// one eye (F9) and two outside liberties (A5, B5) against a living white
/// wall. White, moving first, fills those and wins the race, so Black's
/// surrounders are not alive and the corner is not simply dead with Black
/// living: the position needs play (both sides' stones there are dead).
#[test]
fn bent_four_whose_surrounders_do_not_live_is_not_simply_dead() {
    let (board, analysis) = expect(
        &[
            "XX.OX.XO.",
            "X.OOXXXO.",
            "OOOXXOOO.",
            "XXXXOO...",
            "..OOO....",
            "OOO......",
            ".........",
            ".........",
            ".........",
        ],
        &[("E9", Status::Dead), ("H9", Status::Alive)],
    );
    let corner = status(&board, &analysis, "D9");
    assert_ne!(corner, Status::Alive);
    let findings = life::findings(&analysis, &board, &analysis.dead());
    assert!(
        findings.iter().any(|f| f.kind == FindingKind::TeireNeeded) || corner != Status::Dead,
        "{findings:?}"
    );
}

/// Plain case: single stones left inside the opponent's territory are dead.
#[test]
fn dead_stones_inside_territory_are_dead() {
    expect(
        &[
            ".........",
            "...O.....",
            ".........",
            ".........",
            "XXXXXXXXX",
            "OOOOOOOOO",
            ".........",
            ".....X...",
            ".........",
        ],
        &[
            ("D8", Status::Dead),
            ("F2", Status::Dead),
            ("A5", Status::Alive),
            ("A4", Status::Alive),
        ],
    );
}

/// Plain case: a corner group with two separate eyes (A9 and C9) lives.
#[test]
fn two_eyes_live() {
    expect(
        &[
            ".X.XXO...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("B9", Status::Alive),
            ("A8", Status::Alive),
            ("F9", Status::Alive),
        ],
    );
}

/// Plain case: seki without eyes. The black 2×3 block and the white ring
/// around it share their only liberties C9 and D9; whoever fills one is
/// captured, and the capture leaves the captor a space too large to kill
/// (a rectangular six and more), so neither can capture the other for
/// good. The black ring outside lives.
#[test]
fn seki_without_eyes_is_seki() {
    expect(
        &[
            "XO..OX...",
            "XOXXOX...",
            "XOXXOX...",
            "XOXXOX...",
            "XOOOOX...",
            "XXXXXX...",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("C8", Status::Seki),
            ("B9", Status::Seki),
            ("A9", Status::Alive),
        ],
    );
}

/// Plain case: a large corner group with a single eye (B8) inside a living
/// black wall is dead: Black fills C9, then the eye.
#[test]
fn big_dead_group_in_corner_is_dead() {
    expect(
        &[
            "OO.X.....",
            "O.OX.....",
            "OOOX.....",
            "XXXX.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[("A9", Status::Dead), ("D9", Status::Alive)],
    );
}

/// Plain case (nakade): a straight three eye space (A9–C9) is killed by a
/// black stone on its middle point.
#[test]
fn straight_three_nakade_is_dead() {
    expect(
        &[
            "...OX....",
            "OOOOX....",
            "XXXXX....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[("D9", Status::Dead), ("E9", Status::Alive)],
    );
}

/// 珍型 1図 (欠け眼活き): five eye points, each made by different black chains
/// so that every one looks false, yet White can play on none of them
/// (each would be suicide), so Black lives; by Art. 8 its five points are
/// territory.
#[test]
fn false_eyes_all_round_still_live_with_territory() {
    let (board, analysis) = expect(
        &[
            ".X.XO....",
            "X.XXO....",
            ".X.XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("B9", Status::Alive),
            ("A8", Status::Alive),
            ("D9", Status::Alive),
        ],
    );
    let score = scoring::count(&board, &analysis.dead(), [0, 0], Komi::ZERO);
    let eyes = ["A9", "C9", "B8", "A7", "C7"];
    for eye in eyes {
        let p = Point::parse_gtp(eye, 9).unwrap();
        assert_eq!(score.at(p), PointStatus::Territory(Color::Black), "{eye}");
    }
    assert_eq!(score.territory[Color::Black.index()], 5);
}

/// The check warns about a proposal that marks a living chain dead or
/// leaves a dead one on the board, and says nothing about a proposal that
/// follows Article 7.
#[test]
fn check_flags_proposals_that_contradict_article_7() {
    let (board, analysis) = analyse(&BENT_FOUR);
    let p = |s: &str| Point::parse_gtp(s, 9).unwrap();
    assert!(life::findings(&analysis, &board, &analysis.dead()).is_empty());
    let kinds = |proposal: &[Point]| -> Vec<FindingKind> {
        life::check(&board, proposal, &Limits::default())
            .into_iter()
            .map(|f| f.kind)
            .collect()
    };
    assert_eq!(kinds(&[]), vec![FindingKind::LeftAliveButDead]);
    assert_eq!(
        kinds(&[p("D9"), p("A9")]),
        vec![FindingKind::MarkedDeadButAlive]
    );
    let mut corner = board.chain(p("D9"));
    corner.sort_unstable();
    assert_eq!(life::draft(&board, &Limits::default()), corner);
}

/// Plain case: the same ring around a 2×2 block is not seki: Black gives up
/// the block, and White's capture leaves a bulky five that Black kills by
/// playing its vital point, so the white ring is dead.
#[test]
fn ring_around_a_small_block_is_not_seki() {
    expect(
        &[
            "XO..OX...",
            "XOXXOX...",
            "XOXXOX...",
            "XOOOOX...",
            "XXXXXX...",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[("B9", Status::Dead), ("A9", Status::Alive)],
    );
}

/// The ending phase's first proposal: after two passes the game's draft is
/// the dead set of the analysis, and proposing it is accepted by the game.
#[test]
fn stopped_game_offers_the_draft_as_its_first_proposal() {
    use kaisho_core::{BoardSize, Event, Game, Phase, Settings};
    let board = Board::from_rows(&BENT_FOUR).unwrap();
    let mut settings = Settings::even(BoardSize::new(9).unwrap(), Komi::ZERO);
    settings.setup = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (c, p)))
        .collect();
    let mut game = Game::new(settings).unwrap();
    game.apply(Event::Pass {
        color: Color::Black,
    })
    .unwrap();
    game.apply(Event::Pass {
        color: Color::White,
    })
    .unwrap();
    assert_eq!(game.phase(), Phase::Stopped);
    let draft = game.auto_draft(&Limits::default());
    let white_corner = board.chain(Point::parse_gtp("D9", 9).unwrap());
    let mut expected = white_corner.clone();
    expected.sort_unstable();
    assert_eq!(draft.dead(), expected);
    game.apply(Event::Propose {
        by: Color::Black,
        dead: draft.dead(),
    })
    .unwrap();
    assert_eq!(game.phase(), Phase::Ending);
}

/// Plain case (a false eye): the corner group has one real eye (A7) and a
/// second one (B9) that is false, because the black stone C9 beside it can
/// be taken there; White takes at B9, which Art. 7.2 forbids Black to
/// retake at once, and then fills A7.
#[test]
fn one_eye_and_a_false_eye_is_dead() {
    expect(
        &[
            "X.XO.....",
            "XXOO.....",
            ".XO......",
            "XXO......",
            "OOO......",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("A9", Status::Dead),
            ("C9", Status::Dead),
            ("A5", Status::Alive),
        ],
    );
}

/// テーマ2 (万年コウ), left at stoppage. White's three stones C9–C8–B8
/// have the liberties A9, D9 and D8; Black's eight stones around them
/// have only D9 and D8; the lone white stone A9 can be taken at B9, a
/// ko. If White fills a shared liberty, Black takes the ko, White may not
/// retake (Art. 7.2) and Black captures; if Black takes the ko and fills
/// a shared liberty, White passes once for the ko, retakes, and Black,
/// now barred, cannot stop White capturing. So neither side can capture
/// the other: seki, all stones alive (the booklet's 6–8図), with or
/// without White's connection at B9.
///
/// The lone stone A9 is part of that seki: Black can take it and, after
/// White's pass for the ko, connect on its point, but the white block still
/// stands, and the booklet counts the white stones of the shape together
/// (「白黒ともに「活き石」。つまり、セキ」). A ko stone lives while the group
/// around its ko point lives (`life::ko_stone`).
#[test]
fn mannen_ko_at_stoppage_is_seki() {
    expect(
        &MANNEN_KO,
        &[
            ("A8", Status::Seki),
            ("C9", Status::Seki),
            ("A9", Status::Seki),
            ("F9", Status::Alive),
        ],
    );
}

/// テーマ4 A (本コウ) left open. The white block C9–B8–C8 has the
/// liberties B9 and D9; the black group around it has D9 and E9; the lone
/// white stone A9 can be taken at B9, a ko. White, moving first, plays E9
/// (joined to its wall), leaving Black only D9: Black takes the ko at B9,
/// and White captures the black group at D9. Black, moving first, takes
/// the ko; White may not retake (Art. 7.2) and Black captures at D9. So
/// both sides' stones are dead and the area counts for nobody until one
/// side resolves the ko (手入れ): the check asks for teire.
#[test]
fn hon_ko_left_open_needs_teire() {
    let (board, analysis) = expect(
        &[
            "O.O..O...",
            "XOOXXO...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("A8", Status::Dead),
            ("C9", Status::Dead),
            ("A9", Status::Dead),
            ("F9", Status::Alive),
        ],
    );
    let findings = life::check(&board, &analysis.dead(), &Limits::default());
    let teire: Vec<_> = findings
        .iter()
        .filter(|f| f.kind == FindingKind::TeireNeeded)
        .collect();
    assert_eq!(teire.len(), 1, "{findings:?}");
    let p = |s: &str| Point::parse_gtp(s, 9).unwrap();
    for stone in ["A9", "C9", "A8", "E8"] {
        assert!(teire[0].stones.contains(&p(stone)), "{stone}: {teire:?}");
    }
}

/// テーマ4 B (一手ヨセコウ from White): the same ko, but the black group
/// has a third liberty (G9, besides D9 and E9), and White cannot fill E9
/// without putting that stone in atari, so White needs an approach move
/// before the ko decides anything. White fills G9; Black takes the ko at
/// B9; White, barred from retaking, has no liberty of Black's left to
/// fill safely, and Black captures the white block at D9 (the booklet's
/// 3–4図). Black lives; the white stones are dead, and no teire is needed.
/// The default budget settles it: the defender answers each White try with
/// the capture on offer (the ko, then the block) before trying a pass.
#[test]
fn approach_ko_from_white_leaves_black_alive_without_teire() {
    let (board, analysis) = expect(
        &[
            "O.O..X.O.",
            "XOOXXXOO.",
            "XXXXXXO..",
            "OOOOOOO..",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("A8", Status::Alive),
            ("C9", Status::Dead),
            ("A9", Status::Dead),
            ("H9", Status::Alive),
        ],
    );
    assert!(life::findings(&analysis, &board, &analysis.dead()).is_empty());
}

/// テーマ2 1図: the same 万年コウ after White has connected at B9, which
/// the booklet says changes nothing: the white block (now with A9) and
/// the black group share the liberties D9 and D8, and whoever fills one
/// is captured. Seki.
#[test]
fn mannen_ko_connected_is_seki() {
    expect(
        &[
            "OOO.XO...",
            "XOO.XO...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            ("A8", Status::Seki),
            ("C9", Status::Seki),
            ("F9", Status::Alive),
        ],
    );
}

/// テーマ3 (旧「取らず三目」), left at stoppage: seki. In the top right
/// corner the black four H8–J8–H7–J7 and the white stone H9 are both in
/// atari at J9 (the booklet's A), inside White's wall and next to Black's
/// G9. If Black takes the white stone at J9, White takes back five at H9
/// (「白から五子を取り返され」), and after Black 3 at H8 White's 4 (H7) and
/// 6 (J8) are new stones Black cannot take (9–10図): the white stone is
/// alive. If White takes the four at J9, Black cuts at H8 (5図 黒2) and that
/// new stone stays, joined to G9 (7–8図): the black four are alive. Both
/// alive next to the dame J9, which neither can fill: seki (「このまま終局
/// すればセキ」), and the corner counts for nobody, where the old rules gave
/// White three points.
#[test]
fn torazu_sanmoku_left_at_stoppage_is_seki() {
    let (board, analysis) = expect(
        &[
            "....XXXO.",
            "....XXOXX",
            "....XXOXX",
            "....XOOOO",
            "....XO...",
            "....XO...",
            "....XO...",
            "....XO...",
            "....XO...",
        ],
        &[
            ("H9", Status::Seki),
            ("H8", Status::Seki),
            ("G9", Status::Alive),
            ("G8", Status::Alive),
        ],
    );
    let score = count_with_none_dead(&board, &analysis);
    assert_eq!(score.at(pt("J9")), PointStatus::SharedLiberty);
}

/// Plain case: seki with an eye on each side. The black group B9–E8 has
/// the eye C9 and the liberty E9; the white group F9–H8 has the eye G9
/// and the same liberty E9. Whoever fills E9 is left with its eye alone
/// and is captured there, and neither eye can be filled, so neither side
/// can capture the other: seki. By Art. 8 (「駄目を有する活き石を「セキ石」と
/// いい、セキ石以外の活き石の目を「地」という」) the eyes of seki stones are not
/// territory.
#[test]
fn seki_with_an_eye_each_and_a_shared_liberty_is_seki() {
    let (board, analysis) = expect(
        &[
            "OX.X.O.OX",
            "OXXXXOOOX",
            "OOOOOXXXX",
            "....OX...",
            "....OX...",
            "....OX...",
            "....OX...",
            "....OX...",
            "....OX...",
        ],
        &[
            ("B9", Status::Seki),
            ("F9", Status::Seki),
            ("A9", Status::Alive),
            ("F7", Status::Alive),
        ],
    );
    let score = count_with_none_dead(&board, &analysis);
    assert_eq!(score.at(pt("C9")), PointStatus::SekiEye(Color::Black));
    assert_eq!(score.at(pt("G9")), PointStatus::SekiEye(Color::White));
    assert_eq!(score.at(pt("E9")), PointStatus::SharedLiberty);
    assert_eq!(score.territory, [18, 24]);
}

/// テーマ1 B: a corner shape taken for the bent four that is seki. The
/// booklet's diagram is missing; its prose says that White can take the
/// black stones only by playing a and b, which leaves White crushed
/// (オシツブシ), and that the white stones are seki even with every outside
/// dame filled. Reconstructed: an L-shaped five (A9–C9, C8–C7) inside a
/// white wall with no outside liberty, the black three B9–C9–C8 on its
/// bend, a = A9 and b = C7 empty. White filling a and b takes the three
/// but keeps only the bent three B9–C9–C8, which Black kills on C9; Black
/// filling either end is taken at the other, and White is left with a bent
/// four away from the corner, which lives. Neither can start: seki.
#[test]
fn bent_four_look_alike_b_is_seki() {
    expect(
        &top(&[
            ".XXOX....",
            "OOXOX....",
            "OO.OX....",
            "OOOOX....",
            "XXXXX....",
        ]),
        &[
            ("B9", Status::Seki),
            ("A8", Status::Seki),
            ("E9", Status::Alive),
        ],
    );
}

/// テーマ1 C: a corner shape taken for the bent four in which White lives.
/// The booklet's diagram is missing; its prose says White can take the
/// black stones at once (1図 白1), and that if Black then attaches inside
/// (2図 黒2) White crushes it with 3 and 5 and lives. Reconstructed: the
/// same L-shaped five with the black three A9–B9–C9 on its arm, in atari at
/// C8. White takes them at C8 whenever it likes, keeping the eye C7 and the
/// straight three A9–C9, where Black's attachment at B9 is taken by White
/// C9 and A9 for a second eye; Black filling C8 or C7 first only gives
/// White a bent four away from the corner. White lives, the black three
/// are dead.
#[test]
fn bent_four_look_alike_c_is_alive() {
    expect(
        &top(&[
            "XXXOX....",
            "OO.OX....",
            "OO.OX....",
            "OOOOX....",
            "XXXXX....",
        ]),
        &[
            ("A8", Status::Alive),
            ("A9", Status::Dead),
            ("E9", Status::Alive),
        ],
    );
}

/// テーマ5 (両コウがあったら, 部分的死活論): the bent four (テーマ1 A, bottom
/// left) on the same board as a double-ko seki (top edge) is still dead.
/// In the double ko the white group A8–J8 and the black group B8–H8 share
/// the liberty E8; Black can take the white ko stone B9 at A9 and White the
/// black ko stone J9 at H9, and neither can win both kos, so the booklet
/// calls them all alive, seki (「両コウゼキの形…ともに活き。つまりセキ」).
/// During the confirmation of the bent four White may not use the double
/// ko as ko threats (Art. 7.2: 「同一の劫での取り返し」 is barred, each ko
/// must be passed for), so Black's ko in the corner still wins (1–2図);
/// each shape is judged as if it stood on a board of its own.
#[test]
fn bent_four_is_dead_even_with_a_double_ko_seki_on_the_board() {
    let (board, analysis) = expect(
        &top(&[
            ".OXXXXX.X",
            "OXXX.XXXO",
            "OOOOOOOOO",
            "XXXXXXXXX",
            ".........",
            "XXXX.....",
            "OOOXX....",
            "X.OOX....",
            "XX.OX....",
        ]),
        &[
            ("A3", Status::Dead),
            ("A2", Status::Alive),
            ("A4", Status::Alive),
            ("B9", Status::Seki),
            ("J9", Status::Seki),
            ("B8", Status::Seki),
            ("A8", Status::Seki),
            ("A6", Status::Alive),
        ],
    );
    let mut corner = board.chain(pt("A3"));
    corner.sort_unstable();
    assert_eq!(analysis.dead(), corner);
}

/// 珍型 3図: dead like the bent four. The booklet's diagram is missing; its
/// prose says Black can never play there, while White, starting with a
/// capture at a (a抜き), can turn it into a ko whenever it likes, so the
/// shape is the bent four's kind and Black is taken as it stands.
/// Reconstructed: the black group B9–C8 has the eye A9, and its second
/// eye C9 (a) is a tiger's mouth whose tooth D9 White can take there, a ko
/// with White capturing first. Black filling A9 or C9 leaves it in atari;
/// White's capture at C9 also leaves the group with A9 alone, Black may
/// not retake (Art. 7.2), and White takes the group at A9. The ko stone
/// D9 dies with its group.
#[test]
fn chinkei_3_left_as_is_is_dead_like_the_bent_four() {
    let (_, analysis) = expect(
        &top(&[".X.XO....", "XXXOO....", "OOOO....."]),
        &[
            ("A8", Status::Dead),
            ("D9", Status::Dead),
            ("A7", Status::Alive),
        ],
    );
    assert_eq!(analysis.dead().len(), 5);
}

/// 珍型 2図 (ハネセキ): a semeai in which whoever plays at a loses, so it is
/// seki as it stands, with Black's hane ▲ left unconnected. The booklet's
/// diagram is missing; its prose says only that touching a loses the
/// semeai for either side. Reconstructed: Black's seven stones B8–C5 (the
/// group ▲ hanes from) and the hane stone ▲ = C9 on the first line,
/// diagonal to B8 and touching White's D9, stand inside the white chain
/// A9–A4–D4–D9 (fourteen stones), which a black wall with the two eyes F9
/// and H9 encloses. All three chains have exactly the same two liberties:
/// a = B9, where Black would connect the hane and White would cut it off,
/// and C8, the other point between ▲ and B8. Nothing else is local: White
/// can play in neither eye of the wall (suicide), and the rest of the
/// board touches none of the three.
///
/// - White at a (B9): the stone joins A9 and leaves White's chain only
///   C8; it takes nothing (▲ and B8 still have C8), and Black takes the
///   fifteen white stones at C8, next to a living wall.
/// - White at C8: the same (joined to D8, only B9 left); Black takes at B9.
/// - Black at a: ▲ and B8 join with only C8 left, which is also White's
///   last liberty, and White takes the nine black stones at C8.
/// - Black at C8: the same; White takes the nine at B9.
/// - After either sacrifice White's chain encloses nine empty points with
///   no outside liberty: too many for a nakade (a killable shape has at
///   most six points), and it holds the rectangular six B7–C5. White
///   answers a black stone there at B8 (if Black took B8: at B7, or at C8
///   where White's capture was at B9) and has two eyes, so nothing of
///   Black comes back.
///
/// So neither side can take the other, no ko arises (Art. 7.2 never comes
/// in), and the three chains are seki stones next to the dame a and C8;
/// the wall is alive, nothing is dead and no teire is needed.
#[test]
fn hane_seki_is_seki() {
    let (board, analysis) = expect(
        &[
            "O.XOX.X.X",
            "OX.OXXXXX",
            "OXXOX....",
            "OXXOX....",
            "OXXOX....",
            "OOOOX....",
            "XXXXX....",
            ".........",
            ".........",
        ],
        &[
            ("C9", Status::Seki),
            ("B8", Status::Seki),
            ("A9", Status::Seki),
            ("E9", Status::Alive),
        ],
    );
    assert!(life::findings(&analysis, &board, &analysis.dead()).is_empty());
    let score = count_with_none_dead(&board, &analysis);
    assert_eq!(score.at(pt("B9")), PointStatus::SharedLiberty);
    assert_eq!(score.at(pt("C8")), PointStatus::SharedLiberty);
}

/// 珍型 4図: White can make no move there, Black can make a ko from a, the
/// kind of the 万年コウ, and the shape is seki if the game ends as it
/// stands (「このままの形で終わればセキ」). The booklet's diagram is missing;
/// its prose says only that. Reconstructed: the black four D9–C8–D8–D7
/// inside the white thirteen A9–B8–B7–A6–E6–E9, which a living black wall
/// closes with no outside liberty. White has the liberties a = B9 and C7,
/// the black four C9 and C7: C7 is shared, and a and C9 face each other.
///
/// - White at a joins C9 to its liberties, so both sides have C9 and C7;
///   Black fills C9 and White must take the five C9–D9–C8–D8–D7 at C7, a
///   bulky five, whose vital point D8 kills the white stones.
/// - White at C9 ataris the four, but Black takes that stone at a, a ko
///   White may not retake before passing (Art. 7.2), and in that pass
///   Black takes the thirteen at C7.
/// - White at C7 is self-atari: Black takes the thirteen at a.
/// - Black's a is a throw-in. White takes it at C9, so White has the ko
///   first; Black must pass before retaking (Art. 7.2) and White takes the
///   four at C7, keeping the eye a and a pyramid four Black cannot kill.
///   In a game Black retakes after a ko threat and the ko is fought out
///   (「それ以前に黒からa以下仕掛ければ、実戦解決」): after a, each side takes
///   the other by moving first, so nothing can be counted until it is
///   settled.
/// - Black filling C9 gives the plain seki with the shared liberties a and
///   C7, as White's connection does in the 万年コウ; Black at C7 is
///   self-atari.
///
/// So neither side can capture the other as the shape stands: seki, with
/// a, C9 and C7 counting for nobody and nothing dead.
#[test]
fn chinkei_4_left_as_is_is_seki_like_the_mannen_ko() {
    let rows = top(&[
        "O..XOX...",
        "OOXXOX...",
        "OO.XOX...",
        "OOOOOX...",
        "XXXXXX...",
    ]);
    let (board, analysis) = expect(
        &rows,
        &[
            ("A9", Status::Seki),
            ("D9", Status::Seki),
            ("A5", Status::Alive),
        ],
    );
    assert!(life::findings(&analysis, &board, &analysis.dead()).is_empty());
    let score = count_with_none_dead(&board, &analysis);
    for open in ["B9", "C9", "C7"] {
        assert!(
            !matches!(score.at(pt(open)), PointStatus::Territory(_)),
            "{open} is {:?}",
            score.at(pt(open))
        );
    }
    assert_eq!(score.territory, [51, 0]);

    let after = |moves: &[(Color, &str)]| {
        let mut played = board.clone();
        for &(color, at) in moves {
            played.play(color, pt(at)).unwrap();
        }
        let analysis = life::analyse(&played, &Limits::default());
        (played, analysis)
    };
    for white in ["B9", "C9", "C7"] {
        let (played, analysis) = after(&[(Color::White, white)]);
        assert_eq!(
            status(&played, &analysis, "A9"),
            Status::Dead,
            "White at {white} should lose the thirteen"
        );
    }

    let (thrown_in, analysis) = after(&[(Color::Black, "B9")]);
    assert_eq!(status(&thrown_in, &analysis, "A9"), Status::Dead);
    assert_eq!(status(&thrown_in, &analysis, "D9"), Status::Dead);
    let mut taken = thrown_in.clone();
    let placed = taken.play(Color::White, pt("C9")).unwrap();
    assert_eq!((placed.captured, placed.ko), (1, Some(pt("B9"))));

    let (filled, analysis) = after(&[(Color::Black, "C9")]);
    assert_eq!(status(&filled, &analysis, "A9"), Status::Seki);
    assert_eq!(status(&filled, &analysis, "D9"), Status::Seki);
}

/// A 19×19 fixture from its top rows and its bottom rows; the rows between
/// are empty.
fn board19(top: &[&'static str], bottom: &[&'static str]) -> Vec<&'static str> {
    let mut all = top.to_vec();
    all.resize(19 - bottom.len(), "...................");
    all.extend_from_slice(bottom);
    all
}

/// 部分的死活論 with open walls: four booklet shapes in the corners of one
/// 19×19 board whose walls face a large empty middle that touches both
/// colours, so nobody's territory: the bent four (テーマ1 A, top left),
/// テーマ1 B (top right), 珍型 3図 (bottom left) and テーマ1 C (bottom right).
/// No play inside a corner can take the walls, which reach into the open
/// middle, so each corner is judged on its own, with the verdicts of its
/// 9×9 test. The walls themselves are unsettled: the room they face (278
/// empty points) is no proof that they live, since play there has not
/// ended (Art. 7.1 asks for a capture the opponent cannot make).
#[test]
fn shapes_behind_open_walls_are_judged_on_their_own() {
    let rows = board19(
        &[
            "XX.OX.........XOXX.",
            "X.OOX.........XOXOO",
            "OOOXX.........XO.OO",
            "XXXX..........XOOOO",
            "..............XXXXX",
        ],
        &[
            "..............XXXXX",
            "..............XOOOO",
            "OOOO..........XO.OO",
            "XXXOO.........XO.OO",
            ".X.XO.........XOXXX",
        ],
    );
    let (_, analysis) = expect(
        &rows,
        &[
            ("C18", Status::Dead),
            ("A19", Status::Alive),
            ("Q19", Status::Seki),
            ("R19", Status::Seki),
            ("A2", Status::Dead),
            ("D1", Status::Dead),
            ("Q4", Status::Alive),
            ("R1", Status::Dead),
        ],
    );
    for wall in ["A16", "P19", "A3", "P5"] {
        let verdict = analysis.at(Point::parse_gtp(wall, 19).unwrap()).unwrap();
        assert_eq!(verdict.status, Status::Unsettled, "{wall}");
        assert!(
            matches!(verdict.reason, Reason::BordersOpenArea { .. }),
            "{wall}: {:?}",
            verdict.reason
        );
    }
}

/// The 1949 rules' 第八図 (Art. 42), drawn with open walls: the white seven
/// P19–Q16 (the eye Q19) and the black six S19–T16 share the dame R17, and
/// the white two T19–T18 inside Black's eye are in atari at T17. Black may
/// take the two (「此のセキで黒は二目の白をハマとして取ることができる」): after
/// Black T17, White throws in at T18 and the shape stays seki. Neither side
/// can take the seki stones, so the draft's dead set is exactly the two.
/// The black wall O19–Q15 and the white wall R15–R12 border the open board:
/// no large territory, so no stone of the seki is an invader in one.
#[test]
fn the_1949_seki_gives_up_only_the_two_stones_in_its_eye() {
    let (_, analysis) = analyse(&board19(
        &[
            ".............XO.OXO",
            ".............XOOOXO",
            ".............XXO.X.",
            "..............XOXXX",
            "..............XXOOO",
            "................O..",
            "................O..",
            "................O..",
        ],
        &[],
    ));
    let mut two = vec![
        Point::parse_gtp("T19", 19).unwrap(),
        Point::parse_gtp("T18", 19).unwrap(),
    ];
    two.sort_unstable();
    assert_eq!(analysis.dead(), two);
    for seki in ["P19", "S19"] {
        let status = analysis.status(Point::parse_gtp(seki, 19).unwrap());
        assert!(
            matches!(status, Some(Status::Alive | Status::Seki)),
            "{seki}: {status:?}"
        );
    }
}

/// The booklet's two kinds of ko left at stoppage, on one 19×19 board with
/// open walls: the 万年コウ (テーマ2, top left) is seki, the 本コウ left open
/// (テーマ4, bottom left, upside down) leaves both sides dead until a teire.
/// Each is judged on its own within the default budget (the proof-number
/// search settles both in a few hundred nodes; the alpha-beta search before it
/// needed more than 2,000, more than either alone).
#[test]
fn mannen_ko_and_hon_ko_on_one_board_are_each_judged_on_their_own() {
    let (board, analysis) = expect(
        &board19(
            &[
                "O.O.XO.............",
                "XOO.XO.............",
                "XXXXXO.............",
                "OOOOOO.............",
            ],
            &[
                "OOOOOO.............",
                "XXXXXO.............",
                "XOOXXO.............",
                "O.O..O.............",
            ],
        ),
        &[
            ("A19", Status::Seki),
            ("B18", Status::Seki),
            ("A18", Status::Seki),
            ("A3", Status::Dead),
            ("B2", Status::Dead),
            ("A1", Status::Dead),
        ],
    );
    assert!(analysis.nodes > 0, "{} nodes", analysis.nodes);
    let findings = life::findings(&analysis, &board, &analysis.dead());
    assert!(
        findings.iter().any(|f| f.kind == FindingKind::TeireNeeded),
        "{findings:?}"
    );
}

/// The 1949 rules' ko figure (第四図): a ko drawn alone on the open board.
/// Its stones face the open area with three liberties or fewer each, too
/// thin to be called alive by the room they face, and no search can take
/// them there: every stone is left unsettled, none dead.
#[test]
fn a_ko_on_the_open_board_leaves_its_stones_unsettled() {
    let (_, analysis) = analyse(&board19(
        &[
            "...................",
            "...................",
            "..............OX...",
            ".............OX.X..",
            "..............OX...",
        ],
        &[],
    ));
    assert_eq!(analysis.chains.len(), 7);
    for chain in &analysis.chains {
        assert_eq!(chain.status, Status::Unsettled, "{chain:?}");
    }
}
