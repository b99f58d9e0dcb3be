//! Throwaway PostgreSQL clusters for tests, so that the PostgreSQL store and the servers
//! that share one are tested against the real thing.
//!
//! [`cluster`] starts one cluster per test process, the first time a test asks: `initdb` in
//! a temporary directory, then `postgres` on a free port of 127.0.0.1, trusting local
//! connections. The server runs under a small shell that stops it and removes the directory
//! as soon as the test process ends, however it ends (its standard input is a pipe from the
//! test process). Each test takes a database of its own with [`Cluster::database`].
//!
//! [`tls_cluster`] starts a second one that takes only TLS connections (`hostssl` alone in
//! its `pg_hba.conf`), with a certificate for `localhost` signed by an authority the test
//! makes with the `openssl` program ([`Certificates`]).
//!
//! The PostgreSQL programs are looked for in `$TTT_PG_BIN`, then in Debian's
//! `/usr/lib/postgresql/VERSION/bin` (the newest), then on the `PATH`. When they are missing
//! the tests fail, saying how to install them (`scripts/test.sh` does), unless
//! `TTT_SKIP_POSTGRES=1` says to skip them. As root, the cluster runs as the `postgres` user
//! (or `nobody`), since PostgreSQL refuses to run as root.

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A running cluster, for the rest of the test process.
#[derive(Debug)]
pub struct Cluster {
    bin: PathBuf,
    port: u16,
    /// The superuser, who owns the test databases.
    user: String,
    /// Who runs the server's programs (`None`: the test's own user).
    run_as: Option<String>,
    /// Closing this pipe (when the process ends) stops the server.
    _keepalive: Mutex<ChildStdin>,
    _shell: Mutex<Child>,
    next: AtomicUsize,
    certificates: Option<Certificates>,
}

/// The files of a TLS cluster's certificates, made for the test process: the server's
/// certificate names the host `localhost` and no address, so that connecting to
/// `127.0.0.1` tells a check of the host name from a check of the authority.
#[derive(Debug, Clone)]
pub struct Certificates {
    /// The authority that signed the server's certificate (PEM).
    pub authority: PathBuf,
    /// An authority that signed nothing of the server's (PEM).
    pub other_authority: PathBuf,
}

/// Whether the tests that need PostgreSQL were asked to be skipped (`TTT_SKIP_POSTGRES=1`).
#[must_use]
pub fn skipped() -> bool {
    std::env::var_os("TTT_SKIP_POSTGRES").is_some_and(|v| v == "1")
}

/// The test process's cluster, started on first use; `None` when `TTT_SKIP_POSTGRES=1`.
///
/// # Panics
/// When PostgreSQL is not installed or does not start: the message says why and what to do.
#[must_use]
pub fn cluster() -> Option<&'static Cluster> {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    started(&CLUSTER, false)
}

/// The test process's cluster that takes TLS connections only, started on first use;
/// `None` when `TTT_SKIP_POSTGRES=1`. Its [`Cluster::certificates`] are the files to trust.
///
/// # Panics
/// When PostgreSQL or `openssl` is not installed, or the cluster does not start.
#[must_use]
pub fn tls_cluster() -> Option<&'static Cluster> {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    started(&CLUSTER, true)
}

fn started(
    cell: &'static OnceLock<Result<Cluster, String>>,
    tls: bool,
) -> Option<&'static Cluster> {
    if skipped() {
        eprintln!("TTT_SKIP_POSTGRES=1: skipping a test that needs PostgreSQL");
        return None;
    }
    match cell.get_or_init(|| Cluster::start(tls)) {
        Ok(cluster) => Some(cluster),
        Err(why) => panic!(
            "cannot start a throwaway PostgreSQL for the tests: {why}\n\
             Install PostgreSQL (Debian: apt-get install postgresql; scripts/test.sh does it), \
             point TTT_PG_BIN at its bin directory, or set TTT_SKIP_POSTGRES=1 to skip these \
             tests"
        ),
    }
}

