//! The shared SQL's [`Db`] over a PostgreSQL connection or transaction: statements prepared
//! once per connection and reused, and values sized to the columns they go in.

use std::path::Path;

use deadpool_postgres::GenericClient;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::Statement;

use crate::postgres::errors::store_error;
use crate::sql::{Damage, Db, Param, Row};
use crate::StoreError;

/// A connection or a transaction of a store.
pub(crate) struct Pg<'a, C> {
    client: &'a C,
    /// The database as messages name it.
    shown: &'a Path,
}

impl<'a, C: GenericClient + Sync> Pg<'a, C> {
    pub(crate) fn new(client: &'a C, shown: &'a Path) -> Self {
        Pg { client, shown }
    }

    fn err(&self, e: tokio_postgres::Error) -> StoreError {
        if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
            return StoreError::Conflict {
                what: "a row with the same key".into(),
            };
        }
        store_error(self.shown, e)
    }

    /// The statement, prepared once per connection, and `params` as its types want them.
    async fn prepare<'p>(
        &self,
        sql: &str,
        params: &'p [Param<'p>],
    ) -> Result<(Statement, Vec<Box<dyn ToSql + Sync + 'p>>), StoreError> {
        let statement = self
            .client
            .prepare_cached(sql)
            .await
            .map_err(|e| self.err(e))?;
        let values = bind(params, statement.params());
        Ok((statement, values))
    }
}

/// The parameters as the statement's types want them: PostgreSQL refuses a 64-bit integer
/// for a 32-bit column.
fn bind<'a>(params: &'a [Param<'a>], types: &[Type]) -> Vec<Box<dyn ToSql + Sync + 'a>> {
    params
        .iter()
        .zip(types)
        .map(|(param, ty)| -> Box<dyn ToSql + Sync + 'a> {
            match *param {
                Param::Int(n) if *ty == Type::INT4 => {
                    Box::new(n.map(|n| i32::try_from(n).unwrap_or(i32::MAX)))
                }
                Param::Int(n) if *ty == Type::INT2 => {
                    Box::new(n.map(|n| i16::try_from(n).unwrap_or(i16::MAX)))
                }
                Param::Int(n) => Box::new(n),
                Param::Text(text) => Box::new(text),
            }
        })
        .collect()
}

impl<C: GenericClient + Sync> Db for Pg<'_, C> {
    type Row = tokio_postgres::Row;

    fn path(&self) -> &Path {
        self.shown
    }

    async fn execute(&self, sql: &str, params: &[Param<'_>]) -> Result<u64, StoreError> {
        let (statement, values) = self.prepare(sql, params).await?;
        let values: Vec<&(dyn ToSql + Sync)> = values.iter().map(AsRef::as_ref).collect();
        self.client
            .execute(&statement, &values)
            .await
            .map_err(|e| self.err(e))
    }

    async fn query(
        &self,
        sql: &str,
        params: &[Param<'_>],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let (statement, values) = self.prepare(sql, params).await?;
        let values: Vec<&(dyn ToSql + Sync)> = values.iter().map(AsRef::as_ref).collect();
        self.client
            .query(&statement, &values)
            .await
            .map_err(|e| self.err(e))
    }
}

/// Statements prepared once per connection and reused: each later use is one round trip
/// instead of two.
pub(crate) trait Cached: GenericClient + Sync {
    async fn cached_query_opt(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<tokio_postgres::Row>, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.query_opt(&statement, params).await
    }

    async fn cached_execute(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, tokio_postgres::Error> {
        let statement = self.prepare_cached(sql).await?;
        self.execute(&statement, params).await
    }
}

impl<T: GenericClient + Sync> Cached for T {}

impl Row for tokio_postgres::Row {
    fn int(&self, i: usize) -> Result<Option<i64>, Damage> {
        let ty = self.columns().get(i).map(|c| c.type_().clone());
        let n = match ty {
            Some(Type::INT2) => self.try_get::<_, Option<i16>>(i).map(|n| n.map(i64::from)),
            Some(Type::INT4) => self.try_get::<_, Option<i32>>(i).map(|n| n.map(i64::from)),
            _ => self.try_get::<_, Option<i64>>(i),
        };
        n.map_err(|e| Damage::Type {
            column: i,
            found: e.to_string(),
        })
    }

    fn text(&self, i: usize) -> Result<Option<String>, Damage> {
        self.try_get(i)
            .map_err(|e: tokio_postgres::Error| Damage::Type {
                column: i,
                found: e.to_string(),
            })
    }
}
