//! Reading match logs back (`qi sprt LOG…`): the game pairs of several `qi match` runs of one
//! test, summed into one pentanomial, so that a test that ran out of time can go on in a new
//! run (another rotation of the opening book) and be judged as a whole.
//!
//! A log is what `qi match` prints: one line per finished game, in the order the games
//! finished, `Game N[ of T]: ` and then [`referee::game_line`]'s text. Games `2k − 1` and
//! `2k` are a pair from one opening with colours swapped, and the first engine plays the
//! colour listed first (Black, Red) in the odd one ([`referee::first_engine_listed_first`]),
//! so the first engine is known from the game number alone; its name must be the same in
//! every game of every log summed. Two builds of one engine report the same name and are
//! shown as `Qi #1` and `Qi #2` unless the match names them (`qi match --name1 --name2`, as
//! `scripts/gomoku-sprt.sh` does with the test's name), so unnamed self-play logs of two
//! different tests would sum without a complaint. A pair with one game missing (a run
//! stopped mid-pair) is left out. A pair that finished after a run's own test had decided
//! counts too (the referee counts it in its W-L-D line only): a decided log can sum to up to
//! one pair more than its verdict per game it played at a time.

use crate::referee::{self, Colours};
use crate::sprt::{half_points, Decision, Pentanomial, Sprt};
use crate::Tally;
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every game's colours, as the lines name them.
const GAME_COLOURS: [Colours; 2] = [crate::gomoku::COLOURS, crate::xiangqi::COLOURS];

/// What the complete game pairs of one or more logs add up to, from the first engine's view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogPairs {
    /// The engines' names, first engine first (`None` before any game is read).
    pub names: Option<[String; 2]>,
    /// The complete pairs.
    pub pentanomial: Pentanomial,
    /// The complete pairs' games, from the first engine's view.
    pub tally: Tally,
    /// Games read whose pair partner is missing (left out of the counts).
    pub unpaired_games: u32,
}

impl LogPairs {
    /// Adds `other`'s pairs; both must be between the same engines, in the same order.
    pub fn add(&mut self, other: &LogPairs) -> Result<()> {
        if let (Some(mine), Some(theirs)) = (&self.names, &other.names) {
            if mine != theirs {
                bail!(
                    "the logs are of different matches: {} (first) against {}, and {} \
                     (first) against {}",
                    mine[0],
                    mine[1],
                    theirs[0],
                    theirs[1]
                );
            }
        }
        if self.names.is_none() {
            self.names.clone_from(&other.names);
        }
        let sum = |a: u32, b: u32| a.checked_add(b).context("too many games to count");
        for (total, count) in self
            .pentanomial
            .counts
            .iter_mut()
            .zip(other.pentanomial.counts)
        {
            *total = sum(*total, count)?;
        }
        // `Pentanomial::pairs` sums the counts, so their total must fit too.
        self.pentanomial
            .checked_pairs()
            .context("too many games to count")?;
        self.tally.wins = sum(self.tally.wins, other.tally.wins)?;
        self.tally.losses = sum(self.tally.losses, other.tally.losses)?;
        self.tally.draws = sum(self.tally.draws, other.tally.draws)?;
        self.unpaired_games = sum(self.unpaired_games, other.unpaired_games)?;
        Ok(())
    }
}

/// One game line: its number, the players in the order listed (the colour listed first
/// first), and whether the one listed first won (`None`: a draw).
struct GameLine<'a> {
    number: u32,
    listed: [&'a str; 2],
    listed_first_won: Option<bool>,
}

/// The game of `line`, `None` for a line that reports no game (the match's other output);
/// an error for a line that starts like a game report but does not read as one.
fn parse_game_line(line: &str) -> Option<Result<GameLine<'_>>> {
    let rest = line.strip_prefix("Game ")?;
    let (head, rest) = rest.split_once(": ")?;
    // "N" or "N of T".
    let number: u32 = head.split(" of ").next()?.parse().ok()?;
    Some(
        parse_players_and_result(number, rest)
            .with_context(|| format!("unreadable game line: {line}")),
    )
}

