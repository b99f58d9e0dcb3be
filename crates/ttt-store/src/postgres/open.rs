//! Reaching a PostgreSQL database and readying its schema: the pool, the migrations (one
//! server at a time), and the driver's errors said as the store's.
//!
//! A database that holds tables but none of ours is refused and left as it was.

use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Transaction};
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::migrations::{self, LATEST};
use crate::postgres::db::Pg;
use crate::postgres::errors::{store_error, PgError};
use crate::postgres::tls::{self, TlsSettings};
use crate::StoreError;

/// The most connections one store keeps open.
const POOL_SIZE: usize = 16;

/// The advisory lock that servers starting at once take to migrate one at a time (any
/// number other programs are unlikely to pick).
const MIGRATION_LOCK: i64 = 0x7474_745f_6d69_6772;

/// How long connecting to the database, or waiting for a free connection, may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Players in the order they were created, a tie broken by name.
const FIRST_CREATED: &str = "created_at, name";

/// A [`Store`](crate::Store) kept in a PostgreSQL database (`postgres://USER@HOST/DB`).
pub struct PgStore {
    /// Taken out only when the store is dropped.
    pub(super) runtime: Option<tokio::runtime::Runtime>,
    pub(super) pool: Pool,
    /// The connection string, to listen on a connection of its own.
    pub(super) config: tokio_postgres::Config,
    /// TLS as the URL asks, for every connection (the listener's too).
    pub(super) tls: MakeRustlsConnect,
    pub(super) tls_settings: TlsSettings,
    /// The database as messages name it: the URL without its password.
    pub(super) shown: PathBuf,
    pub(super) notes: Vec<String>,
}

impl Drop for PgStore {
    /// The runtime is let go without waiting for its tasks: the store may be dropped on an
    /// async executor's thread, where waiting is not allowed.
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("db", &self.shown).finish()
    }
}

impl PgStore {
    /// Runs `f` on the store's runtime and waits for it.
    pub(crate) fn run<T>(
        &self,
        f: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.runtime().block_on(f)
    }

