//! Gomoku (five in a row) on `qi-search`.
