//! Ratings: a rated game moves both sides' ratings on its board in the transaction that
//! records it, and the ratings read back (a subject's, a board's ranking, the history).

use ttt_rating::{after_game, Rating, Score};

use crate::rating::{as_of, from_micro, subject, to_micro, RATING_SETTINGS};
use crate::sql::{params, unsigned, Damage, Db, Row};
use crate::{
    rating_board, BoardRating, GameResult, NewGame, Participant, RatedEntry, RatingPoint,
    StoreError,
};

/// A subject's row on a board, made at a new player's rating if there is none.
const ENSURE: &str = "INSERT INTO ratings (subject, board, rating, rd, volatility, games, rated_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT DO NOTHING";

/// Takes the row's lock (PostgreSQL; SQLite's write transaction holds the whole file) before
/// it is read, so that two games finishing at once for one player both count.
const LOCK: &str = "UPDATE ratings SET games = games WHERE subject = $1 AND board = $2";

const READ: &str = "SELECT rating, rd, volatility, games, rated_at FROM ratings
     WHERE subject = $1 AND board = $2";

const WRITE: &str = "UPDATE ratings SET rating = $1, rd = $2, volatility = $3, games = games + 1,
     rated_at = $4 WHERE subject = $5 AND board = $6";

const HISTORY: &str = "INSERT INTO rating_history (subject, board, game_id, rating, rd, at)
     VALUES ($1, $2, $3, $4, $5, $6)";

const OF_SUBJECT: &str = "SELECT board, rating, rd, volatility, games, rated_at FROM ratings
     WHERE subject = $1 AND games > 0 ORDER BY board";

const HISTORY_OF: &str = "SELECT board, game_id, rating, rd, at FROM rating_history
     WHERE subject = $1 ORDER BY game_id DESC LIMIT $2";

const ON_BOARD: &str = "SELECT r.subject, p.name, r.rating, r.rd, r.volatility, r.games, r.rated_at
     FROM ratings r LEFT JOIN players p ON p.name_key = r.subject
     WHERE r.board = $1 AND r.games > 0";

/// A kept rating from columns `i..i + 3` (rating, rd, volatility).
fn kept(row: &impl Row, i: usize) -> Result<Rating, Damage> {
    Ok(Rating::with(
        from_micro(row.need_int(i)?),
        from_micro(row.need_int(i + 1)?),
        from_micro(row.need_int(i + 2)?),
        &RATING_SETTINGS,
    ))
}

/// Moves both sides' ratings for game `id` (`game` as recorded), if it is rated on a rated
/// board between two different subjects; at `now`.
pub(crate) async fn apply(
    db: &impl Db,
    game: &NewGame,
    id: i64,
    now: i64,
) -> Result<(), StoreError> {
    let Some(board) = game
        .rated
        .then(|| rating_board(game.rows, game.cols, game.k, game.rule))
        .flatten()
    else {
        return Ok(());
    };
    let subjects = [subject(&game.x), subject(&game.o)];
    if subjects[0] == subjects[1] {
        return Ok(());
    }
    let new = Rating::new_player(&RATING_SETTINGS);
    let mut ordered = subjects.clone();
    ordered.sort();
    for s in &ordered {
        db.execute(
            ENSURE,
            params![
                s.as_str(),
                &board,
                to_micro(new.rating),
                to_micro(new.rd),
                to_micro(new.volatility),
                now
            ],
        )
        .await?;
        db.execute(LOCK, params![s.as_str(), &board]).await?;
    }
    let mut before = Vec::new();
    for s in &subjects {
        let row = db.query_opt(READ, params![s.as_str(), &board]).await?;
        let rating = row
            .ok_or(Damage::Null(0))
            .and_then(|row| Ok(as_of(kept(&row, 0)?, row.need_int(4)?, now)))
            .map_err(|d| db.damaged(&format!("the rating of {s}"), d))?;
        before.push(rating);
    }
    let score = match game.result {
        GameResult::XWins => Score::Win,
        GameResult::OWins => Score::Loss,
        GameResult::Draw => Score::Draw,
    };
    let (x, o) = after_game(&before[0], &before[1], score, &RATING_SETTINGS);
    for (s, r) in subjects.iter().zip([x, o]) {
        db.execute(
            WRITE,
            params![
                to_micro(r.rating),
                to_micro(r.rd),
                to_micro(r.volatility),
                now,
                s.as_str(),
                &board
            ],
        )
        .await?;
        db.execute(
            HISTORY,
            params![
                s.as_str(),
                &board,
                id,
                to_micro(r.rating),
                to_micro(r.rd),
                now
            ],
        )
        .await?;
    }
    Ok(())
}

