//! Fuzzing every engine's transition: a byte string is read as a start and a sequence of events (some drawn
//! from what the rules accept now, most arbitrary), and saved states are corrupted and restored where the engine
//! has a restore (the relay). Each function panics if the engine panics or an invariant breaks.
//!
//! One driver, [`fuzz`], steps every game through its [`Rules`] and checks what all rules promise (a refused
//! event gives the state back unchanged); each game says only how fuzz input becomes its start and its events,
//! and what else must hold after a step ([`Fuzzed`]). A fifth game is one more `impl Fuzzed`.
//!
//! The same functions run in two harnesses: bounded proptest runs in CI (`tests/tests/it/engine_fuzz.rs`), and
//! `cargo fuzz` targets in `fuzz/` (which include this file by path) for open-ended runs locally.
//!
//! Only `marubatsu-engine`, `arbitrary` and `std` are used here, so the fuzz crate builds without the chain.

use core::fmt::Debug;

use marubatsu_engine::{
    lights::{self, Lights},
    relay::{self, Relay},
    rules::{Refusal, Rules},
    tictactoe::{self, Solo},
    werewolf::{self, Werewolf},
};

/// Reads numbers from fuzz input through `arbitrary`'s [`Unstructured`](arbitrary::Unstructured), the reader
/// cargo-fuzz and proptest-free fuzzers share; past the end every read is zero, so any input is a complete game.
pub struct Input<'a> {
    data: arbitrary::Unstructured<'a>,
}

impl<'a> Input<'a> {
    /// Reads `data` from its start.
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input {
            data: arbitrary::Unstructured::new(data),
        }
    }

    /// Whether anything is left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte.
    pub fn byte(&mut self) -> u8 {
        self.data.arbitrary().unwrap_or(0)
    }

    /// The next `N` bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        self.data.arbitrary().unwrap_or([0; N])
    }

    /// A u64.
    pub fn u64(&mut self) -> u64 {
        self.data.arbitrary().unwrap_or(0)
    }

    /// A number below `n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        match n {
            0 => 0,
            n => self.data.choose_index(n).unwrap_or(0),
        }
    }

    /// A coin.
    pub fn bool(&mut self) -> bool {
        self.data.arbitrary().unwrap_or(false)
    }

    /// A short string, from bytes taken as Latin-1 (so every byte string is text), sometimes with a
    /// multi-byte character or a control character.
    pub fn text(&mut self, max: usize) -> String {
        let len = self.below(max + 1);
        (0..len)
            .map(|_| match self.byte() {
                0 => '千',
                1 => '\u{0}',
                2 => '"',
                3 => '\\',
                byte => char::from(byte),
            })
            .collect()
    }
}

/// A game the driver can fuzz: how input becomes a start and events, and what must hold beyond what every
/// game's rules promise.
pub trait Fuzzed: Rules<State: PartialEq + Debug, Event: Debug> {
    /// What the fuzzer remembers between steps that the state does not hold (a clock, the size of the last
    /// table asked for).
    type Memory: Default;
    /// What was known when an event was drawn (the events werewolf's rules accept now, say), for
    /// [`Fuzzed::after`], so it is worked out once.
    type Drawn;
    /// The most steps one input plays (a game whose events are cheap plays until the input runs out).
    const MAX_STEPS: usize = usize::MAX;