impl Cluster {
    fn start(tls: bool) -> Result<Cluster, String> {
        let bin = find_bin()?;
        let run_as = run_as()?;
        let kind = if tls { "pg-tls" } else { "pg" };
        let dir = std::env::temp_dir().join(format!("ttt-{kind}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        if let Some(user) = &run_as {
            chown(&dir, user)?;
        }
        let data = dir.join("data");
        let user = "ttt".to_string();
        let initdb = command(&run_as, &bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                &user,
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("running initdb: {e}"))?;
        if !initdb.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&initdb.stderr).trim()
            ));
        }
        let (certificates, options) = if tls {
            let certificates = make_certificates(&dir, &data)?;
            if let Some(user) = &run_as {
                for file in ["server.key", "server.crt"] {
                    chown(&data.join(file), user)?;
                }
            }
            let options = "-c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key";
            (Some(certificates), options)
        } else {
            (None, "")
        };
        let port = free_port()?;
        // The server stops (fast shutdown) and its directory goes when the pipe closes.
        let script = r#"
            "$1/postgres" -D "$2/data" -p "$3" -k "$2" -c listen_addresses=127.0.0.1 \
                -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
                -c max_connections=200 $4 >"$2/log" 2>&1 &
            pid=$!
            cat >/dev/null
            kill -INT "$pid" 2>/dev/null
            wait "$pid"
            rm -rf "$2"
        "#;
        let mut shell = command(&run_as, Path::new("/bin/sh"))
            .args(["-c", script, "sh"])
            .arg(&bin)
            .arg(&dir)
            .arg(port.to_string())
            .arg(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("starting postgres: {e}"))?;
        let keepalive = shell.stdin.take().ok_or("no pipe to the server's shell")?;
        let cluster = Cluster {
            bin,
            port,
            user,
            run_as,
            _keepalive: Mutex::new(keepalive),
            _shell: Mutex::new(shell),
            next: AtomicUsize::new(0),
            certificates,
        };
        cluster.wait_ready(&dir)?;
        Ok(cluster)
    }

    fn wait_ready(&self, dir: &Path) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let ready = command(&self.run_as, &self.bin.join("pg_isready"))
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-q"])
                .stdin(Stdio::null())
                .status()
                .map_err(|e| format!("running pg_isready: {e}"))?;
            if ready.success() {
                return Ok(());
            }
            if Instant::now() > deadline {
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                return Err(format!("postgres did not start within a minute:\n{log}"));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The files to trust, for a cluster of [`tls_cluster`].
    #[must_use]
    pub fn certificates(&self) -> Option<&Certificates> {
        self.certificates.as_ref()
    }

    /// The URL of database `name` on this cluster, reached by the host name `localhost`
    /// (which a TLS cluster's certificate names).
    #[must_use]
    pub fn localhost_url(&self, name: &str) -> String {
        format!("postgres://{}@localhost:{}/{name}", self.user, self.port)
    }

    /// A new, empty database of its own for one test; its URL.
    ///
    /// # Panics
    /// When the database cannot be created.
    #[must_use]
    pub fn database(&self) -> String {
        let name = format!("test_{}", self.next.fetch_add(1, Ordering::Relaxed));
        let out = command(&self.run_as, &self.bin.join("createdb"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                &self.user,
                &name,
            ])
            .stdin(Stdio::null())
            .output()
            .expect("running createdb");
        assert!(
            out.status.success(),
            "createdb {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.url(&name)
    }

    /// The URL of database `name` on this cluster.
    #[must_use]
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{}@127.0.0.1:{}/{name}", self.user, self.port)
    }

    /// Runs SQL with `psql` on database `name`; its output, or why it failed.
    ///
    /// # Errors
    /// When psql cannot run or the SQL fails: psql's message.
    pub fn psql(&self, name: &str, sql: &str) -> Result<String, String> {
        let mut child = command(&self.run_as, &self.bin.join("psql"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                &self.user,
            ])
            .args(["-d", name, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("running psql: {e}"))?;
        child
            .stdin
            .take()
            .ok_or("no pipe to psql")?
            .write_all(sql.as_bytes())
            .map_err(|e| format!("writing to psql: {e}"))?;
        let out = child
            .wait_with_output()
            .map_err(|e| format!("running psql: {e}"))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }
}

/// An authority, a certificate for `localhost` it signs (in `data`, as the server reads
/// it), and another authority, made with `openssl`; only TLS connections are let in.
fn make_certificates(dir: &Path, data: &Path) -> Result<Certificates, String> {
    let openssl = |args: &[&str]| -> Result<(), String> {
        let out = Command::new("openssl")
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("running openssl (is it installed?): {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "openssl {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            ))
        }
    };
    let ec = [
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
    ];
    for name in ["ca", "other-ca"] {
        let subject = format!("/CN=ttt test {name}");
        let key = format!("{name}.key");
        let crt = format!("{name}.crt");
        let mut args = vec!["req", "-x509", "-days", "2", "-subj", &subject];
        args.extend(ec);
        args.extend(["-keyout", &key, "-out", &crt]);
        args.extend(["-addext", "basicConstraints=critical,CA:TRUE"]);
        args.extend(["-addext", "keyUsage=critical,keyCertSign,cRLSign"]);
        openssl(&args)?;
    }
    std::fs::write(
        dir.join("server.ext"),
        "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n\
         basicConstraints=CA:FALSE\n",
    )
    .map_err(|e| format!("writing server.ext: {e}"))?;
    let key = data.join("server.key");
    let crt = data.join("server.crt");
    let (key, crt) = (key.to_string_lossy(), crt.to_string_lossy());
    let mut args = vec![
        "req",
        "-subj",
        "/CN=localhost",
        "-keyout",
        &key,
        "-out",
        "server.csr",
    ];
    args.extend(ec);
    openssl(&args)?;
    openssl(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        &crt,
    ])?;
    set_private(&data.join("server.key"))?;
    std::fs::write(
        data.join("pg_hba.conf"),
        "local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n",
    )
    .map_err(|e| format!("writing pg_hba.conf: {e}"))?;
    Ok(Certificates {
        authority: dir.join("ca.crt"),
        other_authority: dir.join("other-ca.crt"),
    })
}

