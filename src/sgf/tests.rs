//! The loader on tiny inline records and on the real files of `fixtures/load/`.

use super::*;
use encoding_rs::{BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_16BE, WINDOWS_1252};
use std::borrow::Cow;

fn games(bytes: &[u8]) -> Vec<Result<GameRecord, GameError>> {
    load(bytes).unwrap_or_else(|e| panic!("file does not load: {e}"))
}

/// The only game of a record that must load.
fn one(bytes: impl AsRef<[u8]>) -> GameRecord {
    let mut all = games(bytes.as_ref());
    assert_eq!(all.len(), 1, "expected one game: {all:?}");
    all.remove(0)
        .unwrap_or_else(|e| panic!("game does not load: {e}"))
}

fn p(sgf: &str) -> Point {
    let b = sgf.as_bytes();
    Point::new(b[0] - b'a', b[1] - b'a')
}

fn plays(record: &GameRecord) -> Vec<String> {
    record
        .moves
        .iter()
        .map(|m| match &m.action {
            Action::Play(p) => format!("{}{}", m.color.letter(), p.to_sgf()),
            Action::Pass => format!("{}-", m.color.letter()),
            Action::Unreadable(raw) => format!("{}?{raw}", m.color.letter()),
        })
        .collect()
}

fn warned(record: &GameRecord, kind: WarningKind, needle: &str) -> bool {
    record
        .warnings
        .iter()
        .any(|w| w.kind == kind && w.message.contains(needle))
}

fn kinds(record: &GameRecord) -> Vec<WarningKind> {
    record.warnings.iter().map(|w| w.kind).collect()
}

// ---------------------------------------------------------------- charsets

