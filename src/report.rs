//! Serialisable results (skeleton).
