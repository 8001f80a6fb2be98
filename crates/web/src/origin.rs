//! Who may change state: requests other than GET/HEAD/OPTIONS must name this server in
//! `Host` (else a web page that rebinds its own DNS name to this machine could use the API)
//! and, when a browser sends `Origin`, come from this server's own pages (else any site the
//! user visits could post to it). Reading (the page, `/api/games`, `/api/status`) stays open.
//! `--allowed-host` and `--allowed-origin` admit the names a reverse proxy serves it under.

use super::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The names this server answers to for state-changing requests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OriginPolicy {
    /// Host names (lowercase, no port) accepted in `Host`.
    hosts: Vec<String>,
    /// Whether any IP address literal is accepted in `Host` (when listening on every
    /// address: an address cannot be rebound, a name can).
    any_ip: bool,
    /// Whether every `Host` is accepted (`--allowed-host '*'`).
    any_host: bool,
    /// Origins (`scheme://host[:port]`, lowercase) accepted besides the request's own host.
    origins: Vec<String>,
    /// Whether every `Origin` is accepted (`--allowed-origin '*'`).
    any_origin: bool,
}

impl OriginPolicy {
    /// The policy for a server listening on `bind` (an address or a name) that also answers
    /// to `allowed_hosts` and to pages from `allowed_origins`; `*` in either list allows all.
    pub fn new(bind: &str, allowed_hosts: &[String], allowed_origins: &[String]) -> Self {
        let mut policy = OriginPolicy {
            hosts: vec!["localhost".into(), "127.0.0.1".into(), "::1".into()],
            ..OriginPolicy::default()
        };
        match bind.trim_matches(['[', ']']).parse::<IpAddr>() {
            Ok(ip) if ip.is_unspecified() => policy.any_ip = true,
            Ok(ip) => policy.hosts.push(ip.to_string()),
            Err(_) => policy.hosts.push(bind.to_ascii_lowercase()),
        }
        for host in allowed_hosts {
            if host.trim() == "*" {
                policy.any_host = true;
            } else {
                policy.hosts.push(host_name(host.trim()));
            }
        }
        for origin in allowed_origins {
            let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
            if origin == "*" {
                policy.any_origin = true;
            } else {
                policy.origins.push(origin);
            }
        }
        policy
    }

    /// Why a request with these headers may not change state, or None when it may.
    pub fn refusal(&self, headers: &HeaderMap) -> Option<String> {
        let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
        if let Some(host) = host {
            if !self.host_allowed(host) {
                return Some(format!(
                    "request for host '{host}' refused: this server does not answer to that name \
                     (start qi serve with --allowed-host {} to serve it under that name, e.g. \
                     behind a proxy)",
                    host_name(host)
                ));
            }
        }
        let origin = headers.get(header::ORIGIN)?;
        let origin = origin.to_str().unwrap_or("").trim();
        let lower = origin.to_ascii_lowercase();
        let same_site = host.is_some_and(|host| same_authority(&lower, host));
        if same_site || self.any_origin || self.origins.contains(&lower) {
            return None;
        }
        Some(format!(
            "cross-origin request from '{origin}' refused: only this server's own page may \
             change state (start qi serve with --allowed-origin {origin} to allow it)"
        ))
    }

    fn host_allowed(&self, host: &str) -> bool {
        if self.any_host {
            return true;
        }
        let name = host_name(host);
        self.hosts.contains(&name) || (self.any_ip && name.parse::<IpAddr>().is_ok())
    }
}

/// The host part of a `Host` value or a host name, lowercase, without port or brackets.
fn host_name(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("").to_string();
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) && !name.contains(':') => {
            name.to_string()
        }
        _ => host,
    }
}

/// Whether `origin` (`scheme://authority`, lowercase) names the same host and port as the
/// request's `Host`; default ports may be left out on either side.
fn same_authority(origin: &str, host: &str) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    let default_port = match scheme {
        "http" => ":80",
        "https" => ":443",
        _ => return false,
    };
    let host = host.trim().to_ascii_lowercase();
    let strip = |s: &str| s.strip_suffix(default_port).unwrap_or(s).to_string();
    strip(authority) == strip(&host)
}

/// Methods that only read.
fn is_safe(method: &Method) -> bool {
    matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

/// The middleware: a state-changing request the policy refuses gets a JSON 403.
pub async fn check(
    State(policy): State<Arc<OriginPolicy>>,
    request: Request,
    next: Next,
) -> Response {
    if !is_safe(request.method()) {
        if let Some(message) = policy.refusal(request.headers()) {
            return ApiError {
                status: StatusCode::FORBIDDEN,
                message,
            }
            .into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: Option<&str>, origin: Option<&str>) -> HeaderMap {
        let mut map = HeaderMap::new();
        if let Some(h) = host {
            map.insert(header::HOST, HeaderValue::from_str(h).unwrap());
        }
        if let Some(o) = origin {
            map.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        map
    }

    #[test]
    fn loopback_serves_its_own_names_and_pages_only() {
        let policy = OriginPolicy::new("127.0.0.1", &[], &[]);
        let ok = |h, o| policy.refusal(&headers(h, o)).is_none();
        assert!(ok(Some("127.0.0.1:8080"), Some("http://127.0.0.1:8080")));
        assert!(ok(Some("localhost:8080"), Some("http://localhost:8080")));
        assert!(ok(Some("[::1]:8080"), None));
        assert!(ok(None, None), "not a browser");
        assert!(!ok(Some("127.0.0.1:8080"), Some("http://evil.example")));
        assert!(!ok(Some("127.0.0.1:8080"), Some("null")));
        assert!(!ok(Some("127.0.0.1:8080"), Some("http://127.0.0.1:9999")));
        assert!(!ok(
            Some("evil.example:8080"),
            Some("http://evil.example:8080")
        ));
        assert!(!ok(Some("192.168.1.5:8080"), None));
    }

    #[test]
    fn every_address_accepts_ip_literals_but_not_unknown_names() {
        let policy = OriginPolicy::new("0.0.0.0", &[], &[]);
        let ok = |h, o| policy.refusal(&headers(h, o)).is_none();
        assert!(ok(
            Some("192.168.1.5:8080"),
            Some("http://192.168.1.5:8080")
        ));
        assert!(ok(Some("[fe80::1]:8080"), None));
        assert!(!ok(Some("mybox.local:8080"), None));
    }

    #[test]
    fn the_options_admit_a_proxy_s_names_and_default_ports_match() {
        let policy = OriginPolicy::new(
            "127.0.0.1",
            &["Qi.Example.com".into()],
            &["https://qi.example.com/".into()],
        );
        let ok = |h, o| policy.refusal(&headers(h, o)).is_none();
        assert!(ok(Some("qi.example.com"), Some("https://qi.example.com")));
        assert!(ok(
            Some("qi.example.com:443"),
            Some("https://qi.example.com")
        ));
        assert!(ok(Some("127.0.0.1:8080"), Some("https://qi.example.com")));
        assert!(!ok(
            Some("127.0.0.1:8080"),
            Some("https://other.example.com")
        ));
        let open = OriginPolicy::new("127.0.0.1", &["*".into()], &["*".into()]);
        assert!(open
            .refusal(&headers(Some("any.example"), Some("http://else.example")))
            .is_none());
    }

    #[test]
    fn host_names_lose_ports_and_brackets() {
        assert_eq!(host_name("Example.COM:8080"), "example.com");
        assert_eq!(host_name("[::1]:80"), "::1");
        assert_eq!(host_name("::1"), "::1");
        assert_eq!(host_name("example.com"), "example.com");
    }
}