/// [`referee::game_line`]'s text of game `number`, under either game's colours.
fn parse_players_and_result(number: u32, text: &str) -> Result<GameLine<'_>> {
    for colours in GAME_COLOURS {
        let between = format!(" ({}) vs ", colours[0]);
        let after = format!(" ({}): ", colours[1]);
        let Some((first, rest)) = text.split_once(&between) else {
            continue;
        };
        let Some((second, result)) = rest.split_once(&after) else {
            continue;
        };
        let result = result.split_whitespace().next().unwrap_or_default();
        let Some(&(_, listed_first_won)) = referee::RESULTS.iter().find(|(r, _)| *r == result)
        else {
            bail!("the result is not 1-0, 0-1 or 1/2-1/2");
        };
        return Ok(GameLine {
            number,
            listed: [first, second],
            listed_first_won,
        });
    }
    bail!("the players are not listed as 'A (Black) vs B (White): ' or 'A (Red) vs B (Black): '")
}

/// The complete game pairs of one log's text.
pub fn read_log(text: &str) -> Result<LogPairs> {
    let mut names: Option<[String; 2]> = None;
    // Whether the first engine won each game (`None`: a draw), by game number.
    let mut games: BTreeMap<u32, Option<bool>> = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let Some(game) = parse_game_line(line) else {
            continue;
        };
        let game = game.with_context(|| format!("line {}", index + 1))?;
        if game.number == 0 {
            bail!("line {}: games are numbered from 1", index + 1);
        }
        let [a, b] = game.listed;
        let (first, second, first_won) = if referee::first_engine_listed_first(game.number - 1) {
            (a, b, game.listed_first_won)
        } else {
            (b, a, game.listed_first_won.map(|won| !won))
        };
        match &names {
            None => names = Some([first.to_string(), second.to_string()]),
            Some([x, y]) if x == first && y == second => {}
            Some([x, y]) => bail!(
                "line {}: game {} is between {first} (first) and {second}, not {x} (first) \
                 and {y} as before",
                index + 1,
                game.number
            ),
        }
        if games.insert(game.number, first_won).is_some() {
            bail!("line {}: game {} is reported twice", index + 1, game.number);
        }
    }
    let mut pairs = LogPairs {
        names,
        ..LogPairs::default()
    };
    for (&number, &first_won) in &games {
        // Game 2k - 1 and game 2k are pair k (numbers start at 1).
        let partner = if number % 2 == 1 {
            number.checked_add(1)
        } else {
            Some(number - 1)
        };
        let Some(&partner_won) = partner.and_then(|p| games.get(&p)) else {
            pairs.unpaired_games += 1;
            continue;
        };
        if number % 2 == 1 {
            pairs
                .pentanomial
                .add(half_points(first_won) + half_points(partner_won));
        }
        pairs.tally.add(first_won);
    }
    Ok(pairs)
}

