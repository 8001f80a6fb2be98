//! Reading match logs back (`qi sprt LOG…`): the game pairs of several `qi match` runs of one
//! test, summed into one pentanomial, so that a test that ran out of time can go on in a new
//! run (another rotation of the opening book) and be judged as a whole.
//!
//! A log is what `qi match` prints: one `Game N[ of T]: A (colour) vs B (colour): RESULT …`
//! line per finished game, in the order the games finished. Games `2k − 1` and `2k` are a
//! pair from one opening with colours swapped, and the first engine moves first in the odd
//! game (the referee's rule, [`crate::referee`]), so the first engine is known from the game
//! number alone; its name must be the same in every game of every log summed. A pair with
//! one game missing (a run stopped mid-pair) is left out. A pair that finished after a run's
//! own test had decided counts too (the referee counts it in its W-L-D line only), so one
//! decided log can sum to a pair or two more than its verdict.

use crate::sprt::{Decision, Pentanomial, Sprt};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;

/// What the complete game pairs of one or more logs add up to, from the first engine's view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogPairs {
    /// The engines' names, first engine first (empty before any game is read).
    pub names: Option<[String; 2]>,
    /// The complete pairs.
    pub pairs: Pentanomial,
    /// The complete pairs' games: the first engine's wins, losses and draws.
    pub wins_losses_draws: [u32; 3],
    /// Games read whose pair partner is missing (left out of the counts).
    pub unpaired_games: u32,
}

impl LogPairs {
    /// Adds `other`'s pairs; both must be between the same engines, in the same order.
    pub fn add(&mut self, other: &LogPairs) -> Result<()> {
        if let (Some(mine), Some(theirs)) = (&self.names, &other.names) {
            if mine != theirs {
                bail!(
                    "the logs are of different matches: {} against {}, and {} against {}",
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
        for (total, count) in self.pairs.counts.iter_mut().zip(other.pairs.counts) {
            *total += count;
        }
        for (total, count) in self
            .wins_losses_draws
            .iter_mut()
            .zip(other.wins_losses_draws)
        {
            *total += count;
        }
        self.unpaired_games += other.unpaired_games;
        Ok(())
    }
}

/// One game line: its number, the engine that moved first and the other, and the first
/// mover's half points (2 a win, 1 a draw, 0 a loss).
struct GameLine<'a> {
    number: u32,
    mover: &'a str,
    other: &'a str,
    mover_half_points: u32,
}

/// The game of `line`, `None` for a line that reports no game (the match's other output);
/// an error for a line that starts like a game report but does not read as one.
fn parse_game_line(line: &str) -> Option<Result<GameLine<'_>>> {
    let rest = line.strip_prefix("Game ")?;
    let (head, rest) = rest.split_once(": ")?;
    // "N" or "N of T".
    let number = head.split(" of ").next()?;
    let number: u32 = number.parse().ok()?;
    Some(
        parse_players_and_result(number, rest)
            .with_context(|| format!("unreadable game line: {line}")),
    )
}

/// `A (colour) vs B (colour): RESULT …` of game `number`.
fn parse_players_and_result(number: u32, text: &str) -> Result<GameLine<'_>> {
    let (players, result) = text
        .split_once("): ")
        .context("no result after the players")?;
    let (mover, other) = players
        .split_once(") vs ")
        .context("no ' vs ' between the players")?;
    let mover = player_name(mover).context("the first player has no name and colour")?;
    let other = player_name(other).context("the second player has no name and colour")?;
    let mover_half_points = match result.split_whitespace().next() {
        Some("1-0") => 2,
        Some("1/2-1/2") => 1,
        Some("0-1") => 0,
        _ => bail!("the result is not 1-0, 0-1 or 1/2-1/2"),
    };
    Ok(GameLine {
        number,
        mover,
        other,
        mover_half_points,
    })
}

/// The name in `NAME (colour` (the bracket's end already split off); `None` without a name
/// or a colour.
fn player_name(player: &str) -> Option<&str> {
    match player.rfind(" (") {
        Some(0) | None => None,
        Some(end) => Some(&player[..end]),
    }
}

/// The complete game pairs of one log's text.
pub fn read_log(text: &str) -> Result<LogPairs> {
    let mut names: Option<[String; 2]> = None;
    // The first engine's half points per game number.
    let mut games: BTreeMap<u32, u32> = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let Some(game) = parse_game_line(line) else {
            continue;
        };
        let game = game.with_context(|| format!("line {}", index + 1))?;
        if game.number == 0 {
            bail!("line {}: games are numbered from 1", index + 1);
        }
        let first_moves_first = game.number % 2 == 1;
        let (first, second, first_half_points) = if first_moves_first {
            (game.mover, game.other, game.mover_half_points)
        } else {
            (game.other, game.mover, 2 - game.mover_half_points)
        };
        match &names {
            None => names = Some([first.to_string(), second.to_string()]),
            Some([a, b]) if a == first && b == second => {}
            Some([a, b]) => bail!(
                "line {}: game {} is between {first} and {second} (first engine first), \
                 not {a} and {b} as before",
                index + 1,
                game.number
            ),
        }
        if games.insert(game.number, first_half_points).is_some() {
            bail!("line {}: game {} is reported twice", index + 1, game.number);
        }
    }
    let mut pairs = LogPairs {
        names,
        ..LogPairs::default()
    };
    for (&number, &half_points) in &games {
        // Numbers start at 1, so an even one has a partner below it.
        let partner = if number % 2 == 1 {
            number.checked_add(1)
        } else {
            Some(number - 1)
        };
        let Some(&partner_half_points) = partner.and_then(|p| games.get(&p)) else {
            pairs.unpaired_games += 1;
            continue;
        };
        if number % 2 == 1 {
            pairs.pairs.add(half_points + partner_half_points);
        }
        pairs.wins_losses_draws[match half_points {
            2 => 0,
            0 => 1,
            _ => 2,
        }] += 1;
    }
    Ok(pairs)
}

