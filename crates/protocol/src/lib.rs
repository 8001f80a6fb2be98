//! Qi's engine protocols: UCCI and UCI for the Xiangqi engine ([`xiangqi`]) and the
//! Gomocup (piskvork) protocol for the gomoku engine ([`gomocup`], also the `pbrain-qi`
//! binary). Each reads commands line by line ([`line_input`]), answers bad input with a
//! diagnostic and goes on, and leaves every ruling to the game crates.

pub mod gomocup;
pub mod line_input;
pub mod xiangqi;
