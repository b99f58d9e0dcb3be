//! Named boards, so nobody has to remember that gomoku is 15 x 15 with five in a row. Every
//! front end (the console, the web page, the desktop window) offers these, from this one
//! list.

use std::fmt;
use std::str::FromStr;

use crate::Dims;

/// A board with a name.
///
/// ```
/// use ttt_core::Preset;
/// let gomoku: Preset = "gomoku".parse().unwrap();
/// let dims = gomoku.dims();
/// assert_eq!((dims.rows(), dims.cols(), dims.k()), (15, 15, 5));
/// assert_eq!(Preset::ALL[0].name(), "classic");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Preset {
    /// 3 x 3, three in a row: the classic game.
    Classic,
    /// 4 x 4, four in a row.
    FourByFour,
    /// 5 x 5, four in a row.
    FiveByFive,
    /// 6 rows by 7 columns, three in a row.
    SixBySeven,
    /// 15 x 15, five in a row.
    Gomoku,
}

impl Preset {
    /// Every preset, smallest board first.
    ///
    /// ```
    /// # use ttt_core::Preset;
    /// let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    /// assert_eq!(names, ["classic", "four-by-four", "five-by-five", "six-by-seven", "gomoku"]);
    /// ```
    pub const ALL: [Preset; 5] = [
        Preset::Classic,
        Preset::FourByFour,
        Preset::FiveByFive,
        Preset::SixBySeven,
        Preset::Gomoku,
    ];

    /// The preset's name, as typed: `classic`, `four-by-four`, `five-by-five`,
    /// `six-by-seven`, `gomoku`.
    ///
    /// ```
    /// # use ttt_core::Preset;
    /// assert_eq!(Preset::SixBySeven.name(), "six-by-seven");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::FourByFour => "four-by-four",
            Preset::FiveByFive => "five-by-five",
            Preset::SixBySeven => "six-by-seven",
            Preset::Gomoku => "gomoku",
        }
    }

    /// What people call the game on this board, where that says more than its size.
    ///
    /// ```
    /// # use ttt_core::Preset;
    /// assert_eq!(Preset::Gomoku.title(), Some("Gomoku"));
    /// assert_eq!(Preset::FourByFour.title(), None);
    /// ```
    #[must_use]
    pub fn title(self) -> Option<&'static str> {
        match self {
            Preset::Classic => Some("Classic"),
            Preset::Gomoku => Some("Gomoku"),
            Preset::FourByFour | Preset::FiveByFive | Preset::SixBySeven => None,
        }
    }

    /// What the board is, in words for people.
    ///
    /// ```
    /// # use ttt_core::Preset;
    /// assert_eq!(Preset::FiveByFive.description(), "5 x 5, four in a row");
    /// ```
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Preset::Classic => "3 x 3, three in a row: the classic game",
            Preset::FourByFour => "4 x 4, four in a row",
            Preset::FiveByFive => "5 x 5, four in a row",
            Preset::SixBySeven => "6 rows by 7 columns, three in a row",
            Preset::Gomoku => "15 x 15, five in a row",
        }
    }

    /// The board's rows, columns and K.
    ///
    /// ```
    /// # use ttt_core::{Dims, Position, Preset};
    /// let pos = Position::new(Preset::Classic.dims());
    /// assert_eq!(pos.text(), "___\n___\n___\n");
    /// ```
    #[must_use]
    pub fn dims(self) -> Dims {
        let (rows, cols, k) = match self {
            Preset::Classic => (3, 3, 3),
            Preset::FourByFour => (4, 4, 4),
            Preset::FiveByFive => (5, 5, 4),
            Preset::SixBySeven => (6, 7, 3),
            Preset::Gomoku => (15, 15, 5),
        };
        match Dims::new(rows, cols, k) {
            Ok(dims) => dims,
            // Every preset is a valid board: the tests below try them all.
            Err(_) => unreachable!("preset {} is not a valid board", self.name()),
        }
    }

    /// The preset of exactly these dimensions, if there is one.
    ///
    /// ```
    /// # use ttt_core::{Dims, Preset};
    /// assert_eq!(Preset::of(Dims::new(3, 3, 3).unwrap()), Some(Preset::Classic));
    /// assert_eq!(Preset::of(Dims::new(3, 3, 2).unwrap()), None);
    /// ```
    #[must_use]
    pub fn of(dims: Dims) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.dims() == dims)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no preset's. Its `Display` lists the names there are.
///
/// ```
/// use ttt_core::Preset;
/// let err = "tiny".parse::<Preset>().unwrap_err();
/// assert_eq!(err.given(), "tiny");
/// assert_eq!(
///     err.to_string(),
///     "there is no preset \"tiny\": choose one of classic, four-by-four, five-by-five, six-by-seven, gomoku"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetError {
    given: String,
}

impl PresetError {
    /// The name asked for, as it was given.
    ///
    /// ```
    /// # use ttt_core::Preset;
    /// assert_eq!(" Huge ".parse::<Preset>().unwrap_err().given(), " Huge ");
    /// ```
    #[must_use]
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        write!(
            f,
            "there is no preset {:?}: choose one of {}",
            self.given,
            names.join(", ")
        )
    }
}

impl std::error::Error for PresetError {}

impl FromStr for Preset {
    type Err = PresetError;

    /// A preset's name, in any case.
    fn from_str(s: &str) -> Result<Preset, PresetError> {
        let wanted = s.trim();
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| PresetError {
                given: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_a_valid_board_found_by_its_name() {
        for preset in Preset::ALL {
            let dims = preset.dims();
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
            assert_eq!(Preset::of(dims), Some(preset));
        }
        let six: Preset = "Six-By-Seven".parse().unwrap();
        assert_eq!(
            (six.dims().rows(), six.dims().cols(), six.dims().k()),
            (6, 7, 3)
        );
        assert!("seven-by-six"
            .parse::<Preset>()
            .unwrap_err()
            .to_string()
            .contains("classic, four-by-four"));
    }
}
