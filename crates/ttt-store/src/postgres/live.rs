//! Games in progress on PostgreSQL: the shared row, and the moves in arrays, so that a game
//! is read in one round trip and its moves written in two statements whatever their number.
//! Every save tells the other servers by `NOTIFY` at its commit.

use std::sync::LazyLock;

use deadpool_postgres::Transaction;
use tokio_postgres::types::ToSql;
use ttt_core::Cell;

use crate::postgres::db::{Cached, Pg};
use crate::postgres::notifications::CHANNEL;
use crate::postgres::open::PgStore;
use crate::sql::{self, Db};
use crate::{unix_now, LiveGame, StoreError};

/// A game's moves after its columns: the rows of its cells, then their columns.
const MOVES: &str = "ARRAY(SELECT cell_row FROM live_moves WHERE game = g.id ORDER BY ply),
                     ARRAY(SELECT cell_col FROM live_moves WHERE game = g.id ORDER BY ply)";

/// The game with the id `$1`, and its moves.
pub(super) static BY_ID: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {}, {MOVES} FROM live_games g WHERE id = $1",
        *sql::live::COLUMNS
    )
});

/// The game whose invitation has the code `$1`, and its moves.
pub(super) static BY_INVITE: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {}, {MOVES} FROM live_games g WHERE invite = $1",
        *sql::live::COLUMNS
    )
});

/// Makes the stored moves of `game` these: the ones that differ or come after go, the
/// missing ones are added (two statements, whatever the number of moves), and the other
/// servers are told; in the caller's transaction.
async fn sync_moves(
    tx: &Transaction<'_>,
    game: &str,
    moves: &[Cell],
) -> Result<(), tokio_postgres::Error> {
    let rows: Vec<i32> = moves.iter().map(|c| coordinate(c.row)).collect();
    let cols: Vec<i32> = moves.iter().map(|c| coordinate(c.col)).collect();
    tx.cached_execute(
        "DELETE FROM live_moves
         WHERE game = $1 AND (ply >= $2 OR cell_row <> ($3::int4[])[ply + 1]
                                        OR cell_col <> ($4::int4[])[ply + 1])",
        &[
            &game,
            &i32::try_from(moves.len()).unwrap_or(i32::MAX),
            &rows,
            &cols,
        ],
    )
    .await?;
    // The two are sent together (one round trip): their order does not matter, as the
    // notice goes out at the commit.
    let insert: [&(dyn ToSql + Sync); 3] = [&game, &rows, &cols];
    let notify: [&(dyn ToSql + Sync); 2] = [&CHANNEL, &game];
    tokio::try_join!(
        tx.cached_execute(
            "INSERT INTO live_moves (game, ply, cell_row, cell_col)
             SELECT $1, m.ply - 1, m.r, m.c
             FROM unnest($2::int4[], $3::int4[]) WITH ORDINALITY AS m (r, c, ply)
             ON CONFLICT (game, ply) DO NOTHING",
            &insert,
        ),
        tx.cached_execute("SELECT pg_notify($1, $2)", &notify),
    )?;
    Ok(())
}

/// Moves as the database returns them: two arrays, rows and columns, in the order played.
fn moves_of(rows: &[i32], cols: &[i32]) -> Vec<Cell> {
    let c = |v: i32| u8::try_from(v).unwrap_or(u8::MAX);
    rows.iter()
        .zip(cols)
        .map(|(&r, &col)| Cell::new(c(r), c(col)))
        .collect()
}

/// A cell's coordinate as the database keeps it.
fn coordinate(v: u8) -> i32 {
    i32::from(v)
}

impl PgStore {
    /// The game `by` (`BY_ID` or `BY_INVITE`) finds for `value`.
    pub(super) async fn find_live(
        &self,
        by: &str,
        value: &str,
    ) -> Result<Option<LiveGame>, StoreError> {
        let client = self.client().await?;
        let row = client
            .cached_query_opt(by, &[&value])
            .await
            .map_err(|e| self.err(e))?;
        let Some(row) = row else {
            return Ok(None);
        };
        let arrays = (
            row.try_get::<_, Vec<i32>>(sql::live::COLUMN_COUNT),
            row.try_get::<_, Vec<i32>>(sql::live::COLUMN_COUNT + 1),
        );
        let (rows, cols) = match arrays {
            (Ok(rows), Ok(cols)) => (rows, cols),
            (Err(e), _) | (_, Err(e)) => return Err(self.err(e)),
        };
        sql::live::game(&Pg::new(&client, &self.shown), &row, moves_of(&rows, &cols)).map(Some)
    }

