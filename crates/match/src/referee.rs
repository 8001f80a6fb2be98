//! The match loop every game shares: tables of two engines play pairs of games (one opening,
//! both colours) in parallel, and the referee books each finished game — the printed line,
//! the record, the W-L-D tally and, under `--sprt`, the pentanomial test that can stop the
//! match. A game plugs in by implementing [`Table`]: how its two engines play game `index`.

use super::sprt::{half_points, Decision, Pentanomial, Sprt};
use super::{Records, Tally};
use anyhow::Result;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How long one engine took to answer over some moves: the referee's evidence that an engine
/// keeps to its clock (a match's forfeits say only who ran out, not who came close).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnswerTimes {
    /// Moves answered.
    pub moves: u32,
    /// The longest of them.
    pub slowest: Duration,
    /// Answers that took longer than the move's limit (a turn's time, or the clock left),
    /// whether or not the margin let them stand.
    pub over_limit: u32,
}

impl AnswerTimes {
    /// Counts one answer that took `used`, where the move's limit was `limit` (`None` for a
    /// move with no time limit: a depth or a node count).
    pub fn add(&mut self, used: Duration, limit: Option<Duration>) {
        self.moves += 1;
        self.slowest = self.slowest.max(used);
        if limit.is_some_and(|l| used > l) {
            self.over_limit += 1;
        }
    }

    /// Both sets of answers together.
    pub fn merge(&mut self, other: AnswerTimes) {
        self.moves += other.moves;
        self.slowest = self.slowest.max(other.slowest);
        self.over_limit += other.over_limit;
    }

    /// A game's answers by seat (the colour that moves first, then the other) as the
    /// report wants them, by engine (first, second).
    pub fn by_engine(seats: [AnswerTimes; 2], first_engine_moves_first: bool) -> [AnswerTimes; 2] {
        if first_engine_moves_first {
            seats
        } else {
            [seats[1], seats[0]]
        }
    }

    /// `slowest 0.874 s, 2 of 1204 answers over the limit`.
    fn describe(&self) -> String {
        format!(
            "slowest {:.3} s, {} of {} answers over the limit",
            self.slowest.as_secs_f64(),
            self.over_limit,
            self.moves
        )
    }
}

/// A game's two colours as its lines name them: the one listed first (Black in gomoku, Red
/// in Xiangqi), then the other.
pub type Colours = [&'static str; 2];

/// Whether the first engine plays the colour listed first in game `index` (from 0): it
/// does in the even game of each pair, and the odd game swaps the colours.
pub fn first_engine_listed_first(index: u32) -> bool {
    index % 2 == 0
}

/// Each result as the game lines write it, from the view of the colour listed first.
pub const RESULTS: [(&str, Option<bool>); 3] =
    [("1-0", Some(true)), ("0-1", Some(false)), ("1/2-1/2", None)];

/// The result text of a game the colour listed first won (`Some(true)`), lost or drew.
pub fn result_text(listed_first_won: Option<bool>) -> &'static str {
    RESULTS
        .iter()
        .find(|(_, won)| *won == listed_first_won)
        .map_or("1/2-1/2", |(text, _)| text)
}

/// What the referee prints after `Game N: ` for a finished game: each player with its
/// colour, the player of the colour listed first first; the result from that colour's
/// view; the reason and the length (`39 moves`, `80 plies`). [`crate::logs`] reads it back.
pub fn game_line(
    colours: Colours,
    players: [&str; 2],
    listed_first_won: Option<bool>,
    reason: &str,
    length: &str,
) -> String {
    format!(
        "{} ({}) vs {} ({}): {} {{{reason}}} after {length}",
        players[0],
        colours[0],
        players[1],
        colours[1],
        result_text(listed_first_won)
    )
}

