//! UCCI specifics (being written).