#[test]
fn gb2312_names_decode() {
    let r = one(include_bytes!("../../fixtures/load/chinese.sgf"));
    assert_eq!(r.black.as_deref(), Some("古力"));
    assert_eq!(r.white.as_deref(), Some("柯洁"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn shift_jis_names_decode() {
    let r = one(include_bytes!("../../fixtures/load/japanese.sgf"));
    assert_eq!(r.black.as_deref(), Some("井山 裕太"));
    assert_eq!(r.white.as_deref(), Some("山下 敬吾"));
}

#[test]
fn euc_kr_names_decode() {
    let r = one(include_bytes!("../../fixtures/load/korean.sgf"));
    assert_eq!(r.black.as_deref(), Some("이세돌"));
    assert_eq!(r.white.as_deref(), Some("박정환"));
}

#[test]
fn utf16_le_with_bom_decodes() {
    let r = one(include_bytes!("../../fixtures/load/utf16le.sgf"));
    assert_eq!(r.black.as_deref(), Some("Kitani Minoru"));
    assert_eq!(r.white.as_deref(), Some("Go Seigen"));
    assert!(r.moves.len() > 10);
}

#[test]
fn utf16_without_bom_and_big_endian_decode() {
    let le = include_bytes!("../../fixtures/load/utf16le.sgf");
    let without_bom = &le[2..];
    assert_eq!(one(without_bom).black.as_deref(), Some("Kitani Minoru"));

    let text = String::from_utf16_lossy(
        &without_bom
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect::<Vec<_>>(),
    );
    let mut be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    assert_eq!(one(&be).white.as_deref(), Some("Go Seigen"));
    be.splice(0..0, [0xFE, 0xFF]);
    assert_eq!(one(&be).white.as_deref(), Some("Go Seigen"));
    assert_eq!(UTF_16BE.name(), "UTF-16BE");
}

#[test]
fn utf8_bom_decodes() {
    let r = one(include_bytes!("../../fixtures/load/utf8bom.sgf"));
    assert_eq!(r.black.as_deref(), Some("Kitani Minoru"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn every_declared_charset_decodes() {
    let cases: [(&str, &'static encoding_rs::Encoding, &str); 10] = [
        ("GB2312", GBK, "聂卫平"),
        ("GBK", GBK, "常昊"),
        ("GB18030", GB18030, "柯洁𠀀"),
        ("Big5", BIG5, "張栩"),
        ("EUC-KR", EUC_KR, "조훈현"),
        ("Shift_JIS", SHIFT_JIS, "井山裕太"),
        ("SJIS", SHIFT_JIS, "趙治勲"),
        ("ISO-8859-1", WINDOWS_1252, "Müller"),
        ("Latin-1", WINDOWS_1252, "Hélène"),
        ("UTF-8", encoding_rs::UTF_8, "Ünal 申眞諝"),
    ];
    for (label, encoding, name) in cases {
        let text = format!("(;CA[{label}]PB[{name}];B[dd])");
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(!unmappable, "{label} cannot hold {name}");
        let r = one(&bytes);
        assert_eq!(r.black.as_deref(), Some(name), "CA[{label}]");
        assert!(r.warnings.is_empty(), "CA[{label}]: {:?}", r.warnings);
    }
}

#[test]
fn mislabelled_charset_is_a_warning() {
    let gb = include_bytes!("../../fixtures/load/chinese.sgf");
    let text = String::from_utf8_lossy(gb).replace("GB2312", "UTF-8");
    // Rebuild the bytes: only the ASCII label changed.
    let mut bytes = gb.to_vec();
    let at = gb.windows(6).position(|w| w == b"GB2312").expect("label");
    bytes.splice(at..at + 6, *b"UTF-8");
    assert!(text.contains("CA[UTF-8]"));
    let r = one(&bytes);
    assert_eq!(r.black.as_deref(), Some("古力"));
    assert!(
        warned(&r, WarningKind::Charset, "CA[UTF-8]"),
        "{:?}",
        r.warnings
    );

    // Declared Shift_JIS, written in UTF-8.
    let r = one("(;CA[Shift_JIS]PB[井山裕太])");
    assert_eq!(r.black.as_deref(), Some("井山裕太"));
    assert!(warned(&r, WarningKind::Charset, "bytes are UTF-8"));
}

#[test]
fn missing_charset_is_guessed() {
    let strip = |bytes: &[u8], label: &[u8]| {
        let mut label_prop = b"CA[".to_vec();
        label_prop.extend_from_slice(label);
        label_prop.push(b']');
        let at = bytes
            .windows(label_prop.len())
            .position(|w| w == label_prop)
            .expect("CA");
        let mut v = bytes.to_vec();
        v.drain(at..at + label_prop.len());
        v
    };
    let chinese = strip(include_bytes!("../../fixtures/load/chinese.sgf"), b"GB2312");
    let r = one(&chinese);
    assert_eq!(r.black.as_deref(), Some("古力"));
    assert!(
        warned(&r, WarningKind::Charset, "GB18030"),
        "{:?}",
        r.warnings
    );

    let japanese = strip(
        include_bytes!("../../fixtures/load/japanese.sgf"),
        b"Shift_JIS",
    );
    assert_eq!(one(&japanese).black.as_deref(), Some("井山 裕太"));

    let korean = strip(include_bytes!("../../fixtures/load/korean.sgf"), b"EUC-KR");
    assert_eq!(one(&korean).black.as_deref(), Some("이세돌"));

    let r = one(include_bytes!("../../fixtures/load/no-ca.sgf"));
    assert!(
        warned(&r, WarningKind::Charset, "GB18030"),
        "{:?}",
        r.warnings
    );
    assert_eq!(r.setup.black.len(), 12);

    // Accented Latin words are not read as rare CJK characters.
    let (latin, _, _) = WINDOWS_1252.encode("(;PB[Müller]C[Fichier créé par TurboGo];B[dd])");
    let r = one(&latin);
    assert_eq!(r.black.as_deref(), Some("Müller"));
    assert!(
        warned(&r, WarningKind::Charset, "Latin-1"),
        "{:?}",
        r.warnings
    );
}

#[test]
fn nihon_kiin_record_reads_shift_jis_without_ca_or_root_semicolon() {
    // Shift_JIS trail bytes 0x5C (`\`) sit right before `]`: decoding first keeps them
    // from escaping the bracket.
    let r = one(include_bytes!("../../fixtures/load/nihon-kiin.sgf"));
    assert_eq!(r.black.as_deref(), Some("申眞ソ"));
    assert_eq!(r.white.as_deref(), Some("党毅飛"));
    assert_eq!(r.result.as_deref(), Some("257手完, 黒中押し勝ち"));
    assert_eq!(r.komi, Some(6.5));
    assert_eq!(r.time.main_time, Some(3600.0));
    assert_eq!(r.moves.len(), 8);
    assert_eq!(r.moves[0].node, 1);
    assert!(warned(&r, WarningKind::Dialect, "no `;`"));
    assert!(warned(&r, WarningKind::Komi, "KO[黒6目半]"));
    assert!(warned(&r, WarningKind::Time, "TM[1時間]"));
}

#[test]
fn utf8_cut_mid_character_is_repaired_not_misread() {
    // Fox truncates names by bytes: 情 is E6 83 85, the file keeps E6 83.
    let mut bytes = b"(;CA[UTF-8]PB[\xe4\xbd\xa0\xe8\x8b\xa5\xe6\x9c\x89\xe6\x83]".to_vec();
    bytes.extend_from_slice("BR[9段]PW[CGI]WR[9段];B[qd])".as_bytes());
    let r = one(&bytes);
    assert_eq!(r.black.as_deref(), Some("你若有\u{FFFD}"));
    assert_eq!(r.white.as_deref(), Some("CGI"));
    assert!(warned(&r, WarningKind::Charset, "invalid UTF-8"));
}

// ---------------------------------------------------------------- splitting and dialects

#[test]
fn empty_and_gameless_files_are_load_errors() {
    assert_eq!(load(b""), Err(LoadError::Empty));
    assert_eq!(load(b" \r\n\t"), Err(LoadError::Empty));
    assert_eq!(load(b"\xEF\xBB\xBF  "), Err(LoadError::Empty));
    assert_eq!(load(b"hello (world) [x]"), Err(LoadError::NoGame));
    assert_eq!(load(b"()"), Err(LoadError::NoGame));
    // A GIB record is read as what it is (`gib.rs`).
    let gib = one(b"\\HS\n\\[GIBOKIND=Global\\]\n\\HE\n\\GS\nSTO 0 2 1 3 3\n\\GE\n");
    assert_eq!(plays(&gib), ["Bdd"]);
    assert!(matches!(
        load(b"komi 6.5\nboardsize 19\nclear_board\nplay B Q4\n"),
        Err(LoadError::NotSgf { .. })
    ));
    let message = LoadError::NoGame.to_string();
    assert!(message.starts_with("no SGF game"), "{message}");
}

#[test]
fn garbage_around_games_is_skipped() {
    let text =
        "From: someone\nSubject: [go] our game (see below)\n\n(;SZ[9];B[ee];W[cc])\n-- \nbye :)";
    let r = one(text);
    assert_eq!(plays(&r), ["Bee", "Wcc"]);
    // A collection wrapped in an extra pair of parentheses.
    let all = games(b"((;SZ[9];B[aa])(;SZ[9];B[bb]))");
    assert_eq!(all.len(), 2);
}

#[test]
fn collection_with_a_broken_middle_game_keeps_the_others() {
    let text = "(;SZ[9];B[aa];W[bb])\n(; what is this ;B[cc])\n(;SZ[13];B[dd];W[ee];B[ff])";
    let all = games(text.as_bytes());
    assert_eq!(all.len(), 3);
    assert_eq!(plays(all[0].as_ref().expect("first")), ["Baa", "Wbb"]);
    match &all[1] {
        Err(GameError::Syntax { game: 1, message }) => {
            assert!(message.contains("line 2"), "{message}");
            assert!(message.starts_with("no node"), "{message}");
        }
        other => panic!("expected a syntax error: {other:?}"),
    }
    let third = all[2].as_ref().expect("third");
    assert_eq!(third.index, 2);
    assert_eq!(third.width, 13);
    assert_eq!(plays(third), ["Bdd", "Wee", "Bff"]);

    // Errors of other kinds in the middle do not stop the collection either.
    let all = games(b"(;B[aa])(;GM[2]B[aa])(;SZ[99])(;W[bb])");
    assert!(all[0].is_ok() && all[3].is_ok());
    assert!(matches!(all[1], Err(GameError::NotGo { game: 1, .. })));
    assert!(matches!(
        all[2],
        Err(GameError::BadSize {
            game: 2,
            width: 99,
            ..
        })
    ));
}

#[test]
fn truncated_game_keeps_the_nodes_before_the_damage() {
    // An unescaped `]` inside a comment: everything after it is not SGF.
    let r = one("(;SZ[9];B[aa];W[bb];B[cc]C[tartrate [7d]: hi];W[dd];B[ee])");
    assert_eq!(plays(&r), ["Baa", "Wbb", "Bcc"]);
    assert_eq!(r.nodes, 4);
    let w = r
        .warnings
        .iter()
        .find(|w| w.kind == WarningKind::Truncated)
        .expect("truncation warning");
    assert!(w.message.contains("stopped after node 3"), "{}", w.message);
    assert!(w.message.contains("line 1, column 41"), "{}", w.message);

    // A file cut short inside a value.
    let r = one("(;SZ[9];B[aa];W[bb];B[cc]C[to be continu");
    assert_eq!(plays(&r), ["Baa", "Wbb", "Bcc"]);
    assert!(warned(&r, WarningKind::Truncated, "never closed"));

    // A property after a closed variation.
    let r = one("(;SZ[9];B[aa](;W[bb])(;W[cc])B[dd])");
    assert_eq!(plays(&r), ["Baa", "Wbb"]);
    assert!(warned(&r, WarningKind::Truncated, "closed variation"));

    // A variation with no node.
    let r = one("(;SZ[9];B[aa]((;W[bb])))");
    assert_eq!(plays(&r), ["Baa"]);
    assert!(warned(&r, WarningKind::Truncated, "before any node"));
}

#[test]
fn unterminated_game_tree_is_closed_without_loss() {
    let r = one(include_bytes!("../../fixtures/load/owl42.sgf"));
    assert_eq!(kinds(&r), [WarningKind::Dialect]);
    assert_eq!(r.first_player, Some(Color::Black));
    assert!(r.setup.black.len() > 100 && r.setup.white.len() > 100);

    let r = one("(;SZ[9];B[aa](;W[bb];B[cc]");
    assert_eq!(plays(&r), ["Baa", "Wbb", "Bcc"]);
    assert!(warned(&r, WarningKind::Dialect, "2 `)`s added"));
}

#[test]
fn root_without_semicolon_is_a_node() {
    let r = one("(B[aa];W[bb])");
    assert_eq!(plays(&r), ["Baa", "Wbb"]);
    assert_eq!(r.moves[0].node, 0);
    assert_eq!(r.moves[1].node, 1);
    assert!(warned(&r, WarningKind::Dialect, "no `;`"));
}

#[test]
fn lower_case_identifiers_are_upper_cased() {
    let r = one("(;gm[1]ff[4]sz[9]km[5.5]pb[Alice];b[ee];w[cc]bl[10])");
    assert_eq!((r.width, r.height), (9, 9));
    assert_eq!(r.komi, Some(5.5));
    assert_eq!(r.black.as_deref(), Some("Alice"));
    assert_eq!(plays(&r), ["Bee", "Wcc"]);
    assert!(warned(&r, WarningKind::Dialect, "lower-case"));
    // GM written twice, lower case: the duplicate is dropped, the game still reads.
    let r = one("(;gm[1]GM[1]sz[9];b[ee])");
    assert_eq!(plays(&r), ["Bee"]);
    assert!(
        !kinds(&r).contains(&WarningKind::Truncated),
        "{:?}",
        r.warnings
    );
}

#[test]
fn ff1_long_property_names_are_read() {
    let r = one(include_bytes!(
        "../../fixtures/load/verbose-property-names.sgf"
    ));
    assert_eq!((r.width, r.height), (19, 19));
    assert_eq!(r.black.as_deref(), Some("Robin Upton"));
    assert_eq!(r.white.as_deref(), Some("J. Chin"));
    assert_eq!(r.result.as_deref(), Some("B+Resign"));
    assert_eq!(r.komi, Some(6.0));
    assert_eq!(r.handicap, 0);
    assert_eq!(r.first_player, Some(Color::Black));
    assert_eq!(r.time.main_time, Some(3600.0));
    assert!(warned(&r, WarningKind::Time, "60 minutes"));
    assert_eq!(r.nodes, 186);
    assert_eq!(r.moves.len(), 184);
    assert_eq!(plays(&r)[..4], ["Bqc", "Wcp", "Bcc", "Wpq"]);
    assert_eq!(plays(&r)[182..], ["Wsr", "Bsm"]);
}

#[test]
fn mixed_case_names_match_sgf_parse() {
    let r = one(
        "(;GaMe[1]SiZe[13]KoMi[6.5]PlayerBlack[A]PlayerWhite[B]AddBlack[dd][jj];White[gg];Black[]))",
    );
    assert_eq!((r.width, r.komi), (13, Some(6.5)));
    assert_eq!(
        (r.black.as_deref(), r.white.as_deref()),
        (Some("A"), Some("B"))
    );
    assert_eq!(r.setup.black, [p("dd"), p("jj")]);
    assert_eq!(plays(&r), ["Wgg", "B-"]);
}

// ---------------------------------------------------------------- properties

#[test]
fn tt_is_a_pass_up_to_19_and_a_point_beyond() {
    for size in [9, 13, 19] {
        let r = one(format!("(;SZ[{size}];B[tt];W[])"));
        assert_eq!(plays(&r), ["B-", "W-"], "SZ[{size}]");
    }
    let r = one("(;SZ[21];B[tt])");
    assert_eq!(r.moves[0].action, Action::Play(Point::new(19, 19)));
    let r = one("(;SZ[19:13];B[tt])");
    assert_eq!(r.moves[0].action, Action::Pass);
    let r = one("(;SZ[21:13];B[tt])");
    assert_eq!(r.moves[0].action, Action::Play(Point::new(19, 19)));
    // Without SZ the board is 19x19.
    assert_eq!(one("(;B[tt])").moves[0].action, Action::Pass);
}

#[test]
fn rectangular_boards() {
    let r = one("(;SZ[19:13];B[sm])");
    assert_eq!((r.width, r.height), (19, 13));
    assert_eq!(r.moves[0].action, Action::Play(Point::new(18, 12)));
    let r = one("(;SZ[5x7])");
    assert_eq!((r.width, r.height), (5, 7));
}

#[test]
fn bad_sizes_are_game_errors_with_the_real_number() {
    for (sz, w, h) in [
        ("26", 26, 26),
        ("0", 0, 0),
        ("1000", 1000, 1000),
        ("19:30", 19, 30),
    ] {
        let all = games(format!("(;SZ[{sz}];B[aa])").as_bytes());
        match &all[0] {
            Err(GameError::BadSize {
                game: 0,
                width,
                height,
            }) => {
                assert_eq!((*width, *height), (w, h), "SZ[{sz}]");
            }
            other => panic!("SZ[{sz}]: {other:?}"),
        }
    }
    let message = games(b"(;SZ[1000])")[0].clone().unwrap_err().to_string();
    assert_eq!(
        message,
        "game 1: board size 1000x1000 is not supported (SZ sides must be 1 to 25)"
    );
    // Junk is not a size, and no size is guessed: a 9x9 game read on 19x19 would get
    // another verdict (issue 26, item 5).
    for sz in ["big", "9.0", "9\\n", ""] {
        let all = games(format!("(;SZ[{sz}];B[aa])").as_bytes());
        match &all[0] {
            Err(GameError::UnreadableSize { game: 0, value }) => {
                assert_eq!(value, &sz.replace("\\", ""), "SZ[{sz}]");
            }
            other => panic!("SZ[{sz}]: {other:?}"),
        }
    }
    assert_eq!(
        games(b"(;SZ[9.0])")[0].clone().unwrap_err().to_string(),
        "game 1: SZ[9.0] is not a board size goref can read (a side from 1 to 25, or \
         columns:rows): the game cannot be judged without its board"
    );
    // Two sizes: the first is used, and the warning names both.
    let r = one("(;SZ[9]SZ[13];B[aa])");
    assert_eq!(r.width, 9);
    assert!(warned(&r, WarningKind::Structure, "SZ[9] and SZ[13]"));
    assert_eq!(one("(;SZ[1];B[aa])").width, 1);
    assert_eq!(one("(;SZ[25])").width, 25);
}

#[test]
fn game_type() {
    assert!(matches!(
        &games(b"(;GM[2]SZ[8])")[0],
        Err(GameError::NotGo { game: 0, gm }) if gm == "2"
    ));
    assert!(one("(;GM[1];B[aa])").warnings.is_empty());
    assert!(one("(;GM[ 1 ];B[aa])").warnings.is_empty());
    let r = one("(;GM[];B[aa])");
    assert!(warned(&r, WarningKind::InvalidValue, "GM[]"));
    let message = games(b"(;GM[3])")[0].clone().unwrap_err().to_string();
    assert_eq!(message, "game 1: not a Go game (GM[3]; Go is GM[1])");
}

#[test]
fn fox_and_gogod_komi_are_normalised() {
    let r = one(include_bytes!("../../fixtures/load/fox_go_server_komi.sgf"));
    assert_eq!(r.komi, Some(7.5));
    assert!(warned(&r, WarningKind::Komi, "KM[375]"));
    assert_eq!(r.black.as_deref(), Some("东升712"));
    for (km, komi) in [
        ("750", 7.5),
        ("375", 7.5),
        ("650", 6.5),
        ("325", 6.5),
        ("550", 5.5),
        ("275", 5.5),
        ("700", 7.0),
        ("350", 7.0),
        ("3.75", 7.5),
        ("2.75", 5.5),
        ("-375", -7.5),
    ] {
        let r = one(format!("(;KM[{km}])"));
        assert_eq!(r.komi, Some(komi), "KM[{km}]");
        assert!(
            warned(&r, WarningKind::Komi, &format!("KM[{km}]")),
            "KM[{km}]"
        );
    }
    for (km, komi) in [
        ("6.5", 6.5),
        ("0", 0.0),
        ("7.50", 7.5),
        ("-3", -3.0),
        ("0.5", 0.5),
    ] {
        let r = one(format!("(;KM[{km}])"));
        assert_eq!(r.komi, Some(komi), "KM[{km}]");
        assert!(r.warnings.is_empty(), "KM[{km}]: {:?}", r.warnings);
    }
}

#[test]
fn empty_or_junk_komi_is_a_warning_and_none() {
    for km in ["", "abc", "nan", "inf"] {
        let r = one(format!("(;KM[{km}];B[aa])"));
        assert_eq!(r.komi, None, "KM[{km}]");
        assert!(warned(&r, WarningKind::Komi, "KM["), "KM[{km}]");
        assert_eq!(r.moves.len(), 1);
    }
    let r = one("(;KM[6,5])");
    assert_eq!(r.komi, Some(6.5));
    assert_eq!(one("(;B[aa])").komi, None);
}

#[test]
fn handicap_values() {
    for (ha, n) in [("0", 0), ("1", 1), ("2", 2), ("9", 9)] {
        let r = one(format!("(;HA[{ha}])"));
        assert_eq!(r.handicap, n, "HA[{ha}]");
        assert!(r.warnings.is_empty(), "HA[{ha}]: {:?}", r.warnings);
    }
    let r = one("(;HA[lots];B[aa])");
    assert_eq!(r.handicap, 0);
    assert!(warned(&r, WarningKind::InvalidValue, "HA[lots]"));
    assert_eq!(one("(;B[aa])").handicap, 0);
}

#[test]
fn application_without_version_is_fine() {
    let r = one("(;AP[Sabaki]SZ[9];B[aa])");
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(plays(&r), ["Baa"]);
}

#[test]
fn game_info_is_kept_as_written() {
    let r = one(
        "(;RU[Japanese]PB[Alice\n Smith]PW[Bob]RE[W+R]PL[W]TM[1800]OT[5x30 byo-yomi]\
         DT[2020];W[aa]WL[1795.5];B[bb]BL[1790];W[cc]WL[-2])",
    );
    assert_eq!(r.rules.as_deref(), Some("Japanese"));
    assert_eq!(r.black.as_deref(), Some("Alice Smith"));
    assert_eq!(r.white.as_deref(), Some("Bob"));
    assert_eq!(r.result.as_deref(), Some("W+R"));
    assert_eq!(r.first_player, Some(Color::White));
    assert_eq!(r.time.main_time, Some(1800.0));
    assert_eq!(r.time.overtime.as_deref(), Some("5x30 byo-yomi"));
    let left: Vec<_> = r.moves.iter().map(|m| m.time_left).collect();
    assert_eq!(left, [Some(1795.5), Some(1790.0), Some(-2.0)]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.nodes, 4);
    // Empty text is no text.
    assert_eq!(one("(;PB[]RE[ ])").black, None);
}

#[test]
fn time_written_as_text() {
    for (tm, seconds) in [
        ("60 minutes", 3600.0),
        ("1h 30m", 5400.0),
        ("30:00(5x1:00)", 1800.0),
        ("1:00:00", 3600.0),
        ("90 min", 5400.0),
        ("1時間", 3600.0),
    ] {
        let r = one(format!("(;TM[{tm}])"));
        assert_eq!(r.time.main_time, Some(seconds), "TM[{tm}]");
        assert!(
            warned(&r, WarningKind::Time, &format!("TM[{tm}]")),
            "TM[{tm}]"
        );
    }
    let r = one("(;TM[until dark])");
    assert_eq!(r.time.main_time, None);
    assert!(warned(&r, WarningKind::Time, "TM[until dark]"));
    for tm in ["", "-"] {
        let r = one(format!("(;TM[{tm}])"));
        assert_eq!(r.time.main_time, None);
        assert!(r.warnings.is_empty(), "TM[{tm}]: {:?}", r.warnings);
    }
}

#[test]
fn compressed_point_lists_expand() {
    let r = one("(;SZ[9]AB[aa:cc][ee]AW[gg:gh])");
    assert_eq!(r.setup.black.len(), 10);
    assert!(r.setup.black.contains(&p("bb")) && r.setup.black.contains(&p("ee")));
    assert_eq!(r.setup.white, [p("gg"), p("gh")]);
    // Corners written the wrong way round still mean the rectangle.
    let r = one("(;SZ[9]AB[cc:aa])");
    assert_eq!(r.setup.black.len(), 9);
}

#[test]
fn setup_nodes_merge_before_play_and_become_mid_setups_after() {
    let r = one("(;SZ[9]AB[aa][bb];AW[cc]AE[bb]PL[W];W[dd];B[ee];AB[ff]AE[dd];W[gg])");
    assert_eq!(r.setup.black, [p("aa")]);
    assert_eq!(r.setup.white, [p("cc")]);
    assert_eq!(r.setup.empty, [p("bb")]);
    assert_eq!(r.first_player, Some(Color::White));
    assert_eq!(plays(&r), ["Wdd", "Bee", "Wgg"]);
    assert_eq!(
        r.mid_setups,
        [MidSetup {
            after_move: 2,
            node: 4,
            setup: Setup {
                black: vec![p("ff")],
                white: vec![],
                empty: vec![p("dd")],
            },
            to_play: None,
        }]
    );
    assert_eq!(r.moves[2].node, 5);
}

#[test]
fn setup_and_move_in_one_node() {
    let r = one("(;SZ[9];B[aa];AB[bb]W[cc])");
    assert_eq!(plays(&r), ["Baa", "Wcc"]);
    assert_eq!(r.mid_setups.len(), 1);
    assert_eq!(r.mid_setups[0].after_move, 1);
    assert!(warned(&r, WarningKind::Structure, "setup"));
}

#[test]
fn two_moves_in_one_node_are_read_in_order() {
    let r = one("(;SZ[9];B[aa]W[bb];W[cc]B[dd])");
    assert_eq!(plays(&r), ["Baa", "Wbb", "Wcc", "Bdd"]);
    assert_eq!(
        r.moves.iter().map(|m| m.node).collect::<Vec<_>>(),
        [1, 1, 2, 2]
    );
    assert!(warned(&r, WarningKind::Structure, "2 moves"));
}

#[test]
fn rule_document_coordinates_and_pass_words() {
    let r = one(include_bytes!("../../fixtures/load/human-readable.sgf"));
    assert_eq!(plays(&r), ["Bqd", "Wdp", "Bcd", "Wpp", "Bqn", "W-"]);
    assert!(warned(&r, WarningKind::Move, "B[R16]"));
    assert!(warned(&r, WarningKind::Move, "W[Pass]"));
    // On a 9x9 board `J9` is the top-right corner; `T19` does not fit.
    let r = one("(;SZ[9];B[J9];W[T19];B[1];W[ab ])");
    assert_eq!(plays(&r), ["Bia", "W?T19", "B?1", "Wab"]);
}

#[test]
fn off_board_points_stay_points() {
    let r = one("(;SZ[19];B[zz];W[Aa])");
    assert_eq!(
        r.moves.iter().map(|m| m.action.clone()).collect::<Vec<_>>(),
        [
            Action::Play(Point::new(25, 25)),
            Action::Play(Point::new(26, 0))
        ]
    );
    assert!(r.warnings.is_empty());
}

#[test]
fn territory_marks_of_the_last_marked_node() {
    let r = one("(;SZ[9];B[ee]TB[aa];W[cc];B[];W[]TB[ab:ac]TW[ii])");
    let t = r.territory.expect("marks");
    assert_eq!(t.node, 4);
    assert_eq!(t.black, [p("ab"), p("ac")]);
    assert_eq!(t.white, [p("ii")]);
}

#[test]
fn invalid_values_of_used_properties_warn_and_name_the_node() {
    let r = one("(;SZ[9];B[aa]BL[soon];W[bb]PL[X])");
    assert_eq!(plays(&r), ["Baa", "Wbb"]);
    let w = r
        .warnings
        .iter()
        .find(|w| w.message.contains("BL[soon]"))
        .expect("BL warning");
    assert_eq!(w.node, Some(1));
    assert!(warned(&r, WarningKind::InvalidValue, "PL[X]"));
    // Markup and annotations goref does not read are not checked.
    assert!(one("(;SZ[9];B[aa]LB[zz]DM[7]VW[])").warnings.is_empty());
}

#[test]
fn main_line_follows_first_variations() {
    let r = one("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee];B[ff]);W[gg])");
    assert_eq!(plays(&r), ["Baa", "Wbb", "Bcc"]);
    assert_eq!(r.nodes, 4);
}

#[test]
fn no_panic_on_hostile_snippets() {
    let snippets: [&[u8]; 22] = [
        b"(",
        b"(;",
        b"(;[",
        b"(;B[",
        b"(;B[\\",
        b"(;B",
        b"(;B]",
        b")))(((;",
        b"(;B[aa]))))",
        b"(;;;;;;;)",
        b"(;B[aa](;W[bb])(",
        b"(;\xff\xfe\x00)",
        b"\xff\xfe(\x00",
        b"\xfe\xff\x00(\x00;",
        b"(;SZ[18446744073709551617])",
        b"(;HA[99999999999999999999])",
        b"(;KM[1e309])",
        b"(;TM[99999999999999999999999999 hours])",
        b"(;AB[aa:ZZ])",
        b"(;B[\xe4\xbd]CA[UTF-8])",
        b"(;CA[\xff]PB[\xc0])",
        b"(;GM[1]GM[2]GM[3])",
    ];
    for s in snippets {
        let _ = load(s);
    }
    // Every byte value as a one-byte file, and a few thousand pseudo-random files.
    for b in 0..=255u8 {
        let _ = load(&[b]);
    }
    let alphabet = b"();[]\\BWAEabst: \n\x80\xe4";
    let mut state: u32 = 1;
    for _ in 0..3000 {
        let len = (state % 40) as usize;
        let mut v = Vec::with_capacity(len);
        for _ in 0..len {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            v.push(alphabet[(state >> 16) as usize % alphabet.len()]);
        }
        let _ = load(&v);
    }
}

// ---------------------------------------------------------------- size

/// A main line of `n` moves.
fn long_main_line(n: usize) -> Vec<u8> {
    let mut s = Vec::with_capacity(n * 6 + 16);
    s.extend_from_slice(b"(;SZ[19]");
    for i in 0..n {
        s.extend_from_slice(if i % 2 == 0 { b";B[aa]" } else { b";W[bb]" });
    }
    s.push(b')');
    s
}

/// `depth` variations, each nested inside the previous one.
fn nested_variations(depth: usize) -> Vec<u8> {
    let mut s = Vec::with_capacity(depth * 8 + 16);
    s.extend_from_slice(b"(;SZ[19]");
    for i in 0..depth {
        s.extend_from_slice(if i % 2 == 0 { b"(;B[cc]" } else { b"(;W[dd]" });
    }
    s.extend(std::iter::repeat_n(b')', depth + 1));
    s
}

fn check_huge_records() {
    let r = one(long_main_line(1_000_000));
    assert_eq!(r.moves.len(), 1_000_000);
    assert_eq!(r.nodes, 1_000_001);
    let r = one(nested_variations(100_000));
    assert_eq!(r.moves.len(), 100_000);
    // Deep and bushy at once, with the damage at the very end.
    let mut bushy = nested_variations(100_000);
    bushy.truncate(bushy.len() - 50_000);
    bushy.extend_from_slice(b"junk");
    let r = one(&bushy);
    assert_eq!(r.moves.len(), 100_000);
    assert!(
        warned(&r, WarningKind::Truncated, "junk") || warned(&r, WarningKind::Truncated, "`j`")
    );
}

#[test]
fn huge_records_load_on_the_main_thread() {
    check_huge_records();
}

#[test]
fn huge_records_load_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(check_huge_records)
        .expect("thread starts")
        .join()
        .expect("no stack overflow or panic");
}

// ---------------------------------------------------------------- the scanner's promise

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// Every game text the scanner hands over parses under sgf-parse's strict mode, so
    /// the lenient fallback (whose partial trees are dropped inside sgf-parse) is never
    /// needed for well-formed input and loading never panics.
    #[test]
    fn scanned_games_parse_strictly(s in "[();\\[\\]\\\\BWAEGMbwgmSZsz1: \n\t\r是é]{0,64}") {
        for game in scan::split(&s, &Limits::default()).expect("within the limits") {
            if game.gm.as_deref().is_some_and(|gm| gm.trim() != "1") {
                continue;
            }
            let parsed = parse_with_options(&game.text, &ParseOptions::default());
            proptest::prop_assert!(parsed.is_ok(), "{s:?} -> {:?}: {parsed:?}", game.text);
            if let Ok(trees) = parsed {
                drop(record::first_go_tree(trees));
            }
        }
        let _ = load(s.as_bytes());
    }

    /// The same promise on inputs built from SGF-like pieces.
    #[test]
    fn scanned_pieces_parse_strictly(pieces in proptest::collection::vec(
        proptest::sample::select(vec![
            "(", ")", ";", "(;", "B[aa]", "W[]", "b[tt]", "GM[1]", "gm[1]", "GM[ 1]", "GM[2]",
            "SZ[9]", "sz[9]", "AB[aa:bb]", "C[a\\]b]", "C[x [1]: y]", "[", "]", "\\", " ",
            "\n", "KO", "GaMe[1]", "Black[cc]", "junk", "::", "PB[是]",
        ]),
        0..24,
    )) {
        let s = pieces.concat();
        for game in scan::split(&s, &Limits::default()).expect("within the limits") {
            if game.gm.as_deref().is_some_and(|gm| gm.trim() != "1") {
                continue;
            }
            let parsed = parse_with_options(&game.text, &ParseOptions::default());
            proptest::prop_assert!(parsed.is_ok(), "{s:?} -> {:?}: {parsed:?}", game.text);
            if let Ok(trees) = parsed {
                drop(record::first_go_tree(trees));
            }
        }
        let _ = load(s.as_bytes());
    }
}

// ---------------------------------------------------------------- limits

fn small_limits() -> Limits {
    Limits {
        max_file_bytes: 1000,
        max_games: 3,
        max_nodes: 10,
        max_depth: 4,
        max_value_bytes: 20,
        max_time: None,
        clock: Clock::Wall,
    }
}

fn game_error(bytes: &[u8], limits: &Limits) -> GameError {
    let mut all = load_with(bytes, limits).unwrap_or_else(|e| panic!("file error: {e}"));
    assert_eq!(all.len(), 1, "expected one game: {all:?}");
    all.remove(0).expect_err("the game must fail")
}

#[test]
fn default_limits_leave_room_for_the_largest_real_records() {
    // The largest of ../shared/corpus (docs/robustness.md): 76,577 bytes, 71 games, 3,246
    // nodes, nesting 302 deep, a value of 9,179 bytes.
    let l = Limits::default();
    assert!(l.max_file_bytes >= 1000 * 76_577);
    assert!(l.max_games >= 1000 * 71);
    assert!(l.max_nodes >= 100 * 3_246);
    assert!(l.max_depth >= 1000 * 302);
    assert!(l.max_value_bytes >= 1000 * 9_179);
}

#[test]
fn a_file_past_the_size_bound_is_an_error_naming_both_sizes() {
    let bytes = vec![b' '; 1001];
    let e = load_with(&bytes, &small_limits()).unwrap_err();
    assert_eq!(
        e,
        LoadError::TooLarge {
            bytes: 1001,
            limit: 1000
        }
    );
    assert_eq!(
        e.to_string(),
        "the file is 1001 bytes, above the limit of 1000 bytes per file: split it into \
         smaller files"
    );
    // At the bound exactly, the file is read.
    let mut at_bound = b"(;B[aa])".to_vec();
    at_bound.resize(1000, b'\n');
    assert_eq!(load_with(&at_bound, &small_limits()).unwrap().len(), 1);
}

#[test]
fn games_past_the_bound_fail_the_file() {
    let three = b"(;B[aa])(;B[bb])(;B[cc])".to_vec();
    assert_eq!(load_with(&three, &small_limits()).unwrap().len(), 3);
    let four = [three.as_slice(), b"(;B[dd])"].concat();
    let e = load_with(&four, &small_limits()).unwrap_err();
    assert_eq!(e, LoadError::TooManyGames { limit: 3 });
    assert!(e.to_string().contains("more than 3 games"), "{e}");
    // Garbage that holds no game tree is not a game.
    let garbage = [three.as_slice(), b" ) ( x ) "].concat();
    assert_eq!(load_with(&garbage, &small_limits()).unwrap().len(), 3);
}

#[test]
fn nodes_past_the_bound_fail_the_game_and_spare_the_next() {
    let ten = b"(;SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff];B[gg];W[hh];B[ii])";
    let r = one(ten);
    assert_eq!(r.nodes, 10);
    assert_eq!(
        load_with(ten, &small_limits()).unwrap()[0]
            .as_ref()
            .unwrap()
            .nodes,
        10
    );
    // Variations count: nine main-line nodes and two in a side line.
    let eleven = b"(;SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff];B[gg](;W[hh])(;W[ii];B[ia]))";
    let e = game_error(eleven, &small_limits());
    assert_eq!(e, GameError::TooManyNodes { game: 0, limit: 10 });
    assert_eq!(
        e.to_string(),
        "game 1: more than 10 nodes, the limit per game: split the game or remove variations \
         to read it"
    );
    let both = [eleven.as_slice(), b"(;SZ[9];B[aa])"].concat();
    let all = load_with(&both, &small_limits()).unwrap();
    assert_eq!(all.len(), 2);
    assert!(all[0].is_err());
    assert_eq!(all[1].as_ref().unwrap().moves.len(), 1);
}

#[test]
fn nesting_past_the_bound_fails_the_game_and_spares_the_next() {
    let four = b"(;SZ[9](;B[aa](;W[bb](;B[cc]))))";
    assert_eq!(
        load_with(four, &small_limits()).unwrap()[0]
            .as_ref()
            .unwrap()
            .moves
            .len(),
        3
    );
    let five = b"(;SZ[9](;B[aa](;W[bb](;B[cc](;W[dd])))))";
    let e = game_error(five, &small_limits());
    assert_eq!(e, GameError::TooDeep { game: 0, limit: 4 });
    assert!(e.to_string().contains("nested more than 4 deep"), "{e}");
    let both = [five.as_slice(), b"\n(;SZ[9];B[aa])"].concat();
    let all = load_with(&both, &small_limits()).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].as_ref().unwrap().moves.len(), 1);
}

#[test]
fn an_overlong_value_goref_reads_fails_the_game() {
    let e = game_error(b"(;SZ[9];B[aa];W[aaaaaaaaaaaaaaaaaaaaa])", &small_limits());
    assert_eq!(
        e,
        GameError::ValueTooLong {
            game: 0,
            property: "W".to_string(),
            line: 1,
            column: 15,
            bytes: 21,
            limit: 20
        }
    );
    assert_eq!(
        e.to_string(),
        "game 1: the value of `W` at line 1, column 15 is 21 bytes, above the limit of 20 \
         bytes per property value: goref reads `W`, so the game cannot be judged until the \
         value is fixed"
    );
    // Lower-case and long names are judged as sgf-parse reads them; any of several values
    // counts.
    let e = game_error(b"(;RUle[x][123456789012345678901];B[aa])", &small_limits());
    assert!(matches!(e, GameError::ValueTooLong { ref property, .. } if property == "RU"));
    let e = game_error(b"(;km[123456789012345678901];B[aa])", &small_limits());
    assert!(matches!(e, GameError::ValueTooLong { ref property, .. } if property == "KM"));
}

#[test]
fn an_overlong_value_goref_does_not_read_is_dropped_with_a_warning() {
    let long = "x".repeat(21);
    let sgf = format!("(;SZ[9]PB[{long}]C[{long}];B[aa]C[short];W[bb])");
    let mut all = load_with(sgf.as_bytes(), &small_limits()).unwrap();
    let r = all.remove(0).unwrap();
    assert_eq!(plays(&r), ["Baa", "Wbb"]);
    assert_eq!(r.black, None);
    let limit: Vec<&LoadWarning> = r
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Limit)
        .collect();
    assert_eq!(limit.len(), 2, "{:?}", r.warnings);
    assert_eq!(
        limit[1].message,
        "the value of `C` at line 1, column 33 is 21 bytes, above the limit of 20 bytes per \
         property value: the property was dropped (goref does not read it)"
    );
    // A root written without `;` keeps its node when its only property is dropped.
    let sgf = format!("(C[{long}];B[aa])");
    let r = load_with(sgf.as_bytes(), &small_limits())
        .unwrap()
        .remove(0)
        .unwrap();
    assert_eq!(plays(&r), ["Baa"]);
    assert_eq!(r.moves[0].node, 1);
}

#[test]
fn nodes_after_a_closed_game_are_a_truncated_warning() {
    // An extra `)` closes the game after W[dp]: B[pq] belongs to no game.
    let r = one(b"(;SZ[19];B[pd];W[dp]));B[pq])");
    assert_eq!(plays(&r), ["Bpd", "Wdp"]);
    assert!(
        warned(
            &r,
            WarningKind::Truncated,
            "the text after the game at line 1, column 23 holds nodes that belong to no game"
        ),
        "{:?}",
        r.warnings
    );
    // Text between games that holds no node is skipped in silence.
    let all = games(b"(;B[aa])\nFrom: someone; [not a node]\n)\n(;B[bb])");
    assert_eq!(all.len(), 2);
    assert!(
        all.iter().flatten().all(|r| r.warnings.is_empty()),
        "{all:?}"
    );
}

/// Bug: `CA[` followed by non-ASCII bytes and no `]` until the end of the file, repeated,
/// made the charset detection scan to that `]` once per `CA`: a 1 MB file took over a
/// minute (found while reviewing the loader for issue 5). Quadratic work would show as a
/// test that never ends; there is no time assertion.
#[test]
fn many_ca_values_with_non_ascii_bytes_are_read_in_linear_time() {
    let mut bytes = b"(;GM[1]".to_vec();
    for _ in 0..250_000 {
        bytes.extend_from_slice(b"CA[\xe9");
    }
    bytes.extend_from_slice(b"]B[aa])");
    let r = one(&bytes);
    assert!(
        warned(&r, WarningKind::Charset, "read as Latin-1"),
        "{:?}",
        r.warnings
    );
}

#[test]
fn warnings_past_the_bound_are_counted_not_kept() {
    let mut sgf = b"(;SZ[19]".to_vec();
    for _ in 0..record::MAX_WARNINGS + 5 {
        sgf.extend_from_slice(b";B[R99];W[]");
    }
    sgf.push(b')');
    let r = one(&sgf);
    assert_eq!(r.moves.len(), 2 * (record::MAX_WARNINGS + 5));
    assert_eq!(r.warnings.len(), record::MAX_WARNINGS + 1);
    let last = r.warnings.last().expect("a warning");
    assert_eq!(last.kind, WarningKind::Limit);
    assert_eq!(
        last.message,
        "5 more warnings were not listed (at most 10000 are kept per game)"
    );
}

/// The scanner reads a node that is one move (`;B[pd]`) on a short path of its own: the
/// value limit, a second value and escapes must count there as for any other property.
#[test]
fn one_move_nodes_are_scanned_like_any_property() {
    let tiny = Limits {
        max_value_bytes: 1,
        ..small_limits()
    };
    assert_eq!(
        game_error(b"(;SZ[9];B[aa])", &tiny),
        GameError::ValueTooLong {
            game: 0,
            property: "B".to_string(),
            line: 1,
            column: 9,
            bytes: 2,
            limit: 1
        }
    );
    let r = one("(;SZ[9];B[aa] [bb];W[\\]a];B[a\\]];W[cc])");
    assert_eq!(plays(&r), ["B?aa][bb", "W?]a", "B?a]", "Wcc"]);
    assert!(
        !kinds(&r).contains(&WarningKind::Truncated),
        "{:?}",
        r.warnings
    );
    // `W[]` is a pass; the `a]` after it is junk, where reading stops.
    let r = one("(;SZ[9];B[aa];W[]a];B[cc])");
    assert_eq!(plays(&r), ["Baa", "W-"]);
    assert!(
        warned(&r, WarningKind::Truncated, "column 18"),
        "{:?}",
        r.warnings
    );
}

/// The shortcut of `plain.rs` leaves out every property outside `plain::READ` before
/// sgf-parse reads it: none of them, valid or not, may change a record read whole.
#[test]
fn properties_outside_those_read_change_no_record() {
    // Every identifier sgf-parse knows for Go, and one it does not; `GM` is the scanner's.
    let known = [
        "B", "KO", "MN", "W", "AB", "AE", "AW", "PL", "C", "DM", "GB", "GW", "HO", "N", "UC", "V",
        "BM", "DO", "IT", "TE", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "AP", "CA",
        "FF", "ST", "SZ", "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC",
        "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "BL", "OB", "OW", "WL", "FG", "PM",
        "VW", "HA", "KM", "TB", "TW", "XY",
    ];
    assert!(plain::READ.iter().all(|id| known.contains(id)));
    let limits = Limits::default();
    let whole = |text: &str| load_games(text.as_bytes(), &limits, &Deadline::start(&limits), false);
    let base = whole("(;SZ[9];B[aa];W[bb])");
    for id in known.iter().filter(|id| !plain::READ.contains(id)) {
        for values in [
            "[]", "[aa]", "[1]", "[2]", "[6.5]", "[x]", "[aa:bb]", "[aa][bb]",
        ] {
            let text = format!("(;SZ[9]{id}{values};B[aa]{id}{values};W[bb])");
            assert_eq!(whole(&text), base, "{text}");
        }
    }
}

// ---------------------------------------------------------------- issue 26

#[test]
fn a_property_written_twice_with_two_values_is_a_warning_naming_both() {
    let r = one("(;RE[W+R]RE[B+R]KM[6.5]KM[0.5]HA[2]HA[3];B[aa];W[bb]PB[Bob]PW[Ann]PB[Cy])");
    assert_eq!(r.result.as_deref(), Some("W+R"));
    assert_eq!(r.komi, Some(6.5));
    assert_eq!(r.handicap, 2);
    assert_eq!(r.black.as_deref(), Some("Bob"));
    for both in [
        "RE[W+R] and RE[B+R]",
        "KM[6.5] and KM[0.5]",
        "HA[2] and HA[3]",
        "PB[Bob] and PB[Cy]",
    ] {
        assert!(
            warned(&r, WarningKind::Structure, both),
            "{both}: {:?}",
            r.warnings
        );
    }
    // The same value twice, or the same komi written another way, says nothing new.
    let r = one("(;KM[7.5]KM[375]PB[Bob]PB[ Bob ]TM[60]TM[1m];B[aa])");
    assert!(
        !kinds(&r).contains(&WarningKind::Structure),
        "{:?}",
        r.warnings
    );
}

#[test]
fn a_result_goref_cannot_read_gets_a_note() {
    for re in ["B+NaN", "B+-5", "?", "Black won"] {
        let r = one(format!("(;RE[{re}];B[aa])"));
        assert!(
            warned(&r, WarningKind::InvalidValue, &format!("RE[{re}]")),
            "RE[{re}]: {:?}",
            r.warnings
        );
    }
    for re in ["B+R", "W+3.5", "Draw", "D+J", "B+A", "Void"] {
        let r = one(format!("(;RE[{re}];B[aa])"));
        assert!(r.warnings.is_empty(), "RE[{re}]: {:?}", r.warnings);
    }
}

#[test]
fn a_binary_file_is_named_not_read() {
    let game = b"(;GM[1];B[aa])";
    for (head, what) in [
        (&b"\x89PNG\r\n\x1a\n"[..], "a PNG image"),
        (b"\xff\xd8\xff\xdb", "a JPEG image"),
        (b"GIF89a", "a GIF image"),
        (b"%PDF-1.7", "a PDF document"),
        (b"PK\x03\x04", "a ZIP archive"),
        (b"\x1f\x8b\x08", "a gzip file"),
        (b"\x7fELF", "an ELF program"),
    ] {
        match load(&[head, game.as_slice()].concat()) {
            Err(LoadError::Binary { what: found, .. }) => assert_eq!(found, what),
            other => panic!("{what}: {other:?}"),
        }
    }
    let mut tar = vec![0u8; 512];
    tar[257..262].copy_from_slice(b"ustar");
    tar.extend_from_slice(game);
    assert!(matches!(
        load(&tar),
        Err(LoadError::Binary {
            what: "a tar archive",
            ..
        })
    ));
    // Text that merely starts with such letters is read.
    assert_eq!(one("PKG notes\n(;GM[1];B[aa])").moves.len(), 1);
}

#[test]
fn a_game_tree_with_nothing_in_it_is_not_a_game() {
    for text in ["(;)", "(;;;)", "(;(;)(;))"] {
        assert!(
            matches!(
                games(text.as_bytes())[0],
                Err(GameError::NoContent { game: 0 })
            ),
            "{text}"
        );
    }
    // A root with only a property is a game (a problem, a setup position).
    assert_eq!(one("(;GM[1])").nodes, 1);
}

#[test]
fn where_reading_stopped_says_whether_the_main_line_was_read_whole() {
    assert_eq!(one("(;SZ[9];B[gg]x;W[ee])").main_line_cut, Some(1));
    // The `;` before the damaged property makes an empty node 3.
    assert_eq!(one("(;SZ[9];B[gg];W[ee];B[cc)").main_line_cut, Some(3));
    // Nodes after an early `)` are the rest of the game, unread.
    assert_eq!(one("(;SZ[9];B[gg]);W[ee])").main_line_cut, Some(1));
    // Damage in a later variation leaves the main line whole.
    assert_eq!(
        one("(;SZ[9];B[gg](;W[ee];B[dd])(;W[cc]x))").main_line_cut,
        None
    );
    assert_eq!(one("(;SZ[9];B[gg];W[ee])").main_line_cut, None);
}

#[test]
fn gib_and_ugf_are_told_by_their_first_line_whatever_comes_before_it() {
    // `foreign_format` decodes a file's head only when its first byte past ASCII white
    // space is not the `(` of an SGF game tree: these still reach it.
    let gib = "\\HS\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\n\\GE\n";
    for lead in ["", "\u{feff}", "\r\n \t", "\u{3000}", "\x0b"] {
        let bytes = format!("{lead}{gib}");
        assert_eq!(format_of(bytes.as_bytes()), Format::Gib, "{lead:?}");
    }
    let ugf = "[Header]\nLang=UTF8\n[Data]\n";
    for lead in ["", "\u{feff}", "\n\n  ", "\u{a0}"] {
        let bytes = format!("{lead}{ugf}");
        assert_eq!(format_of(bytes.as_bytes()), Format::Ugf, "{lead:?}");
    }
    for sgf in [
        "(;GM[1]SZ[9];B[ee])",
        "\n \t(;SZ[9]PB[\\HS])",
        "\u{feff}(;C[[Header]])",
    ] {
        assert_eq!(format_of(sgf.as_bytes()), Format::Sgf, "{sgf:?}");
    }
}

#[test]
fn numbers_are_written_as_rust_displays_them() {
    // `format_number` writes whole and half numbers from an integer: the same text.
    for v in [
        0.0,
        -0.0,
        0.5,
        -0.5,
        6.5,
        7.0,
        -7.5,
        375.0,
        1e14 + 0.5,
        -4.5e14,
        1e15,
        2e20,
        0.25,
        6.75,
        1e-7,
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::INFINITY,
        f64::NAN,
    ] {
        assert_eq!(record::format_number(v), format!("{v}"), "{v:?}");
    }
}

#[test]
fn a_point_set_up_twice_takes_the_last_value_written() {
    let record =
        one("(;SZ[9]AB[aa][bb][cc]AW[bb]AE[cc]AW[dd];AB[dd][ee];B[gg];AW[ff]AE[ee]AB[ff])");
    assert!(warned(
        &record,
        WarningKind::Structure,
        "more than one of AB/AW/AE"
    ));
    let (a, b, c, d, e, f) = (p("aa"), p("bb"), p("cc"), p("dd"), p("ee"), p("ff"));
    // The second node's values win over the root's, and the lists are in point order.
    assert_eq!(record.setup.black, [a, d, e]);
    assert_eq!(record.setup.white, [b]);
    assert_eq!(record.setup.empty, [c]);
    let later = &record.mid_setups[0].setup;
    assert_eq!(
        (&later.black, &later.white, &later.empty),
        (&vec![f], &vec![], &vec![e])
    );
    // One value a point, written in several properties, is no conflict.
    let record = one("(;SZ[9]AB[aa]AW[bb]AB[cc];B[gg])");
    assert!(!warned(
        &record,
        WarningKind::Structure,
        "more than one of AB/AW/AE"
    ));
    assert_eq!(record.setup.black, [a, c]);
}

#[test]
fn a_value_ends_at_the_first_bracket_no_backslash_escapes() {
    let end = |text: &str| scan::value_end(text.as_bytes(), 2);
    assert_eq!(end("C[abc]"), Some(5));
    assert_eq!(end("C[]"), Some(2));
    assert_eq!(end("C[a\\]b]"), Some(6));
    assert_eq!(end("C[a\\\\]b]"), Some(5));
    assert_eq!(end("C[\\\\\\]]"), Some(6));
    // A long comment, with a multi-byte character before its end.
    let long = format!("C[{}é\\]]", "x".repeat(5000));
    assert_eq!(end(&long), Some(long.len() - 1));
    for open in ["C[abc", "C[a\\]", "C[a\\", "C["] {
        assert_eq!(end(open), None, "{open}");
    }
}

#[test]
fn descriptive_texts_keep_their_first_value_on_one_line_of_single_spaces() {
    let record = one("(;DT[ 2024-01-02 ]BR[9 d]WR[\t5\n dan]PB[x];DT[2025];B[aa];WR[1k];W[bb])");
    assert_eq!(record.date.as_deref(), Some("2024-01-02"));
    assert_eq!(record.black_rank.as_deref(), Some("9 d"));
    assert_eq!(record.white_rank.as_deref(), Some("5 dan"));
    let record = one("(;DT[]BR[2 \u{3000}段]WR[a  b];DT[2020 10]B[aa])");
    assert_eq!(record.date.as_deref(), Some("2020 10"));
    assert_eq!(record.black_rank.as_deref(), Some("2 段"));
    assert_eq!(record.white_rank.as_deref(), Some("a b"));
}

/// The numbers `read_prop` reads itself come out as sgf-parse's `Prop::new` makes them,
/// valid or not: several values, none, text, signs, spaces, `:` sizes, handicaps below 2,
/// out-of-range sizes, NaN and infinities.
#[test]
fn numbers_read_here_are_read_as_sgf_parse_reads_them() {
    let values: &[&[&str]] = &[
        &["19"],
        &["9"],
        &["0"],
        &["1"],
        &["2"],
        &["-3"],
        &["+4"],
        &["255"],
        &["256"],
        &["19:13"],
        &["19:"],
        &[""],
        &[" 19"],
        &["6.5"],
        &["-0.5"],
        &["7,5"],
        &["1e3"],
        &["NaN"],
        &["inf"],
        &["-inf"],
        &["x"],
        &[],
        &["19", "19"],
        &["9223372036854775807"],
        &["9223372036854775808"],
    ];
    for identifier in ["GM", "HA", "KM", "TM", "BL", "WL", "SZ"] {
        for &list in values {
            let owned: Vec<String> = list.iter().map(|v| v.to_string()).collect();
            let ours = read_prop(identifier, &mut owned.clone());
            let mut borrowed: Vec<Cow<'_, str>> = list.iter().map(|v| Cow::Borrowed(*v)).collect();
            let ours_borrowed = read_prop(identifier, &mut borrowed);
            let theirs = Prop::new(identifier.to_string(), owned);
            // `{:?}` so that NaN compares equal to NaN.
            assert_eq!(
                format!("{ours:?}"),
                format!("{theirs:?}"),
                "{identifier}{list:?}"
            );
            assert_eq!(
                format!("{ours_borrowed:?}"),
                format!("{theirs:?}"),
                "{identifier}{list:?}"
            );
        }
    }
}

proptest::proptest! {
    /// `point_list` reads a list of setup or territory points to what the builder makes
    /// of sgf-parse's set of them: the same points in the same order, or `None` alike
    /// (upper case, a compressed `aa:cc`, junk, a point written twice).
    #[test]
    fn point_lists_are_the_sorted_sets_of_points(
        values in proptest::collection::vec(
            proptest::prop_oneof![
                6 => "[a-e][a-e]",
                2 => "[a-z][a-z]",
                1 => "[a-zA-Z:]{0,5}",
                1 => "[a-z]{2}:[a-z]{2}",
            ],
            0..40,
        )
    ) {
        let ours = point_list(values.iter().map(String::as_str));
        let theirs = points(&values).map(record::sorted);
        proptest::prop_assert_eq!(ours, theirs);
    }
}
