//! Fuzzing every engine's transition: a byte string is read as a start and a sequence of events (some drawn
//! from what the rules accept now, most arbitrary), and saved states are corrupted and restored where the engine
//! has a restore (the relay). Each function panics if the engine panics or an invariant breaks.
//!
//! The same functions run in two harnesses: bounded proptest runs in CI (`tests/tests/it/engine_fuzz.rs`), and
//! `cargo fuzz` targets in `fuzz/` (which include this file by path) for open-ended runs locally.
//!
//! Only `marubatsu-engine`, `arbitrary` and `std` are used here, so the fuzz crate builds without the chain.

use marubatsu_engine::{lights, relay, tictactoe, werewolf};

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

/// Tic-tac-toe: the solo game's transition from arbitrary starts and events, and the CPU on arbitrary
/// (overlapping, out-of-range) masks.
///
/// Invariants: the boards never overlap; the result always matches the boards (a line for the winner only, a
/// full board for a draw, the player to move while in progress); an event the game refuses changes nothing;
/// the CPU only ever names an empty cell, and names none on a board that is not a position.
pub fn tictactoe(data: &[u8]) {
    use tictactoe::{Bitboard, Difficulty, Seed, SoloEvent, SoloGame, SoloResult, cpu_move, transition};

    let mut input = Input::new(data);
    let difficulty = |input: &mut Input<'_>| Difficulty::ALL[input.below(3)];
    let mut game = SoloGame::default();
    while !input.is_empty() {
        // The CPU on any two masks.
        let (mine, theirs) = (u16::from_le_bytes(input.array()), u16::from_le_bytes(input.array()));
        if let (Some(mine), Some(theirs)) = (Bitboard::from_bits(mine), Bitboard::from_bits(theirs)) {
            let level = difficulty(&mut input);
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
                difficulty: difficulty(&mut input),
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
        let next = transition(&game, &event);
        if game.apply(&event).is_err() {
            assert_eq!(next, game, "a refused event changed the game");
        }
        game = next;

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
    }
}

/// Cross light: new puzzles from arbitrary cells (most refused), presses, undos, hints and restarts.
///
/// Invariants: a refused event changes nothing; every board the game shows can be solved (it is the scramble
/// plus presses, all in the image of the press matrix); a hint is a cell of the board; a restart returns to the
/// initial board with no moves; an undo right after a press returns to the board before it; a solved game
/// has a solve time and a dark board.
pub fn lights(data: &[u8]) {
    use lights::{Level, LightsEvent, LightsGame, solve, transition};

    let mut input = Input::new(data);
    let levels = [Level::Easy, Level::Normal, Level::Hard];
    let mut game: Option<LightsGame> = None;
    let mut now = 0u64;
    while !input.is_empty() {
        now = now.saturating_add(u64::from(input.byte()) * 100);
        let level = levels[input.below(3)];
        let new_puzzle = |input: &mut Input<'_>| {
            let count = match input.byte() % 4 {
                0 => input.below(60),
                _ => usize::from(level.scramble_presses()),
            };
            let cells: Vec<u8> = (0..count).map(|_| input.byte() % 52).collect();
            LightsEvent::NewPuzzle {
                level,
                cells,
                at_ms: now,
            }
        };
        let Some(current) = &game else {
            if let LightsEvent::NewPuzzle { level, cells, at_ms } = new_puzzle(&mut input) {
                game = LightsGame::new(level, &cells, at_ms).ok();
            }
            continue;
        };
        let event = match input.byte() % 8 {
            0 => new_puzzle(&mut input),
            1 => LightsEvent::Undo,
            2 => LightsEvent::Hint,
            3 => LightsEvent::Restart { at_ms: now },
            4 => LightsEvent::Press {
                cell: input.byte(),
                at_ms: input.u64(),
            },
            _ => LightsEvent::Press {
                cell: input.byte() % 49,
                at_ms: now,
            },
        };
        let next = transition(current, &event);
        match current.apply(&event) {
            Err(_) => assert_eq!(&next, current, "a refused {event:?} changed the game"),
            Ok(applied) => assert_eq!(next, applied),
        }
        match event {
            LightsEvent::Restart { .. } if next != *current => {
                assert_eq!(next.board(), next.initial(), "restart");
                assert_eq!(next.moves(), 0, "restart");
            }
            LightsEvent::Press { .. } if next != *current => {
                let undone = transition(&next, &LightsEvent::Undo);
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
        game = Some(next);
    }
}

/// The relay: arbitrary events (with plausible tables and speaking orders mixed in), and every state saved,
/// corrupted and restored.
///
/// Invariants: every state the transition makes validates; `restore(save(s)) == s`; a corrupted save (bytes
/// flipped, cut, duplicated, or plain garbage) either fails to restore with an error or restores to a state
/// that validates and saves back to itself.
pub fn relay(data: &[u8]) {
    use marubatsu_engine::random::RandomSource;
    use relay::{RelayEvent, RelayState, restore, save, shuffled_order, transition};

    struct Bits<'b, 'a>(&'b mut Input<'a>);
    impl RandomSource for Bits<'_, '_> {
        fn next_u64(&mut self) -> u64 {
            self.0.u64()
        }
    }

    let mut input = Input::new(data);
    let mut state = RelayState::Setup;
    let mut players = 3usize;
    let mut now = 0u64;
    while !input.is_empty() {
        now = now.saturating_add(u64::from(input.byte()) * 1_000);
        let event = match input.byte() % 15 {
            0 => {
                players = 2 + input.below(12);
                RelayEvent::Start {
                    players: (0..players).map(|_| input.text(8)).collect(),
                    rounds: input.below(12) as u32,
                    talk_seconds: [0, 9, 10, 60, 600, 601][input.below(6)],
                    topic: input.text(12),
                }
            }
            1 => RelayEvent::BeginTalk {
                now_ms: now,
                order: if input.bool() {
                    shuffled_order(players, &mut Bits(&mut input))
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
        state = transition(&state, &event);
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
                state = restored;
            }
        }
    }
}

/// Quantum werewolf: events drawn from the legal ones most of the time (so games go deep), arbitrary ones
/// otherwise, at tables of every size the engine accepts. A legal event is picked by index, as a simulated
/// table picks one: for a vote, whose events are numbered rather than listed, that is a whole vote decoded
/// from the index. Arbitrary votes are a legal vote with one ballot changed, dropped or added, or ballots read
/// straight from the input.
///
/// Invariants: an event not among `legal_events` changes nothing and one among them changes the game; a game
/// that is over accepts nothing and waits for nothing; while a game goes on, it waits for exactly one decision
/// and some event is legal.
pub fn werewolf(data: &[u8]) {
    use werewolf::{Ballot, Event, Game, HandOver, Role, Seat, Table, Verdict, legal_events, transition};

    let mut input = Input::new(data);
    let table = if input.bool() {
        Table::DEFAULT
    } else {
        let (w, s, v) = (input.below(5) as u8, input.below(3) as u8, input.below(10) as u8);
        match Table::new(w, s, v) {
            Ok(table) => table.with_chits(input.below(4) as u8, input.below(4) as u8, input.below(5) as u8),
            Err(_) => Table::DEFAULT,
        }
    };
    let mut game = Game::new(table).without_log();
    let roles = [Role::Werewolf, Role::Seer, Role::Villager];
    let seat = |input: &mut Input<'_>| Seat::new(input.byte() % 20);
    let role = |input: &mut Input<'_>| roles[input.below(3)];
    let mut steps = 0;
    while !input.is_empty() && steps < 400 {
        steps += 1;
        let legal = legal_events(&game);
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
            let Some(event) = pick(&mut input) else {
                panic!("an index below {} has no event", legal.len());
            };
            event
        } else {
            let Some((a, b)) = seat(&mut input).zip(seat(&mut input)) else {
                continue;
            };
            match input.byte() % 6 {
                0 => Event::StartPlayer { seat: a },
                1 => Event::Verdict {
                    seer: a,
                    target: b,
                    verdict: if input.bool() { Verdict::Black } else { Verdict::White },
                    give: input.bool().then(|| role(&mut input)),
                },
                2 => Event::Attack {
                    wolf: a,
                    target: b,
                    give: input.bool().then(|| role(&mut input)),
                },
                3 => Event::Transfer {
                    from: a,
                    role: role(&mut input),
                    handovers: (0..input.below(4))
                        .filter_map(|_| {
                            Some(HandOver {
                                to: seat(&mut input)?,
                                take: role(&mut input),
                                cards: input.byte() % 5,
                            })
                        })
                        .collect(),
                },
                4 => Event::Draw {
                    player: a,
                    index: input.byte(),
                },
                _ => {
                    let mut ballots = match pick(&mut input) {
                        Some(Event::Vote { ballots }) if input.bool() => ballots,
                        _ => (0..input.below(18))
                            .filter_map(|_| {
                                Some(Ballot {
                                    voter: seat(&mut input)?,
                                    target: seat(&mut input)?,
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
                    Event::Vote { ballots }
                }
            }
        };
        let next = transition(&game, &event);
        if legal.contains(&event) {
            assert_ne!(next, game, "legal {event:?} changed nothing");
        } else {
            assert_eq!(next, game, "illegal {event:?} changed the game");
        }
        game = next;
    }
}