    /// The state a game starts from, or `None` once the input ran out before one could be made.
    fn start(memory: &mut Self::Memory, input: &mut Input<'_>) -> Option<Self::State>;
    /// Checks `state` before a step and draws the step's event (`None` skips the step).
    fn draw(
        state: &Self::State,
        memory: &mut Self::Memory,
        input: &mut Input<'_>,
    ) -> Option<(Self::Event, Self::Drawn)>;
    /// Checks the step from `state` through `event` to `next` (the same state if the event was refused), and gives
    /// the state to go on from: `next`, or another the game may swap in (a save restored).
    fn after(
        state: &Self::State,
        event: &Self::Event,
        next: Self::State,
        drawn: Self::Drawn,
        input: &mut Input<'_>,
    ) -> Self::State;
}

/// Plays `data` as a game of `G`: a start, then steps until the input runs out or `G::MAX_STEPS`; panics when the
/// engine does or an invariant breaks.
pub fn fuzz<G: Fuzzed>(data: &[u8]) {
    let mut input = Input::new(data);
    let mut memory = G::Memory::default();
    let Some(mut state) = G::start(&mut memory, &mut input) else {
        return;
    };
    let mut steps = 0;
    while !input.is_empty() && steps < G::MAX_STEPS {
        steps += 1;
        let Some((event, drawn)) = G::draw(&state, &mut memory, &mut input) else {
            continue;
        };
        let next = match G::transition(state.clone(), &event) {
            Ok(next) => next,
            Err((back, refusal)) => {
                assert_eq!(
                    back,
                    state,
                    "a refused {event:?} ({}) changed the state",
                    refusal.code()
                );
                back
            }
        };
        state = G::after(&state, &event, next, drawn, &mut input);
    }
}

/// Tic-tac-toe against the CPU ([`fuzz`] of [`Solo`]).
pub fn tictactoe(data: &[u8]) {
    fuzz::<Solo>(data);
}

/// Cross light ([`fuzz`] of [`Lights`]).
pub fn lights(data: &[u8]) {
    fuzz::<Lights>(data);
}

/// The relay ([`fuzz`] of [`Relay`]).
pub fn relay(data: &[u8]) {
    fuzz::<Relay>(data);
}

/// Quantum werewolf ([`fuzz`] of [`Werewolf`]).
pub fn werewolf(data: &[u8]) {
    fuzz::<Werewolf>(data);
}

/// Tic-tac-toe: the solo game from arbitrary starts and events, and the CPU on arbitrary (overlapping,
/// out-of-range) masks before every step.
///
/// Invariants: the boards never overlap; the result always matches the boards (a line for the winner only, a
/// full board for a draw, the player to move while in progress); X has as many stones as O or one more; the CPU
/// only ever names an empty cell, and names none on a board that is not a position.
impl Fuzzed for Solo {
    type Memory = ();
    type Drawn = ();

    fn start((): &mut (), _: &mut Input<'_>) -> Option<tictactoe::SoloState> {
        Some(tictactoe::SoloState::default())
    }

    fn draw(_: &tictactoe::SoloState, (): &mut (), input: &mut Input<'_>) -> Option<(tictactoe::SoloEvent, ())> {
        use tictactoe::{Bitboard, Seed, SoloEvent, cpu_move};

        let difficulty = |input: &mut Input<'_>| tictactoe::Difficulty::ALL[input.below(3)];
        // The CPU on any two masks.
        let (mine, theirs) = (u16::from_le_bytes(input.array()), u16::from_le_bytes(input.array()));
        if let (Some(mine), Some(theirs)) = (Bitboard::from_bits(mine), Bitboard::from_bits(theirs)) {
            let level = difficulty(input);
            let seed = Seed::from_be_bytes(input.array());
            match cpu_move(mine, theirs, level, &seed) {
                Some(cell) => {
                    assert!(mine.intersect(theirs).is_empty(), "a move on overlapping boards");
                    assert!(!mine.union(theirs).contains(cell), "the CPU took a taken cell");
                }
                None => assert!(
                    !mine.intersect(theirs).is_empty() || mine.union(theirs) == Bitboard::FULL,
                    "no move on a board with an empty cell"
                ),
            }
        }

        let event = if input.byte().is_multiple_of(8) {
            SoloEvent::Start {
                difficulty: difficulty(input),
                cpu_first: input.bool(),
                seed: Seed::from_be_bytes(input.array()),
            }
        } else {
            let cell = match input.byte() {
                byte if byte < 200 => byte % 9,
                byte => byte,
            };
            SoloEvent::Play {
                cell,
                seed: Seed::from_u64(input.u64()),
            }
        };
        Some((event, ()))
    }

    fn after(
        _: &tictactoe::SoloState,
        _: &tictactoe::SoloEvent,
        game: tictactoe::SoloState,
        (): (),
        _: &mut Input<'_>,
    ) -> tictactoe::SoloState {
        use tictactoe::{Bitboard, SoloResult};

        let (human, cpu) = (game.human(), game.cpu());
        assert!(human.intersect(cpu).is_empty(), "overlapping boards {game:?}");
        let full = human.union(cpu) == Bitboard::FULL;
        match game.result() {
            SoloResult::InProgress => {
                assert!(!human.has_line() && !cpu.has_line() && !full, "{game:?}");
                assert_eq!(game.position().side_to_move(), game.human_side(), "{game:?}");
            }
            SoloResult::PlayerWon => assert!(human.has_line() && !cpu.has_line(), "{game:?}"),
            SoloResult::CpuWon => assert!(cpu.has_line() && !human.has_line(), "{game:?}"),
            SoloResult::Draw => assert!(full && !human.has_line() && !cpu.has_line(), "{game:?}"),
        }
        // X has as many stones as O, or one more.
        let (x, o) = match game.cpu_side() {
            tictactoe::Side::X => (cpu.len(), human.len()),
            tictactoe::Side::O => (human.len(), cpu.len()),
        };
        assert!(x == o || x == o + 1, "{game:?}");
        game
    }
}

/// Cross light: new puzzles from arbitrary cells (most refused), presses, undos, hints and restarts, on a clock
/// that every step moves on.
///
/// Invariants: every board the game shows can be solved (it is the scramble plus presses, all in the image of
/// the press matrix); a hint is a cell of the board; a restart returns to the initial board with no moves; an
/// undo right after a press returns to the board before it; a solved game has a solve time and a dark board.
impl Fuzzed for Lights {
    /// The clock, in milliseconds.
    type Memory = u64;
    type Drawn = ();

