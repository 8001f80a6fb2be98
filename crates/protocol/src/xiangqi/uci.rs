//! UCI, as Pikafish speaks it for Xiangqi (ranks 0–9: `h2e2`), with the options engine
//! managers expect (`Hash`, `Threads`, `MultiPV`, `Move Overhead`), plus `UCI_Variant`
//! (only `xiangqi`) and `Rank Numbering` (`1-10` writes moves as Fairy-Stockfish does,
//! `h3e3`), so managers that pair engines with Fairy-Stockfish can pair them with Qi.

use super::mate_moves;
use super::session::{
    boolean, go_number, level, number, value_after, Dialect, Go, Line, OptionChange, Settings,
    ENGINE_AUTHOR, ENGINE_NAME, MAX_HASH_MB, MAX_THREADS,
};
use crate::line_input::echo;
use qi_search::Score;
use qi_xiangqi::notation::iccs;
use qi_xiangqi::Move;
use qi_xiangqi_engine::Info;
use std::time::Duration;

/// Most lines `MultiPV` reports.
const MAX_MULTIPV: usize = 128;

/// The UCI dialect.
pub struct Uci;

/// `score cp N` or `score mate N` (moves, negative when we are mated).
fn uci_score(score: Score) -> String {
    match mate_moves(score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {score}"),
    }
}

fn millis(key: &str, value: &str) -> Result<Duration, String> {
    // GUIs send negative remaining times when a clock has run out; treat those as zero.
    let v: i64 = go_number(key, value)?;
    Ok(Duration::from_millis(v.max(0) as u64))
}

impl Dialect for Uci {
    fn greeting(&self) -> &'static str {
        "uci"
    }

    fn handshake(&self, s: &Settings) -> Vec<String> {
        vec![
            format!("id name {ENGINE_NAME}"),
            format!("id author {ENGINE_AUTHOR}"),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                s.hash_mb
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                s.threads
            ),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name Move Overhead type spin default {} min 0 max 5000",
                s.overhead_ms
            ),
            format!(
                "option name Level type spin default {} min 1 max 10",
                s.level
            ),
            "option name Ponder type check default false".to_string(),
            "option name Clear Hash type button".to_string(),
            "option name UCI_Variant type combo default xiangqi var xiangqi".to_string(),
            "option name Rank Numbering type combo default 0-9 var 0-9 var 1-10".to_string(),
            "uciok".to_string(),
        ]
    }

    fn parse_option(&self, words: &[&str]) -> Result<OptionChange, String> {
        let Some(("name", rest)) = words.split_first().map(|(a, b)| (*a, b)) else {
            return Err("expected 'setoption name NAME [value VALUE]'".to_string());
        };
        let (name, value) = match rest.iter().position(|&w| w == "value") {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        Ok(match name.to_ascii_lowercase().as_str() {
            "hash" => OptionChange::Hash(number(&name, &value)?),
            "threads" => OptionChange::Threads(number(&name, &value)?),
            "multipv" => match number::<usize>(&name, &value)? {
                n @ 1..=MAX_MULTIPV => OptionChange::MultiPv(n),
                n => {
                    return Err(format!(
                        "option MultiPV: {n} is out of range (1–{MAX_MULTIPV})"
                    ))
                }
            },
            "move overhead" => OptionChange::Overhead(number(&name, &value)?),
            "level" | "skill level" => OptionChange::Level(level(&name, &value)?),
            "ponder" => {
                boolean(&name, &value)?;
                OptionChange::Ignored
            }
            "clear hash" => OptionChange::NewGame,
            "uci_variant" => match value.trim().to_ascii_lowercase().as_str() {
                "xiangqi" => OptionChange::Ignored,
                other => {
                    return Err(format!(
                        "variant '{}' is not supported (only xiangqi)",
                        echo(other)
                    ))
                }
            },
            "rank numbering" => match value.trim() {
                "0-9" => OptionChange::RanksFromOne(false),
                "1-10" => OptionChange::RanksFromOne(true),
                other => return Err(format!("Rank Numbering '{}': use 0-9 or 1-10", echo(other))),
            },
            _ => return Err(format!("unknown option '{}'", echo(&name))),
        })
    }

    fn parse_go(&self, words: &[&str], _s: &Settings, red: bool) -> Result<Go, String> {
        let mut go = Go::default();
        let (mut wtime, mut btime, mut winc, mut binc) = (None, None, None, None);
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let mut value = || -> Result<&str, String> {
                let v = value_after(words, i, key);
                i += 1;
                v
            };
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "depth" => go.depth = Some(go_number(key, value()?)?),
                "nodes" => go.nodes = Some(go_number(key, value()?)?),
                "movetime" => go.movetime = Some(millis(key, value()?)?),
                "wtime" => wtime = Some(millis(key, value()?)?),
                "btime" => btime = Some(millis(key, value()?)?),
                "winc" => winc = Some(millis(key, value()?)?),
                "binc" => binc = Some(millis(key, value()?)?),
                "movestogo" => go.moves_to_go = Some(go_number::<u32>(key, value()?)?.max(1)),
                "mate" => {
                    let moves: u32 = go_number(key, value()?)?;
                    go.depth = Some(moves.saturating_mul(2).clamp(1, 64));
                }
                "searchmoves" => {
                    // Every following word up to the next keyword is a move.
                    while let Some(w) = words.get(i + 1) {
                        if w.len() < 4 || !w.as_bytes()[0].is_ascii_lowercase() {
                            break;
                        }
                        if GO_KEYWORDS.contains(w) {
                            break;
                        }
                        go.search_moves.push(w.to_string());
                        i += 1;
                    }
                }
                other => return Err(format!("go: unknown word '{}'", echo(other))),
            }
            i += 1;
        }
        // Red is "white" in UCI for Xiangqi.
        let (ours, inc) = if red { (wtime, winc) } else { (btime, binc) };
        go.remaining = ours;
        go.increment = inc.unwrap_or_default();
        let limited = go.depth.is_some()
            || go.nodes.is_some()
            || go.movetime.is_some()
            || go.remaining.is_some();
        if !limited {
            go.infinite = true;
        }
        Ok(go)
    }

    fn move_text(&self, mv: Move, s: &Settings) -> String {
        if s.ranks_from_one {
            iccs::to_ranks_from_one(mv)
        } else {
            mv.to_iccs()
        }
    }

    fn wire_to_iccs(&self, text: &str, s: &Settings) -> String {
        if s.ranks_from_one {
            // Unparsable text passes through unchanged for the move parser to reject.
            iccs::from_ranks_from_one(text).unwrap_or_else(|| text.to_string())
        } else {
            text.to_ascii_lowercase()
        }
    }

    fn info(&self, info: &Info, s: &Settings) -> String {
        let pv: Vec<String> = info.pv.iter().map(|&m| self.move_text(m, s)).collect();
        let ms = info.time.as_millis() as u64;
        let nps = info.nodes * 1000 / ms.max(1);
        format!(
            "info depth {} seldepth {} multipv 1 score {} nodes {} nps {nps} hashfull {} time {ms} pv {}",
            info.depth,
            info.seldepth,
            uci_score(info.score),
            info.nodes,
            info.hashfull,
            pv.join(" ")
        )
    }

    fn multipv(&self, lines: &[Line<'_>], info: &Info, s: &Settings) -> Vec<String> {
        lines
            .iter()
            .skip(1)
            .map(|l| {
                let pv: Vec<String> = l.pv.iter().map(|&m| self.move_text(m, s)).collect();
                format!(
                    "info depth {} multipv {} score {} nodes {} time {} pv {}",
                    info.depth,
                    l.rank,
                    uci_score(l.score),
                    info.nodes,
                    info.time.as_millis(),
                    pv.join(" ")
                )
            })
            .collect()
    }

    fn bestmove(&self, best: Option<Move>, ponder: Option<Move>, s: &Settings) -> String {
        match (best, ponder) {
            (Some(b), Some(p)) => format!(
                "bestmove {} ponder {}",
                self.move_text(b, s),
                self.move_text(p, s)
            ),
            (Some(b), None) => format!("bestmove {}", self.move_text(b, s)),
            (None, _) => "bestmove (none)".to_string(),
        }
    }

    fn farewell(&self) -> Option<&'static str> {
        None
    }
}

