//! UCI specifics (being written).
