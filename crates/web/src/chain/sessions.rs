//! The embedded chain's browser sessions: which account each session cookie sends from, in a table of bounded
//! size. A browser without a cookie gets a newly funded account only while the table has room; once it is full,
//! the newcomer takes over the account of the session used least recently (whose cookie then names nothing).
//! So however many cookie-less requests a script sends, at most [`CAPACITY`] accounts are ever funded and the
//! development accounts cannot be drained.

use std::collections::HashMap;

use alloy_primitives::Address;

/// How many browsers hold an account at once. Each is funded with 100 ether from the ten development accounts'
/// 100,000, so 512 of them take at most half.
pub(crate) const CAPACITY: usize = 512;

#[derive(Debug)]
pub(crate) struct Sessions {
    capacity: usize,
    /// Session token → its account and when it was last used (a counter, not a clock).
    table: HashMap<String, (Address, u64)>,
    tick: u64,
}

impl Sessions {
    pub(crate) fn new(capacity: usize) -> Sessions {
        Sessions {
            capacity: capacity.max(1),
            table: HashMap::new(),
            tick: 0,
        }
    }

    /// The account of `token`'s session, if it still has one; marks the session as just used.
    pub(crate) fn account_of(&mut self, token: &str) -> Option<Address> {
        self.tick += 1;
        let tick = self.tick;
        self.table.get_mut(token).map(|(account, used)| {
            *used = tick;
            *account
        })
    }

    /// Opens a session for `token`: a new account from `fund` while there is room, else the least recently used
    /// session's account, that session being forgotten. `fund` is called only in the first case.
    pub(crate) fn open<E>(&mut self, token: String, fund: impl FnOnce() -> Result<Address, E>) -> Result<Address, E> {
        let account = if self.table.len() < self.capacity {
            fund()?
        } else {
            let oldest = self
                .table
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(token, (account, _))| (token.clone(), *account));
            match oldest {
                Some((old_token, account)) => {
                    self.table.remove(&old_token);
                    account
                }
                None => fund()?,
            }
        };
        self.tick += 1;
        self.table.insert(token, (account, self.tick));
        Ok(account)
    }

    /// How many accounts the table holds now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn funded(n: u8) -> impl FnOnce() -> Result<Address, ()> {
        move || Ok(Address::repeat_byte(n))
    }

    #[test]
    fn a_full_table_recycles_the_least_recently_used_account_and_funds_nothing_more() {
        let mut sessions = Sessions::new(3);
        for (n, token) in ["a", "b", "c"].into_iter().enumerate() {
            let account = sessions.open(token.to_owned(), funded(n as u8 + 1));
            assert_eq!(account, Ok(Address::repeat_byte(n as u8 + 1)));
        }
        // "a" comes back, so "b" is now the least recently used.
        assert_eq!(sessions.account_of("a"), Some(Address::repeat_byte(1)));
        let recycled = sessions.open("d".to_owned(), || -> Result<Address, ()> {
            panic!("a full table funds no new account")
        });
        assert_eq!(recycled, Ok(Address::repeat_byte(2)), "d takes b's account");
        assert_eq!(sessions.account_of("b"), None, "b's cookie names nothing any more");
        assert_eq!(sessions.account_of("a"), Some(Address::repeat_byte(1)));
        assert_eq!(sessions.account_of("d"), Some(Address::repeat_byte(2)));
        assert_eq!(sessions.len(), 3);
    }

    #[test]
    fn a_funding_that_fails_opens_no_session() {
        let mut sessions = Sessions::new(2);
        assert_eq!(sessions.open("a".to_owned(), || Err("no ether")), Err("no ether"));
        assert_eq!(sessions.len(), 0);
        assert_eq!(sessions.account_of("a"), None);
    }

    #[test]
    fn the_capacity_bounds_the_funded_accounts_however_many_sessions_come() {
        let mut sessions = Sessions::new(CAPACITY);
        let mut funded_count = 0usize;
        for n in 0..CAPACITY * 3 {
            let account = sessions.open(format!("token {n}"), || -> Result<Address, ()> {
                funded_count += 1;
                Ok(Address::with_last_byte((funded_count % 256) as u8))
            });
            assert!(account.is_ok());
        }
        assert_eq!(funded_count, CAPACITY);
        assert_eq!(sessions.len(), CAPACITY);
    }
}
