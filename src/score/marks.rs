//! The record's territory marks (`TB`, `TW`) beside the territory of goref's count: the
//! points where they differ.
//!
//! Only the empty points of the final position are compared. The points of dead stones
//! are what the marks say is dead (`--dead markup`) or what the user chose, so comparing
//! them would repeat that choice; a point marked for both colours says nothing and is
//! skipped. Marks off the board are ignored.

use crate::board::{Board, Color};
use crate::point::Point;
use crate::sgf::TerritoryMarks;

use super::Count;

/// One point where the marks and the count disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkDifference {
    pub point: Point,
    /// Whose territory the record marks it (`None`: unmarked).
    pub marked: Option<Color>,
    /// Whose territory goref counts it (`None`: nobody's).
    pub counted: Option<Color>,
}

/// The points where a record's marks and goref's territory differ, in reading order, on
/// a board `height` rows high.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerritoryMismatch {
    pub height: u8,
    /// The node of the marks, along the main line.
    pub node: usize,
    /// The record's marks: points marked as Black's and as White's territory, among the
    /// points compared.
    pub marked: [u32; 2],
    /// goref's territory among the same points.
    pub counted: [u32; 2],
    pub differences: Vec<MarkDifference>,
}

impl TerritoryMismatch {
    /// One sentence naming every differing point, grouped by what the marks and goref
    /// say: "of the empty points, TB/TW mark 20 as Black's territory and 40 as White's;
    /// goref counts 19 and 40 under japanese: G1 marked Black's, counted for nobody".
    pub fn describe(&self, rules: &str) -> String {
        let whose = |c: Option<Color>, empty: &str| match c {
            Some(c) => format!("{}'s", c.name()),
            None => empty.to_string(),
        };
        let mut groups: Vec<(Option<Color>, Option<Color>, Vec<String>)> = Vec::new();
        for d in &self.differences {
            let name = d.point.to_d4(self.height);
            match groups
                .iter_mut()
                .find(|(m, c, _)| *m == d.marked && *c == d.counted)
            {
                Some(group) => group.2.push(name),
                None => groups.push((d.marked, d.counted, vec![name])),
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(marked, counted, points)| {
                let counted = match counted {
                    Some(c) => format!("counted {}'s", c.name()),
                    None => "counted for nobody".to_string(),
                };
                format!(
                    "{} marked {}, {counted}",
                    points.join(", "),
                    whose(*marked, "not")
                )
            })
            .collect();
        format!(
            "of the empty points, TB/TW mark {} as Black's territory and {} as White's; goref counts {} and {} under {rules}: {}",
            self.marked[0],
            self.marked[1],
            self.counted[0],
            self.counted[1],
            parts.join("; ")
        )
    }
}

/// Where `marks` differ from `count`'s territory on the empty points of `board`, the
/// final position; `None` when they agree or no mark is on the board.
pub fn compare(board: &Board, marks: &TerritoryMarks, count: &Count) -> Option<TerritoryMismatch> {
    let (width, height) = (usize::from(board.width()), usize::from(board.height()));
    let index = |p: Point| usize::from(p.y) * width + usize::from(p.x);
    // Bit 0: marked Black's; bit 1: marked White's.
    let mut marked = vec![0u8; width * height];
    let mut any = false;
    for (list, color) in [(&marks.black, Color::Black), (&marks.white, Color::White)] {
        for &p in list.iter().filter(|&&p| board.contains(p)) {
            marked[index(p)] |= 1 << color.index();
            any = true;
        }
    }
    if !any {
        return None;
    }
    let mut counted: Vec<Option<Color>> = vec![None; width * height];
    for color in [Color::Black, Color::White] {
        for &p in count.territory_points[color.index()]
            .iter()
            .filter(|&&p| board.contains(p))
        {
            counted[index(p)] = Some(color);
        }
    }
    let mut mismatch = TerritoryMismatch {
        height: board.height(),
        node: marks.node,
        marked: [0; 2],
        counted: [0; 2],
        differences: Vec::new(),
    };
    for y in 0..board.height() {
        for x in 0..board.width() {
            let point = Point::new(x, y);
            let i = index(point);
            if board.get(point).is_some() || marked[i] == 3 {
                continue;
            }
            let marked = match marked[i] {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            if let Some(c) = marked {
                mismatch.marked[c.index()] += 1;
            }
            if let Some(c) = counted[i] {
                mismatch.counted[c.index()] += 1;
            }
            if marked != counted[i] {
                mismatch.differences.push(MarkDifference {
                    point,
                    marked,
                    counted: counted[i],
                });
            }
        }
    }
    (!mismatch.differences.is_empty()).then_some(mismatch)
}
