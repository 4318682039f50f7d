use kaisho_core::*;

#[test]
fn a_capture_and_two_passes() {
    let mut g = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    let p = |s: &str| Point::parse_gtp(s, 9).unwrap();
    for (c, s) in [
        (Color::Black, "A2"),
        (Color::White, "A1"),
        (Color::Black, "B1"),
    ] {
        g.apply(Event::Play {
            color: c,
            point: p(s),
        })
        .unwrap();
    }
    assert_eq!(g.captures(), [1, 0]);
    assert_eq!(g.board().get(p("A1")), None);
    g.apply(Event::Pass {
        color: Color::White,
    })
    .unwrap();
    g.apply(Event::Pass {
        color: Color::Black,
    })
    .unwrap();
    assert_eq!(g.phase(), Phase::Stopped);
}