    /// The first new puzzle the input makes that the engine takes.
    fn start(now: &mut u64, input: &mut Input<'_>) -> Option<lights::LightsState> {
        while !input.is_empty() {
            let level = lights_tick(now, input);
            if let lights::LightsEvent::NewPuzzle { level, cells, at_ms } = lights_new_puzzle(*now, level, input)
                && let Ok(game) = lights::LightsState::new(level, &cells, at_ms)
            {
                return Some(game);
            }
        }
        None
    }

    fn draw(_: &lights::LightsState, now: &mut u64, input: &mut Input<'_>) -> Option<(lights::LightsEvent, ())> {
        use lights::LightsEvent;

        let level = lights_tick(now, input);
        let event = match input.byte() % 8 {
            0 => lights_new_puzzle(*now, level, input),
            1 => LightsEvent::Undo,
            2 => LightsEvent::Hint,
            3 => LightsEvent::Restart { at_ms: *now },
            4 => LightsEvent::Press {
                cell: input.byte(),
                at_ms: input.u64(),
            },
            _ => LightsEvent::Press {
                cell: input.byte() % 49,
                at_ms: *now,
            },
        };
        Some((event, ()))
    }

    fn after(
        current: &lights::LightsState,
        event: &lights::LightsEvent,
        next: lights::LightsState,
        (): (),
        _: &mut Input<'_>,
    ) -> lights::LightsState {
        use lights::{LightsEvent, solve};

        match event {
            LightsEvent::Restart { .. } if next != *current => {
                assert_eq!(next.board(), next.initial(), "restart");
                assert_eq!(next.moves(), 0, "restart");
            }
            LightsEvent::Press { .. } if next != *current => {
                let undone = Lights::transition(next.clone(), &LightsEvent::Undo).unwrap_or_else(|(back, _)| back);
                assert_eq!(undone.board(), current.board(), "undo after {event:?}");
            }
            _ => {}
        }
        assert!(solve(next.board()).is_some(), "unsolvable board {next:?}");
        if let Some(cell) = next.hint() {
            assert!(next.board().size().contains(cell), "hint {cell:?} off the board");
        }
        if next.is_solved() {
            assert!(next.board().is_dark() && next.solved_at_ms().is_some(), "{next:?}");
        }
        next
    }
}

/// Moves cross light's clock on by the input's next byte (in tenths of a second) and draws a level.
fn lights_tick(now: &mut u64, input: &mut Input<'_>) -> lights::Level {
    *now = now.saturating_add(u64::from(input.byte()) * 100);
    lights::Level::ALL[input.below(3)]
}

/// A new puzzle of `level`: a scramble the engine takes (distinct cells of the board, as many as the level
/// presses), or as many cells as the level presses but read as bytes, or any number of them.
fn lights_new_puzzle(now: u64, level: lights::Level, input: &mut Input<'_>) -> lights::LightsEvent {
    let presses = usize::from(level.scramble_presses());
    let cells: Vec<u8> = match input.byte() % 4 {
        0 => (0..input.below(60)).map(|_| input.byte() % 52).collect(),
        1 => {
            let mut free: Vec<u8> = (0..level.size().cells()).collect();
            (0..presses.min(free.len()))
                .map(|_| free.swap_remove(input.below(free.len())))
                .collect()
        }
        _ => (0..presses).map(|_| input.byte() % 52).collect(),
    };
    lights::LightsEvent::NewPuzzle {
        level,
        cells,
        at_ms: now,
    }
}

/// The relay: arbitrary events (with plausible tables and speaking orders mixed in), and every state saved,
/// corrupted and restored.
///
/// Invariants: every state the transition makes validates; `restore(save(s)) == s`; a corrupted save (bytes
/// flipped, cut, duplicated, or plain garbage) either fails to restore with an error or restores to a state
/// that validates and saves back to itself.
impl Fuzzed for Relay {
    /// The clock, in milliseconds, and how many players the last start named.
    type Memory = RelayMemory;
    type Drawn = ();