/// The report of `qi sprt`: a line per log (its complete pairs and pentanomial), then the
/// sum judged by `sprt`: pairs, games, W-L-D, pentanomial, Elo with its 95 % margin, the
/// LLR with its bounds and the verdict. An error names the log it comes from.
pub fn sum_logs(paths: &[String], sprt: &Sprt) -> Result<String> {
    if paths.is_empty() {
        bail!("no logs given");
    }
    let mut report = String::new();
    let mut total = LogPairs::default();
    for path in paths {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        let pairs = read_log(&text).with_context(|| path.clone())?;
        report += &format!(
            "{path}: {} pairs, pentanomial {}\n",
            pairs.pairs.pairs(),
            dashed(&pairs.pairs.counts)
        );
        total.add(&pairs).with_context(|| path.clone())?;
    }
    let Some([first, second]) = &total.names else {
        bail!("no games in the logs");
    };
    let n = total.pairs.pairs();
    if n == 0 {
        bail!("no complete game pairs in the logs");
    }
    let (elo, margin) = total.pairs.elo();
    let (lower, upper) = sprt.bounds();
    let llr = sprt.llr(&total.pairs);
    let verdict = match sprt.decision(&total.pairs) {
        Some(Decision::H1) => "H1 accepted",
        Some(Decision::H0) => "H0 accepted",
        None => "no decision",
    };
    report += &format!(
        "{first} against {second}: {n} pairs, {} games, W-L-D {}, pentanomial {}: \
         Elo {elo:+.1} +/- {margin:.1}, LLR {llr:+.2} ({lower:+.2}, {upper:+.2}) \
         for --sprt {} {}: {verdict}\n",
        2 * n,
        dashed(&total.wins_losses_draws),
        dashed(&total.pairs.counts),
        sprt.elo0,
        sprt.elo1,
    );
    if total.unpaired_games > 0 {
        report += &match total.unpaired_games {
            1 => "(1 game whose pair was not finished is left out)\n".to_string(),
            n => format!("({n} games whose pair was not finished are left out)\n"),
        };
    }
    Ok(report)
}

/// Counts joined by dashes (`3-1-2`).
fn dashed(counts: &[u32]) -> String {
    counts
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
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

    #[test]
    fn pairs_are_counted_for_the_engine_that_moves_first_in_odd_games() {
        let pairs = read_log(LOG).unwrap();
        assert_eq!(
            pairs.names,
            Some(["Qi #1".to_string(), "Qi #2".to_string()])
        );
        // Pair 1: a win and a loss (2 half points); pair 2: a draw and a win (3); game 6
        // has no partner.
        assert_eq!(pairs.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(pairs.wins_losses_draws, [2, 1, 1]);
        assert_eq!(pairs.unpaired_games, 1);
    }

    #[test]
    fn xiangqi_logs_read_the_same_way() {
        let log = "Game 1: A (Red) vs B (Black): 0-1 {checkmate} after 80 plies\n\
                   Game 2: B (Red) vs A (Black): 1/2-1/2 {repetition} after 90 plies\n";
        let pairs = read_log(log).unwrap();
        assert_eq!(pairs.names, Some(["A".to_string(), "B".to_string()]));
        assert_eq!(pairs.pairs.counts, [0, 1, 0, 0, 0]);
        assert_eq!(pairs.wins_losses_draws, [0, 1, 1]);
    }

    #[test]
    fn logs_of_one_test_add_up_and_of_different_tests_do_not() {
        let mut total = LogPairs::default();
        let one = read_log(LOG).unwrap();
        total.add(&one).unwrap();
        total.add(&one).unwrap();
        assert_eq!(total.pairs.counts, [0, 0, 2, 2, 0]);
        assert_eq!(total.wins_losses_draws, [4, 2, 2]);
        assert_eq!(total.unpaired_games, 2);
        let swapped = read_log(
            &LOG.replace("#1", "#x")
                .replace("#2", "#1")
                .replace("#x", "#2"),
        )
        .unwrap();
        let error = total.add(&swapped).unwrap_err().to_string();
        assert!(error.contains("different matches"), "{error}");
    }

    #[test]
    fn a_malformed_game_line_is_an_error_with_its_line_number() {
        for (log, wanted) in [
            (
                "Game 1: A (Black) vs B (White): 2-0 {?}\n",
                "1-0, 0-1 or 1/2-1/2",
            ),
            ("\nGame 1: A (Black) versus B (White): 1-0\n", "line 2"),
            (
                "Game 1: A (Black) vs B (White): 1-0\nGame 1: A (Black) vs B (White): 1-0\n",
                "twice",
            ),
            (
                "Game 1: A (Black) vs B (White): 1-0\nGame 3: A (Black) vs C (White): 1-0\n",
                "not A and B",
            ),
            ("Game 0: A (Black) vs B (White): 1-0\n", "numbered from 1"),
            ("Game 1: (Black) vs B (White): 1-0\n", "no name and colour"),
        ] {
            let error = format!("{:#}", read_log(log).unwrap_err());
            assert!(error.contains(wanted), "{log:?}: {error}");
        }
        // Lines that report no game are not errors.
        assert_eq!(
            read_log("Games: none\nGame over\n").unwrap(),
            LogPairs::default()
        );
    }
}