    pub(crate) fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime is only taken out by drop")
    }

    /// A connection from the pool; failing to get one means the database is out of reach.
    pub(crate) async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| {
            if let Some(reason) = tls::certificate_refused(&e, &self.tls_settings) {
                return StoreError::Tls {
                    path: self.shown.clone(),
                    reason,
                };
            }
            let mut text = PgError::from(e).0;
            if self.tls_settings.ssl_mode == tokio_postgres::config::SslMode::Disable
                && text.contains("no encryption")
            {
                text.push_str(
                    " (the server takes only TLS connections here: use sslmode=verify-full, or \
                     sslmode=require)",
                );
            } else if self.tls_settings.ssl_mode != tokio_postgres::config::SslMode::Disable
                && text.contains("TLS")
            {
                text.push_str(
                    " (the URL asks for TLS: check that the server there offers it, ssl = on \
                     in its postgresql.conf with its certificate, or leave sslmode out)",
                );
            }
            StoreError::Unreachable {
                path: self.shown.clone(),
                source: text.into(),
            }
        })
    }

    /// The store's error for a driver's.
    pub(crate) fn err(&self, e: tokio_postgres::Error) -> StoreError {
        store_error(&self.shown, e)
    }

    /// Connects to the database at `url`, creating the schema or upgrading it as needed.
    ///
    /// # Errors
    /// [`StoreError::Backend`] when the URL is not one or the database cannot be reached;
    /// [`StoreError::NotOurs`] for a database holding another program's tables;
    /// [`StoreError::TooNew`] for a schema from a newer ttt.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let shown = PathBuf::from(without_password(url));
        let backend = |e: &dyn std::fmt::Display| StoreError::Backend {
            path: shown.clone(),
            source: e.to_string().into(),
        };
        let tls_error = |reason: String| StoreError::Tls {
            path: shown.clone(),
            reason,
        };
        let (url, tls_settings) = tls::settings(url).map_err(tls_error)?;
        let tls = tls_settings.connector().map_err(tls_error)?;
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| backend(&e))?;
        config.ssl_mode(tls_settings.ssl_mode);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("ttt-postgres")
            .enable_all()
            .build()
            .map_err(|e| backend(&e))?;
        let manager = Manager::from_config(
            config.clone(),
            tls.clone(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| backend(&e))?;
        let mut store = PgStore {
            runtime: Some(runtime),
            pool,
            config,
            tls,
            tls_settings,
            shown,
            notes: Vec::new(),
        };
        store.notes = store.migrate()?;
        Ok(store)
    }

    /// Creates or upgrades the schema, one server at a time (an advisory lock), in one
    /// transaction. Returns the upgrade's notes.
    fn migrate(&self) -> Result<Vec<String>, StoreError> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.err(e))?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await
                .map_err(|e| self.err(e))?;
            let version = self.schema_version(&tx).await?;
            let mut notes = Vec::new();
            for m in migrations::pending(version) {
                let failed = |e: &dyn std::fmt::Display| StoreError::Backend {
                    path: self.shown.clone(),
                    source: format!("migration {} failed: {e}", m.name).into(),
                };
                tx.batch_execute(m.postgres).await.map_err(|e| failed(&e))?;
                if let Some(code) = m.code {
                    let db = Pg::new(&tx, &self.shown);
                    notes.extend(code.run(&db, FIRST_CREATED).await.map_err(|e| failed(&e))?);
                }
                tx.execute("UPDATE ttt_schema SET version = $1", &[&m.version])
                    .await
                    .map_err(|e| self.err(e))?;
            }
            tx.commit().await.map_err(|e| self.err(e))?;
            Ok(notes)
        })
    }

    /// The schema version of the database, 0 for an empty one (which is then stamped as
    /// ours), in the migration's transaction.
    ///
    /// # Errors
    /// [`StoreError::NotOurs`] for a database holding other tables, and
    /// [`StoreError::TooNew`] for a schema this build does not know.
    async fn schema_version(&self, tx: &Transaction<'_>) -> Result<i64, StoreError> {
        let one = async |sql: &str| -> Result<tokio_postgres::Row, StoreError> {
            tx.query_one(sql, &[]).await.map_err(|e| self.err(e))
        };
        let ours: bool = one("SELECT to_regclass('ttt_schema') IS NOT NULL")
            .await?
            .get(0);
        let version = if ours {
            one("SELECT version FROM ttt_schema")
                .await?
                .get::<_, i64>(0)
        } else {
            let tables: i64 = one("SELECT count(*) FROM information_schema.tables
                 WHERE table_schema = current_schema()")
            .await?
            .get(0);
            if tables > 0 {
                return Err(StoreError::NotOurs {
                    path: self.shown.clone(),
                });
            }
            tx.batch_execute(
                "CREATE TABLE ttt_schema (version BIGINT NOT NULL);
                 INSERT INTO ttt_schema VALUES (0);",
            )
            .await
            .map_err(|e| self.err(e))?;
            0
        };
        if version > LATEST {
            return Err(StoreError::TooNew {
                path: self.shown.clone(),
                found: version,
                supported: LATEST,
            });
        }
        Ok(version)
    }
}