/// A finished game as a table reports it.
pub struct Report {
    /// Game number from 0; games `2k` and `2k + 1` are pair `k` (the first engine plays the
    /// colour listed first in the even one: [`first_engine_listed_first`]).
    pub index: u32,
    /// `Some(true)` when the first engine won, `Some(false)` when it lost, `None` a draw.
    pub first_won: Option<bool>,
    /// What the referee prints after `Game N of T: ` (players, result, reason, length).
    pub line: String,
    /// The game's record (a PGN game, an SGF tree) as it goes into the records file.
    pub record: String,
    /// How long each engine (first, second) took to answer in the game.
    pub answers: [AnswerTimes; 2],
}

/// Two engines at one table, playing the games the referee hands them.
pub trait Table: Send {
    /// Plays game `index` (pair `index / 2`, colours swapped in odd games) between the
    /// engines named `names` (first, second). `Ok(None)` when `abort` stopped it.
    fn play(
        &mut self,
        index: u32,
        names: &[String; 2],
        abort: &AtomicBool,
    ) -> Result<Option<Report>>;
}

/// The test and the number of pairs from the command line's `--sprt ELO0 ELO1`, `--alpha`,
/// `--beta`, `--rounds` (default: one pair, or until the test decides) and `--concurrency`,
/// checked the same way for every game.
pub fn plan_size(
    sprt: Option<&[f64]>,
    alpha: f64,
    beta: f64,
    rounds: Option<u32>,
    concurrency: usize,
) -> Result<(Option<Sprt>, u32)> {
    let sprt = sprt
        .map(|bounds| Sprt::from_bounds(bounds, alpha, beta))
        .transpose()?;
    let rounds = rounds.unwrap_or(if sprt.is_some() { 100_000 } else { 1 });
    if rounds == 0 || rounds > 100_000 {
        anyhow::bail!("--rounds must be between 1 and 100000");
    }
    if concurrency == 0 || concurrency > 64 {
        anyhow::bail!("--concurrency must be between 1 and 64");
    }
    Ok((sprt, rounds))
}

/// What the whole match is.
pub struct Plan {
    /// The engines' display names (first, second).
    pub names: [String; 2],
    /// Pairs to play at most.
    pub rounds: u32,
    /// The sequential test, when the match runs until it decides.
    pub sprt: Option<Sprt>,
    /// Where the records go.
    pub records: Records,
}

/// The referee's books: the running score, pairs for the SPRT, the records, and the lines
/// printed as games finish (in the order they finish).
struct Scoreboard {
    names: [String; 2],
    total: Option<u32>,
    tally: Tally,
    pairs: Pentanomial,
    /// First engine's half points in the finished game of each half-played pair.
    unpaired: HashMap<u32, u32>,
    records: Records,
    sprt: Option<Sprt>,
    decision: Option<Decision>,
    /// Each engine's answers over the games finished so far (first, second).
    answers: [AnswerTimes; 2],
}

impl Scoreboard {
    fn record(&mut self, report: Report) -> Result<()> {
        self.tally.add(report.first_won);
        for (total, game) in self.answers.iter_mut().zip(report.answers) {
            total.merge(game);
        }
        let of_total = self.total.map(|t| format!(" of {t}")).unwrap_or_default();
        println!("Game {}{of_total}: {}", report.index + 1, report.line);
        self.records.add(&report.record)?;
        let half_points = half_points(report.first_won);
        let pair = report.index / 2;
        if self.decision.is_some() {
            // The test has decided: games still in progress then count in the W-L-D line
            // only, so the verdict and its LLR stay those of the crossing.
            return Ok(());
        }
        if let Some(other) = self.unpaired.remove(&pair) {
            self.pairs.add(other + half_points);
            if let Some(sprt) = self.sprt {
                let (elo, margin) = self.pairs.elo();
                let (lower, upper) = sprt.bounds();
                println!(
                    "SPRT: LLR {:+.2} ({lower:+.2}, {upper:+.2}) after {} pairs, Elo {elo:+.1} +/- {margin:.1}",
                    sprt.llr(&self.pairs),
                    self.pairs.pairs()
                );
                self.decision = sprt.decision(&self.pairs);
            }
        } else {
            self.unpaired.insert(pair, half_points);
        }
        Ok(())
    }