    /// Stores a new game and its moves.
    pub(super) async fn create_live(&self, game: &LiveGame) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(|e| self.err(e))?;
        sql::live::insert(&Pg::new(&tx, &self.shown), game).await?;
        sync_moves(&tx, &game.id, &game.moves)
            .await
            .map_err(|e| self.err(e))?;
        tx.commit().await.map_err(|e| self.err(e))
    }

    /// Saves `game` over the stored one at its version, and records it if it has just ended.
    pub(super) async fn save_live(
        &self,
        game: &LiveGame,
        record: Option<&crate::NewGame>,
    ) -> Result<LiveGame, StoreError> {
        let mut saved = game.clone();
        saved.version += 1;
        saved.updated_at = unix_now();
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(|e| self.err(e))?;
        let db = Pg::new(&tx, &self.shown);
        // Only a save over the version read goes on; the row stays locked until the commit,
        // so the record below is made by the one save that wins.
        if !sql::live::update(&db, &saved, game.version).await? {
            // Dropping the transaction rolls it back.
            return Err(StoreError::Conflict {
                what: format!("game {}", game.id),
            });
        }
        if let (None, Some(record)) = (saved.record_id, record) {
            let id = sql::games::insert(&db, record).await?;
            db.execute(
                "UPDATE live_games SET record_id = $1 WHERE id = $2",
                sql::params![id, &game.id],
            )
            .await?;
            saved.record_id = Some(id);
        }
        sync_moves(&tx, &game.id, &game.moves)
            .await
            .map_err(|e| self.err(e))?;
        tx.commit().await.map_err(|e| self.err(e))?;
        Ok(saved)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::contract::friendly;
    use crate::{Participant, Store};

    /// Two servers save the same game from the same version at once: one save wins, the
    /// other is told of the conflict, and the finished game is recorded once.
    #[test]
    fn racing_saves_make_one_game_and_one_record() {
        let Some(cluster) = ttt_testdb::cluster() else {
            return;
        };
        let url = cluster.database();
        let a = Arc::new(PgStore::open(&url).unwrap());
        let b = Arc::new(PgStore::open(&url).unwrap());
        for round in 0..20 {
            let id = format!("race{round}");
            let mut start = friendly(&id);
            start.seats.o.player = Some(Participant::human("Eve"));
            start.invite = None;
            a.create_live_game(&start).unwrap();
            start.moves = vec![
                Cell::new(0, 0),
                Cell::new(1, 0),
                Cell::new(0, 1),
                Cell::new(1, 1),
            ];
            let four = a.save_live_game(&start).unwrap();
            // X wins with (0, 2) in one save, and plays elsewhere in the other.
            let barrier = Arc::new(std::sync::Barrier::new(2));
            let saves: Vec<_> = [
                (Arc::clone(&a), Cell::new(0, 2)),
                (Arc::clone(&b), Cell::new(2, 2)),
            ]
            .into_iter()
            .map(|(store, cell)| {
                let mut mine = four.clone();
                mine.moves.push(cell);
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    store.save_live_game(&mine)
                })
            })
            .collect();
            let results: Vec<_> = saves.into_iter().map(|h| h.join().unwrap()).collect();
            let won: Vec<&LiveGame> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
            assert_eq!(won.len(), 1, "round {round}: {results:?}");
            assert!(results
                .iter()
                .any(|r| matches!(r, Err(StoreError::Conflict { .. }))));
            let stored = b.live_game(&id).unwrap().unwrap();
            assert_eq!(stored.moves, won[0].moves);
            assert_eq!(stored.version, four.version + 1);
        }
        let ann = a
            .player("Ann")
            .unwrap()
            .map_or(0, |p| p.wins + p.losses + p.ties);
        let recorded = a.recent_games(None, usize::MAX).unwrap().len() as u64;
        assert_eq!(ann, recorded, "every record counted once");
    }
}
