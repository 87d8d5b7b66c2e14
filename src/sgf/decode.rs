//! Bytes to text, before any SGF parsing.
//!
//! SGF files carry their charset in the root's `CA` property, often wrongly or not at all.
//! The order of trust: a byte-order mark; UTF-16 recognised by its NUL bytes; bytes that
//! are valid UTF-8 (read without a copy); the declared `CA` when the bytes decode under it
//! without error; bytes that are UTF-8 apart from a few damaged sequences (names truncated
//! mid-character by a server); the East Asian charset under which the bytes look most like
//! real text; and last windows-1252 (the web's "Latin-1"), which never fails. Every guess
//! or repair is reported as a note so the caller can warn about it.

use std::borrow::Cow;

use encoding_rs::{
    BIG5, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252,
};

use crate::text::shown;
use crate::words::plural;

/// The decoded text of a file and what the decoder had to assume to get it.
pub(crate) struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// Sentences about the charset (a mislabel, a guess, replaced bytes), for every game.
    pub notes: Vec<String>,
}

/// Decode a whole file. Never fails: the last resort decodes every byte.
pub(crate) fn decode(bytes: &[u8]) -> Decoded<'_> {
    let mut notes = Vec::new();

    // Byte-order marks decide outright.
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        let text = match std::str::from_utf8(rest) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => {
                let (text, _) = UTF_8.decode_without_bom_handling(rest);
                notes.push(
                    "the file starts with a UTF-8 byte-order mark but holds invalid UTF-8: \
                     the invalid bytes were replaced by U+FFFD"
                        .to_string(),
                );
                text
            }
        };
        return Decoded { text, notes };
    }
    for (bom, encoding) in [(b"\xFF\xFE", UTF_16LE), (b"\xFE\xFF", UTF_16BE)] {
        if let Some(rest) = bytes.strip_prefix(bom) {
            return utf16(rest, encoding, notes);
        }
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        return utf16(bytes, encoding, notes);
    }

    // Pure ASCII reads the same under every charset a Go record declares.
    if bytes.is_ascii() {
        // `is_ascii` guarantees valid UTF-8, so this never takes the error branch.
        if let Ok(text) = std::str::from_utf8(bytes) {
            return Decoded {
                text: Cow::Borrowed(text),
                notes,
            };
        }
    }

    let declared = declared_charset(bytes);
    let declared_encoding = declared.as_deref().and_then(charset_for_label);

    if let Ok(text) = std::str::from_utf8(bytes) {
        match (&declared, declared_encoding) {
            (Some(label), Some(encoding)) if encoding != UTF_8 => notes.push(format!(
                "the file declares CA[{}] but its bytes are UTF-8: read as UTF-8",
                shown(label)
            )),
            (Some(label), None) => notes.push(format!(
                "the file declares CA[{}], a charset goref does not know; its bytes are \
                 UTF-8 and were read as UTF-8",
                shown(label)
            )),
            _ => {}
        }
        return Decoded {
            text: Cow::Borrowed(text),
            notes,
        };
    }

    if let Some(encoding) = declared_encoding
        && encoding != UTF_8
        && let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Decoded { text, notes };
    }

    let said = match &declared {
        Some(label) => format!(
            "the file declares CA[{}] but its bytes do not decode as that",
            shown(label)
        ),
        None => "the file declares no charset (CA) and is not UTF-8".to_string(),
    };

    let (valid, invalid) = utf8_damage(bytes);
    if invalid > 0 && valid >= 2 * invalid {
        let (text, _) = UTF_8.decode_without_bom_handling(bytes);
        let sequences = format!("sequence{}", plural(invalid));
        let start = match &declared {
            Some(label) if declared_encoding == Some(UTF_8) => {
                format!("the file declares CA[{}] but holds", shown(label))
            }
            _ => format!("{said}; it holds"),
        };
        notes.push(format!(
            "{start} {invalid} invalid UTF-8 {sequences} (a name cut mid-character?): read as \
             UTF-8 with them replaced by U+FFFD"
        ));
        return Decoded { text, notes };
    }

    if let Some((encoding, text)) = guess_east_asian(bytes) {
        notes.push(format!(
            "{said}: read as {} (guessed)",
            display_name(encoding)
        ));
        return Decoded { text, notes };
    }

    let (text, _) = WINDOWS_1252.decode_without_bom_handling(bytes);
    notes.push(format!(
        "{said}: read as Latin-1 (windows-1252); names may be wrong, add the right CA to fix it"
    ));
    Decoded { text, notes }
}