/// The report of `qi sprt`: a line per log (its complete pairs and pentanomial) and per
/// pentanomial in `given` (pairs counted before, such as a test's run whose logs are gone),
/// then the sum judged by `sprt`: pairs, games, W-L-D, pentanomial, Elo with its 95 %
/// margin, the LLR with its bounds and the verdict. Given pairs carry no W-L-D and no
/// engines' names, so the W-L-D is then the logs' alone and says so. An error names the log
/// it comes from; a log named twice is refused, since its pairs would count twice.
pub fn sum_logs(paths: &[PathBuf], given: &[Pentanomial], sprt: &Sprt) -> Result<String> {
    if paths.is_empty() && given.is_empty() {
        bail!("no logs or --pairs given");
    }
    let mut report = String::new();
    let mut total = LogPairs::default();
    let mut read = Vec::new();
    for path in paths {
        let shown = path.display();
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {shown}"))?;
        let file = std::fs::canonicalize(path).with_context(|| format!("cannot read {shown}"))?;
        if read.contains(&file) {
            bail!("{shown} is given twice: its pairs would count twice");
        }
        read.push(file);
        let pairs = read_log(&text).with_context(|| shown.to_string())?;
        report += &format!(
            "{shown}: {} pairs, pentanomial {}\n",
            pairs.pentanomial.pairs(),
            pairs.pentanomial
        );
        total.add(&pairs).with_context(|| shown.to_string())?;
    }
    if !paths.is_empty() && total.names.is_none() {
        bail!("no games in the logs");
    }
    let logged_games = 2 * u64::from(total.pentanomial.pairs());
    for &pentanomial in given {
        report += &format!("--pairs {pentanomial}: {} pairs\n", pentanomial.pairs());
        let pairs = LogPairs {
            pentanomial,
            ..LogPairs::default()
        };
        total.add(&pairs).context("--pairs")?;
    }
    let n = u64::from(total.pentanomial.pairs());
    if n == 0 {
        bail!("no complete game pairs to judge");
    }
    let engines = match &total.names {
        Some([first, second]) => format!("{first} against {second}"),
        None => "the first engine against the second".to_string(),
    };
    let t = &total.tally;
    let wld = format!("W-L-D {}-{}-{}", t.wins, t.losses, t.draws);
    let wld = match (given.is_empty(), paths.is_empty()) {
        (true, _) => wld,
        (false, true) => "no W-L-D (--pairs only)".to_string(),
        (false, false) => format!("{wld} in the logs' {logged_games} games"),
    };
    let (elo, margin) = total.pentanomial.elo();
    let (lower, upper) = sprt.bounds();
    let llr = sprt.llr(&total.pentanomial);
    let verdict = sprt
        .decision(&total.pentanomial)
        .as_ref()
        .map_or("no decision".to_string(), Decision::to_string);
    report += &format!(
        "{engines}: {n} pairs, {} games, {wld}, pentanomial {}: \
         Elo {elo:+.1} +/- {margin:.1}, LLR {llr:+.2} ({lower:+.2}, {upper:+.2}) \
         for --sprt {} {}: {verdict}\n",
        2 * n,
        total.pentanomial,
        sprt.elo0,
        sprt.elo1,
    );
    report += &match total.unpaired_games {
        0 => String::new(),
        1 => "(1 game whose pair was not finished is left out)\n".to_string(),
        n => format!("({n} games whose pair was not finished are left out)\n"),
    };
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
Game 1: Qi #1 (Black) vs Qi #2 (White): 1-0 {five in a row} after 39 moves
SPRT: LLR +0.03 (-2.94, +2.94) after 1 pairs, Elo +190.8 +/- 0.0
Game 3: Qi #1 (Black) vs Qi #2 (White): 1/2-1/2 {a full board} after 225 moves
Game 2: Qi #2 (Black) vs Qi #1 (White): 1-0 {five in a row} after 52 moves
Game 4: Qi #2 (Black) vs Qi #1 (White): 0-1 {five in a row} after 31 moves
Game 6 of 8: Qi #2 (Black) vs Qi #1 (White): 0-1 {five in a row} after 40 moves
Score of Qi #1 vs Qi #2: 3 - 1 - 1
";

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn pairs_are_counted_for_the_engine_listed_first_in_odd_games() {
        let pairs = read_log(LOG).unwrap();
        assert_eq!(
            pairs.names,
            Some(["Qi #1".to_string(), "Qi #2".to_string()])
        );
        // Pair 1: a win and a loss (2 half points); pair 2: a draw and a win (3); game 6
        // has no partner.
        assert_eq!(pairs.pentanomial.counts, [0, 0, 1, 1, 0]);
        assert_eq!(pairs.tally, tally(2, 1, 1));
        assert_eq!(pairs.unpaired_games, 1);
        // Half points and W-L-D tell the same story.
        let points: u32 = (0..5)
            .map(|k| k * pairs.pentanomial.counts[k as usize])
            .sum();
        assert_eq!(points, 2 * pairs.tally.wins + pairs.tally.draws);
    }

    #[test]
    fn a_log_may_start_with_the_second_game_of_a_pair() {
        let log = "Game 2: B (Black) vs A (White): 0-1 {five in a row} after 9 moves\n\
                   Game 1: A (Black) vs B (White): 0-1 {five in a row} after 9 moves\n";
        let pairs = read_log(log).unwrap();
        assert_eq!(pairs.names, Some(["A".to_string(), "B".to_string()]));
        assert_eq!(pairs.pentanomial.counts, [0, 0, 1, 0, 0]);
    }

    #[test]
    fn xiangqi_logs_and_names_with_brackets_read_the_same_way() {
        let log = "Game 1: Pikafish (NNUE) (Red) vs Qi 0.1 (Black): 0-1 {checkmate} after 80 plies\n\
                   Game 2: Qi 0.1 (Red) vs Pikafish (NNUE) (Black): 1/2-1/2 {repetition} after 90 plies\n";
        let pairs = read_log(log).unwrap();
        assert_eq!(
            pairs.names,
            Some(["Pikafish (NNUE)".to_string(), "Qi 0.1".to_string()])
        );
        assert_eq!(pairs.pentanomial.counts, [0, 1, 0, 0, 0]);
        assert_eq!(pairs.tally, tally(0, 1, 1));
    }

    #[test]
    fn the_referee_s_own_lines_read_back() {
        for (colours, length) in [
            (crate::gomoku::COLOURS, "39 moves"),
            (crate::xiangqi::COLOURS, "80 plies"),
        ] {
            for (_, won) in referee::RESULTS {
                let log: String = (0..2)
                    .map(|index| {
                        let players = if referee::first_engine_listed_first(index) {
                            ["first (x)", "second"]
                        } else {
                            ["second", "first (x)"]
                        };
                        // The first engine wins, loses or draws both games.
                        let listed_first_won = if index % 2 == 0 { won } else { won.map(|w| !w) };
                        let line =
                            referee::game_line(colours, players, listed_first_won, "why", length);
                        format!("Game {} of 2: {line}\n", index + 1)
                    })
                    .collect();
                let pairs = read_log(&log).unwrap();
                assert_eq!(
                    pairs.names,
                    Some(["first (x)".to_string(), "second".to_string()])
                );
                let half = half_points(won) as usize;
                let mut expected = [0; 5];
                expected[2 * half] = 1;
                assert_eq!(pairs.pentanomial.counts, expected, "{log}");
            }
        }
    }

    #[test]
    fn logs_of_one_test_add_up_and_of_different_tests_do_not() {
        let mut total = LogPairs::default();
        let one = read_log(LOG).unwrap();
        total.add(&one).unwrap();
        total.add(&one).unwrap();
        assert_eq!(total.pentanomial.counts, [0, 0, 2, 2, 0]);
        assert_eq!(total.tally, tally(4, 2, 2));
        assert_eq!(total.unpaired_games, 2);
        let swapped = read_log(
            &LOG.replace("#1", "#x")
                .replace("#2", "#1")
                .replace("#x", "#2"),
        )
        .unwrap();
        let error = total.add(&swapped).unwrap_err().to_string();
        assert!(error.contains("different matches"), "{error}");
        // Counts that would overflow are an error, not a wrap.
        let mut full = one.clone();
        full.tally.wins = u32::MAX;
        assert!(full.add(&one).is_err());
    }

    #[test]
    fn a_malformed_game_line_is_an_error_with_its_line_number() {
        for (log, wanted) in [
            (
                "Game 1: A (Black) vs B (White): 2-0 {?}\n",
                "1-0, 0-1 or 1/2-1/2",
            ),
            ("\nGame 1: A (Black) versus B (White): 1-0\n", "line 2"),
            ("Game 1: A (Blue) vs B (White): 1-0\n", "are not listed as"),
            (
                "Game 1: A (Black) vs B (White): 1-0\nGame 1: A (Black) vs B (White): 1-0\n",
                "twice",
            ),
            (
                "Game 1: A (Black) vs B (White): 1-0\nGame 3: A (Black) vs C (White): 1-0\n",
                "not A (first) and B",
            ),
            ("Game 0: A (Black) vs B (White): 1-0\n", "numbered from 1"),
        ] {
            let error = format!("{:#}", read_log(log).unwrap_err());
            assert!(error.contains(wanted), "{log:?}: {error}");
        }
        // Lines that report no game are not errors; a game numbered at the limit has no
        // partner.
        assert_eq!(
            read_log("Games: none\nGame over\n").unwrap(),
            LogPairs::default()
        );
        let last = format!("Game {}: A (Black) vs B (White): 1-0\n", u32::MAX);
        assert_eq!(read_log(&last).unwrap().unpaired_games, 1);
    }
}
