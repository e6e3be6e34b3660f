//! Block times in words.

/// A unix time as people read it, in UTC (`2026-12-02 15:40:12 UTC`), with the raw seconds a script or
/// `cast` would show: block times are UTC, and the reader's zone is not the chain's business.
pub(crate) fn utc_time(unix_seconds: u64) -> String {
    let days = unix_seconds / 86_400;
    let seconds_of_day = unix_seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        seconds_of_day / 3600,
        seconds_of_day / 60 % 60,
        seconds_of_day % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's days-to-civil arithmetic, for
/// non-negative days: eras of 400 years, years starting in March so that the leap day comes last).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::utc_time;

    #[test]
    fn unix_times_read_as_utc_dates() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00 UTC");
        // Cross-checked with `date -u -d @SECONDS`: a leap day, the turn of a century that is a leap year, and
        // the largest deadline the contract can store (40 bits).
        assert_eq!(utc_time(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_time(1_796_225_412), "2026-12-02 15:30:12 UTC");
        assert_eq!(utc_time((1 << 40) - 1), "36812-02-20 00:36:15 UTC");
    }
}