/// The name people know a charset by.
fn display_name(encoding: &'static Encoding) -> &'static str {
    if encoding == GB18030 {
        "GB18030"
    } else {
        encoding.name()
    }
}

fn utf16<'a>(bytes: &'a [u8], encoding: &'static Encoding, mut notes: Vec<String>) -> Decoded<'a> {
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    if had_errors {
        notes.push(format!(
            "the file is {} but holds invalid sequences: they were replaced by U+FFFD",
            encoding.name()
        ));
    }
    Decoded { text, notes }
}

/// UTF-16 without a byte-order mark: SGF text is mostly ASCII, so one byte of each pair
/// is NUL, always on the same side.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let sample = bytes.get(..bytes.len().min(4096)).unwrap_or(bytes);
    let pairs = sample.len() / 2;
    // Nearly every file holds no NUL at all: one fast search settles it.
    if pairs < 2 || memchr::memchr(0, sample).is_none() {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        if pair.first() == Some(&0) {
            even += 1;
        }
        if pair.get(1) == Some(&0) {
            odd += 1;
        }
    }
    if odd * 10 >= pairs * 3 && even * 20 <= pairs {
        Some(UTF_16LE)
    } else if even * 10 >= pairs * 3 && odd * 20 <= pairs {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// The value of the first `CA[...]` in the raw bytes (the property is ASCII in every
/// charset goref reads), trimmed.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(offset) = bytes
        .get(from..)?
        .windows(2)
        .position(|w| w.eq_ignore_ascii_case(b"CA"))
    {
        let at = from + offset;
        from = at + 2;
        let before = at.checked_sub(1).and_then(|i| bytes.get(i));
        if before.is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let rest = bytes.get(at + 2..)?;
        let open = rest.iter().position(|b| !b.is_ascii_whitespace())?;
        if rest.get(open) != Some(&b'[') {
            continue;
        }
        let value = rest.get(open + 1..)?;
        let close = value.iter().position(|&b| b == b']')?;
        let label = value.get(..close)?;
        if !label.is_ascii() {
            // Look again only past this value: restarting inside it would scan to the
            // same `]` once per `CA` in it, quadratic in the file size.
            from = at + 2 + open + 1 + close + 1;
            continue;
        }
        return Some(String::from_utf8_lossy(label).trim().to_string());
    }
    None
}

/// The encoding a `CA` label names, with the aliases SGF writers use. GB2312, GBK and
/// GB18030 all decode as GB18030 (a superset of both); "Latin-1" decodes as windows-1252.
pub(crate) fn charset_for_label(label: &str) -> Option<&'static Encoding> {
    let l = label.trim().to_ascii_lowercase().replace('_', "-");
    let encoding = match l.as_str() {
        "utf8" | "utf-8" => UTF_8,
        "latin1" | "latin-1" | "iso8859-1" | "iso-8859-1" | "iso-latin-1" | "ascii"
        | "us-ascii" => WINDOWS_1252,
        "cp936" | "ms936" | "euc-cn" | "gb-2312" | "gb2312-80" | "gb-2312-80" => GB18030,
        "cp949" | "uhc" | "ms949" => EUC_KR,
        "cp932" | "ms932" | "sjis" | "shift-jis" | "ms-kanji" | "x-sjis" => SHIFT_JIS,
        "cp950" | "ms950" | "big-5" => BIG5,
        _ => Encoding::for_label_no_replacement(l.as_bytes())
            .or_else(|| Encoding::for_label_no_replacement(label.trim().as_bytes()))?,
    };
    if encoding == GBK {
        return Some(GB18030);
    }
    // A declared UTF-16 without a BOM or NUL pattern is a mislabel: ignore it.
    if encoding == UTF_16LE || encoding == UTF_16BE {
        return None;
    }
    Some(encoding)
}

/// (non-ASCII characters in valid UTF-8 runs, invalid UTF-8 sequences).
fn utf8_damage(bytes: &[u8]) -> (usize, usize) {
    let (mut valid, mut invalid) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        if !chunk.invalid().is_empty() {
            invalid += 1;
        }
    }
    (valid, invalid)
}

