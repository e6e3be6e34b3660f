//! A reference model of the PvP rules, written from `docs/rules/tictactoe.md` and the requirements listed on
//! `ITicTacToe` (not from `TicTacToe.sol`): the runner of this crate and the state-machine test
//! (`tests/tests/it/pvp_machine.rs`) send every action to the contract and to this model, and compare outcome,
//! error, events, games and balances.
//!
//! The model keeps everything the rules talk about, to the wei: each game, what each account may withdraw,
//! the ether the contract holds and each account's wallet. Gas is priced at zero in the in-process chain, so a
//! wallet moves only by the values sent and received.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::ITicTacToe::{
    self, EndReason, ITicTacToeErrors as Error, ITicTacToeEvents as Event, Status,
};

/// The time limits per move the contract accepts, from their one owner.
pub use marubatsu_chain::pvp::{MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT};

/// The largest stake a game records: `2^96 - 1` wei.
pub const MAX_STAKE: U256 = U256::from_limbs([u64::MAX, (1 << 32) - 1, 0, 0]);

/// The eight winning lines as 9-bit masks (cell `i` = bit `i`).
const LINES: [u16; 8] = [0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054];

/// All nine cells.
const FULL: u16 = 0x1FF;

/// Blocks are counted modulo this for a claim (`ITicTacToe.claimTimeout`): a count that wraps only delays a claim.
pub const BLOCK_MODULUS: u64 = 1 << 19;

/// The latest deadline a game records (`ITicTacToe.DeadlineOutOfRange`): `2^32 - 1`, in the year 2106.
pub const MAX_DEADLINE: u64 = (1 << 32) - 1;

/// One game as the rules describe it, field for field what `getGame` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// X, who created the game and moves first.
    pub creator: Address,
    /// O: the account that joined; while the game is open, the only one invited (zero: anyone may join).
    pub opponent: Address,
    /// Wei each player puts in.
    pub stake: U256,
    /// Seconds per move, as the creator chose.
    pub move_timeout: u32,
    /// The last second in which the player to move may move; zero while nobody is to move.
    pub deadline: u64,
    /// X's cells.
    pub x: u16,
    /// O's cells.
    pub o: u16,
    /// Where the game stands.
    pub status: Status,
}

/// What a contract's `getGame` answered, read as the model's game.
impl From<ITicTacToe::getGameReturn> for Game {
    fn from(g: ITicTacToe::getGameReturn) -> Game {
        Game {
            creator: g.creator,
            opponent: g.opponent,
            stake: g.stake,
            move_timeout: g.moveTimeout,
            deadline: g.deadline,
            x: g.xBoard,
            o: g.oBoard,
            status: g.status,
        }
    }
}

impl Game {
    /// Whether O is to move: X has made one move more.
    pub fn o_to_move(&self) -> bool {
        self.x.count_ones() > self.o.count_ones()
    }

    /// The player to move.
    pub fn mover(&self) -> Address {
        if self.o_to_move() { self.opponent } else { self.creator }
    }

    /// The player waiting for the other.
    pub fn waiting(&self) -> Address {
        if self.o_to_move() { self.creator } else { self.opponent }
    }

    /// Whether the player to move has not moved yet: a timeout now aborts the game instead of losing it.
    pub fn first_move(&self) -> bool {
        if self.o_to_move() { self.o == 0 } else { self.x == 0 }
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
    /// The current block's number.
    pub block: u64,
    /// Blocks a timeout claim needs after the turn began (the deployment's `claimBlocks`).
    pub claim_blocks: u64,
    /// The block in which each active game's turn began: its join, or its last move.
    pub turn_began: BTreeMap<U256, u64>,
    /// The id of the first game the model knows: 1 on a fresh deployment, later on a contract that already has
    /// games (those before it are not the model's to judge).
    pub first_id: U256,
    /// Game `first_id + i` at index `i`.
    pub games: Vec<Game>,
    /// What each account may withdraw (absent = zero).
    pub pending: BTreeMap<Address, U256>,
    /// Each tracked account's ether.
    pub wallets: BTreeMap<Address, U256>,
    /// Accounts that cannot take ether (their code reverts or runs out of gas): paying them fails.
    pub refusing: BTreeSet<Address>,
    /// Accounts that, on receiving ether, withdraw their own balance (to themselves) from inside the payment.
    pub reentering: BTreeSet<Address>,
    /// The ether the contract holds.
    pub held: U256,
}

impl Model {
    /// No games yet; `wallets` are the tracked accounts and their ether, `refusing` those that cannot take it,
    /// `reentering` those that withdraw again when paid.
    pub fn new(
        now: u64,
        wallets: BTreeMap<Address, U256>,
        refusing: BTreeSet<Address>,
        reentering: BTreeSet<Address>,
    ) -> Model {
        Model {
            now,
            block: 1,
            claim_blocks: 0,
            turn_began: BTreeMap::new(),
            first_id: U256::from(1),
            games: Vec::new(),
            pending: BTreeMap::new(),
            wallets,
            refusing,
            reentering,
            held: U256::ZERO,
        }
    }

