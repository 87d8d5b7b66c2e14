//! Counting: area and territory, komi, handicap bonus, pass stones and last-move rules.
//!
//! INTERFACE SKELETON: filled in by the scoring work.
