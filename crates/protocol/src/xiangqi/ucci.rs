//! UCCI, as ElephantEye and the GUIs built for it speak it: `ucci`/`ucciok`,
//! `setoption NAME VALUE`, times in seconds unless `usemillisec`, `bestmove`/`nobestmove`,
//! `quit`/`bye`. Moves are ICCS coordinates in lower case (`h2e2`).

use super::session::{
    boolean, go_number, level, number, value_after, Dialect, Go, OptionChange, Settings,
    ENGINE_AUTHOR, ENGINE_NAME, MAX_HASH_MB, MAX_THREADS,
};
use crate::line_input::echo;
use qi_search::score::{is_decisive, Score};
use qi_xiangqi::Move;
use qi_xiangqi_engine::Info;
use std::time::Duration;

/// Mate scores on the wire: `MATE - plies` (ElephantEye's convention), signed.
const MATE: i32 = 10_000;

/// The UCCI dialect.
pub struct Ucci;

/// A score as UCCI writes it: centipawn-like units, mates as ±(10000 − plies).
fn ucci_score(score: Score) -> i32 {
    if is_decisive(score) {
        let plies = qi_search::score::plies_to_end(score).unwrap_or(0) as i32;
        if score > 0 {
            MATE - plies
        } else {
            plies - MATE
        }
    } else {
        score.clamp(-(MATE - 1000), MATE - 1000)
    }
}

/// A time value of `go`: seconds (possibly fractional) or milliseconds. A negative time
/// (a GUI whose clock has run out) counts as zero, as UCI treats it.
fn duration(key: &str, value: &str, millis: bool) -> Result<Duration, String> {
    let v: f64 = value
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| format!("go: '{key} {}' is not a valid time", echo(value)))?;
    let v = v.max(0.0);
    let secs = if millis { v / 1000.0 } else { v };
    Ok(Duration::from_secs_f64(secs.min(1e7)))
}

