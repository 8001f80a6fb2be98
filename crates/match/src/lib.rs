//! Qi's match referee (`qi match`): engine processes, one match loop with its concurrency
//! and SPRT ([`referee`]), the score tally and the final W-L-D / Elo line. Each game's
//! table says how its engines play one game ([`xiangqi`] for UCI/UCCI engines, [`gomoku`]
//! for Gomocup engines); who won is always the game crate's ruling. [`logs`] reads the
//! games of finished or stopped runs back and sums one test's pairs (`qi sprt`).

pub mod gomoku;
pub mod logs;
pub mod openings;
pub mod process;
pub mod referee;
pub mod sprt;
pub mod xiangqi;

use anyhow::Result;

/// Everything a match is told: engines, limits, openings, records and the test to run.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Gomoku rule: freestyle, standard or renju.
    pub rule: String,
    /// Gomoku board size, 5 to 22.
    pub size: usize,
    /// First engine command line.
    pub engine1: String,
    /// Second engine command line.
    pub engine2: String,
    /// Names the match shows and logs for engine 1 and engine 2 instead of the ones they
    /// report (`None`: the reported one), e.g. to tell two builds of one engine apart in
    /// the logs `qi sprt` sums ([`check_name`]).
    pub names: [Option<String>; 2],
    /// Xiangqi protocol of engine 1: uci, ucci, fsf or sjaak.
    pub protocol1: String,
    /// Xiangqi protocol of engine 2.
    pub protocol2: String,
    /// Options for engine 1 as NAME=VALUE.
    pub option1: Vec<String>,
    /// Options for engine 2 as NAME=VALUE.
    pub option2: Vec<String>,
    /// Milliseconds an engine may exceed its clock before it loses on time.
    pub timemargin: u64,
    /// Memory a Gomocup brain may use, in MB, announced as `INFO max_memory` (0: no limit;
    /// `None`: [`DEFAULT_MAX_MEMORY_MB`]). Gomoku only.
    pub max_memory: Option<u64>,
    /// Threads a Gomocup brain may use, announced as `INFO thread_num` (`None`: not sent,
    /// and a brain keeps its own setting). Gomoku only.
    pub threads: Option<usize>,
    /// File of openings (Xiangqi FEN/EPD lines, or gomoku stones as offsets from the centre).
    pub openings: Option<String>,
    /// Game pairs (with an SPRT: the most before it gives up).
    pub rounds: Option<u32>,
    /// Fixed depth per move.
    pub depth: Option<u32>,
    /// Fixed nodes per move.
    pub nodes: Option<u64>,
    /// Fixed time per move in milliseconds (gomoku: the turn limit).
    pub movetime: Option<u64>,
    /// Clock per game in milliseconds (gomoku: the match time).
    pub time: Option<u64>,
    /// Increment per move in milliseconds.
    pub inc: u64,
    /// Adjudicate a draw after this many plies.
    pub max_plies: u32,
    /// Write the games here (PGN for Xiangqi, SGF for gomoku).
    pub pgn: Option<String>,
    /// Games played at the same time.
    pub concurrency: usize,
    /// SPRT bounds `[ELO0, ELO1]`.
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's false-positive rate.
    pub alpha: f64,
    /// The SPRT's false-negative rate.
    pub beta: f64,
}

/// The memory a Gomocup brain is told it may use when `--max-memory` is not given (MB).
pub const DEFAULT_MAX_MEMORY_MB: u64 = 256;