    /// The same world at block `block`, on a deployment whose claims need `claim_blocks` blocks.
    pub fn with_blocks(self, block: u64, claim_blocks: u64) -> Model {
        Model {
            block,
            claim_blocks,
            ..self
        }
    }

    /// The same world on a deployment that already holds `held` wei and whose next game is `next_game_id`: the
    /// model knows nothing of the games before it.
    pub fn with_history(self, next_game_id: U256, held: U256) -> Model {
        Model {
            first_id: next_game_id,
            held,
            ..self
        }
    }

    /// The id of the game at `index` in [`Model::games`].
    pub fn id_at(&self, index: usize) -> U256 {
        self.first_id + U256::from(index)
    }

    /// Every game the model knows, with its id.
    pub fn games_with_ids(&self) -> impl Iterator<Item = (U256, &Game)> + '_ {
        self.games
            .iter()
            .enumerate()
            .map(|(index, game)| (self.id_at(index), game))
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
        let index: usize = id.checked_sub(self.first_id)?.try_into().ok()?;
        self.games.get(index)
    }

    /// The id the next creation gets.
    pub fn next_game_id(&self) -> U256 {
        self.first_id + U256::from(self.games.len())
    }

    /// Whether `value` wei can be paid from `payer`'s wallet: a sequence that spends more than an account holds
    /// is not one the rules judge.
    pub fn can_pay(&self, payer: Address, value: U256) -> bool {
        self.wallets.get(&payer).is_some_and(|&wallet| wallet >= value)
    }

    /// Time passes, in one new block (as a node that mines on demand does).
    pub fn advance(&mut self, seconds: u64) {
        self.now = self.now.saturating_add(seconds);
        self.block += 1;
    }

    /// `blocks` blocks are mined within the same second.
    pub fn mine(&mut self, blocks: u64) {
        self.block += blocks;
    }

    /// The blocks since active game `id`'s turn began, counted modulo [`BLOCK_MODULUS`] as the rules say.
    fn blocks_passed(&self, id: U256) -> u64 {
        let began = self.turn_began.get(&id).copied().unwrap_or_default();
        self.block.wrapping_sub(began) % BLOCK_MODULUS
    }

    /// How many more blocks active game `id` needs before its timeout can be claimed; `None` if it is not active.
    pub fn claim_blocks_left(&self, id: U256) -> Option<u64> {
        let game = self.game(id)?;
        (game.status == Status::Active).then(|| self.claim_blocks.saturating_sub(self.blocks_passed(id)))
    }

    /// Whether the turn of active game `id` is over: its deadline and its claim blocks have both passed.
    fn turn_over(&self, id: U256, deadline: u64) -> bool {
        self.now > deadline && self.blocks_passed(id) >= self.claim_blocks
    }