impl Dialect for Ucci {
    fn greeting(&self) -> &'static str {
        "ucci"
    }

    fn handshake(&self, s: &Settings) -> Vec<String> {
        vec![
            format!("id name {ENGINE_NAME}"),
            "id copyright MIT licence".to_string(),
            format!("id author {ENGINE_AUTHOR}"),
            "id user unknown".to_string(),
            "option usemillisec type check default false".to_string(),
            format!(
                "option hashsize type spin min 1 max {MAX_HASH_MB} default {}",
                s.hash_mb
            ),
            format!(
                "option threads type spin min 1 max {MAX_THREADS} default {}",
                s.threads
            ),
            format!("option level type spin min 1 max 10 default {}", s.level),
            format!(
                "option overhead type spin min 0 max 5000 default {}",
                s.overhead_ms
            ),
            "option ponder type check default false".to_string(),
            "option newgame type button".to_string(),
            "ucciok".to_string(),
        ]
    }

    fn parse_option(&self, words: &[&str]) -> Result<OptionChange, String> {
        // ElephantEye's form is `setoption NAME VALUE`; also accept UCI's `name … value …`.
        let (name, value) = match words {
            ["name", name, "value", value @ ..] => (name.to_string(), value.join(" ")),
            ["name", name] => (name.to_string(), String::new()),
            [name, value @ ..] => (name.to_string(), value.join(" ")),
            [] => return Err("setoption needs an option name".to_string()),
        };
        let lower = name.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "usemillisec" => OptionChange::Millis(boolean(&name, &value)?),
            "hashsize" => OptionChange::Hash(number(&name, &value)?),
            "threads" => OptionChange::Threads(number(&name, &value)?),
            "level" => OptionChange::Level(level(&name, &value)?),
            "overhead" => OptionChange::Overhead(number(&name, &value)?),
            "newgame" => OptionChange::NewGame,
            // Options ElephantEye's GUIs send that change nothing here.
            "batch" | "debug" | "ponder" | "usebook" | "bookfiles" | "evalapi" | "promotion"
            | "idle" | "style" | "knowledge" | "pruning" | "randomness" | "loadbook" => {
                OptionChange::Ignored
            }
            _ => return Err(format!("unknown option '{}'", echo(&name))),
        })
    }

    fn parse_go(&self, words: &[&str], s: &Settings, _red: bool) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            match key {
                "ponder" => go.ponder = true,
                "draw" => {} // a draw offer; Qi plays on
                "infinite" => go.infinite = true,
                "depth" => {
                    let v = value_after(words, i, key)?;
                    if v == "infinite" {
                        go.infinite = true;
                    } else {
                        go.depth = Some(go_number(key, v)?);
                    }
                    i += 1;
                }
                "nodes" => {
                    go.nodes = Some(go_number(key, value_after(words, i, key)?)?);
                    i += 1;
                }
                "time" => {
                    go.remaining = Some(duration(key, value_after(words, i, key)?, s.millis)?);
                    i += 1;
                }
                "movestogo" => {
                    go.moves_to_go =
                        Some(go_number::<u32>(key, value_after(words, i, key)?)?.max(1));
                    i += 1;
                }
                "increment" => {
                    go.increment = duration(key, value_after(words, i, key)?, s.millis)?;
                    i += 1;
                }
                // The opponent's clock: read and checked, not used.
                "opptime" | "oppmovestogo" | "oppincrement" => {
                    value_after(words, i, key)?;
                    i += 1;
                }
                other => return Err(format!("go: unknown word '{}'", echo(other))),
            }
            i += 1;
        }
        let limited = go.depth.is_some() || go.nodes.is_some() || go.remaining.is_some();
        if !limited {
            go.infinite = true;
        }
        Ok(go)
    }

    fn move_text(&self, mv: Move, _s: &Settings) -> String {
        mv.to_iccs()
    }

    fn wire_to_iccs(&self, text: &str, _s: &Settings) -> String {
        text.to_ascii_lowercase()
    }

    fn info(&self, info: &Info, s: &Settings) -> String {
        let pv: Vec<String> = info.pv.iter().map(|&m| self.move_text(m, s)).collect();
        format!(
            "info depth {} score {} time {} nodes {} pv {}",
            info.depth,
            ucci_score(info.score),
            info.time.as_millis(),
            info.nodes,
            pv.join(" ")
        )
    }

    fn bestmove(&self, best: Option<Move>, ponder: Option<Move>, s: &Settings) -> String {
        match (best, ponder) {
            (Some(b), Some(p)) => format!(
                "bestmove {} ponder {}",
                self.move_text(b, s),
                self.move_text(p, s)
            ),
            (Some(b), None) => format!("bestmove {}", self.move_text(b, s)),
            (None, _) => "nobestmove".to_string(),
        }
    }

    fn farewell(&self) -> Option<&'static str> {
        Some("bye")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::score::{loss_in, win_in};

    #[test]
    fn times_are_seconds_unless_millis() {
        let s = Settings::default();
        let go = Ucci
            .parse_go(&["time", "300", "increment", "2"], &s, true)
            .unwrap();
        assert_eq!(go.remaining, Some(Duration::from_secs(300)));
        assert_eq!(go.increment, Duration::from_secs(2));
        let ms = Settings {
            millis: true,
            ..Settings::default()
        };
        let go = Ucci.parse_go(&["time", "1500"], &ms, true).unwrap();
        assert_eq!(go.remaining, Some(Duration::from_millis(1500)));
    }

    #[test]
    fn bad_go_words_are_errors_and_bare_go_is_infinite() {
        let s = Settings::default();
        assert!(Ucci.parse_go(&["depth"], &s, true).is_err());
        assert!(Ucci.parse_go(&["depth", "x"], &s, true).is_err());
        assert!(Ucci.parse_go(&["time", "x3"], &s, true).is_err());
        assert!(Ucci.parse_go(&["time", "inf"], &s, true).is_err());
        assert!(Ucci.parse_go(&["wtime", "3"], &s, true).is_err());
        assert!(Ucci.parse_go(&[], &s, true).unwrap().infinite);
        assert!(
            Ucci.parse_go(&["depth", "infinite"], &s, true)
                .unwrap()
                .infinite
        );
    }

    #[test]
    fn a_negative_time_counts_as_zero() {
        let s = Settings::default();
        let go = Ucci.parse_go(&["time", "-1"], &s, true).unwrap();
        assert_eq!(go.remaining, Some(Duration::ZERO));
        assert!(!go.infinite, "a clock is given, so the search is limited");
        let go = Ucci
            .parse_go(&["time", "5", "increment", "-2"], &s, true)
            .unwrap();
        assert_eq!(go.increment, Duration::ZERO);
    }

    #[test]
    fn options_in_both_forms() {
        assert_eq!(
            Ucci.parse_option(&["hashsize", "32"]),
            Ok(OptionChange::Hash(32))
        );
        assert_eq!(
            Ucci.parse_option(&["name", "usemillisec", "value", "true"]),
            Ok(OptionChange::Millis(true))
        );
        assert!(Ucci.parse_option(&["level", "11"]).is_err());
        assert!(Ucci.parse_option(&["colour", "red"]).is_err());
    }

    #[test]
    fn mate_scores_count_plies_from_ten_thousand() {
        assert_eq!(ucci_score(win_in(3)), 9997);
        assert_eq!(ucci_score(loss_in(2)), -9998);
        assert_eq!(ucci_score(35), 35);
    }
}