/// Judges how plausible the bytes are under one charset (see [`mean_weight`]).
type Scorer = fn(&[u8]) -> Option<f64>;

/// The East Asian charset under which the bytes decode without error and look most like
/// real text, if any looks plausible at all.
fn guess_east_asian(bytes: &[u8]) -> Option<(&'static Encoding, Cow<'_, str>)> {
    // Plausibility of a decoding: the mean "commonness" of its multi-byte characters,
    // judged by where they sit in the charset's code table (common hanzi, kana and hangul
    // live in known rows; extension rows hold rare characters).
    let candidates: [(&'static Encoding, Scorer); 4] = [
        (GB18030, score_gb),
        (SHIFT_JIS, score_sjis),
        (EUC_KR, score_euc_kr),
        (BIG5, score_big5),
    ];
    // Accented letters inside Latin words (`créé`, `hörru`) also decode as rarer CJK
    // characters: only a convincing CJK reading beats them.
    let threshold = if latin_words(bytes) >= 0.5 { 0.9 } else { 0.5 };
    let mut best: Option<(&'static Encoding, Cow<'_, str>, f64)> = None;
    for (encoding, score) in candidates {
        let Some(s) = score(bytes) else { continue };
        if s < threshold {
            continue;
        }
        let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) else {
            continue;
        };
        let better = match &best {
            None => true,
            Some((best_encoding, best_text, best_score)) => {
                if (s - best_score).abs() < 0.05 {
                    // Hangul rows of EUC-KR coincide with common hanzi rows of GB2312:
                    // break the tie with characters frequent in each language.
                    *best_encoding == GB18030
                        && encoding == EUC_KR
                        && korean_hits(&text) > chinese_hits(best_text)
                } else {
                    s > *best_score
                }
            }
        };
        if better {
            best = Some((encoding, text, s));
        }
    }
    best.map(|(encoding, text, _)| (encoding, text))
}

/// The share of runs of non-ASCII bytes that look like accented letters in a Latin-script
/// word: one or two bytes from the letter range of windows-1252, next to an ASCII letter.
fn latin_words(bytes: &[u8]) -> f64 {
    let (mut runs, mut latin) = (0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i).is_some_and(|b| b.is_ascii()) {
            i += 1;
            continue;
        }
        let start = i;
        while bytes.get(i).is_some_and(|b| !b.is_ascii()) {
            i += 1;
        }
        runs += 1;
        let run = bytes.get(start..i).unwrap_or_default();
        let letter_beside = start
            .checked_sub(1)
            .and_then(|k| bytes.get(k))
            .is_some_and(u8::is_ascii_alphabetic)
            || bytes.get(i).is_some_and(u8::is_ascii_alphabetic);
        if run.len() <= 2 && run.iter().all(|&b| b >= 0xC0) && letter_beside {
            latin += 1;
        }
    }
    if runs == 0 {
        0.0
    } else {
        latin as f64 / runs as f64
    }
}

/// Mean weight of multi-byte characters walked by `weigh`, which returns the weight and
/// the character's length in bytes (`None` for a byte that cannot start one).
fn mean_weight(bytes: &[u8], weigh: impl Fn(u8, u8) -> Option<(f64, usize)>) -> Option<f64> {
    let (mut total, mut count) = (0.0, 0usize);
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let trail = bytes.get(i + 1).copied().unwrap_or(0);
        let (weight, len) = weigh(lead, trail)?;
        total += weight;
        count += 1;
        i += len;
    }
    (count > 0).then(|| total / count as f64)
}

fn score_gb(bytes: &[u8]) -> Option<f64> {
    mean_weight(bytes, |lead, trail| {
        if !(0x81..=0xFE).contains(&lead) {
            return None;
        }
        if (0x30..=0x39).contains(&trail) {
            return Some((0.0, 4));
        }
        let gb2312_trail = (0xA1..=0xFE).contains(&trail);
        let weight = match lead {
            0xB0..=0xD7 if gb2312_trail => 1.0,
            0xD8..=0xF7 if gb2312_trail => 0.6,
            0xA1..=0xA3 if gb2312_trail => 0.8,
            0xA4..=0xA9 if gb2312_trail => 0.3,
            _ => 0.1,
        };
        Some((weight, 2))
    })
}