    /// The closing lines: the SPRT's verdict and figures (when testing), then the score.
    fn finish(&self) {
        if let Some(sprt) = self.sprt {
            let llr = sprt.llr(&self.pairs);
            let (lower, upper) = sprt.bounds();
            let verdict = match self.decision {
                Some(decision @ Decision::H1) => {
                    format!("{decision} (LLR {llr:.2} >= upper bound {upper:.2})")
                }
                Some(decision @ Decision::H0) => {
                    format!("{decision} (LLR {llr:.2} <= lower bound {lower:.2})")
                }
                None => format!("no decision (LLR {llr:.2}, bounds {lower:.2} .. {upper:.2})"),
            };
            println!(
                "SPRT [{}, {}] alpha {} beta {}: {verdict}",
                sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
            );
            let t = &self.tally;
            let c = self.pairs.counts;
            println!(
                "Games {} (W-L-D {}-{}-{}), pairs {}, pentanomial 0/0.5/1/1.5/2 points: {} {} {} {} {}",
                t.wins + t.losses + t.draws,
                t.wins,
                t.losses,
                t.draws,
                self.pairs.pairs(),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4]
            );
            let (elo, margin) = self.pairs.elo();
            println!("Elo (from pairs) {elo:+.1} +/- {margin:.1} (95 %)");
        }
        if self.answers.iter().any(|a| a.moves > 0) {
            println!(
                "Answer times: {} {}; {} {}",
                self.names[0],
                self.answers[0].describe(),
                self.names[1],
                self.answers[1].describe()
            );
        }
        println!("{}", self.tally.summary(&self.names[0], &self.names[1]));
    }
}

/// Plays pairs taken from `next_pair` at one table until `rounds` pairs are taken or
/// `abort` is raised, sending each finished game to the referee.
fn play_pairs<T: Table>(
    mut table: T,
    names: &[String; 2],
    rounds: u32,
    next_pair: &AtomicU32,
    abort: &AtomicBool,
    results: mpsc::Sender<Result<Report>>,
) {
    loop {
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if pair >= rounds {
            return;
        }
        for index in [2 * pair, 2 * pair + 1] {
            // Checked before every game, the second of a pair too: a verdict or another
            // table's error may have come during the pair's first game.
            if abort.load(Ordering::Relaxed) {
                return;
            }
            let message = match table.play(index, names, abort) {
                Ok(Some(report)) => Ok(report),
                Ok(None) => return,
                Err(e) => Err(e),
            };
            let failed = message.is_err();
            if results.send(message).is_err() || failed {
                return;
            }
        }
    }
}

