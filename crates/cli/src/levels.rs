//! `qi levels`: what each level 1–10 means in each game, printed from the game crates'
//! own level functions (the README's table is this output, checked by a test).

use qi_search::Level;

/// The table of every game as Markdown.
pub fn table() -> String {
    let levels: Vec<Level> = (1..=10u8).filter_map(|n| Level::new(n).ok()).collect();
    let cap = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let percent = |x: f64| format!("{:.0} %", x * 100.0);
    let mut out = String::new();
    out.push_str("| level | time share | tic-tac-toe depth | gomoku depth / nodes | gomoku threats | Connect Four depth / nodes | Xiangqi depth / nodes | near-best moves (tic-tac-toe, gomoku, Connect Four) | Xiangqi noise |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    for &level in &levels {
        let t = qi_tictactoe::level_settings(level);
        let g = qi_gomoku::level_settings(level);
        let x = qi_xiangqi_engine::level::settings(level);
        let c = qi_connect4::level_settings(level);
        let threats = match (g.vcf, g.vct) {
            (true, true) => "VCF, VCT",
            (true, false) => "VCF",
            _ => "—",
        };
        let pair = |d: Option<u32>, n: Option<u64>| match (d, n) {
            (None, None) => "full".to_string(),
            (d, n) => format!(
                "{} / {}",
                cap(d.map(|d| d.to_string())),
                cap(n.map(|n| n.to_string()))
            ),
        };
        let noise = match (x.noise, x.blunder_percent) {
            (0, _) => "—".to_string(),
            (n, 0) => format!("{n} cp"),
            (n, b) => format!("{n} cp; {b} %: {} cp", 3 * n),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            level.get(),
            percent(x.time_share),
            t.depth.map_or("to the end".into(), |d| d.to_string()),
            pair(g.depth, g.nodes),
            threats,
            pair(c.depth, Some(c.nodes)),
            pair(x.depth, x.nodes),
            if t.mistake_rate > 0.0 {
                percent(t.mistake_rate)
            } else {
                "—".into()
            },
            noise,
        ));
    }
    out
}

/// `qi levels`.
pub fn run() -> anyhow::Result<()> {
    print!("{}", table());
    Ok(())
}
