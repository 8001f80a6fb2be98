//! Qi's Xiangqi engine.