/// Plays the match of `game` (xiangqi or gomoku, any case) that `options` describe.
pub fn run(game: &str, options: MatchOptions) -> Result<()> {
    // Before any engine starts.
    for (flag, name) in ["--name1", "--name2"].iter().zip(&options.names) {
        if let Some(name) = name {
            check_name(name).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
        }
    }
    if let [Some(first), Some(second)] = &options.names {
        if first == second {
            anyhow::bail!("--name1 and --name2 are both {first:?}: give them different names");
        }
    }
    match game.to_ascii_lowercase().as_str() {
        "xiangqi" if options.max_memory.is_some() => anyhow::bail!(
            "--max-memory is for gomoku brains; give a Xiangqi engine its hash with --option1 Hash=MB"
        ),
        "xiangqi" if options.threads.is_some() => anyhow::bail!(
            "--threads is for gomoku brains; give a Xiangqi engine its threads with --option1 Threads=N"
        ),
        "xiangqi" => xiangqi::run(options),
        "gomoku" => gomoku::run(options),
        other => anyhow::bail!("unknown game '{other}' for a match (xiangqi or gomoku)"),
    }
}

/// Game results from the first engine's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Tally {
    /// Counts a game: `Some(true)` a win for the first engine, `Some(false)` a loss, `None`
    /// a draw.
    pub fn add(&mut self, first_won: Option<bool>) {
        match first_won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The closing line: `Score of A vs B: W - L - D  [score] N games, Elo difference: …`.
    pub fn summary(&self, first: &str, second: &str) -> String {
        let n = self.wins + self.losses + self.draws;
        let score = (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n.max(1));
        let (diff, margin) = elo_summary(self.wins, self.losses, self.draws);
        // An even score is +0.0, not -0.0.
        let diff = diff + 0.0;
        format!(
            "Score of {first} vs {second}: {} - {} - {}  [{score:.3}] {n} games, Elo difference: {diff:+.1} +/- {margin:.1}",
            self.wins, self.losses, self.draws
        )
    }
}

/// The Elo difference for a score fraction (infinite for a perfect or a zero score).
fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Elo difference and its 95 % margin from wins, losses and draws (of the first engine).
/// The margin maps the score's standard error through the slope of the Elo curve, so it
/// stays finite near (but not at) a perfect score.
pub fn elo_summary(wins: u32, losses: u32, draws: u32) -> (f64, f64) {
    let n = f64::from(wins + losses + draws);
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let s = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let variance = (f64::from(wins) * (1.0 - s).powi(2)
        + f64::from(draws) * (0.5 - s).powi(2)
        + f64::from(losses) * s.powi(2))
        / n;
    if s <= 0.0 || s >= 1.0 {
        // Nothing bounds a perfect score.
        return (elo(s), f64::INFINITY);
    }
    let stderr = (variance / n).sqrt();
    let slope = 400.0 / (std::f64::consts::LN_10 * s * (1.0 - s));
    (elo(s), 1.96 * stderr * slope)
}

/// The game records of a match, rewritten to their file after every game so an
/// interrupted match keeps what it played.
pub struct Records {
    path: Option<String>,
    text: String,
}

impl Records {
    /// Records kept in `path` (none: kept nowhere).
    pub fn new(path: Option<String>) -> Records {
        Records {
            path,
            text: String::new(),
        }
    }

    /// Adds one game's record and rewrites the file.
    pub fn add(&mut self, record: &str) -> anyhow::Result<()> {
        use anyhow::Context;
        self.text.push_str(record);
        match &self.path {
            Some(path) => {
                std::fs::write(path, &self.text).with_context(|| format!("cannot write {path}"))
            }
            None => Ok(()),
        }
    }
}

/// Distinct display names for two engines that report the same name.
pub fn distinct_names(first: &str, second: &str) -> [String; 2] {
    if first == second {
        [format!("{first} #1"), format!("{second} #2")]
    } else {
        [first.to_string(), second.to_string()]
    }
}

/// The longest name `--name1` or `--name2` may give.
pub const MAX_NAME_CHARS: usize = 64;

/// Checks that `name` may name an engine in a match: it goes into every game line of the
/// log, which `qi sprt` reads back ([`logs`]), so it has to stay one readable token of such
/// a line: 1 to [`MAX_NAME_CHARS`] characters, no control characters, no parentheses or
/// colons (a game line puts the colour in parentheses after the name and the result after
/// a colon), no space at either end.
pub fn check_name(name: &str) -> Result<()> {
    if name.is_empty() || name.trim() != name {
        anyhow::bail!("a name must not be empty or start or end with a space: {name:?}");
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        anyhow::bail!("a name has at most {MAX_NAME_CHARS} characters, not {chars}");
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c.is_control() || matches!(c, '(' | ')' | ':'))
    {
        anyhow::bail!("a name may not contain {c:?}: {name:?}");
    }
    Ok(())
}