/// `who`'s ratings on every board they have played rated games on, as of `now`.
pub(crate) async fn of(
    db: &impl Db,
    who: &Participant,
    now: i64,
) -> Result<Vec<BoardRating>, StoreError> {
    let rows = db.query(OF_SUBJECT, params![&subject(who)]).await?;
    rows.iter()
        .map(|row| {
            Ok(BoardRating::read(
                row.need_text(0)?,
                kept(row, 1)?,
                unsigned(row.need_int(4)?)?,
                row.need_int(5)?,
                now,
            ))
        })
        .collect::<Result<_, Damage>>()
        .map_err(|d| db.damaged("the ratings", d))
}

/// `who`'s last `limit` rating changes, oldest first.
pub(crate) async fn history(
    db: &impl Db,
    who: &Participant,
    limit: usize,
) -> Result<Vec<RatingPoint>, StoreError> {
    let rows = db.query(HISTORY_OF, params![&subject(who), limit]).await?;
    let mut points = rows
        .iter()
        .map(|row| {
            Ok(RatingPoint {
                board: row.need_text(0)?,
                game_id: row.need_int(1)?,
                rating: from_micro(row.need_int(2)?).round(),
                rd: from_micro(row.need_int(3)?).round(),
                at: row.need_int(4)?,
            })
        })
        .collect::<Result<Vec<_>, Damage>>()
        .map_err(|d| db.damaged("the rating history", d))?;
    points.reverse();
    Ok(points)
}

/// Everyone rated on `board`, best first, provisional ratings after the others, as of `now`.
pub(crate) async fn ranking(
    db: &impl Db,
    board: &str,
    now: i64,
) -> Result<Vec<RatedEntry>, StoreError> {
    let rows = db.query(ON_BOARD, params![board]).await?;
    let mut entries = rows
        .iter()
        .map(|row| {
            let subject = row.need_text(0)?;
            let who = if let Some(level) = subject.strip_prefix("computer:") {
                Participant::computer(level)
            } else if let Some(name) = subject.strip_prefix("engine:") {
                Participant::engine(name)
            } else {
                Participant::human(row.text(1)?.unwrap_or(subject))
            };
            let rating = BoardRating::read(
                board.to_string(),
                kept(row, 2)?,
                unsigned(row.need_int(5)?)?,
                row.need_int(6)?,
                now,
            );
            Ok(RatedEntry { who, rating })
        })
        .collect::<Result<Vec<_>, Damage>>()
        .map_err(|d| db.damaged("the ratings", d))?;
    entries.sort_by(|a, b| {
        (a.rating.provisional, -a.rating.rating, a.who.to_string())
            .partial_cmp(&(b.rating.provisional, -b.rating.rating, b.who.to_string()))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(entries)
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every statement of this module, for the check of their placeholders.
    pub(crate) fn statements() -> Vec<String> {
        use super::*;
        [
            ENSURE, LOCK, READ, WRITE, HISTORY, OF_SUBJECT, HISTORY_OF, ON_BOARD,
        ]
        .map(str::to_string)
        .to_vec()
    }
}