    /// `sender` opens a game staking `value`, paid from `payer`'s wallet (the sender's own for an account,
    /// the caller's for a contract that forwards the ether); only `opponent` may join (anyone if zero).
    pub fn create(&mut self, sender: Address, payer: Address, value: U256, timeout: u32, opponent: Address) -> Outcome {
        if timeout < MIN_MOVE_TIMEOUT {
            return Err(Error::TimeoutTooShort(ITicTacToe::TimeoutTooShort {
                moveTimeout: U256::from(timeout),
                minimum: MIN_MOVE_TIMEOUT,
            }));
        }
        if timeout > MAX_MOVE_TIMEOUT {
            return Err(Error::TimeoutTooLong(ITicTacToe::TimeoutTooLong {
                moveTimeout: U256::from(timeout),
                maximum: MAX_MOVE_TIMEOUT,
            }));
        }
        if value > MAX_STAKE {
            return Err(Error::StakeTooLarge(ITicTacToe::StakeTooLarge {
                stake: value,
                maximum: MAX_STAKE,
            }));
        }
        if opponent == sender {
            return Err(Error::CannotInviteSelf(ITicTacToe::CannotInviteSelf {
                creator: sender,
            }));
        }
        self.receive(payer, value);
        let id = self.next_game_id();
        self.games.push(Game {
            creator: sender,
            opponent,
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
                opponent,
                stake: value,
                moveTimeout: timeout,
            })],
        })
    }

    /// `sender` joins game `id` as O with `value`, paid from `payer`'s wallet, naming the terms the game shows
    /// (as every client does).
    pub fn join(&mut self, sender: Address, payer: Address, id: U256, value: U256) -> Outcome {
        let (creator, timeout) = self.game(id).map_or((Address::ZERO, U256::ZERO), |game| {
            (game.creator, U256::from(game.move_timeout))
        });
        self.join_on_terms(sender, payer, id, value, creator, timeout)
    }

    /// `sender` joins game `id` as O with `value`, paid from `payer`'s wallet, naming `creator` and `timeout` as
    /// the terms it read: other terms than the game's are refused.
    pub fn join_on_terms(
        &mut self,
        sender: Address,
        payer: Address,
        id: U256,
        value: U256,
        creator: Address,
        timeout: U256,
    ) -> Outcome {
        let game = self.existing(id)?;
        match game.status {
            Status::Open => {}
            Status::Active => {
                return Err(Error::AlreadyJoined(ITicTacToe::AlreadyJoined {
                    gameId: id,
                    joiner: game.opponent,
                }));
            }
            _ => return Err(not_open(id, game.status)),
        }
        if sender == game.creator {
            return Err(Error::CreatorCannotJoin(ITicTacToe::CreatorCannotJoin { gameId: id }));
        }
        if !game.opponent.is_zero() && game.opponent != sender {
            return Err(Error::NotInvited(ITicTacToe::NotInvited {
                gameId: id,
                caller: sender,
                opponent: game.opponent,
            }));
        }
        if creator != game.creator || timeout != U256::from(game.move_timeout) {
            return Err(Error::TermsChanged(ITicTacToe::TermsChanged {
                gameId: id,
                creator: game.creator,
                moveTimeout: game.move_timeout,
            }));
        }
        if value != game.stake {
            return Err(Error::WrongStake(ITicTacToe::WrongStake {
                gameId: id,
                expected: game.stake,
                sent: value,
            }));
        }
        let deadline = next_deadline(self.now, game.move_timeout)?;
        self.receive(payer, value);
        self.turn_began.insert(id, self.block);
        let game = self.game_mut(id);
        game.opponent = sender;
        game.status = Status::Active;
        game.deadline = deadline;
        Ok(events(vec![Event::GameJoined(ITicTacToe::GameJoined {
            gameId: id,
            joiner: sender,
            deadline,
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
        // Past the deadline a move still lands until a claim could be made: the blocks decide with the time.
        if self.turn_over(id, game.deadline) {
            return Err(Error::MoveTooLate(ITicTacToe::MoveTooLate {
                gameId: id,
                deadline: game.deadline,
            }));
        }
        if cell > 8 {
            return Err(Error::CellOutOfRange(ITicTacToe::CellOutOfRange {
                cell: U256::from(cell),
            }));
        }
        if (game.x | game.o) & (1 << cell) != 0 {
            return Err(Error::CellTaken(ITicTacToe::CellTaken { gameId: id, cell }));
        }
        let o_moves = game.o_to_move();
        let board = (if o_moves { game.o } else { game.x }) | 1 << cell;
        // A line is complete when none of its cells is missing from the mover's board.
        let line = LINES.iter().any(|&line| line & !board == 0);
        let full = game.x | game.o | 1 << cell == FULL;
        let ending = if line {
            Some((if o_moves { Status::OWon } else { Status::XWon }, EndReason::Win))
        } else if full {
            Some((Status::Draw, EndReason::Draw))
        } else {
            None
        };
        // Only a move that hands the turn over starts a clock, and only a clock can run out of range.
        let deadline = match ending {
            Some(_) => game.deadline,
            None => next_deadline(self.now, game.move_timeout)?,
        };
        let game = self.game_mut(id);
        *(if o_moves { &mut game.o } else { &mut game.x }) = board;
        game.deadline = deadline;
        if ending.is_none() {
            self.turn_began.insert(id, self.block);
        }
        let game = self.game_mut(id);
        let moved = Event::Moved(ITicTacToe::Moved {
            gameId: id,
            player: sender,
            cell,
            deadline: if ending.is_some() { 0 } else { game.deadline },
        });
        let mut done = events(vec![moved]);
        if let Some((status, reason)) = ending {
            done.events.extend(self.finish(id, status, reason));
        }
        Ok(done)
    }

    /// `sender` ends game `id` because the player to move missed the deadline: a win for the waiting player, or
    /// an abort (each stake back, claimed by either player) if it was that player's first move.
    pub fn claim_timeout(&mut self, sender: Address, id: U256) -> Outcome {
        let game = self.active(id)?;
        let first_move = game.first_move();
        if sender != game.waiting() {
            if sender != game.mover() {
                return Err(not_a_player(id, sender));
            }
            if !first_move {
                return Err(Error::CannotClaimOwnTimeout(ITicTacToe::CannotClaimOwnTimeout {
                    gameId: id,
                    caller: sender,
                }));
            }
        }
        if self.now <= game.deadline {
            return Err(Error::DeadlineNotPassed(ITicTacToe::DeadlineNotPassed {
                gameId: id,
                deadline: game.deadline,
            }));
        }
        let passed = self.blocks_passed(id);
        if passed < self.claim_blocks {
            return Err(Error::TooFewBlocks(ITicTacToe::TooFewBlocks {
                gameId: id,
                blocksPassed: U256::from(passed),
                blocksNeeded: U256::from(self.claim_blocks),
            }));
        }
        if first_move {
            return Ok(events(self.finish(id, Status::Aborted, EndReason::Abort)));
        }
        let winner = if game.o_to_move() { Status::XWon } else { Status::OWon };
        Ok(events(self.finish(id, winner, EndReason::Timeout)))
    }

    /// `sender` gives game `id` up; the opponent wins.
    pub fn resign(&mut self, sender: Address, id: U256) -> Outcome {
        let game = self.active(id)?;
        let winner = if sender == game.creator {
            Status::OWon
        } else if sender == game.opponent {
            Status::XWon
        } else {
            return Err(not_a_player(id, sender));
        };
        Ok(events(self.finish(id, winner, EndReason::Resignation)))
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
        let mut done = events(vec![ended(id, EndReason::Cancellation, Address::ZERO)]);
        done.events.extend(self.credit(creator, stake));
        Ok(done)
    }

    /// `sender` takes its whole balance, paid to `to` (`None`: to itself, with `withdraw`; else `withdrawTo`). A
    /// recipient that cannot take ether gets nothing and the balance stays. A re-entering recipient takes its
    /// own balance too, from inside the payment.
    pub fn withdraw(&mut self, sender: Address, to: Option<Address>) -> Outcome {
        if to == Some(Address::ZERO) {
            return Err(Error::ZeroRecipient(ITicTacToe::ZeroRecipient {}));
        }
        let to = to.unwrap_or(sender);
        let amount = self.pending(sender);
        if amount.is_zero() {
            return Err(Error::NothingToWithdraw(ITicTacToe::NothingToWithdraw {
                account: sender,
            }));
        }
        if self.refusing.contains(&to) {
            return Err(Error::TransferFailed(ITicTacToe::TransferFailed {
                recipient: to,
                amount,
            }));
        }
        let mut done = events(vec![self.pay(sender, to, amount)]);
        if self.reentering.contains(&to) {
            let own = self.pending(to);
            if !own.is_zero() {
                done.events.push(self.pay(to, to, own));
            }
        }
        Ok(done)
    }

    /// `account`'s balance, `amount`, leaves the contract for `to`'s wallet.
    fn pay(&mut self, account: Address, to: Address, amount: U256) -> Event {
        self.pending.remove(&account);
        // Saturating: a contract found already owing more than it holds (on a forked chain) must show up as a
        // difference in its ether, not as an overflow here.
        self.held = self.held.saturating_sub(amount);
        *self.wallets.entry(to).or_default() += amount;
        Event::Withdrawn(ITicTacToe::Withdrawn { account, to, amount })
    }

    /// Ends active game `id` with `status` and credits the stakes: both to the winner, or each back on a draw or
    /// an abort. Returns the events: the end, then the credits.
    fn finish(&mut self, id: U256, status: Status, reason: EndReason) -> Vec<Event> {
        self.turn_began.remove(&id);
        let game = self.game_mut(id);
        game.status = status;
        game.deadline = 0;
        let (creator, opponent, stake) = (game.creator, game.opponent, game.stake);
        let (winner, credits) = match status {
            Status::XWon => (creator, vec![(creator, stake * U256::from(2))]),
            Status::OWon => (opponent, vec![(opponent, stake * U256::from(2))]),
            _ => (Address::ZERO, vec![(creator, stake), (opponent, stake)]),
        };
        let mut out = vec![ended(id, reason, winner)];
        for (account, amount) in credits {
            out.extend(self.credit(account, amount));
        }
        out
    }

    fn credit(&mut self, account: Address, amount: U256) -> Option<Event> {
        if amount.is_zero() {
            return None;
        }
        *self.pending.entry(account).or_default() += amount;
        Some(Event::BalanceCredited(ITicTacToe::BalanceCredited { account, amount }))
    }

    /// The contract receives `value` from `payer`'s wallet. A payer that cannot pay never gets here: the runner
    /// asks [`Model::can_pay`] first (the chain would refuse the transaction before the contract ran), so the
    /// wallet only saturates at zero.
    fn receive(&mut self, payer: Address, value: U256) {
        let wallet = self.wallets.entry(payer).or_default();
        *wallet = wallet.saturating_sub(value);
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
        let index: usize = (id - self.first_id).to();
        &mut self.games[index]
    }
}

/// The deadline of a turn that starts at `now`, if the game record can hold it.
fn next_deadline(now: u64, move_timeout: u32) -> Result<u64, Error> {
    let deadline = now + u64::from(move_timeout);
    if deadline > MAX_DEADLINE {
        return Err(Error::DeadlineOutOfRange(ITicTacToe::DeadlineOutOfRange {
            deadline: U256::from(deadline),
            maximum: U256::from(MAX_DEADLINE),
        }));
    }
    Ok(deadline)
}

fn events(events: Vec<Event>) -> Done {
    Done { game_id: None, events }
}

fn ended(id: U256, reason: EndReason, winner: Address) -> Event {
    Event::GameEnded(ITicTacToe::GameEnded {
        gameId: id,
        reason,
        winner,
    })
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
        let none = BTreeSet::new();
        (Model::new(1_000, wallets, none.clone(), none), a, b)
    }

    fn started(m: &mut Model, x: Address, o: Address, stake: u64) -> U256 {
        let stake = U256::from(stake);
        let id = m.create(x, x, stake, 60, Address::ZERO).unwrap().game_id.unwrap();
        m.join(o, o, id, stake).unwrap();
        id
    }

    #[test]
    fn a_won_game_pays_both_stakes_to_the_winner() {
        let (mut m, x, o) = model();
        let id = started(&mut m, x, o, 10);
        for (who, cell) in [(x, 0), (o, 3), (x, 1), (o, 4)] {
            m.play(who, id, cell).unwrap();
        }
        assert_eq!(m.held, U256::from(20));
        let done = m.play(x, id, 2).unwrap();
        assert_eq!(done.events.len(), 3, "moved, ended, credited");
        assert_eq!(m.game(id).unwrap().status, Status::XWon);
        assert_eq!(m.game(id).unwrap().deadline, 0);
        assert_eq!(m.pending(x), U256::from(20));
        assert_eq!(m.owed(), m.held);
        m.withdraw(x, None).unwrap();
        assert_eq!(
            (m.held, m.wallets[&x], m.wallets[&o]),
            (U256::ZERO, U256::from(110), U256::from(90))
        );
    }

    #[test]
    fn deadlines_bound_moves_and_claims_at_the_same_second() {
        let (mut m, x, o) = model();
        let id = started(&mut m, x, o, 0);
        m.advance(60);
        assert!(matches!(m.claim_timeout(o, id), Err(Error::DeadlineNotPassed(_))));
        let mut late = m.clone();
        m.play(x, id, 4).unwrap();
        late.advance(1);
        assert!(matches!(late.play(x, id, 4), Err(Error::MoveTooLate(_))));
        // X's first move timed out: either player aborts.
        late.clone().claim_timeout(o, id).unwrap();
        late.claim_timeout(x, id).unwrap();
        assert_eq!(late.game(id).unwrap().status, Status::Aborted);
    }

    #[test]
    fn a_timeout_after_both_first_moves_loses_and_an_earlier_one_aborts() {
        let (mut m, x, o) = model();
        let id = started(&mut m, x, o, 10);
        m.play(x, id, 4).unwrap();
        let mut o_first = m.clone();
        o_first.advance(61);
        o_first.claim_timeout(x, id).unwrap();
        assert_eq!(o_first.game(id).unwrap().status, Status::Aborted);
        assert_eq!(
            (o_first.pending(x), o_first.pending(o)),
            (U256::from(10), U256::from(10))
        );

        m.play(o, id, 0).unwrap();
        m.advance(61);
        assert!(matches!(m.claim_timeout(x, id), Err(Error::CannotClaimOwnTimeout(_))));
        m.claim_timeout(o, id).unwrap();
        assert_eq!(m.game(id).unwrap().status, Status::OWon);
        assert_eq!(m.pending(o), U256::from(20));
    }

    /// The engine's rule of who may claim a timeout (which the web offers the players by) against this model:
    /// every game the clock can catch before a line (after each number of moves), a second before, at and after
    /// the deadline, claimed by X and by O.
    #[test]
    fn the_engines_timeout_rule_is_the_models() {
        use marubatsu_engine::tictactoe::{Side, may_claim_timeout};

        let moves = [4u8, 0, 8, 2, 6, 3, 5, 7];
        let mut checked = 0;
        for played in 0..=moves.len() {
            for wait in [59u64, 60, 61, 600] {
                let (mut m, x, o) = model();
                let id = started(&mut m, x, o, 10);
                for (i, &cell) in moves[..played].iter().enumerate() {
                    m.play(if i % 2 == 0 { x } else { o }, id, cell).unwrap();
                }
                let game = m.game(id).unwrap().clone();
                if game.status != Status::Active {
                    continue;
                }
                m.advance(wait);
                let to_move = if game.o_to_move() { Side::O } else { Side::X };
                let expired = m.now > game.deadline;
                for (claimer, side) in [(x, Side::X), (o, Side::O)] {
                    let model_says = m.clone().claim_timeout(claimer, id).is_ok();
                    let engine_says = may_claim_timeout(side, to_move, !game.first_move(), expired);
                    assert_eq!(
                        engine_says, model_says,
                        "{side} claims after {played} moves and {wait} s (to move: {to_move})"
                    );
                    checked += 1;
                }
            }
        }
        // Every count of moves from none to eight leaves the game active (the line 0-4-8 is never completed).
        assert_eq!(checked, 9 * 4 * 2);
    }

    #[test]
    fn a_turn_ends_only_when_both_the_time_and_the_blocks_have_passed() {
        let (m, x, o) = model();
        let mut m = m.with_blocks(100, 3);
        let id = started(&mut m, x, o, 10);
        m.play(x, id, 4).unwrap();
        // Past the deadline by a minute, but in the next block only: no claim, and O may still move.
        m.advance(120);
        assert_eq!(m.claim_blocks_left(id), Some(2));
        let refused = m.claim_timeout(x, id).unwrap_err();
        assert!(
            matches!(&refused, Error::TooFewBlocks(e) if e.blocksPassed == U256::from(1) && e.blocksNeeded == U256::from(3)),
            "{refused:?}"
        );
        let mut moved = m.clone();
        moved.play(o, id, 0).unwrap();
        assert_eq!(
            moved.claim_blocks_left(id),
            Some(3),
            "a new turn counts from its own block"
        );
        // Two more blocks: the turn is over both ways, so the move is late and the claim (an abort) lands.
        m.mine(2);
        assert_eq!(m.claim_blocks_left(id), Some(0));
        assert!(matches!(m.play(o, id, 0), Err(Error::MoveTooLate(_))));
        m.claim_timeout(x, id).unwrap();
        assert_eq!(m.game(id).unwrap().status, Status::Aborted);
        assert_eq!(m.claim_blocks_left(id), None, "an ended game has no clock");
    }

    #[test]
    fn private_games_admit_only_the_invited() {
        let (mut m, x, o) = model();
        let stranger = Address::repeat_byte(0xC);
        let id = m.create(x, x, U256::ZERO, 60, o).unwrap().game_id.unwrap();
        assert!(matches!(
            m.join(stranger, stranger, id, U256::ZERO),
            Err(Error::NotInvited(_))
        ));
        m.join(o, o, id, U256::ZERO).unwrap();
        assert!(matches!(
            m.create(x, x, U256::ZERO, 60, x),
            Err(Error::CannotInviteSelf(_))
        ));
    }
}