/// The names a match shows and logs: each engine's `given` name where there is one, else
/// the one it `reported`, numbered when both report the same ([`distinct_names`]). Two
/// equal names where one was given are an error: the log could not tell the engines apart.
pub fn match_names(reported: [&str; 2], given: &[Option<String>; 2]) -> Result<[String; 2]> {
    if given.iter().all(Option::is_none) {
        return Ok(distinct_names(reported[0], reported[1]));
    }
    let names = [0, 1].map(|i| given[i].clone().unwrap_or_else(|| reported[i].to_string()));
    if names[0] == names[1] {
        let (flag, other) = if given[0].is_some() {
            ("--name1", 2)
        } else {
            ("--name2", 1)
        };
        anyhow::bail!(
            "{flag} {:?} is engine {other}'s name too: give another name",
            names[0]
        );
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_zero_at_even_and_signed() {
        let (d, m) = elo_summary(10, 10, 10);
        assert!(d.abs() < 1e-9 && m > 0.0);
        // 21-3-0: about +338 with a finite margin of about 210.
        let (d, m) = elo_summary(21, 3, 0);
        assert!((d - 338.0).abs() < 1.0 && m > 150.0 && m < 250.0, "{d} {m}");
        let (d, _) = elo_summary(30, 10, 10);
        assert!(d > 100.0 && d < 200.0, "{d}");
        let (d, _) = elo_summary(10, 30, 10);
        assert!(d < -100.0);
        assert_eq!(elo_summary(4, 0, 0), (f64::INFINITY, f64::INFINITY));
        assert_eq!(elo_summary(0, 0, 0), (0.0, 0.0));
    }

    #[test]
    fn summary_line() {
        let mut t = Tally::default();
        t.add(Some(true));
        t.add(None);
        assert_eq!(
            t.summary("A", "B"),
            "Score of A vs B: 1 - 0 - 1  [0.750] 2 games, Elo difference: +190.8 +/- 321.0"
        );
        assert_eq!(distinct_names("Qi", "Qi"), ["Qi #1", "Qi #2"]);
        let mut even = Tally::default();
        even.add(Some(true));
        even.add(Some(false));
        assert!(even.summary("A", "B").contains("Elo difference: +0.0 +/- "));
    }

    #[test]
    fn given_names_replace_the_reported_ones_and_stay_apart() {
        let none = [None, None];
        assert_eq!(
            match_names(["Qi", "Qi"], &none).unwrap(),
            ["Qi #1", "Qi #2"]
        );
        let new = Some("shapes-new".to_string());
        let old = Some("shapes-old".to_string());
        assert_eq!(
            match_names(["Qi", "Qi"], &[new.clone(), old.clone()]).unwrap(),
            ["shapes-new", "shapes-old"]
        );
        // One name given, the other reported.
        assert_eq!(
            match_names(["Qi", "Rapfi"], &[None, old.clone()]).unwrap(),
            ["Qi", "shapes-old"]
        );
        // A given name equal to the other's: the log could not tell them apart.
        assert!(match_names(["Qi", "Rapfi"], &[Some("Rapfi".to_string()), None]).is_err());
        assert!(match_names(["A", "B"], &[new.clone(), new]).is_err());
    }

    #[test]
    fn a_name_is_one_readable_token_of_a_game_line() {
        for good in [
            "Qi",
            "Qi 0.1",
            "shapes-new",
            "棋 main",
            &"x".repeat(MAX_NAME_CHARS),
        ] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            " Qi",
            "Qi ",
            "Qi (new)",
            "a:b",
            "two\nlines",
            "tab\there",
            &"x".repeat(MAX_NAME_CHARS + 1),
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }
}
