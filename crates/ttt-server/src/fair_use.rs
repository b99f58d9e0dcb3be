//! Fair use: a per-client rate limit on what costs the server (starting games, and moves,
//! takebacks, hints and analyses), so that one client cannot crowd out the others. A client
//! over its rate gets 429 with `Retry-After`. Clients are told apart by address: the
//! connection's peer, or, behind a proxy the server is told to trust, the last address the
//! proxy added to `X-Forwarded-For`.

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::http::Method;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::limits::Limits;

/// What a request costs, for the rate limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cost {
    /// Starting a game: a new game, a join, a rematch.
    Game,
    /// A move, opening step, takeback, answer, hint or analysis.
    Move,
    /// Nothing worth counting.
    Free,
}

fn cost(method: &Method, path: &str) -> Cost {
    let games = path.strip_prefix("/api/games");
    match (method, games) {
        (&Method::POST, Some("")) => Cost::Game,
        (&Method::POST, Some(rest)) if rest.ends_with("/rematch") => Cost::Game,
        (&Method::POST, Some(_)) => Cost::Move,
        (&Method::GET, Some(rest)) if rest.ends_with("/analysis") => Cost::Move,
        (&Method::GET, None) if path.starts_with("/api/analysis/") => Cost::Move,
        (&Method::POST, None) if path.starts_with("/api/join/") => Cost::Game,
        _ => Cost::Free,
    }
}

/// The per-client limits.
pub(crate) struct FairUse {
    games: Option<DefaultKeyedRateLimiter<IpAddr>>,
    moves: Option<DefaultKeyedRateLimiter<IpAddr>>,
    trust_forwarded_for: bool,
}

impl FairUse {
    pub(crate) fn new(limits: &Limits) -> FairUse {
        let limiter = |per_minute: u32| {
            NonZeroU32::new(per_minute)
                .map(|n| RateLimiter::keyed(Quota::per_minute(n).allow_burst(n)))
        };
        FairUse {
            games: limiter(limits.games_per_minute),
            moves: limiter(limits.moves_per_minute),
            trust_forwarded_for: limits.trust_forwarded_for,
        }
    }

    /// Forgets the clients that have not come for a while, so memory stays bounded.
    pub(crate) fn forget_quiet_clients(&self) {
        for limiter in [&self.games, &self.moves].into_iter().flatten() {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Counts `request` against its client's rates: refused with 429 when over one.
    pub(crate) fn admit(&self, request: &Request) -> Result<(), ApiError> {
        let cost = cost(request.method(), request.uri().path());
        if cost == Cost::Free {
            return Ok(());
        }
        self.check(cost, client(request, self.trust_forwarded_for))
    }

    fn check(&self, cost: Cost, client: IpAddr) -> Result<(), ApiError> {
        let limiter = match cost {
            Cost::Game => &self.games,
            Cost::Move => &self.moves,
            Cost::Free => return Ok(()),
        };
        let Some(limiter) = limiter else {
            return Ok(());
        };
        limiter.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            // Whole seconds, rounded up: a client told 0 would come straight back.
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            ApiError::TooManyRequests {
                what: match cost {
                    Cost::Game => "new games",
                    _ => "moves",
                },
                retry_after: Duration::from_secs(secs.max(1)),
            }
        })
    }
}

/// The client's address, as far as the server can tell.
pub(crate) fn client(request: &Request, trust_forwarded_for: bool) -> IpAddr {
    client_of(request.headers(), request.extensions(), trust_forwarded_for)
}

/// The client's address from a request's headers and extensions: the last address of
/// `X-Forwarded-For` when the server trusts it (behind a proxy), else the connection's peer.
pub(crate) fn client_of(
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
    trust_forwarded_for: bool,
) -> IpAddr {
    if trust_forwarded_for {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        if let Some(address) = forwarded {
            return address;
        }
    }
    extensions
        .get::<ConnectInfo<std::net::SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_costs_what() {
        assert_eq!(cost(&Method::POST, "/api/games"), Cost::Game);
        assert_eq!(cost(&Method::GET, "/api/analysis/stream"), Cost::Move);
        assert_eq!(cost(&Method::GET, "/api/analysis/graph"), Cost::Move);
        assert_eq!(cost(&Method::POST, "/api/join/abc"), Cost::Game);
        assert_eq!(cost(&Method::POST, "/api/games/g/rematch"), Cost::Game);
        assert_eq!(cost(&Method::POST, "/api/games/g/moves"), Cost::Move);
        assert_eq!(cost(&Method::POST, "/api/games/g/hint"), Cost::Move);
        assert_eq!(cost(&Method::GET, "/api/games/g/analysis"), Cost::Move);
        assert_eq!(cost(&Method::GET, "/api/games/g"), Cost::Free);
        assert_eq!(cost(&Method::GET, "/api/players"), Cost::Free);
    }

    #[test]
    fn a_client_over_its_rate_waits_and_others_do_not() {
        let fair = FairUse::new(&Limits {
            games_per_minute: 2,
            ..Limits::default()
        });
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        assert!(fair.check(Cost::Game, a).is_ok());
        assert!(fair.check(Cost::Game, a).is_ok());
        match fair.check(Cost::Game, a) {
            Err(ApiError::TooManyRequests { retry_after, .. }) => {
                assert!(retry_after >= Duration::from_secs(1));
                assert!(retry_after <= Duration::from_secs(30));
            }
            other => panic!("{other:?}"),
        }
        assert!(fair.check(Cost::Game, b).is_ok());
        assert!(fair.check(Cost::Move, a).is_ok());
        let unlimited = FairUse::new(&Limits {
            games_per_minute: 0,
            ..Limits::default()
        });
        for _ in 0..1000 {
            assert!(unlimited.check(Cost::Game, a).is_ok());
        }
    }
}
