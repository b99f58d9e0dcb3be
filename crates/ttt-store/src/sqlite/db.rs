//! The shared SQL's [`Db`] over an SQLite connection (or a transaction, which is one), and
//! the way SQLite runs the shared operations: at once, as SQLite never waits.

use std::future::Future;
use std::path::Path;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use rusqlite::{params_from_iter, Connection, ErrorCode};

use crate::sql::{Damage, Db, Param, Row};
use crate::sqlite::errors::db_error;
use crate::StoreError;

/// A connection, or a transaction on one, and the file it is on.
pub(crate) struct Sqlite<'a> {
    pub(crate) conn: &'a Connection,
    pub(crate) path: &'a Path,
}

/// A row, read out of the statement that returned it.
pub(crate) struct SqliteRow(Vec<Value>);

impl rusqlite::ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match *self {
            Param::Int(Some(n)) => ToSqlOutput::from(n),
            Param::Text(Some(text)) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Param::Int(None) | Param::Text(None) => ToSqlOutput::Owned(Value::Null),
        })
    }
}

impl Row for SqliteRow {
    fn int(&self, i: usize) -> Result<Option<i64>, Damage> {
        match self.0.get(i) {
            Some(Value::Integer(n)) => Ok(Some(*n)),
            Some(Value::Null) => Ok(None),
            other => Err(Damage::Type {
                column: i,
                found: format!("{other:?}"),
            }),
        }
    }

    fn text(&self, i: usize) -> Result<Option<String>, Damage> {
        match self.0.get(i) {
            Some(Value::Text(text)) => Ok(Some(text.clone())),
            Some(Value::Null) => Ok(None),
            other => Err(Damage::Type {
                column: i,
                found: format!("{other:?}"),
            }),
        }
    }
}

impl Sqlite<'_> {
    fn err(&self, e: rusqlite::Error) -> StoreError {
        // Primary keys and UNIQUE columns: another row has the key.
        let duplicate = matches!(
            &e,
            rusqlite::Error::SqliteFailure(f, _)
                if f.code == ErrorCode::ConstraintViolation
                    && matches!(
                        f.extended_code,
                        rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                            | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                    )
        );
        if duplicate {
            return StoreError::Conflict {
                what: "a row with the same key".into(),
            };
        }
        db_error(self.path, e)
    }

    fn query_now(&self, sql: &str, params: &[Param<'_>]) -> rusqlite::Result<Vec<SqliteRow>> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let columns = stmt.column_count();
        let mut rows = stmt.query(params_from_iter(params))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let values = (0..columns)
                .map(|i| row.get::<_, Value>(i))
                .collect::<rusqlite::Result<_>>()?;
            out.push(SqliteRow(values));
        }
        Ok(out)
    }
}

impl Db for Sqlite<'_> {
    type Row = SqliteRow;

    fn path(&self) -> &Path {
        self.path
    }

    async fn execute(&self, sql: &str, params: &[Param<'_>]) -> Result<u64, StoreError> {
        let changed = self
            .conn
            .prepare_cached(sql)
            .and_then(|mut stmt| stmt.execute(params_from_iter(params)))
            .map_err(|e| self.err(e))?;
        Ok(u64::try_from(changed).unwrap_or(u64::MAX))
    }

    async fn query(&self, sql: &str, params: &[Param<'_>]) -> Result<Vec<SqliteRow>, StoreError> {
        self.query_now(sql, params).map_err(|e| self.err(e))
    }
}

/// Runs a shared operation on SQLite to its end. It never waits: every call of
/// [`Sqlite`]'s [`Db`] is done when it returns, so the first poll finishes it.
pub(crate) fn now<T>(operation: impl Future<Output = T>) -> T {
    let mut operation = pin!(operation);
    match operation
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => value,
        Poll::Pending => unreachable!("an SQLite operation waited, which SQLite never does"),
    }
}
