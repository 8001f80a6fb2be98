//! An engine as a child process: lines in, lines out, with timeouts.

use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running engine process; killed when dropped (after `farewell`, if set, is sent).
pub struct Process {
    /// The command line it was started with.
    pub command: String,
    /// What to send before killing it on drop (`quit`, `END`).
    pub farewell: &'static str,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

/// Why [`Process::read_until`] returned without the line it waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// The time ran out first.
    Late,
    /// The engine's output ended first: its process exited (a crash, or a quit).
    Exited,
}

impl NoAnswer {
    /// What a referee says of an engine that loses a game this way, after its name: a
    /// crash is told apart from a slow answer, so that a forfeit says which to look for.
    pub fn loss_reason(self) -> &'static str {
        match self {
            NoAnswer::Late => "lost on time",
            NoAnswer::Exited => "lost: its process ended without answering",
        }
    }
}

/// Splits a command line into words, honouring single and double quotes.
pub fn split_command(line: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        bail!("unbalanced quote in engine command {line:?}");
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        bail!("empty engine command");
    }
    Ok(words)
}

/// Runs `qi` itself when an engine command starts with the word `qi`, so matches between
/// Qi's own configurations work without installing the binary on the PATH.
fn program(word: &str) -> std::path::PathBuf {
    if word == "qi" {
        if let Ok(me) = std::env::current_exe() {
            return me;
        }
    }
    word.into()
}

impl Process {
    /// Starts `command`; its stderr is discarded.
    pub fn start(command: &str, farewell: &'static str) -> Result<Process> {
        let words = split_command(command)?;
        let mut child = Command::new(program(&words[0]))
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start engine {command:?}"))?;
        let input = child.stdin.take().context("engine stdin")?;
        let output = BufReader::new(child.stdout.take().context("engine stdout")?);
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            command: command.to_string(),
            farewell,
            child,
            input,
            lines,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .with_context(|| format!("engine {:?} closed its input", self.command))
    }

    /// Reads lines until `wanted` accepts one (returned); every line read is also shown to
    /// `seen`. Fails when the time runs out or the engine's output ends first.
    pub fn read_until(
        &mut self,
        timeout: Duration,
        mut wanted: impl FnMut(&str) -> bool,
        mut seen: impl FnMut(&str),
    ) -> Result<String, NoAnswer> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).map_err(|e| match e {
                RecvTimeoutError::Timeout => NoAnswer::Late,
                RecvTimeoutError::Disconnected => NoAnswer::Exited,
            })?;
            seen(&line);
            if wanted(&line) {
                return Ok(line);
            }
        }
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send(self.farewell);
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if self.exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("qi ucci --level 3").unwrap(),
            vec!["qi", "ucci", "--level", "3"]
        );
        assert_eq!(
            split_command("'/opt/my engine/eye' -x \"a b\"").unwrap(),
            vec!["/opt/my engine/eye", "-x", "a b"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }
}
