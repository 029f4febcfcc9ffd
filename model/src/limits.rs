//! The limits of what the api takes (the longest texts, the most items of a list), in one
//! table: the server checks each where it reads the field, and the web reads the same numbers
//! from `validation.json` (`limits`, written by `batchline contract`) for its inputs' maximum
//! lengths and its pickers, so neither side keeps a copy (`scripts/check-contract.sh` fails on
//! a literal one in `web/src`).

/// The longest code of a record (configuration codes, recipe codes): `config::check`'s pattern.
pub const CODE: usize = 32;
/// The longest name of a recipe, of its product, and of an order.
pub const NAME: usize = 80;
/// The longest description of a recipe, and the longest notes of an order.
pub const DESCRIPTION: usize = 500;
/// The longest name of a saved SPC parameter set.
pub const SPC_SET_NAME: usize = 80;
/// The longest code of an alarm in the alarm configuration.
pub const ALARM_CODE: usize = 64;
/// The longest text of an alarm, in each language.
pub const ALARM_TEXT: usize = 200;
/// The longest lot number of a bin's material.
pub const BIN_LOT: usize = 40;
/// The most batches one diagnostics compare takes.
pub const COMPARED_BATCHES: usize = 10;
/// The smallest and the largest subgroup of an X̄–R chart.
pub const SUBGROUP_MIN: usize = 2;
pub const SUBGROUP_MAX: usize = 10;

/// A shift log entry's notes, an open item's text, how many items an entry keeps, the handover
/// note, and how many days after its shift an entry may still be written (issue 34).
pub const SHIFT_LOG_NOTES: usize = 10_000;
pub const SHIFT_LOG_ITEM: usize = 500;
pub const SHIFT_LOG_ITEMS: usize = 100;
pub const SHIFT_LOG_HANDOVER_NOTE: usize = 1_000;
pub const SHIFT_LOG_LATE_DAYS: usize = 31;

/// Every limit by the name the web reads it under.
pub const TABLE: &[(&str, usize)] = &[
    ("code", CODE),
    ("name", NAME),
    ("description", DESCRIPTION),
    ("spcSetName", SPC_SET_NAME),
    ("alarmCode", ALARM_CODE),
    ("alarmText", ALARM_TEXT),
    ("binLot", BIN_LOT),
    ("comparedBatches", COMPARED_BATCHES),
    ("subgroupMin", SUBGROUP_MIN),
    ("subgroupMax", SUBGROUP_MAX),
    ("shiftLogNotes", SHIFT_LOG_NOTES),
    ("shiftLogItem", SHIFT_LOG_ITEM),
    ("shiftLogItems", SHIFT_LOG_ITEMS),
    ("shiftLogHandoverNote", SHIFT_LOG_HANDOVER_NOTE),
    ("shiftLogLateDays", SHIFT_LOG_LATE_DAYS),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_has_one_name() {
        let mut names: Vec<&str> = TABLE.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TABLE.len());
        assert!(TABLE.iter().all(|(_, v)| *v > 0));
    }
}