/// `url` with the password taken out of its user information (a password given as a
/// `password=` parameter is shown as `password=...`).
pub(crate) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority_end, _) = rest
        .char_indices()
        .find(|&(_, c)| c == '/' || c == '?')
        .unwrap_or((rest.len(), ' '));
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((credentials, host)) => {
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{user}@{host}")
        }
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some(("password", _)) => "password=...".to_string(),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::contract::{cpu, friendly, game, human, stats};
    use crate::{GameResult, Store};

    /// A store on a fresh database of the test cluster, and the database's name.
    pub(crate) fn fresh(cluster: &ttt_testdb::Cluster) -> (PgStore, String) {
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap().to_string();
        (PgStore::open(&url).unwrap(), name)
    }

    #[test]
    fn another_programs_database_is_refused_untouched() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap();
        cluster
            .psql(
                name,
                "CREATE TABLE invoices (n INT); INSERT INTO invoices VALUES (7);",
            )
            .unwrap();
        let err = PgStore::open(&url).unwrap_err();
        assert!(matches!(err, StoreError::NotOurs { .. }), "{err}");
        assert!(err.to_string().contains(&url), "{err}");
        assert_eq!(
            cluster.psql(name, "SELECT n FROM invoices").unwrap().trim(),
            "7"
        );
        assert!(cluster.psql(name, "SELECT 1 FROM ttt_schema").is_err());
    }

    #[test]
    fn a_database_from_a_newer_ttt_is_refused_untouched() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let (store, name) = fresh(cluster);
        store
            .record_game(&game(human("Ann"), cpu(), GameResult::Draw))
            .unwrap();
        drop(store);
        cluster
            .psql(&name, "UPDATE ttt_schema SET version = 99")
            .unwrap();
        let err = PgStore::open(&cluster.url(&name)).unwrap_err();
        assert!(matches!(err, StoreError::TooNew { found: 99, .. }), "{err}");
        assert_eq!(
            cluster
                .psql(&name, "SELECT ties FROM players")
                .unwrap()
                .trim(),
            "1"
        );
    }

    #[test]
    fn an_older_schema_is_upgraded_and_names_merged() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap();
        let first = migrations::MIGRATIONS[0].postgres;
        cluster
            .psql(
                name,
                &format!(
                    "CREATE TABLE ttt_schema (version BIGINT NOT NULL);
                     INSERT INTO ttt_schema VALUES (1);
                     {first}
                     INSERT INTO players (name, wins, created_at)
                         VALUES ('Ann', 2, now() - interval '1 day'), ('ANN', 3, now());
                     INSERT INTO games (board_rows, board_cols, k, x_player, o_level, moves,
                                        result)
                         VALUES (3, 3, 3, 'ANN', 'easy', '0,0;1,0;0,1;1,1;0,2', 'x_wins');"
                ),
            )
            .unwrap();
        let store = PgStore::open(&url).unwrap();
        let notes = store.migration_notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].contains("ANN") && notes[0].contains("Ann"),
            "{notes:?}"
        );
        assert_eq!(store.player("ann").unwrap(), Some(stats("Ann", 5, 0, 0)));
        assert_eq!(store.recent_games(Some("Ann"), 10).unwrap().len(), 1);
        drop(store);
        // Opening again changes nothing more.
        assert!(PgStore::open(&url).unwrap().migration_notes().is_empty());
    }

    /// A database of schema 3, whose engines were computers with an `engine:` level: opened,
    /// they are engines, in finished games and in a game in progress.
    #[test]
    fn engines_stored_as_levels_become_engines() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let name = url.rsplit('/').next().unwrap();
        let [first, second, third, ..] = migrations::MIGRATIONS else {
            unreachable!()
        };
        cluster
            .psql(
                name,
                &format!(
                    "CREATE TABLE ttt_schema (version BIGINT NOT NULL);
                     INSERT INTO ttt_schema VALUES (3);
                     {}
                     {}
                     CREATE UNIQUE INDEX players_by_key ON players (name_key);
                     {}
                     {}",
                    first.postgres,
                    second.postgres,
                    third.postgres,
                    crate::contract::ENGINES_AS_LEVELS
                ),
            )
            .unwrap();
        let store = PgStore::open(&url).unwrap();
        assert_eq!(
            cluster
                .psql(
                    name,
                    "SELECT count(*) FROM games WHERE x_level LIKE 'engine:%'"
                )
                .unwrap()
                .trim(),
            "0"
        );
        crate::contract::engines_are_seats_of_their_own(&store);
        // A side with two players is still refused by the new checks.
        assert!(cluster
            .psql(name, "UPDATE games SET x_level = 'easy' WHERE id = 7")
            .is_err());
    }

    #[test]
    fn an_unreachable_database_is_said_so_without_its_password() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let err =
            PgStore::open(&format!("postgres://ttt:hunter2@127.0.0.1:{port}/ttt")).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, StoreError::Unreachable { .. }), "{text}");
        assert!(
            text.contains(&format!("postgres://ttt@127.0.0.1:{port}/ttt")),
            "{text}"
        );
        assert!(!text.contains("hunter2"), "{text}");
        let err = PgStore::open("postgres://ttt@127.0.0.1:notaport/ttt").unwrap_err();
        assert!(err.to_string().contains("postgres://"), "{err}");
    }

    #[test]
    fn data_outlives_the_store() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let (store, name) = fresh(cluster);
        let id = store
            .record_game(&game(human("Ann"), cpu(), GameResult::XWins))
            .unwrap();
        store.create_live_game(&friendly("kept")).unwrap();
        drop(store);
        let store = PgStore::open(&cluster.url(&name)).unwrap();
        assert_eq!(store.game(id).unwrap().unwrap().x, human("Ann"));
        assert_eq!(store.live_game("kept").unwrap().unwrap().id, "kept");
        store.ping().unwrap();
    }
}
