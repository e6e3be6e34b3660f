//! A reference model of the PvP rules, written from `specs/tictactoe.md` and the requirements listed on
//! `ITicTacToe` (not from `TicTacToe.sol`): the state-machine test (`tests/tests/pvp_machine.rs`) sends every
//! action to the contract and to this model, and compares outcome, error, events, games and balances.
//!
//! The model keeps everything the rules talk about, to the wei: each game, what each account may withdraw,
//! the ether the contract holds and each account's wallet. Gas is priced at zero in the in-process chain, so a
//! wallet moves only by the values sent and received.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::ITicTacToe::{
    self, EndReason, ITicTacToeErrors as Error, ITicTacToeEvents as Event, Status,
};

/// The shortest time limit per move: one minute.
pub const MIN_MOVE_TIMEOUT: u32 = 60;

/// The largest stake a game records: `2^96 - 1` wei.
pub const MAX_STAKE: U256 = U256::from_limbs([u64::MAX, (1 << 32) - 1, 0, 0]);

/// The eight winning lines as 9-bit masks (cell `i` = bit `i`).
const LINES: [u16; 8] = [0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054];

/// All nine cells.
const FULL: u16 = 0x1FF;

/// One game as the rules describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// X, who created the game and moves first.
    pub creator: Address,
    /// O, zero until someone joins.
    pub joiner: Address,
    /// Wei each player puts in.
    pub stake: U256,
    /// Seconds per move, as the creator chose.
    pub move_timeout: u32,
    /// The last second in which the player to move may move; zero until someone joins.
    pub deadline: u64,
    /// X's cells.
    pub x: u16,
    /// O's cells.
    pub o: u16,
    /// Where the game stands.
    pub status: Status,
}

impl Game {
    /// Whether O is to move: X has made one move more.
    pub fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }

    /// The player to move.
    pub fn mover(&self) -> Address {
        if self.o_to_move() {
            self.joiner
        } else {
            self.creator
        }
    }

    /// The player waiting for the other.
    pub fn waiting(&self) -> Address {
        if self.o_to_move() {
            self.creator
        } else {
            self.joiner
        }
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> impl Iterator<Item = u8> + '_ {
        (0..9u8).filter(|&cell| (self.x | self.o) & (1 << cell) == 0)
    }

    /// The ether this game holds: the stakes put in and not yet credited to anyone.
    pub fn held(&self) -> U256 {
        match self.status {
            Status::Open => self.stake,
            Status::Active => self.stake * U256::from(2),
            _ => U256::ZERO,
        }
    }
}

/// What a successful call did: its return value (the game id of a creation) and the events it emitted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// The id a creation returns.
    pub game_id: Option<U256>,
    /// The events, in order.
    pub events: Vec<Event>,
}

/// The outcome of a call: done, or rejected with this custom error and nothing changed.
pub type Outcome = Result<Done, Error>;

/// The whole world of the PvP contract: games, balances owed, ether held, wallets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// Block time, seconds.
    pub now: u64,
    /// Game `i + 1` at index `i`.
    pub games: Vec<Game>,
    /// What each account may withdraw (absent = zero).
    pub pending: BTreeMap<Address, U256>,
    /// Each tracked account's ether.
    pub wallets: BTreeMap<Address, U256>,
    /// Accounts that cannot take ether (their code reverts or runs out of gas): withdrawing to them fails.
    pub refusing: BTreeSet<Address>,
    /// The ether the contract holds.
    pub held: U256,
}

impl Model {
    /// No games yet; `wallets` are the tracked accounts and their ether, `refusing` those that cannot take it.
    pub fn new(now: u64, wallets: BTreeMap<Address, U256>, refusing: BTreeSet<Address>) -> Model {
        Model {
            now,
            games: Vec::new(),
            pending: BTreeMap::new(),
            wallets,
            refusing,
            held: U256::ZERO,
        }
    }

    /// What `account` may withdraw.
    pub fn pending(&self, account: Address) -> U256 {
        self.pending.get(&account).copied().unwrap_or_default()
    }