fn score_sjis(bytes: &[u8]) -> Option<f64> {
    mean_weight(bytes, |lead, trail| {
        if (0xA1..=0xDF).contains(&lead) {
            // Half-width katakana: legal, but rare in modern names.
            return Some((0.2, 1));
        }
        let code = u16::from(lead) << 8 | u16::from(trail);
        let weight = match code {
            0x8140..=0x81FC => 0.8,
            0x824F..=0x82F1 => 1.0,
            0x8340..=0x8396 => 1.0,
            0x889F..=0x9872 => 1.0,
            0x989F..=0xEAA4 => 0.6,
            0x8397..=0x87FF | 0xED40..=0xEEFC | 0xFA40..=0xFC4B => 0.3,
            _ if (0x81..=0xFC).contains(&lead) => 0.0,
            _ => return None,
        };
        Some((weight, 2))
    })
}

fn score_euc_kr(bytes: &[u8]) -> Option<f64> {
    mean_weight(bytes, |lead, trail| {
        if !(0x81..=0xFE).contains(&lead) {
            return None;
        }
        let ks_trail = (0xA1..=0xFE).contains(&trail);
        let weight = match lead {
            0xB0..=0xC8 if ks_trail => 1.0,
            0xA1..=0xA3 if ks_trail => 0.8,
            0xA4 if ks_trail => 0.5,
            0xCA..=0xFD if ks_trail => 0.4,
            0xA5..=0xAF if ks_trail => 0.3,
            // Unified Hangul Code extension: modern but rare syllables.
            _ => 0.3,
        };
        Some((weight, 2))
    })
}

fn score_big5(bytes: &[u8]) -> Option<f64> {
    mean_weight(bytes, |lead, trail| {
        if !(0x81..=0xFE).contains(&lead) {
            return None;
        }
        let code = u16::from(lead) << 8 | u16::from(trail);
        let weight = match code {
            0xA440..=0xC67E => 1.0,
            0xC940..=0xF9D5 => 0.6,
            0xA140..=0xA3BF => 0.8,
            _ => 0.1,
        };
        Some((weight, 2))
    })
}

/// Hangul syllables frequent in Korean names, particles and Go words.
const KOREAN_COMMON: &str = "김이박최정강조윤장임한오서신권황안송류홍전고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반라왕금옥육인맹제모탁국어은용예경봉사부가태의는을를에다로으와과흑승패집바둑수계단";

/// Hanzi frequent in Chinese text, names and Go words.
const CHINESE_COMMON: &str = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年黑白胜负目半棋段级手先后局让贴盘围王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文古柯洁力";

fn korean_hits(text: &str) -> usize {
    hits(text, KOREAN_COMMON)
}

fn chinese_hits(text: &str) -> usize {
    hits(text, CHINESE_COMMON)
}

/// How many characters of `text` are among `common`.
fn hits(text: &str, common: &str) -> usize {
    let set: std::collections::HashSet<char> = common.chars().collect();
    text.chars().filter(|c| set.contains(c)).count()
}

/// Decode a record in another format than SGF (`format` names it: `Tygem GIB`), which
/// names no charset, or only in its header (`declared`, UGF's `Lang`): a byte-order mark
/// or valid UTF-8 first, then the declared charset when the bytes decode under it, then
/// the East Asian charset under which the bytes look most like real text (a note says
/// so), and last windows-1252 (a note says so).
pub(crate) fn decode_foreign<'a>(
    bytes: &'a [u8],
    format: &str,
    declared: Option<&'static Encoding>,
) -> Decoded<'a> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Decoded {
            text: Cow::Borrowed(text),
            notes: Vec::new(),
        };
    }
    if let Some(encoding) = declared
        && let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Decoded {
            text,
            notes: Vec::new(),
        };
    }
    let said = format!("the {format} file names no charset and is not UTF-8");
    if let Some((encoding, text)) = guess_east_asian(bytes) {
        return Decoded {
            text,
            notes: vec![format!(
                "{said}: read as {} (guessed)",
                display_name(encoding)
            )],
        };
    }
    let (text, _) = WINDOWS_1252.decode_without_bom_handling(bytes);
    Decoded {
        text,
        notes: vec![format!(
            "{said}: read as Latin-1 (windows-1252); names may be wrong"
        )],
    }
}
