//! `qi serve` as a hostile or careless client meets it: the binary is started on a free port
//! and spoken to over raw TCP, so every byte (a half-sent request, a forged `Host`, a
//! connection that never speaks) is under the test's control.

use serde_json::Value;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `qi serve` process on a free port, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qi"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("qi runs");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("piped");
        BufReader::new(stdout).read_line(&mut line).expect("a line");
        let addr = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .and_then(|rest| rest.trim_end_matches('/').parse().ok());
        match addr {
            Some(addr) => Server { child, addr },
            None => {
                let _ = child.kill();
                let mut err = String::new();
                if let Some(mut stderr) = child.stderr.take() {
                    let _ = stderr.read_to_string(&mut err);
                }
                panic!("qi serve {extra:?} printed no URL: {line:?} {err}");
            }
        }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
    }

    /// The `Host` a browser sends for this server.
    fn host(&self) -> String {
        self.addr.to_string()
    }

    /// Sends one request (closing the connection after it) and reads the whole answer.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.host()));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() || method == "POST" {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        head.push_str(body);
        let mut stream = self.connect();
        stream.write_all(head.as_bytes()).expect("sent");
        read_answer(&mut stream)
    }

    fn post_json(&self, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
        let mut all = vec![("Content-Type", "application/json")];
        all.extend_from_slice(headers);
        self.request("POST", path, &all, body)
    }

    fn status(&self) -> Value {
        let answer = self.request("GET", "/api/status", &[], "");
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A whole HTTP answer read to the end of the connection.
struct Answer {
    status: u16,
    headers: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    fn header(&self, name: &str) -> Option<String> {
        self.headers.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }

    /// The answer is an API error: JSON with an `error` sentence.
    fn assert_json_error(&self, status: u16, what: &str) -> String {
        assert_eq!(self.status, status, "{what}: {} {}", self.status, self.body);
        let kind = self.header("content-type").unwrap_or_default();
        assert!(kind.starts_with("application/json"), "{what}: {kind:?}");
        let error = self.json()["error"].as_str().unwrap_or("").to_string();
        assert!(
            !error.is_empty(),
            "{what}: no error sentence in {}",
            self.body
        );
        error
    }
}

fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    Answer {
        status,
        headers: head.to_string(),
        body: if chunked {
            dechunk(body)
        } else {
            body.to_string()
        },
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// How long until the server closes `stream` (reading and discarding what it sends), or None
/// when it is still open after `limit`.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let mut buf = [0u8; 4096];
    while started.elapsed() < limit {
        match stream.read(&mut buf) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Some(started.elapsed()),
        }
    }
    None
}