    /// Every wei the contract owes: the stakes of games not yet over, and every balance not yet withdrawn.
    pub fn owed(&self) -> U256 {
        self.games.iter().map(Game::held).sum::<U256>() + self.pending.values().sum::<U256>()
    }

    /// Game `id`, if it exists.
    pub fn game(&self, id: U256) -> Option<&Game> {
        let index: usize = id.checked_sub(U256::from(1))?.try_into().ok()?;
        self.games.get(index)
    }

    /// The id the next creation gets.
    pub fn next_game_id(&self) -> U256 {
        U256::from(self.games.len() + 1)
    }

    /// Time passes.
    pub fn advance(&mut self, seconds: u64) {
        self.now = self.now.saturating_add(seconds);
    }

    /// `sender` opens a game staking `value`, paid from `payer`'s wallet (the sender's own for an account,
    /// the caller's for a contract that forwards the ether).
    pub fn create(
        &mut self,
        sender: Address,
        payer: Address,
        value: U256,
        timeout: u32,
    ) -> Outcome {
        if timeout < MIN_MOVE_TIMEOUT {
            return Err(Error::TimeoutTooShort(ITicTacToe::TimeoutTooShort {
                moveTimeout: timeout,
                minimum: MIN_MOVE_TIMEOUT,
            }));
        }
        if value > MAX_STAKE {
            return Err(Error::StakeTooLarge(ITicTacToe::StakeTooLarge {
                stake: value,
                maximum: MAX_STAKE,
            }));
        }
        self.receive(payer, value);
        let id = self.next_game_id();
        self.games.push(Game {
            creator: sender,
            joiner: Address::ZERO,
            stake: value,
            move_timeout: timeout,
            deadline: 0,
            x: 0,
            o: 0,
            status: Status::Open,
        });
        Ok(Done {
            game_id: Some(id),
            events: vec![Event::GameCreated(ITicTacToe::GameCreated {
                gameId: id,
                creator: sender,
                stake: value,
                moveTimeout: timeout,
            })],
        })
    }

    /// `sender` joins game `id` as O with `value`, paid from `payer`'s wallet.
    pub fn join(&mut self, sender: Address, payer: Address, id: U256, value: U256) -> Outcome {
        let game = self.existing(id)?;
        match game.status {
            Status::Open => {}
            Status::Cancelled => return Err(not_open(id, game.status)),
            _ => {
                return Err(Error::AlreadyJoined(ITicTacToe::AlreadyJoined {
                    gameId: id,
                    joiner: game.joiner,
                }));
            }
        }
        if sender == game.creator {
            return Err(Error::CreatorCannotJoin(ITicTacToe::CreatorCannotJoin {
                gameId: id,
            }));
        }
        if value != game.stake {
            return Err(Error::WrongStake(ITicTacToe::WrongStake {
                gameId: id,
                expected: game.stake,
                sent: value,
            }));
        }
        self.receive(payer, value);
        let now = self.now;
        let game = self.game_mut(id);
        game.joiner = sender;
        game.status = Status::Active;
        game.deadline = now + u64::from(game.move_timeout);
        Ok(events(vec![Event::GameJoined(ITicTacToe::GameJoined {
            gameId: id,
            joiner: sender,
        })]))
    }