    fn start(_: &mut RelayMemory, _: &mut Input<'_>) -> Option<relay::RelayState> {
        Some(relay::RelayState::Setup)
    }

    fn draw(_: &relay::RelayState, memory: &mut RelayMemory, input: &mut Input<'_>) -> Option<(relay::RelayEvent, ())> {
        use marubatsu_engine::random::RandomSource;
        use relay::{RelayEvent, shuffled_order};

        struct Bits<'b, 'a>(&'b mut Input<'a>);
        impl RandomSource for Bits<'_, '_> {
            fn next_u64(&mut self) -> u64 {
                self.0.u64()
            }
        }

        memory.now = memory.now.saturating_add(u64::from(input.byte()) * 1_000);
        let now = memory.now;
        let event = match input.byte() % 15 {
            0 => {
                memory.players = 2 + input.below(12);
                RelayEvent::Start {
                    players: (0..memory.players).map(|_| input.text(8)).collect(),
                    rounds: input.below(12) as u32,
                    talk_seconds: [0, 9, 10, 60, 600, 601][input.below(6)],
                    topic: input.text(12),
                }
            }
            1 => RelayEvent::BeginTalk {
                now_ms: now,
                order: if input.bool() {
                    shuffled_order(memory.players, &mut Bits(input))
                } else {
                    (0..input.below(14)).map(|_| input.below(14)).collect()
                },
            },
            2 | 3 => RelayEvent::TalkDone {
                now_ms: if input.bool() { now } else { input.u64() },
                turn: input.bool().then(|| input.below(14)),
            },
            4 => RelayEvent::Received,
            5 | 6 => RelayEvent::Select {
                target: input.below(14),
            },
            7 | 8 => RelayEvent::Confirm,
            9 => RelayEvent::NextRound { topic: input.text(12) },
            10 => RelayEvent::Restart,
            11 => RelayEvent::Redraw { topic: input.text(12) },
            12 => RelayEvent::Pause {
                now_ms: if input.bool() { now } else { input.u64() },
            },
            13 => RelayEvent::Resume {
                now_ms: if input.bool() { now } else { input.u64() },
            },
            _ => RelayEvent::Abandon,
        };
        Some((event, ()))
    }