#[test]
fn a_client_sending_half_a_request_is_cut_off_by_the_header_timeout() {
    let server = Server::start(&["--header-timeout", "2", "--idle-timeout", "60"]);
    let mut stream = server.connect();
    stream
        .write_all(b"GET /api/status HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    // A byte every 200 ms keeps the connection busy, never idle: only the header timeout
    // can end it.
    let started = Instant::now();
    let mut cut = None;
    for _ in 0..100 {
        if stream.write_all(b"X").is_err() {
            cut = Some(started.elapsed());
            break;
        }
        if let Some(after) = closed_within(&mut stream, Duration::from_millis(200)) {
            cut = Some(started.elapsed().max(after));
            break;
        }
    }
    let cut = cut.expect("the trickling client was never cut off");
    assert!(cut >= Duration::from_millis(1500), "cut too early: {cut:?}");
    assert!(cut < Duration::from_secs(10), "cut too late: {cut:?}");
    // The server still answers others.
    assert!(server.status()["version"].is_string());
}

#[test]
fn idle_clients_are_cut_off_by_the_idle_timeout() {
    let server = Server::start(&["--header-timeout", "60", "--idle-timeout", "1"]);
    // One that never says anything.
    let mut silent = server.connect();
    // One that sends half a request and waits.
    let mut half = server.connect();
    half.write_all(b"POST /api/games/xiangqi/position HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{\"moves\"")
        .unwrap();
    // One that keeps its connection open after an answer (keep-alive).
    let mut kept = server.connect();
    kept.write_all(
        format!(
            "GET /api/status HTTP/1.1\r\nHost: {}\r\n\r\n",
            server.host()
        )
        .as_bytes(),
    )
    .unwrap();
    for (name, stream) in [
        ("silent", &mut silent),
        ("half a request", &mut half),
        ("kept alive", &mut kept),
    ] {
        let after = closed_within(stream, Duration::from_secs(10));
        assert!(after.is_some(), "the {name} client is still connected");
    }
}

#[test]
fn the_timeouts_are_options_with_defaults_that_refuse_nonsense() {
    let out = Command::new(env!("CARGO_BIN_EXE_qi"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for option in [
        "--header-timeout",
        "--idle-timeout",
        "--max-connections",
        "--allowed-host",
        "--allowed-origin",
    ] {
        assert!(help.contains(option), "{option} missing from {help}");
    }
    for bad in [
        ["--header-timeout", "0"],
        ["--idle-timeout", "-1"],
        ["--max-connections", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_qi"))
            .args(["serve", "--port", "0"])
            .args(bad)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad:?} accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(bad[0]), "{bad:?}: {err}");
    }
}

#[test]
fn beyond_the_connection_limit_idle_connections_make_room_and_busy_ones_refuse_quickly() {
    let server = Server::start(&[
        "--max-connections",
        "4",
        "--header-timeout",
        "60",
        "--idle-timeout",
        "60",
    ]);
    let idle: Vec<TcpStream> = (0..8).map(|_| server.connect()).collect();
    std::thread::sleep(Duration::from_millis(1300));
    // Every slot holds an idle connection: the longest idle one gives way.
    let started = Instant::now();
    assert!(server.status()["searches"].is_object());
    assert!(started.elapsed() < Duration::from_secs(2));
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));

    // Four connections that keep sending (slowly) are not idle: a fifth is refused at once,
    // with a JSON 503, and the slots come back when they leave.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy: Vec<_> = (0..4)
        .map(|_| {
            let mut stream = server.connect();
            let stop = stop.clone();
            std::thread::spawn(move || {
                let _ = stream.write_all(b"GET /api/status HTTP/1.1\r\n");
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    if stream.write_all(b"X").is_err() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let refused = server.request("GET", "/api/status", &[], "");
    let error = refused.assert_json_error(503, "a connection beyond the limit");
    assert!(error.contains("connections"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(2));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for thread in busy {
        thread.join().unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = server.request("GET", "/api/status", &[], "");
        if answer.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "the slots never came back");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Starts a search and returns its open stream once the answer's head has arrived.
fn open_search(server: &Server, level: u8) -> (u16, TcpStream) {
    let body = format!("{{\"level\": {level}}}");
    let request = format!(
        "POST /api/games/xiangqi/search HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.host(),
        body.len()
    );
    let mut stream = server.connect();
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, stream)
}

fn wait_for_status(server: &Server, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let status = server.status();
        if done(&status["searches"]) {
            return status;
        }
        assert!(Instant::now() < deadline, "{what}: {status}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn searches_beyond_the_slots_get_429_and_a_vanished_client_frees_its_slot() {
    let server = Server::start(&["--max-searches", "2"]);
    let statuses: Vec<(u16, TcpStream)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..5)
            .map(|_| scope.spawn(|| open_search(&server, 10)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ok = statuses.iter().filter(|(s, _)| *s == 200).count();
    let busy = statuses.iter().filter(|(s, _)| *s == 429).count();
    assert_eq!(
        (ok, busy),
        (2, 3),
        "{:?}",
        statuses.iter().map(|s| s.0).collect::<Vec<_>>()
    );
    let status = server.status();
    assert_eq!(status["searches"]["running"], 2, "{status}");
    assert_eq!(status["searches"]["rejected"], 3, "{status}");
    // The two searching clients go away mid-search: both searches stop and free their slots
    // long before their eight seconds are up.
    let started = Instant::now();
    drop(statuses);
    wait_for_status(&server, "the searches were not cancelled", |s| {
        s["running"] == 0 && s["cancelled"] == 2
    });
    assert!(started.elapsed() < Duration::from_secs(5));
    let (status, _again) = open_search(&server, 1);
    assert_eq!(status, 200);
}

/// method, path, headers, body, the status expected.
type ErrorCase<'a> = (&'a str, &'a str, Vec<(&'a str, &'a str)>, &'a str, u16);

#[test]
fn every_error_path_answers_json() {
    let server = Server::start(&["--max-searches", "1"]);
    let bad_json = "{\"moves\": [";
    let big = format!(
        "{{\"format\": \"pgn\", \"text\": \"{}\"}}",
        "h2e2 ".repeat(20_000)
    );
    let cases: Vec<ErrorCase> = vec![
        ("GET", "/api", vec![], "", 404),
        ("GET", "/api/", vec![], "", 404),
        ("GET", "/api/nope", vec![], "", 404),
        ("GET", "/api//games", vec![], "", 404),
        ("GET", "/api/games/chess", vec![], "", 404),
        ("GET", "/api/games/xiangqi/position/extra", vec![], "", 404),
        (
            "POST",
            "/api/games/%FF/position",
            vec![("Content-Type", "application/json")],
            "{}",
            400,
        ),
        ("GET", "/api/games/xiangqi/position", vec![], "", 405),
        ("DELETE", "/api/games", vec![], "", 405),
        ("POST", "/api/games/xiangqi/position", vec![], "{}", 415),
        (
            "POST",
            "/api/games/xiangqi/position",
            vec![("Content-Type", "application/json")],
            bad_json,
            400,
        ),
        (
            "POST",
            "/api/games/xiangqi/position",
            vec![("Content-Type", "application/json")],
            "{\"mvs\": []}",
            422,
        ),
        (
            "POST",
            "/api/games/xiangqi/position",
            vec![("Content-Type", "application/json")],
            "{\"moves\": [\"e0e5\"]}",
            400,
        ),
        (
            "POST",
            "/api/games/xiangqi/import",
            vec![("Content-Type", "application/json")],
            &big,
            413,
        ),
        (
            "POST",
            "/api/games/xiangqi/search",
            vec![("Content-Type", "application/json")],
            "{\"level\": 11}",
            400,
        ),
        (
            "POST",
            "/api/games/xiangqi/position",
            vec![
                ("Content-Type", "application/json"),
                ("Origin", "http://evil.example"),
            ],
            "{}",
            403,
        ),
    ];
    for (method, path, headers, body, status) in &cases {
        let answer = server.request(method, path, headers, body);
        answer.assert_json_error(*status, &format!("{method} {path}"));
    }
    // 429: the one slot is taken.
    let (status, _search) = open_search(&server, 10);
    assert_eq!(status, 200);
    let answer = server.post_json("/api/games/xiangqi/search", &[], "{\"level\": 1}");
    answer.assert_json_error(429, "a search beyond the slots");
}

#[test]
fn a_cross_origin_post_is_refused_and_a_same_origin_one_accepted() {
    let server = Server::start(&[]);
    let body = "{\"moves\": [\"h2e2\"]}";
    let path = "/api/games/xiangqi/position";
    let same = format!("http://{}", server.host());
    assert_eq!(
        server.post_json(path, &[("Origin", &same)], body).status,
        200
    );
    // No Origin: not a browser's cross-site request (curl, scripts).
    assert_eq!(server.post_json(path, &[], body).status, 200);
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let answer = server.post_json(path, &[("Origin", origin)], body);
        let error = answer.assert_json_error(403, origin);
        assert!(error.contains("--allowed-origin"), "{error}");
    }
    // A page on another site that rebinds its own name to 127.0.0.1 sends its own name as
    // Host, and its Origin agrees with it: the Host check refuses it.
    let rebound = "evil.example:8080";
    let answer = server.post_json(
        path,
        &[("Host", rebound), ("Origin", "http://evil.example:8080")],
        body,
    );
    let error = answer.assert_json_error(403, "a rebound host name");
    assert!(error.contains("--allowed-host"), "{error}");
    // Reading stays open to everyone: GETs are not checked.
    let answer = server.request(
        "GET",
        "/api/games",
        &[("Origin", "http://evil.example")],
        "",
    );
    assert_eq!(answer.status, 200);
    // localhost is this machine too.
    let port = server.addr.port();
    let local = format!("localhost:{port}");
    let origin = format!("http://localhost:{port}");
    let answer = server.post_json(path, &[("Host", &local), ("Origin", &origin)], body);
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[test]
fn behind_a_proxy_the_allowed_host_and_origin_options_admit_the_public_name() {
    let server = Server::start(&[
        "--allowed-host",
        "qi.example.com",
        "--allowed-origin",
        "https://qi.example.com",
    ]);
    let body = "{\"moves\": []}";
    let path = "/api/games/tictactoe/position";
    // A proxy that passes the public Host on.
    let answer = server.post_json(
        path,
        &[
            ("Host", "qi.example.com"),
            ("Origin", "https://qi.example.com"),
        ],
        body,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    // A proxy that rewrites Host to the upstream address but keeps the browser's Origin.
    let answer = server.post_json(path, &[("Origin", "https://qi.example.com")], body);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = server.post_json(path, &[("Origin", "https://other.example.com")], body);
    answer.assert_json_error(403, "an origin not allowed");
    let answer = server.post_json(path, &[("Host", "other.example.com")], body);
    answer.assert_json_error(403, "a host not allowed");
}