    /// `sender` takes `cell` in game `id`.
    pub fn play(&mut self, sender: Address, id: U256, cell: u8) -> Outcome {
        let game = self.active(id)?;
        if sender != game.mover() {
            return Err(if sender == game.waiting() {
                Error::NotYourTurn(ITicTacToe::NotYourTurn {
                    gameId: id,
                    caller: sender,
                })
            } else {
                not_a_player(id, sender)
            });
        }
        if self.now > game.deadline {
            return Err(Error::MoveTooLate(ITicTacToe::MoveTooLate {
                gameId: id,
                deadline: game.deadline,
            }));
        }
        if cell > 8 {
            return Err(Error::CellOutOfRange(ITicTacToe::CellOutOfRange { cell }));
        }
        if (game.x | game.o) & (1 << cell) != 0 {
            return Err(Error::CellTaken(ITicTacToe::CellTaken { gameId: id, cell }));
        }
        let now = self.now;
        let game = self.game_mut(id);
        let o_moves = game.o_to_move();
        let board = if o_moves { &mut game.o } else { &mut game.x };
        *board |= 1 << cell;
        // A line is complete when none of its cells is missing from the mover's board.
        let line = LINES.iter().any(|&line| line & !*board == 0);
        let full = game.x | game.o == FULL;
        let mut done = events(vec![Event::Moved(ITicTacToe::Moved { gameId: id, cell })]);
        if line {
            let winner = if o_moves { Status::OWon } else { Status::XWon };
            done.events.push(self.finish(id, winner, EndReason::Line));
        } else if full {
            done.events
                .push(self.finish(id, Status::Draw, EndReason::FullBoard));
        } else {
            game.deadline = now + u64::from(game.move_timeout);
        }
        Ok(done)
    }

    /// `sender` claims game `id` because the opponent's deadline has passed.
    pub fn claim_timeout(&mut self, sender: Address, id: U256) -> Outcome {
        let game = self.active(id)?;
        if sender != game.waiting() {
            return Err(if sender == game.mover() {
                Error::CannotClaimOwnTimeout(ITicTacToe::CannotClaimOwnTimeout {
                    gameId: id,
                    caller: sender,
                })
            } else {
                not_a_player(id, sender)
            });
        }
        if self.now <= game.deadline {
            return Err(Error::DeadlineNotPassed(ITicTacToe::DeadlineNotPassed {
                gameId: id,
                deadline: game.deadline,
            }));
        }
        let winner = if game.o_to_move() {
            Status::XWon
        } else {
            Status::OWon
        };
        Ok(events(vec![self.finish(id, winner, EndReason::Timeout)]))
    }

    /// `sender` gives game `id` up; the opponent wins.
    pub fn resign(&mut self, sender: Address, id: U256) -> Outcome {
        let game = self.active(id)?;
        let winner = if sender == game.creator {
            Status::OWon
        } else if sender == game.joiner {
            Status::XWon
        } else {
            return Err(not_a_player(id, sender));
        };
        Ok(events(vec![self.finish(
            id,
            winner,
            EndReason::Resignation,
        )]))
    }

    /// `sender` cancels unjoined game `id`: the stake goes back to the creator.
    pub fn cancel(&mut self, sender: Address, id: U256) -> Outcome {
        let game = self.existing(id)?;
        if sender != game.creator {
            return Err(Error::NotCreator(ITicTacToe::NotCreator {
                gameId: id,
                caller: sender,
            }));
        }
        if game.status != Status::Open {
            return Err(not_open(id, game.status));
        }
        let (creator, stake) = (game.creator, game.stake);
        self.game_mut(id).status = Status::Cancelled;
        self.credit(creator, stake);
        Ok(events(vec![Event::GameCancelled(
            ITicTacToe::GameCancelled { gameId: id },
        )]))
    }

    /// `sender` takes its whole balance; an account that cannot take ether gets nothing and keeps its balance.
    pub fn withdraw(&mut self, sender: Address) -> Outcome {
        let amount = self.pending(sender);
        if amount.is_zero() {
            return Err(Error::NothingToWithdraw(ITicTacToe::NothingToWithdraw {
                account: sender,
            }));
        }
        if self.refusing.contains(&sender) {
            return Err(Error::TransferFailed(ITicTacToe::TransferFailed {
                account: sender,
                amount,
            }));
        }
        self.pending.remove(&sender);
        self.held -= amount;
        *self.wallets.entry(sender).or_default() += amount;
        Ok(events(vec![Event::Withdrawn(ITicTacToe::Withdrawn {
            account: sender,
            amount,
        })]))
    }