    fn after(
        _: &relay::RelayState,
        event: &relay::RelayEvent,
        state: relay::RelayState,
        (): (),
        input: &mut Input<'_>,
    ) -> relay::RelayState {
        use relay::{restore, save};

        if let Err(error) = state.validate() {
            panic!("{event:?} made an invalid state ({error}): {state:?}");
        }
        let saved = save(&state);
        assert_eq!(restore(&saved).as_ref(), Ok(&state), "round trip of {saved}");

        // A corrupted copy of the save.
        let mut bytes = saved.into_bytes();
        for _ in 0..=input.below(4) {
            let at = input.below(bytes.len() + 1);
            match input.byte() % 5 {
                0 if at < bytes.len() => bytes[at] = input.byte(),
                1 => bytes.truncate(at),
                2 => bytes.insert(at.min(bytes.len()), input.byte()),
                3 if at < bytes.len() => {
                    let tail = bytes[at..].to_vec();
                    bytes.extend_from_slice(&tail);
                }
                _ => bytes = (0..input.below(64)).map(|_| input.byte()).collect(),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(restored) = restore(&text) {
            if let Err(error) = restored.validate() {
                panic!("restore accepted an invalid state ({error}) from {text:?}");
            }
            assert_eq!(restore(&save(&restored)), Ok(restored.clone()), "from {text:?}");
            // A restored state plays on like any other.
            if input.bool() {
                return restored;
            }
        }
        state
    }
}

/// What the relay's fuzzing remembers between steps.
pub struct RelayMemory {
    now: u64,
    players: usize,
}

impl Default for RelayMemory {
    fn default() -> RelayMemory {
        RelayMemory { now: 0, players: 3 }
    }
}

/// Quantum werewolf: events drawn from the legal ones most of the time (so games go deep), arbitrary ones
/// otherwise, at tables of every size the engine accepts. A legal event is picked by index, as a simulated
/// table picks one: for a vote, whose events are numbered rather than listed, that is a whole vote decoded
/// from the index. Arbitrary votes are a legal vote with one ballot changed, dropped or added, or ballots read
/// straight from the input.
///
/// Invariants: an event among `legal_events` changes the game and one not among them changes nothing; a game
/// that is over accepts nothing and waits for nothing; while a game goes on, it waits for exactly one decision
/// and some event is legal.
impl Fuzzed for Werewolf {
    type Memory = ();
    /// The events the rules accepted when the event was drawn.
    type Drawn = werewolf::LegalEvents;
    const MAX_STEPS: usize = 400;

    fn start((): &mut (), input: &mut Input<'_>) -> Option<werewolf::WerewolfState> {
        use werewolf::{Table, WerewolfState};

        let table = if input.bool() {
            Table::DEFAULT
        } else {
            let (w, s, v) = (input.below(5) as u8, input.below(3) as u8, input.below(10) as u8);
            match Table::new(w, s, v) {
                Ok(table) => table.with_chits(input.below(4) as u8, input.below(4) as u8, input.below(5) as u8),
                Err(_) => Table::DEFAULT,
            }
        };
        Some(WerewolfState::new(table).without_log())
    }

    fn draw(
        game: &werewolf::WerewolfState,
        (): &mut (),
        input: &mut Input<'_>,
    ) -> Option<(werewolf::WerewolfEvent, werewolf::LegalEvents)> {
        use werewolf::{Ballot, HandOver, Role, Seat, Verdict, WerewolfEvent, legal_events};

        let roles = [Role::Werewolf, Role::Seer, Role::Villager];
        let seat = |input: &mut Input<'_>| Seat::new(input.byte() % 20);
        let role = |input: &mut Input<'_>| roles[input.below(3)];
        let legal = legal_events(game);
        if game.is_over() {
            assert!(legal.is_empty(), "a finished game accepts {legal:?}");
            assert_eq!(game.pending(), None);
        } else {
            assert!(game.pending().is_some(), "a running game waits for nothing");
            assert!(
                !legal.is_empty(),
                "a running game accepts nothing: {:?}",
                game.pending()
            );
        }
        // An index into the legal events: 8 bytes, so that every vote (7^8 at 8 players) can be drawn.
        let pick = |input: &mut Input<'_>| legal.get(input.u64() % legal.len().max(1));
        let event = if !legal.is_empty() && !input.byte().is_multiple_of(4) {
            let Some(event) = pick(input) else {
                panic!("an index below {} has no event", legal.len());
            };
            event
        } else {
            let (a, b) = seat(input).zip(seat(input))?;
            match input.byte() % 6 {
                0 => WerewolfEvent::StartPlayer { seat: a },
                1 => WerewolfEvent::Verdict {
                    seer: a,
                    target: b,
                    verdict: if input.bool() { Verdict::Black } else { Verdict::White },
                    give: input.bool().then(|| role(input)),
                },
                2 => WerewolfEvent::Attack {
                    wolf: a,
                    target: b,
                    give: input.bool().then(|| role(input)),
                },
                3 => WerewolfEvent::Transfer {
                    from: a,
                    role: role(input),
                    handovers: (0..input.below(4))
                        .filter_map(|_| {
                            Some(HandOver {
                                to: seat(input)?,
                                take: role(input),
                                cards: input.byte() % 5,
                            })
                        })
                        .collect(),
                },
                4 => WerewolfEvent::Draw {
                    player: a,
                    index: input.byte(),
                },
                _ => {
                    let mut ballots = match pick(input) {
                        Some(WerewolfEvent::Vote { ballots }) if input.bool() => ballots,
                        _ => (0..input.below(18))
                            .filter_map(|_| {
                                Some(Ballot {
                                    voter: seat(input)?,
                                    target: seat(input)?,
                                })
                            })
                            .collect(),
                    };
                    let i = input.below(ballots.len());
                    match input.byte() % 4 {
                        _ if ballots.is_empty() => {}
                        0 => ballots[i].target = b,
                        1 => ballots[i].voter = a,
                        2 => {
                            ballots.remove(i);
                        }
                        _ => ballots.insert(i, Ballot { voter: a, target: b }),
                    }
                    WerewolfEvent::Vote { ballots }
                }
            }
        };
        Some((event, legal))
    }

    fn after(
        game: &werewolf::WerewolfState,
        event: &werewolf::WerewolfEvent,
        next: werewolf::WerewolfState,
        legal: werewolf::LegalEvents,
        _: &mut Input<'_>,
    ) -> werewolf::WerewolfState {
        if legal.contains(event) {
            assert_ne!(&next, game, "legal {event:?} changed nothing");
        } else {
            assert_eq!(&next, game, "illegal {event:?} changed the game");
        }
        next
    }
}
