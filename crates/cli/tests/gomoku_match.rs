//! End to end: `qi match --game gomoku` between Gomocup brains (Qi itself and a scripted one).

use std::process::{Command, Output};

fn qi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(args)
        .output()
        .expect("qi runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// `qi match --game gomoku` of Qi's own brain against itself, with `extra` arguments.
fn qi_against_itself(extra: &[&str]) -> Output {
    let mut args = vec![
        "match",
        "--game",
        "gomoku",
        "--engine1",
        "qi gomocup",
        "--engine2",
        "qi gomocup",
    ];
    args.extend(extra);
    qi(&args)
}

/// A brain in sh that always answers `0,0`: legal once, then an occupied point.
fn stubborn_brain() -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-stubborn-{}.sh", std::process::id()));
    let script = "while read line; do case \"$line\" in\n\
                  START*) echo OK;;\n\
                  ABOUT*) echo 'name=\"Stubborn\", version=\"1\"';;\n\
                  BEGIN*|TURN*|DONE*) echo 0,0;;\n\
                  END*) exit 0;;\n\
                  esac; done\n";
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn qi_against_itself_under_renju_with_sgf() {
    let sgf = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-gomoku-match-{}.sgf", std::process::id()));
    let out = qi_against_itself(&[
        "--rule",
        "renju",
        "--depth",
        "2",
        "--rounds",
        "1",
        "--pgn",
        sgf.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Game 2 of 2: Qi #2 (Black) vs Qi #1 (White)"),
        "{text}"
    );
    let last = text.trim().lines().last().unwrap();
    assert!(last.starts_with("Score of Qi #1 vs Qi #2: "), "{last}");
    // Before it, how long each engine took; a depth is no time limit, so none is over one.
    let times = text.trim().lines().rev().nth(1).unwrap();
    assert!(times.starts_with("Answer times: Qi #1 slowest "), "{times}");
    assert_eq!(
        times.matches(" answers over the limit").count(),
        2,
        "{times}"
    );
    assert_eq!(times.matches(": Qi #1 slowest ").count(), 1, "{times}");
    assert_eq!(times.matches("; Qi #2 slowest ").count(), 1, "{times}");
    assert!(
        !times.contains(", 1 of") && times.contains(", 0 of"),
        "{times}"
    );
    let records = std::fs::read_to_string(&sgf).unwrap();
    let _ = std::fs::remove_file(&sgf);
    assert_eq!(
        records.matches("(;FF[4]GM[4]AP[Qi]SZ[15]RU[renju]").count(),
        2
    );
    // Nobody loses by an illegal move or on time at a fixed depth.
    assert!(
        !text.contains("illegal") && !text.contains("on time"),
        "{text}"
    );
}

#[test]
fn an_occupied_point_loses_and_openings_are_offsets() {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("qi-gomoku-openings-{}.txt", std::process::id()));
    std::fs::write(&file, "# two stones\n0,0, 1,1\n").unwrap();
    let out = qi(&[
        "match",
        "--game",
        "gomoku",
        "--engine1",
        "qi gomocup",
        "--engine2",
        &stubborn_brain(),
        "--depth",
        "1",
        "--openings",
        file.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&file);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Stubborn played an illegal move 0,0"),
        "{text}"
    );
    assert!(
        text.trim().lines().last().unwrap().contains(": 2 - 0 - 0"),
        "{text}"
    );
}

#[test]
fn bad_match_arguments_fail_cleanly() {
    // Each fails for its own reason, in one line (the game is checked before any engine
    // starts, so the chess line names no real engine).
    let chess: Vec<&str> = "match --game chess --engine1 qi --engine2 qi --depth 1"
        .split(' ')
        .collect();
    let chess = qi(&chess);
    for (out, reason) in [
        (chess, "unknown game 'chess'"),
        (qi_against_itself(&[]), "give a limit"),
        (
            qi_against_itself(&["--size", "40", "--depth", "1"]),
            "40 is out of range",
        ),
        (
            qi_against_itself(&["--rule", "caro", "--depth", "1"]),
            "--rule: unknown rule 'caro'",
        ),
        (qi_against_itself(&["--movetime", "0"]), "0 is out of range"),
    ] {
        assert!(!out.status.success(), "{reason}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(reason), "expected {reason:?}: {err}");
    }
    // Names a game line could not carry, or that would not tell the engines apart.
    for (names, message) in [
        (
            &["--name1", "Qi (new)", "--name2", "old"][..],
            "--name1: a name may not contain '('",
        ),
        (
            &["--name1", "", "--name2", "old"],
            "--name1: a name must not be empty",
        ),
        (
            &["--name1", "old", "--name2", "a:b"],
            "--name2: a name may not contain ':'",
        ),
        (
            &["--name1", "same", "--name2", "same"],
            "--name1 and --name2 are both \"same\"",
        ),
        // Both engines report "Qi": naming one of them that leaves two of one name.
        (&["--name1", "Qi"], "--name1 \"Qi\" is engine 2's name too"),
    ] {
        let mut args = vec!["--depth", "1"];
        args.extend(names);
        let out = qi_against_itself(&args);
        assert!(!out.status.success(), "{names:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn given_names_go_into_the_lines_the_records_and_qi_sprt() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let sgf = dir.join(format!("qi-named-{}.sgf", std::process::id()));
    let log = dir.join(format!("qi-named-{}.log", std::process::id()));
    let out = qi_against_itself(&[
        "--name1",
        "shapes-new",
        "--name2",
        "shapes-old",
        "--depth",
        "1",
        "--pgn",
        sgf.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Game 1 of 2: shapes-new (Black) vs shapes-old (White): "),
        "{text}"
    );
    assert!(
        text.trim()
            .lines()
            .last()
            .unwrap()
            .starts_with("Score of shapes-new vs shapes-old: "),
        "{text}"
    );
    let records = std::fs::read_to_string(&sgf).unwrap();
    let _ = std::fs::remove_file(&sgf);
    assert!(
        records.contains("PB[shapes-new]PW[shapes-old]"),
        "{records}"
    );
    assert!(
        records.contains("PB[shapes-old]PW[shapes-new]"),
        "{records}"
    );
    // `qi sprt` reads the pair back under the given names.
    std::fs::write(&log, &text).unwrap();
    let sum = qi(&["sprt", log.to_str().unwrap()]);
    let _ = std::fs::remove_file(&log);
    let summed = stdout(&sum);
    assert!(sum.status.success(), "{summed}");
    assert!(
        summed.contains("shapes-new against shapes-old: 1 pairs"),
        "{summed}"
    );
}

/// A brain whose first process misbehaves (`first_life` handles ABOUT and the rest) and
/// whose restarts are Qi's own brain: the referee must restart it and go on.
fn flaky_brain(tag: &str, first_life: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mark = dir.join(format!("qi-flaky-{tag}-{}.mark", std::process::id()));
    let _ = std::fs::remove_file(&mark);
    let path = dir.join(format!("qi-flaky-{tag}-{}.sh", std::process::id()));
    let script = format!(
        "if [ -e '{mark}' ]; then exec '{qi}' gomocup; fi\n\
         touch '{mark}'\n\
         while read line; do case \"$line\" in\n\
         ABOUT*) echo 'name=\"Flaky\", version=\"1\"';;\n\
         {first_life}\n\
         END*) exit 0;;\n\
         esac; done\n",
        mark = mark.display(),
        qi = env!("CARGO_BIN_EXE_qi"),
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

fn game_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("Game ")).collect()
}

/// One pair of games of Qi at depth 1 against `flaky` (Qi as Black in the first), with
/// `limits` added to the command line: the match's output and its two game lines, once the
/// match has succeeded with two games.
fn a_pair_against(flaky: &str, limits: &[&str]) -> (String, [String; 2]) {
    let mut args = vec![
        "match",
        "--game",
        "gomoku",
        "--engine1",
        "qi gomocup",
        "--engine2",
        flaky,
        "--depth",
        "1",
        "--rounds",
        "1",
    ];
    args.extend_from_slice(limits);
    let out = qi(&args);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let games = game_lines(&text);
    assert_eq!(games.len(), 2, "{text}");
    let games = [games[0].to_string(), games[1].to_string()];
    (text, games)
}

#[test]
fn an_engine_that_fails_to_start_forfeits_that_game_and_the_match_goes_on() {
    let flaky = flaky_brain("start", "START*) exit 1;;");
    let (text, games) = a_pair_against(&flaky, &[]);
    assert!(games[0].contains("did not answer START 15"), "{text}");
    assert!(games[0].contains("1-0"), "{text}");
    // The restarted engine plays the second game to its end.
    assert!(!games[1].contains("did not answer"), "{text}");
    assert!(
        text.trim().lines().last().unwrap().starts_with("Score of"),
        "{text}"
    );
}

#[test]
fn a_late_engine_loses_that_game_is_restarted_and_the_match_goes_on() {
    let flaky = flaky_brain("late", "START*) echo OK;;\nBEGIN*|TURN*|DONE*) sleep 4;;");
    let (text, games) = a_pair_against(&flaky, &["--movetime", "500", "--timemargin", "500"]);
    assert!(games[0].contains("Flaky lost on time"), "{text}");
    assert!(!games[0].contains("process ended"), "{text}");
    assert!(
        !games[1].contains("on time") && !games[1].contains("did not answer"),
        "{text}"
    );
    // The late answer is counted against the brain that gave it: a second past its turn.
    let times = text
        .lines()
        .find(|l| l.starts_with("Answer times: "))
        .expect("an answer-times line");
    let (_, late) = times.split_once("; ").expect("two engines");
    let slowest: f64 = late
        .split(" slowest ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .expect("a slowest time");
    assert!(slowest >= 0.99, "{times}");
    assert!(late.contains(", 1 of "), "{times}");
}

#[test]
fn an_engine_that_exits_mid_game_is_named_for_it_not_for_time() {
    // It accepts the game, then dies at its first move: a crash, which the game's reason
    // tells apart from a late answer.
    let flaky = flaky_brain("crash", "START*) echo OK;;\nBEGIN*|TURN*|DONE*) exit 3;;");
    let (text, games) = a_pair_against(&flaky, &["--movetime", "5000"]);
    assert!(
        games[0].contains("Flaky lost: its process ended without answering"),
        "{text}"
    );
    assert!(!games[0].contains("on time"), "{text}");
    // The restarted engine (Qi, on its second life) plays the second game to its end.
    assert!(!games[1].contains("process ended"), "{text}");
}

/// `qi match --sprt 0 200` of Qi at depth 1 against [`stubborn_brain`], `concurrency`
/// games at a time: the stubborn brain loses every game by an occupied point, so the test
/// accepts H1. Its standard output, which must end in success.
fn sprt_against_the_stubborn_brain(concurrency: &str) -> String {
    let out = qi(&[
        "match",
        "--game",
        "gomoku",
        "--engine1",
        "qi gomocup",
        "--engine2",
        &stubborn_brain(),
        "--depth",
        "1",
        "--concurrency",
        concurrency,
        "--sprt",
        "0",
        "200",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    text
}

#[test]
fn sprt_with_concurrent_gomoku_games_stops_at_a_bound() {
    let text = sprt_against_the_stubborn_brain("2");
    assert!(
        text.contains("SPRT [0, 200] alpha 0.05 beta 0.05: H1 accepted (LLR "),
        "{text}"
    );
    assert!(text.contains("Elo (from pairs) +inf +/- inf"), "{text}");
    let last = text.trim().lines().last().unwrap();
    assert!(last.contains(" - 0 - 0 "), "{last}");
}

#[test]
fn qi_sprt_reads_the_match_log_back_to_the_match_s_own_test() {
    // One game at a time, so the games are logged in the order they were played.
    let text = sprt_against_the_stubborn_brain("1");
    let last_test = text
        .lines()
        .rfind(|l| l.starts_with("SPRT: LLR "))
        .expect("the match prints its test after each pair");
    // "SPRT: LLR +3.35 (-2.94, +2.94) after 8 pairs, …": the test as it crossed its bound.
    let llr = last_test.split_whitespace().nth(2).unwrap();
    let pairs: usize = last_test
        .split(" after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    // A game may finish after the crossing (its pair was under way); the match's test does
    // not count it, so the log up to the crossing is read back first.
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("Game ")).collect();
    assert!(games.len() >= 2 * pairs, "{text}");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let up_to_crossing = dir.join(format!("qi-sprt-crossing-{}.txt", std::process::id()));
    std::fs::write(&up_to_crossing, games[..2 * pairs].join("\n")).unwrap();
    let up_to_crossing = up_to_crossing.to_str().unwrap();
    let sum = qi(&["sprt", "--sprt", "0", "200", up_to_crossing]);
    let summed = stdout(&sum);
    assert!(sum.status.success(), "{summed}");
    assert!(
        summed.contains(&format!(
            "{up_to_crossing}: {pairs} pairs, pentanomial 0-0-0-0-{pairs}"
        )),
        "{summed}"
    );
    assert!(
        summed.contains(&format!("Qi against Stubborn: {pairs} pairs, ")),
        "{summed}"
    );
    assert!(
        summed.contains(&format!(
            "LLR {llr} (-2.94, +2.94) for --sprt 0 200: H1 accepted"
        )),
        "{summed}"
    );
    std::fs::remove_file(up_to_crossing).unwrap();
    // The whole log: every complete pair, those after the crossing too.
    let log = dir.join(format!("qi-sprt-log-{}.txt", std::process::id()));
    std::fs::write(&log, &text).unwrap();
    let log = log.to_str().unwrap();
    let all_pairs = games.len() / 2;
    let whole = stdout(&qi(&["sprt", "--sprt", "0", "200", log]));
    assert!(
        whole.contains(&format!("Qi against Stubborn: {all_pairs} pairs, ")),
        "{whole}"
    );
    // Two runs of the same test add up (a copy stands for the second run).
    let copy = format!("{log}.copy");
    std::fs::copy(log, &copy).unwrap();
    let twice = stdout(&qi(&["sprt", "--sprt", "0", "200", log, &copy]));
    let doubled = 2 * all_pairs;
    assert!(
        twice.contains(&format!("Qi against Stubborn: {doubled} pairs, ")),
        "{twice}"
    );
    std::fs::remove_file(&copy).unwrap();
    // A run whose log is gone adds up the same from its printed pentanomial, and the sum
    // says that W-L-D then covers the logs' games only.
    let pentanomial = whole
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{log}: {all_pairs} pairs, pentanomial ")))
        .expect("the log's own line")
        .to_string();
    let given = stdout(&qi(&[
        "sprt",
        "--sprt",
        "0",
        "200",
        log,
        "--pairs",
        &pentanomial,
    ]));
    let tail = |report: &str| report.split(" pentanomial ").last().unwrap().to_string();
    assert_eq!(tail(&given), tail(&twice), "{given}");
    assert!(
        given.contains(&format!("--pairs {pentanomial}: {all_pairs} pairs\n"))
            && given.contains(&format!(" in the logs' {} games, ", 2 * all_pairs)),
        "{given}"
    );
    // Given pairs alone are a test too, between engines the report cannot name.
    let alone = stdout(&qi(&[
        "sprt",
        "--sprt",
        "0",
        "200",
        "--pairs",
        &pentanomial,
        "--pairs",
        &pentanomial,
    ]));
    assert_eq!(tail(&alone), tail(&twice), "{alone}");
    assert!(
        alone.contains(&format!(
            "the first engine against the second: {doubled} pairs, "
        )),
        "{alone}"
    );
    // No log, an unreadable one, a log without games, bad given pairs: one-line errors.
    for (args, wanted) in [
        (vec!["sprt"], "required"),
        (
            vec!["sprt", "/nonexistent/qi.log"],
            "cannot read /nonexistent/qi.log",
        ),
        (vec!["sprt", "--sprt", "5", "5", log], "ELO0 < ELO1"),
        (vec!["sprt", log, log], "given twice"),
        (vec!["sprt", "--pairs", "1-2-3-4"], "five pair counts"),
        (vec!["sprt", "--pairs", "1-2-3-4--5"], "five pair counts"),
        (
            vec!["sprt", "--pairs", "0-0-0-0-0"],
            "no complete game pairs",
        ),
        (
            vec![
                "sprt",
                "--pairs",
                "4294967295-0-0-0-0",
                "--pairs",
                "0-0-0-0-1",
            ],
            "too many games",
        ),
    ] {
        let out = qi(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(wanted),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let empty = dir.join(format!("qi-sprt-empty-{}.txt", std::process::id()));
    std::fs::write(&empty, "no games here\n").unwrap();
    let out = qi(&["sprt", empty.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no games in the logs"));
    std::fs::remove_file(&empty).unwrap();
    std::fs::remove_file(log).unwrap();
}

/// A brain like [`stubborn_brain`] that also writes every INFO line it is sent to `log`.
fn recording_brain(log: &std::path::Path) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "qi-recording-{}-{}.sh",
        std::process::id(),
        log.file_name().unwrap().to_string_lossy()
    ));
    let script = format!(
        "while read line; do case \"$line\" in\n\
         START*) echo OK;;\n\
         INFO*) echo \"$line\" >> '{log}';;\n\
         ABOUT*) echo 'name=\"Recorder\", version=\"1\"';;\n\
         BEGIN*|TURN*|DONE*) echo 0,0;;\n\
         END*) exit 0;;\n\
         esac; done\n",
        log = log.display()
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

/// The `INFO` lines two recording brains heard in a one-pair match (1 s a turn) given
/// `extra` arguments; `tag` keeps the log apart from other tests'.
fn infos_heard(tag: &str, extra: &[&str]) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let log = dir.join(format!("qi-infos-{}-{tag}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let brain = recording_brain(&log);
    let mut args = vec![
        "match",
        "--game",
        "gomoku",
        "--engine1",
        &brain,
        "--engine2",
        &brain,
        "--movetime",
        "1000",
    ];
    args.extend(extra);
    let out = qi(&args);
    assert!(out.status.success(), "{}", stdout(&out));
    let infos = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    infos
}

/// `flag value` given to a match of `game` is refused with a clear error naming `flag`, and
/// no game is played.
fn refused(game: &str, flag: &str, value: &str) {
    let mut args = vec!["match", "--game", game];
    args.extend(["--engine1", "x", "--engine2", "y", "--movetime", "10"]);
    args.extend([flag, value]);
    let out = qi(&args);
    assert!(!out.status.success(), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let name = flag.trim_start_matches("--");
    assert!(
        err.contains(name) || err.contains(&name.replace('-', "_")),
        "{err}"
    );
}

#[test]
fn brains_are_told_the_memory_they_may_use() {
    for (given, expected) in [
        (None, "INFO max_memory 268435456"),
        (Some("0"), "INFO max_memory 0"),
        (Some("64"), "INFO max_memory 67108864"),
    ] {
        let extra = given.map_or(vec![], |mb| vec!["--max-memory", mb]);
        let infos = infos_heard(&format!("memory-{}", given.unwrap_or("default")), &extra);
        // Both brains hear it at the start of each of the pair's two games.
        assert_eq!(
            infos.lines().filter(|l| *l == expected).count(),
            4,
            "{infos}"
        );
    }
    // Out of range, or given to a Xiangqi match.
    for (game, mb) in [("gomoku", "-1"), ("gomoku", "2000000"), ("xiangqi", "64")] {
        refused(game, "--max-memory", mb);
    }
}

#[test]
fn brains_are_told_the_threads_they_may_use_when_given() {
    for given in [None, Some("1"), Some("8")] {
        let extra = given.map_or(vec![], |t| vec!["--threads", t]);
        let infos = infos_heard(&format!("threads-{}", given.unwrap_or("none")), &extra);
        let told: Vec<&str> = infos
            .lines()
            .filter(|l| l.starts_with("INFO thread_num"))
            .collect();
        match given {
            // Not given: not sent, so each brain keeps its own setting.
            None => assert!(told.is_empty(), "{infos}"),
            // Both brains hear it at the start of each of the pair's two games.
            Some(t) => assert_eq!(told, vec![format!("INFO thread_num {t}"); 4], "{infos}"),
        }
    }
    // Out of range, or given to a Xiangqi match.
    for (game, threads) in [("gomoku", "0"), ("gomoku", "257"), ("xiangqi", "2")] {
        refused(game, "--threads", threads);
    }
}