    /// Ends active game `id` with `status` and credits the stakes: both to the winner, or each back on a draw.
    fn finish(&mut self, id: U256, status: Status, reason: EndReason) -> Event {
        let game = self.game_mut(id);
        game.status = status;
        let (creator, joiner, stake) = (game.creator, game.joiner, game.stake);
        match status {
            Status::XWon => self.credit(creator, stake * U256::from(2)),
            Status::OWon => self.credit(joiner, stake * U256::from(2)),
            _ => {
                self.credit(creator, stake);
                self.credit(joiner, stake);
            }
        }
        Event::GameEnded(ITicTacToe::GameEnded {
            gameId: id,
            status,
            reason,
        })
    }

    fn credit(&mut self, account: Address, amount: U256) {
        if !amount.is_zero() {
            *self.pending.entry(account).or_default() += amount;
        }
    }

    /// The contract receives `value` from `payer`'s wallet.
    fn receive(&mut self, payer: Address, value: U256) {
        let wallet = self.wallets.entry(payer).or_default();
        *wallet = wallet
            .checked_sub(value)
            .unwrap_or_else(|| panic!("test setup: {payer} cannot pay {value} wei"));
        self.held += value;
    }

    fn existing(&self, id: U256) -> Result<&Game, Error> {
        self.game(id)
            .ok_or(Error::UnknownGame(ITicTacToe::UnknownGame { gameId: id }))
    }

    fn active(&self, id: U256) -> Result<&Game, Error> {
        let game = self.existing(id)?;
        if game.status != Status::Active {
            return Err(Error::GameNotActive(ITicTacToe::GameNotActive {
                gameId: id,
                status: game.status,
            }));
        }
        Ok(game)
    }

    fn game_mut(&mut self, id: U256) -> &mut Game {
        let index: usize = (id - U256::from(1)).to();
        &mut self.games[index]
    }
}

fn events(events: Vec<Event>) -> Done {
    Done {
        game_id: None,
        events,
    }
}

fn not_open(id: U256, status: Status) -> Error {
    Error::GameNotOpen(ITicTacToe::GameNotOpen { gameId: id, status })
}

fn not_a_player(id: U256, caller: Address) -> Error {
    Error::NotAPlayer(ITicTacToe::NotAPlayer { gameId: id, caller })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> (Model, Address, Address) {
        let (a, b) = (Address::repeat_byte(0xA), Address::repeat_byte(0xB));
        let wallets = [(a, U256::from(100)), (b, U256::from(100))].into();
        (Model::new(1_000, wallets, BTreeSet::new()), a, b)
    }

    #[test]
    fn a_won_game_pays_both_stakes_to_the_winner() {
        let (mut m, x, o) = model();
        let id = m.create(x, x, U256::from(10), 60).unwrap().game_id.unwrap();
        m.join(o, o, id, U256::from(10)).unwrap();
        for (who, cell) in [(x, 0), (o, 3), (x, 1), (o, 4)] {
            m.play(who, id, cell).unwrap();
        }
        assert_eq!(m.held, U256::from(20));
        m.play(x, id, 2).unwrap();
        assert_eq!(m.game(id).unwrap().status, Status::XWon);
        assert_eq!(m.pending(x), U256::from(20));
        assert_eq!(m.owed(), m.held);
        m.withdraw(x).unwrap();
        assert_eq!(
            (m.held, m.wallets[&x], m.wallets[&o]),
            (U256::ZERO, U256::from(110), U256::from(90))
        );
    }

    #[test]
    fn deadlines_bound_moves_and_claims_at_the_same_second() {
        let (mut m, x, o) = model();
        let id = m.create(x, x, U256::ZERO, 60).unwrap().game_id.unwrap();
        m.join(o, o, id, U256::ZERO).unwrap();
        m.advance(60);
        assert!(matches!(
            m.claim_timeout(o, id),
            Err(Error::DeadlineNotPassed(_))
        ));
        let mut late = m.clone();
        m.play(x, id, 4).unwrap();
        late.advance(1);
        assert!(matches!(late.play(x, id, 4), Err(Error::MoveTooLate(_))));
        assert!(matches!(
            late.claim_timeout(x, id),
            Err(Error::CannotClaimOwnTimeout(_))
        ));
        late.claim_timeout(o, id).unwrap();
        assert_eq!(late.game(id).unwrap().status, Status::OWon);
    }
}