/// PostgreSQL refuses a key that others may read.
fn set_private(path: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| format!("restricting {}: {e}", path.display()))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The directory of the PostgreSQL server's programs.
fn find_bin() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("TTT_PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Ok(bin);
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .find(|dir| dir.join("initdb").exists())
        .ok_or_else(|| "initdb is not installed".to_string())
}

/// Who runs the server: PostgreSQL refuses root.
fn run_as() -> Result<Option<String>, String> {
    let uid = Command::new("id")
        .arg("-u")
        .output()
        .map_err(|e| format!("running id: {e}"))?;
    if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
        return Ok(None);
    }
    for user in ["postgres", "nobody"] {
        let known = Command::new("id")
            .arg(user)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if known {
            return Ok(Some(user.to_string()));
        }
    }
    Err("running as root, and there is no postgres or nobody user to run the server".into())
}

/// `program`, run as `user` when there is one (with `runuser`, which root may use freely).
fn command(user: &Option<String>, program: &Path) -> Command {
    match user {
        None => Command::new(program),
        Some(user) => {
            let mut c = Command::new("runuser");
            c.args(["-u", user, "--"]).arg(program);
            c
        }
    }
}

fn chown(dir: &Path, user: &str) -> Result<(), String> {
    let status = Command::new("chown")
        .arg(user)
        .arg(dir)
        .status()
        .map_err(|e| format!("running chown: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("chown {user} {} failed", dir.display()))
    }
}

/// A port nothing listens on now.
fn free_port() -> Result<u16, String> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("finding a free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("finding a free port: {e}"))
}