/// Words that end a `searchmoves` list.
const GO_KEYWORDS: &[&str] = &[
    "infinite",
    "ponder",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_is_the_side_to_move() {
        let s = Settings::default();
        let words = [
            "wtime", "60000", "btime", "30000", "winc", "1000", "binc", "500",
        ];
        let red = Uci.parse_go(&words, &s, true).unwrap();
        assert_eq!(red.remaining, Some(Duration::from_secs(60)));
        assert_eq!(red.increment, Duration::from_secs(1));
        let black = Uci.parse_go(&words, &s, false).unwrap();
        assert_eq!(black.remaining, Some(Duration::from_secs(30)));
        assert_eq!(black.increment, Duration::from_millis(500));
        assert!(!red.infinite);
    }

    #[test]
    fn a_bad_go_number_names_the_go_parameter() {
        let s = Settings::default();
        for (words, key) in [
            (&["movetime", "soon"][..], "movetime"),
            (&["wtime", "1e9"][..], "wtime"),
            (&["depth", "-1"][..], "depth"),
            (&["movestogo", "x"][..], "movestogo"),
        ] {
            let e = Uci.parse_go(words, &s, true).unwrap_err();
            assert!(e.starts_with(&format!("go: '{key} ")), "{e}");
            assert!(!e.contains("option"), "{e}");
        }
        let red = Uci
            .parse_go(&["wtime", "-5", "winc", "-1"], &s, true)
            .unwrap();
        assert_eq!(red.remaining, Some(Duration::ZERO));
    }

    #[test]
    fn searchmoves_stop_at_the_next_keyword() {
        let s = Settings::default();
        let go = Uci
            .parse_go(&["searchmoves", "h2e2", "b0c2", "depth", "3"], &s, true)
            .unwrap();
        assert_eq!(go.search_moves, vec!["h2e2", "b0c2"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn rank_numbering_round_trips() {
        let mv = |t: &str| qi_xiangqi::Position::startpos().parse_move(t).unwrap();
        assert_eq!(iccs::to_ranks_from_one(mv("h2e2")), "h3e3");
        assert_eq!(iccs::from_ranks_from_one("a10a9").as_deref(), Some("a9a8"));
        assert_eq!(iccs::from_ranks_from_one("h2e"), None);
        assert_eq!(iccs::from_ranks_from_one("h2e2x"), None);
    }

    #[test]
    fn options() {
        assert_eq!(
            Uci.parse_option(&["name", "Move", "Overhead", "value", "100"]),
            Ok(OptionChange::Overhead(100))
        );
        assert_eq!(
            Uci.parse_option(&["name", "UCI_Variant", "value", "xiangqi"]),
            Ok(OptionChange::Ignored)
        );
        assert!(Uci
            .parse_option(&["name", "UCI_Variant", "value", "chess"])
            .is_err());
        assert!(Uci
            .parse_option(&["name", "Hash", "value", "lots"])
            .is_err());
        assert!(Uci.parse_option(&["Hash", "32"]).is_err());
        assert!(Uci
            .parse_option(&["name", "MultiPV", "value", "0"])
            .is_err());
    }
}