/// Runs a match over `tables` (one game at a time each) and prints the closing lines.
/// The first error from any table stops the match and is returned.
pub fn run<T: Table>(tables: Vec<T>, plan: Plan) -> Result<()> {
    let Plan {
        names,
        rounds,
        sprt,
        records,
    } = plan;
    let mut board = Scoreboard {
        names: names.clone(),
        total: sprt.is_none().then_some(rounds * 2),
        tally: Tally::default(),
        pairs: Pentanomial::default(),
        unpaired: HashMap::new(),
        records,
        sprt,
        decision: None,
        answers: [AnswerTimes::default(); 2],
    };
    let next_pair = AtomicU32::new(0);
    let abort = AtomicBool::new(false);
    let (sender, results) = mpsc::channel();
    let outcome = std::thread::scope(|scope| {
        for table in tables {
            let (names, next_pair, abort) = (&names, &next_pair, &abort);
            let sender = sender.clone();
            scope.spawn(move || play_pairs(table, names, rounds, next_pair, abort, sender));
        }
        drop(sender);
        let mut outcome = Ok(());
        // Ends when every table has finished (or stopped on `abort`).
        for message in results {
            let recorded = message.and_then(|report| board.record(report));
            if let Err(e) = recorded {
                abort.store(true, Ordering::Relaxed);
                if outcome.is_ok() {
                    outcome = Err(e);
                }
            }
            if board.decision.is_some() {
                abort.store(true, Ordering::Relaxed);
            }
        }
        outcome
    });
    outcome?;
    board.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(index: u32, first_won: Option<bool>) -> Report {
        Report {
            index,
            first_won,
            line: String::new(),
            record: String::new(),
            answers: Default::default(),
        }
    }

    /// A table that plays nothing: it records which games it was handed, and raises
    /// `abort` during the game listed in `abort_during`, as a verdict arriving then would.
    struct Recorder {
        played: Vec<u32>,
        abort_during: Option<u32>,
    }

    impl Table for &mut Recorder {
        fn play(
            &mut self,
            index: u32,
            _: &[String; 2],
            abort: &AtomicBool,
        ) -> Result<Option<Report>> {
            self.played.push(index);
            if self.abort_during == Some(index) {
                abort.store(true, Ordering::Relaxed);
            }
            Ok(Some(report(index, Some(true))))
        }
    }

    fn pairs_played(rounds: u32, abort_during: Option<u32>) -> (Vec<u32>, usize) {
        let mut table = Recorder {
            played: Vec::new(),
            abort_during,
        };
        let (sender, results) = mpsc::channel();
        let names = ["a".to_string(), "b".to_string()];
        play_pairs(
            &mut table,
            &names,
            rounds,
            &AtomicU32::new(0),
            &AtomicBool::new(false),
            sender,
        );
        (table.played, results.iter().count())
    }

    #[test]
    fn a_table_plays_every_pair_until_the_rounds_are_taken() {
        assert_eq!(pairs_played(3, None), (vec![0, 1, 2, 3, 4, 5], 6));
    }

    #[test]
    fn no_game_starts_after_an_abort_not_even_the_second_of_a_pair() {
        // Raised during the first game of the second pair: that game is reported, and its
        // pair's second game is never started.
        assert_eq!(pairs_played(3, Some(2)), (vec![0, 1, 2], 3));
        assert_eq!(pairs_played(3, Some(1)), (vec![0, 1], 2));
    }

    #[test]
    fn answer_times_keep_the_slowest_and_count_those_over_the_limit() {
        let ms = Duration::from_millis;
        let mut game = AnswerTimes::default();
        game.add(ms(900), Some(ms(1000)));
        game.add(ms(1200), Some(ms(1000)));
        // A move with no time limit is never over it.
        game.add(ms(5000), None);
        assert_eq!(game.moves, 3);
        assert_eq!(game.slowest, ms(5000));
        assert_eq!(game.over_limit, 1);
        let mut total = AnswerTimes::default();
        total.merge(game);
        total.merge(AnswerTimes {
            moves: 2,
            slowest: ms(300),
            over_limit: 2,
        });
        assert_eq!(
            (total.moves, total.slowest, total.over_limit),
            (5, ms(5000), 3)
        );
        assert_eq!(
            total.describe(),
            "slowest 5.000 s, 3 of 5 answers over the limit"
        );
    }

    #[test]
    fn a_decision_stays_with_the_games_that_made_it() {
        let mut board = Scoreboard {
            names: ["A".into(), "B".into()],
            total: None,
            tally: Tally::default(),
            pairs: Pentanomial::default(),
            unpaired: HashMap::new(),
            records: Records::new(None),
            sprt: Some(Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap()),
            decision: None,
            answers: Default::default(),
        };
        let mut index = 0;
        while board.decision.is_none() {
            board.record(report(index, Some(true))).unwrap();
            index += 1;
            assert!(index < 200, "the test never decided");
        }
        assert_eq!(board.decision, Some(Decision::H1));
        let pairs = board.pairs.pairs();
        // Games that were in progress at the decision lose, but do not undo it.
        for extra in 0..6 {
            board.record(report(index + extra, Some(false))).unwrap();
        }
        assert_eq!(board.decision, Some(Decision::H1));
        assert_eq!(board.pairs.pairs(), pairs);
        assert_eq!(board.tally.losses, 6);
    }
}
