//! Named boards for `ttt play --preset`, so nobody has to remember that gomoku is 15 x 15
//! with five in a row.

use clap::ValueEnum;
use ttt_core::Dims;

/// A board with a name. The doc comments are what `ttt play --help` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
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
    /// The board's rows, columns and K.
    pub fn dims(self) -> Dims {
        let (rows, cols, k) = match self {
            Preset::Classic => (3, 3, 3),
            Preset::FourByFour => (4, 4, 4),
            Preset::FiveByFive => (5, 5, 4),
            Preset::SixBySeven => (6, 7, 3),
            Preset::Gomoku => (15, 15, 5),
        };
        Dims::new(rows, cols, k).expect("every preset is a valid board")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_a_valid_board_with_a_kebab_case_name() {
        for preset in Preset::value_variants() {
            let _ = preset.dims();
        }
        let six = Preset::from_str("six-by-seven", false).unwrap();
        assert_eq!(
            (six.dims().rows(), six.dims().cols(), six.dims().k()),
            (6, 7, 3)
        );
        assert_eq!(
            Preset::from_str("five-by-five", false).unwrap().dims().k(),
            4
        );
    }
}
