//! The validator (skeleton).
