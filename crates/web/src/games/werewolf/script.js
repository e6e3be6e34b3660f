// @ts-check
// Quantum werewolf, pass and play. The page keeps the table, the names and the event log in sessionStorage (one
// game per tab) and sends them with every new event to /api/werewolf/replay, which replays the log through the
// engine and answers with the state to draw — hands, chits, the pending decision with its legal choices, the log,
// every sentence already in the player's language. The rules are never here. The page only draws what the engine
// cannot: the card of a dead player's shuffled hand (crypto.getRandomValues) and, on request, a
// rock-paper-scissors winner.
//
// The players are the board: one card per player. A decision about a player (a mark, an attack, who won the
// tie-break, who takes the cards of a hand-over) is made by touching that player's card, which opens that
// player's few options inside the card; a voter touches the card of the player they vote for. The names of the
// players a decision is about are repeated in the decision itself, as buttons that do what touching the card does.
// After every step the decision now pending is brought on screen, focused, and announced to screen readers.
//
// A vote is one event with every alive player's ballot (R9), collected here in secret: the device goes to each
// voter in turn, who confirms who they are, touches the card (or the name) of the player they vote for, may
// change it, confirms, and the choice is hidden again before the device is passed on. The ballots collected so far stay in sessionStorage with the game
// (so a reload resumes the vote at the next voter) and are sent together once the last voter has confirmed.
//
// A second tab: the game lives in this tab's sessionStorage, so a tab opened on the page starts its own game,
// but a duplicated tab starts with a copy of this one's game. The two cannot both be the table's game, and moves
// made in one never reach the other, so each tab carries an id in its storage and asks the other tabs on a
// BroadcastChannel whether one already plays under that id: if one does, the copy takes a new id and both tabs
// say plainly that they now go on separately.
//
// One request at a time: while an answer is awaited, taps are not taken (a double tap sends nothing twice), and a
// request that fails is not retried behind the player's back — the page says what happened.
'use strict';

(() => {
  const M = window.Marubatsu;
  const { t } = window.I18n;
  const KEY = 'marubatsu.werewolf';
  const ROLES = ['werewolf', 'seer', 'villager'];

  const $ = (selector) => document.querySelector(selector);
  const root = $('#werewolf');
  const setupForm = $('#setup');
  const play = $('#play');
  const namesEl = $('#ww-names');
  const counts = ['#ww-w', '#ww-s', '#ww-v'].map((s) => $(s));
  const decisionEl = $('#decision');
  const promptEl = $('#prompt');
  const choicesEl = $('#choices');
  const transferEl = $('#transfer');
  const messageEl = $('#message');
  const logEl = $('#log');
  const announceEl = $('#ww-announce');
  const copyNoteEl = $('#ww-copy-note');
  const TAB_KEY = 'marubatsu.werewolf.tab';

  /** sessionStorage holding JSON: the game belongs to this tab. */
  const session = {
    get() {
      try {
        return JSON.parse(window.sessionStorage.getItem(KEY));
      } catch (_) {
        return null;
      }
    },
    set(value) {
      try {
        window.sessionStorage.setItem(KEY, JSON.stringify(value));
      } catch (_) { /* storage full or disabled: the game goes on until the tab closes */ }
    },
    remove() {
      try {
        window.sessionStorage.removeItem(KEY);
      } catch (_) { /* storage disabled */ }
    },
    /** This tab's id for its game, made once and kept with it (a duplicated tab inherits it). */
    tabId(renew = false) {
      try {
        let id = window.sessionStorage.getItem(TAB_KEY);
        if (renew || !id) {
          id = Array.from(crypto.getRandomValues(new Uint32Array(2)), (w) => w.toString(36)).join('');
          window.sessionStorage.setItem(TAB_KEY, id);
        }
        return id;
      } catch (_) {
        return null;
      }
    },
  };

  let limits = {
    default: [2, 1, 5], defaultChits: [2, 3, 3], minPlayers: 3, maxPlayers: 16, maxNameChars: 24, recommended: [],
  };
  // The chits and readings of a recommended table, kept until the cards are set by hand again.
  let rules = null;
  let saved = session.get();
  let view = null;
  /** Whether a request is on its way: taps wait for its answer. */
  let busy = false;
  /** Why the last request failed (`unreachable` when no answer came), or null. */
  let failure = null;
  /** The player whose card is open, showing their options. */
  let touched = null;
  /** The decision last brought on screen, so that a redraw of the same one does not move the page. */
  let shownDecision = '';
  /** The voter who said they hold the device, so their ballot may show. */
  let ballotFor = null;
  /** The target that voter has picked but not yet confirmed. */
  let picked = null;
  /** Whether a complete vote is on its way to the server. */
  let counting = false;
  /** Cards put on each (recipient, role) pair of the transfer being built, keyed `to:take`. */
  let transferCounts = new Map();
  let transferKey = '';

  /** A uniform integer in 0..n, by rejection so that no index is favoured. */
  function uniform(n) {
    const limit = Math.floor(0x100000000 / n) * n;
    const word = new Uint32Array(1);
    do {
      crypto.getRandomValues(word);
    } while (word[0] >= limit);
    return word[0] % n;
  }

  /** Sends `event` (or, for `null`, just asks for the state) unless an answer is still awaited. */
  async function send(event) {
    if (busy) return;
    busy = true;
    root.dataset.busy = 'true';
    failure = null;
    try {
      await step(event);
    } catch (error) {
      failure = error.code || 'server';
      showError(error.message);
    } finally {
      busy = false;
      root.dataset.busy = 'false';
    }
  }

  async function step(event) {
    const answer = await M.api('/api/werewolf/replay', {
      table: saved.table,
      ...(saved.rules || {}),
      names: saved.names,
      events: saved.events,
      event,
    });
    saved.events = answer.events;
    session.set(saved);
    view = answer.state;
    const note = $('#log-note');
    note.hidden = !answer.logError;
    note.textContent = answer.logError || '';
    messageEl.textContent = answer.rejected ? answer.rejected.message : '';
    messageEl.classList.toggle('error', Boolean(answer.rejected && !answer.rejected.stale));
    if (event && answer.accepted) touched = null;
    render();
    if (event) {
      if (!answer.accepted) M.sound.play('nothing');
      else if (view.outcome) M.sound.play('win');
      else M.sound.play('press');
    }
  }

  function showError(text) {
    messageEl.textContent = text;
    messageEl.classList.add('error');
    if (counting && view) {
      // The vote never reached the server: it is collected again.
      counting = false;
      root.dataset.counting = 'false';
      drawDecision();
    }
  }

  const name = (seat) => (view.players[seat] ? view.players[seat].name : '?');
  const roleName = (role) => t(`werewolf.role.${role}`);

  function button(label, onClick, primary = false) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    if (primary) b.classList.add('primary');
    b.addEventListener('click', onClick);
    return b;
  }

  // ---- setup ----------------------------------------------------------------------------------------------

  function composition() {
    return counts.map((input) => Math.max(0, Math.floor(Number(input.value) || 0)));
  }

  function drawSetup() {
    const players = composition().reduce((a, b) => a + b, 0);
    const shown = Math.min(Math.max(players, 0), limits.maxPlayers);
    const old = Array.from(namesEl.querySelectorAll('input')).map((i) => i.value);
    const stored = (saved && saved.names) || M.store.get('marubatsu.werewolf.names', []);
    const items = [];
    for (let i = 0; i < shown; i += 1) {
      const item = document.createElement('li');
      const input = document.createElement('input');
      input.type = 'text';
      input.autocomplete = 'off';
      input.placeholder = t('werewolf.setup.player', { n: i + 1 });
      input.setAttribute('aria-label', t('werewolf.setup.player', { n: i + 1 }));
      input.value = old[i] !== undefined ? old[i] : (stored[i] || '');
      item.append(input);
      items.push(item);
    }
    namesEl.replaceChildren(...items);
    const [w, s, v] = composition();
    const [black, white, attacks] = rules ? rules.chits : limits.defaultChits;
    const readings = rules && (rules.attackDeath !== 'any-chits' || rules.deathDraw !== 'after-transfers')
      ? t('werewolf.setup.readings', {
        twoWolves: rules.attackDeath === 'two-wolves', before: rules.deathDraw === 'before-transfers',
      })
      : '';
    $('#setup-help').textContent = t('werewolf.setup.summary', {
      players, w, s, v, black, white, attacks,
    }) + readings;
  }

  /** The workbench's recommended tables, one button per player count. */
  function drawRecommended() {
    const list = $('#ww-recommended-list');
    const percent = (x) => `${Math.round(x * 100)}%`;
    list.replaceChildren(...limits.recommended.map((r) => {
      const [w, s, v] = r.composition;
      return button(t('werewolf.setup.recommended', {
        players: r.players, w, s, v, paradox: percent(r.paradox), village: percent(r.villageOfDecided),
      }), () => {
        counts.forEach((input, i) => { input.value = String(r.composition[i]); });
        rules = { chits: r.chits, attackDeath: r.attackDeath, deathDraw: r.deathDraw };
        drawSetup();
      });
    }));
    $('#ww-recommended').hidden = limits.recommended.length === 0;
  }

  async function start(event) {
    event.preventDefault();
    if (busy) return;
    const table = composition();
    const names = Array.from(namesEl.querySelectorAll('input')).map((i) => i.value.trim());
    M.store.set('marubatsu.werewolf.names', names);
    const candidate = { table, rules, names, events: [] };
    const setupMessage = $('#setup-message');
    busy = true;
    try {
      const answer = await M.api('/api/werewolf/replay', { table, ...(rules || {}), names, events: [], event: null });
      saved = candidate;
      session.set(saved);
      // A new game has its own id, so that a tab duplicated before it was set up is not taken for its copy.
      session.tabId(true);
      view = answer.state;
      setupMessage.textContent = '';
      M.sound.play('start');
      render();
    } catch (error) {
      setupMessage.textContent = error.message;
      setupMessage.classList.add('error');
    } finally {
      busy = false;
    }
  }

  // ---- the game -------------------------------------------------------------------------------------------

  function render() {
    setupForm.hidden = true;
    play.hidden = false;
    const pending = view.pending;
    root.dataset.pending = pending ? pending.kind : 'over';
    root.dataset.round = String(view.round);
    counting = false;
    root.dataset.counting = 'false';
    $('#ww-status').textContent = view.status;
    drawOutcome();
    drawDecision();
    drawPlayers();
    drawLog();
    root.dataset.ready = 'true';
    bringDecisionOnScreen();
  }

  /**
   * The decision (or the end) on screen, focused and announced, once per new decision: the page scrolls to it
   * and focus moves to it, so nobody has to hunt for what to do next.
   */
  function bringDecisionOnScreen() {
    const votes = view.pending && view.pending.kind === 'vote' ? collected().length : 0;
    const key = `${saved.events.length}:${view.pending ? view.pending.kind : 'over'}:${votes}:${ballotFor}`;
    if (key === shownDecision) return;
    shownDecision = key;
    const target = view.outcome ? $('#outcome') : decisionEl;
    // The decision sits right under the title and the round: from the top of the page it is in view, with them.
    window.scrollTo(0, 0);
    if (target.getBoundingClientRect().bottom > window.innerHeight) target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    const prompt = view.outcome ? `${view.outcome.title}. ${view.outcome.text}` : promptEl.textContent;
    announceEl.textContent = t('werewolf.announce', { status: view.status, prompt });
  }

  function drawOutcome() {
    const box = $('#outcome');
    box.hidden = !view.outcome;
    decisionEl.hidden = Boolean(view.outcome);
    $('#new-game').hidden = Boolean(view.outcome);
    if (!view.outcome) return;
    const o = view.outcome;
    box.dataset.side = o.side;
    $('#outcome-title').textContent = o.title;
    $('#outcome-text').textContent = o.text;
    $('#outcome-rule').textContent = t('werewolf.rule', { rule: o.rule });
    $('#outcome-winners').textContent = o.winnersText;
  }

  /** The players whose cards the pending decision is made on (touch, then pick). */
  function touchable() {
    const seats = new Set();
    for (const c of view.choices) seats.add(c.target);
    const ballot = openBallot();
    if (ballot) ballot.targets.forEach((target) => seats.add(target.target));
    const tr = openTransfer();
    if (tr) tr.slots.forEach((slot) => seats.add(slot.to));
    return seats;
  }

  /** The ballot of the voter who holds the device and has said so, or null. */
  function openBallot() {
    if (!view.pending || view.pending.kind !== 'vote' || counting) return null;
    const votes = collected();
    const next = view.ballots.find((b) => !votes.some((v) => v.voter === b.voter));
    return next && ballotFor === next.voter ? next : null;
  }

  /** The transfer pending, when the cards may go more than one way (the player chooses), or null. */
  function openTransfer() {
    const tr = view.pending && view.pending.kind === 'transfer' ? view.transfer : null;
    if (!tr || tr.only) return null;
    const key = JSON.stringify([saved.events.length, tr.from, tr.role]);
    if (key !== transferKey) {
      transferKey = key;
      transferCounts = new Map();
    }
    return tr;
  }

  const slotKey = (slot) => `${slot.to}:${slot.take}`;
  const placed = (tr) => tr.slots.reduce((sum, slot) => sum + (transferCounts.get(slotKey(slot)) || 0), 0);

  function drawDecision() {
    const pending = view.pending;
    choicesEl.replaceChildren();
    transferEl.hidden = true;
    if (!pending) return;
    promptEl.textContent = pending.prompt;
    if (pending.kind !== 'vote' && touchable().size) choicesEl.append(pickRow());
    switch (pending.kind) {
      case 'startPlayer':
        choicesEl.append(button(t('werewolf.random'), () => {
          send({ type: 'startPlayer', seat: pending.tied[uniform(pending.tied.length)] });
        }));
        break;
      case 'vote':
        drawVote();
        break;
      case 'transfer':
        drawTransfer();
        break;
      case 'draw':
        choicesEl.append(button(t('werewolf.drawCard'), () => {
          send({ type: 'draw', player: pending.dead, index: uniform(pending.cards) });
        }, true));
        break;
      default:
        break;
    }
  }

  /**
   * The players this decision is about, by name, in the decision itself: on a phone their cards may be further
   * down, and a name here opens that player's card with its options, as touching the card does.
   */
  function pickRow() {
    const row = document.createElement('div');
    row.className = 'ww-pick-row';
    for (const seat of touchable()) {
      const b = button(name(seat), () => openCard(seat));
      b.className = 'ww-pick';
      b.setAttribute('aria-expanded', String(touched === seat));
      row.append(b);
    }
    return row;
  }

  /** Opens `seat`'s card with its options and puts the focus (and the view) on the first option. */
  function openCard(seat) {
    touched = seat;
    drawPlayers();
    drawDecision();
    const first = /** @type {HTMLElement | null} */ (document.querySelector(`.ww-player[data-seat="${seat}"] .ww-options button:not(:disabled)`));
    if (first) {
      first.focus({ preventScroll: true });
      first.closest('.ww-options').scrollIntoView({ block: 'nearest' });
    }
  }

  /**
   * The ballots collected for the vote now pending, in `saved.ballot`. They belong to the vote that follows
   * the events in the log, so a new vote or a run-off (after another event) starts with none.
   */
  function collected() {
    const key = saved.events.length;
    if (!saved.ballot || saved.ballot.key !== key || !Array.isArray(saved.ballot.votes)) {
      saved.ballot = { key, votes: [] };
      ballotFor = null;
      picked = null;
    }
    return saved.ballot.votes;
  }

  function drawVote() {
    if (counting) {
      promptEl.textContent = t('werewolf.counting');
      return;
    }
    const votes = collected();
    const next = view.ballots.find((b) => !votes.some((v) => v.voter === b.voter));
    if (!next) {
      submitVote(votes);
      return;
    }
    const voter = next.voter;
    const voted = votes.map((v) => name(v.voter));
    const runoff = view.pending.runoff ? t('werewolf.runoff', { n: view.pending.runoff }) : '';
    if (ballotFor !== voter) {
      picked = null;
      promptEl.textContent = t('werewolf.passTo', { runoff, name: name(voter) })
        + (voted.length ? t('werewolf.votedSoFar', { names: voted.join(', ') }) : '');
      choicesEl.append(button(t('werewolf.iAm', { name: name(voter) }), () => {
        ballotFor = voter;
        drawPlayers();
        drawDecision();
        bringDecisionOnScreen();
      }, true));
      return;
    }
    promptEl.textContent = t('werewolf.pointAt', {
      runoff, name: name(voter), runoffOnly: Boolean(view.pending.runoff),
    });
    const ballot = document.createElement('div');
    ballot.className = 'ww-ballot';
    for (const target of next.targets) {
      const b = button(target.label, () => pickVote(target.target, false));
      b.className = 'ww-ballot-choice';
      b.setAttribute('aria-pressed', String(picked === target.target));
      ballot.append(b);
    }
    const confirm = button(t('werewolf.confirmVote'), () => {
      if (picked === null) return;
      votes.push({ voter, target: picked });
      ballotFor = null;
      picked = null;
      if (view.ballots.every((b) => votes.some((v) => v.voter === b.voter))) {
        submitVote(votes);
        return;
      }
      session.set(saved);
      render();
    }, true);
    confirm.classList.add('ww-confirm');
    confirm.disabled = picked === null;
    choicesEl.append(ballot, confirm);
  }

  /**
   * The voter picked `seat`, on the card or by name: the ballot shows on that card and in the decision, and the
   * focus goes to the confirmation (brought on screen when the pick was made on a card further down).
   */
  function pickVote(seat, onCard) {
    picked = seat;
    drawPlayers();
    drawDecision();
    const confirm = choicesEl.querySelector('.ww-confirm');
    if (!confirm) return;
    confirm.focus({ preventScroll: true });
    if (!onCard) return;
    decisionEl.scrollIntoView({ block: 'nearest' });
    confirm.scrollIntoView({ block: 'nearest' });
  }

  /**
   * Every voter has confirmed: the vote leaves the page as one event, ballots in seat order, and is forgotten
   * here, so a refused vote is collected again.
   */
  function submitVote(votes) {
    const ballots = votes.slice().sort((a, b) => a.voter - b.voter);
    saved.ballot = null;
    session.set(saved);
    counting = true;
    root.dataset.counting = 'true';
    drawDecision();
    send({ type: 'vote', ballots });
  }

  function drawTransfer() {
    const tr = view.transfer;
    transferEl.hidden = false;
    if (tr.only) {
      const parts = tr.only.handovers.map((h) => t('werewolf.onlyPart', {
        cards: h.cards, name: name(h.to), take: roleName(h.take),
      }));
      transferEl.replaceChildren(document.createTextNode(t('werewolf.onlyWay', { parts: parts.join('; ') })));
      choicesEl.append(button(t('werewolf.handOver'), () => send(tr.only), true));
      return;
    }
    openTransfer();
    // What is placed so far, in words; the cards themselves are placed on the receivers' cards.
    const parts = tr.slots.filter((slot) => transferCounts.get(slotKey(slot))).map((slot) => t('werewolf.onlyPart', {
      cards: transferCounts.get(slotKey(slot)), name: name(slot.to), take: roleName(slot.take),
    }));
    const sum = document.createElement('p');
    sum.className = 'help';
    sum.textContent = t('werewolf.placed', { done: placed(tr), cards: tr.cards, role: roleName(tr.role) })
      + (parts.length ? ` ${parts.join('; ')}.` : '');
    transferEl.replaceChildren(sum);
    const give = button(t('werewolf.handOver'), () => {
      const handovers = tr.slots
        .map((slot) => ({ to: slot.to, take: slot.take, cards: transferCounts.get(slotKey(slot)) || 0 }))
        .filter((h) => h.cards > 0);
      send({ type: 'transfer', from: tr.from, role: tr.role, handovers });
    }, true);
    give.classList.add('ww-give');
    give.disabled = placed(tr) !== tr.cards;
    choicesEl.append(give);
  }

  /**
   * A receiver's options in the transfer: for each role they may give back, one card more or less. The focus
   * stays on the button pressed; once every card is placed it goes to the hand-over, brought on screen.
   */
  function transferRows(tr, seat) {
    return tr.slots.filter((slot) => slot.to === seat).map((slot) => {
      const row = document.createElement('div');
      row.className = 'ww-slot';
      const current = transferCounts.get(slotKey(slot)) || 0;
      const params = { name: name(slot.to), take: roleName(slot.take), max: slot.cards };
      const change = (by, which) => {
        transferCounts.set(slotKey(slot), current + by);
        drawPlayers();
        drawDecision();
        const give = choicesEl.querySelector('.ww-give');
        if (give && !give.disabled) {
          give.focus({ preventScroll: true });
          decisionEl.scrollIntoView({ block: 'nearest' });
          give.scrollIntoView({ block: 'nearest' });
          return;
        }
        const again = /** @type {HTMLButtonElement | null} */ (document.querySelector(`.ww-player[data-seat="${seat}"] [data-slot="${slotKey(slot)}"]`
          + `[data-change="${which}"]`));
        const other = /** @type {HTMLButtonElement | null} */ (document.querySelector(`.ww-player[data-seat="${seat}"] .ww-slot button:not(:disabled)`));
        const target = again && !again.disabled ? again : other;
        if (target) target.focus();
      };
      const minus = button('−', () => change(-1, 'less'));
      const plus = button('+', () => change(1, 'more'));
      minus.dataset.change = 'less';
      plus.dataset.change = 'more';
      minus.dataset.slot = slotKey(slot);
      plus.dataset.slot = slotKey(slot);
      minus.disabled = current === 0;
      plus.disabled = current >= slot.cards || placed(tr) >= tr.cards;
      minus.setAttribute('aria-label', t('werewolf.oneLess', params));
      plus.setAttribute('aria-label', t('werewolf.oneMore', params));
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = String(current);
      const label = document.createElement('span');
      label.textContent = t('werewolf.slotHere', params);
      row.append(minus, count, plus, label);
      return row;
    });
  }

  // ---- the board: one card per player ----------------------------------------------------------------------

  function drawPlayers() {
    const pending = view.pending;
    const turn = new Set();
    if (pending && pending.player !== null && pending.player !== undefined) turn.add(pending.player);
    if (pending && pending.kind === 'draw') turn.add(pending.dead);
    const voted = new Set();
    if (pending && pending.kind === 'vote') {
      collected().forEach((v) => voted.add(v.voter));
      const next = view.ballots.find((b) => !voted.has(b.voter));
      if (next) turn.add(next.voter);
    }
    const open = touchable();
    if (!open.has(touched)) touched = null;
    const items = view.players.map((p) => card(p, turn.has(p.seat), voted.has(p.seat), open.has(p.seat)));
    $('#players').replaceChildren(...items);
    root.dataset.touched = touched === null ? '' : String(touched);
  }

  function card(p, acting, hasVoted, canTouch) {
    const item = document.createElement('li');
    item.className = 'ww-player';
    item.dataset.seat = String(p.seat);
    item.dataset.alive = String(p.alive);
    item.dataset.turn = String(acting);
    item.dataset.touchable = String(canTouch);
    const head = canTouch ? document.createElement('button') : document.createElement('div');
    const headButton = /** @type {HTMLButtonElement} */ (head);
    head.className = 'ww-name';
    const voting = canTouch && openBallot() !== null;
    if (voting) {
      headButton.type = 'button';
      head.setAttribute('aria-pressed', String(picked === p.seat));
      head.addEventListener('click', () => pickVote(p.seat, true));
    } else if (canTouch) {
      headButton.type = 'button';
      head.setAttribute('aria-expanded', String(touched === p.seat));
      head.addEventListener('click', () => {
        if (touched === p.seat) {
          touched = null;
          drawPlayers();
          drawDecision();
          /** @type {HTMLElement} */ (document.querySelector(`.ww-player[data-seat="${p.seat}"] .ww-name`)).focus();
        } else {
          openCard(p.seat);
        }
      });
    }
    const nameText = document.createElement('span');
    nameText.className = 'ww-name-text';
    nameText.textContent = p.name;
    head.append(nameText);
    const badge = (text, extra) => {
      const b = document.createElement('span');
      b.className = `ww-badge ${extra || ''}`;
      b.textContent = text;
      head.append(b);
    };
    if (!p.alive) badge(t('werewolf.dead'));
    if (p.fixed) badge(t('werewolf.certain', { role: roleName(p.fixed) }), `role-${p.fixed}`);
    if (acting) badge(t('werewolf.acting'), 'acting');
    if (hasVoted) badge(t('werewolf.voted'));
    if (voting && picked === p.seat) badge(t('werewolf.yourVote'), 'vote');
    else if (voting) badge(t('werewolf.touchToVote'), 'touch');
    else if (canTouch && touched !== p.seat) badge(t('werewolf.touchHint'), 'touch');
    const percent = p.shares.map((x) => Math.round(x * 100));
    const bar = document.createElement('div');
    bar.className = 'ww-bar';
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', t('werewolf.shareLabel', { w: percent[0], s: percent[1], v: percent[2] }));
    ROLES.forEach((role, i) => {
      const part = document.createElement('span');
      part.className = role;
      part.style.width = `${p.shares[i] * 100}%`;
      bar.append(part);
    });
    const shares = document.createElement('div');
    shares.className = 'ww-shares';
    ROLES.forEach((role, i) => {
      const lost = p.lost.includes(role);
      const el = document.createElement(lost ? 's' : 'span');
      el.textContent = `${roleName(role)} ${p.hand[i]} (${percent[i]}%)`;
      if (lost) el.title = t('werewolf.cannotBe', { role: roleName(role) });
      shares.append(el);
    });
    const chits = document.createElement('div');
    chits.className = 'ww-chits';
    chits.setAttribute('role', 'group');
    chits.setAttribute('aria-label', t('werewolf.chitsIn'));
    for (const c of p.chits) {
      const chip = document.createElement('span');
      chip.className = `ww-chip ${c.kind}`;
      const mark = c.kind === 'attack' ? '✕' : (c.kind === 'black' ? '●' : '○');
      chip.textContent = `${mark} ${name(c.owner)}${c.count > 1 ? ` ×${c.count}` : ''}`;
      chip.title = t('werewolf.chitFrom', { kind: c.kind, name: name(c.owner) });
      chits.append(chip);
    }
    const left = document.createElement('div');
    left.className = 'ww-left';
    left.textContent = t('werewolf.chitsLeft', { black: p.chitsLeft[0], white: p.chitsLeft[1], attacks: p.chitsLeft[2] });
    item.append(head, bar, shares, chits, left);
    if (p.owes.length) {
      const owes = document.createElement('div');
      owes.className = 'ww-owes';
      owes.textContent = t('werewolf.owes', { roles: p.owes.map(roleName).join(', ') });
      item.append(owes);
    }
    if (canTouch && !voting && touched === p.seat) item.append(options(p));
    return item;
  }

  /**
   * A touched player's options: the pending decision's legal events about them (or, in a hand-over, the cards
   * they may give back), and a way back.
   */
  function options(p) {
    const box = document.createElement('div');
    box.className = 'ww-options';
    box.setAttribute('role', 'group');
    const tr = openTransfer();
    const heading = tr
      ? t('werewolf.transferTo', { from: name(tr.from), name: p.name, role: roleName(tr.role) })
      : t('werewolf.optionsFor', { name: p.name });
    box.setAttribute('aria-label', heading);
    const title = document.createElement('p');
    title.className = 'ww-options-title';
    title.textContent = heading;
    box.append(title);
    if (tr) box.append(...transferRows(tr, p.seat));
    for (const c of view.choices.filter((x) => x.target === p.seat)) {
      const b = button(c.label, () => send(c.event));
      b.classList.add('ww-option');
      if (c.event.verdict) b.dataset.verdict = c.event.verdict;
      box.append(b);
    }
    box.append(button(t('werewolf.back'), () => {
      touched = null;
      drawPlayers();
      drawDecision();
      decisionEl.focus();
    }));
    return box;
  }

  function drawLog() {
    const items = [];
    let round = 0;
    for (const line of view.log) {
      if (line.round !== round) {
        round = line.round;
        const heading = document.createElement('li');
        heading.className = 'round';
        heading.textContent = t('werewolf.round', { n: round });
        items.push(heading);
      }
      const item = document.createElement('li');
      const rule = document.createElement('small');
      rule.className = 'ww-rule';
      rule.textContent = line.rule;
      rule.title = t('werewolf.rule', { rule: line.rule });
      item.append(document.createTextNode(line.text), ' ', rule);
      items.push(item);
    }
    logEl.replaceChildren(...items);
    logEl.scrollTop = logEl.scrollHeight;
  }

  // ---- new game ---------------------------------------------------------------------------------------------

  function askNewGame(asking) {
    $('#new-game').hidden = asking;
    $('#new-game-yes').hidden = !asking;
    $('#new-game-no').hidden = !asking;
  }

  $('#new-game').addEventListener('click', () => {
    if (view && view.outcome) {
      newGame();
    } else {
      askNewGame(true);
    }
  });
  $('#play-again').addEventListener('click', newGame);
  $('#new-game-no').addEventListener('click', () => askNewGame(false));
  $('#new-game-yes').addEventListener('click', newGame);

  function newGame() {
    askNewGame(false);
    session.remove();
    copyNoteEl.hidden = true;
    saved = null;
    view = null;
    touched = null;
    shownDecision = '';
    play.hidden = true;
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    drawRecommended();
    drawSetup();
    setupForm.scrollIntoView({ block: 'start' });
  }

  counts.forEach((input) => input.addEventListener('input', () => {
    rules = null;
    drawSetup();
  }));
  setupForm.addEventListener('submit', start);

  // ---- how to play: the section in the page's language ------------------------------------------------------

  function drawHowTo() {
    for (const part of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-howto]'))) {
      part.hidden = part.dataset.howto !== window.I18n.lang;
    }
  }

  window.I18n.onChange(() => {
    drawHowTo();
    if (!copyNoteEl.hidden) {
      copyNoteEl.textContent = t(copyNoteEl.dataset.copy === 'copy' ? 'werewolf.tabIsCopy' : 'werewolf.tabWasCopied');
    }
    if (view && saved) {
      // The server writes the game's sentences: ask again in the new language.
      shownDecision = '';
      send(null);
    } else {
      drawRecommended();
      drawSetup();
    }
  });

  /**
   * Finds out whether another open tab plays this tab's game (see the top of the file). `copy` is which side
   * this tab turned out to be: the copy, which goes on under a new id, or the one copied.
   */
  function watchCopies() {
    if (!('BroadcastChannel' in window)) return;
    const channel = new BroadcastChannel('marubatsu.werewolf');
    const tell = (copy) => {
      copyNoteEl.dataset.copy = copy;
      copyNoteEl.textContent = t(copy === 'copy' ? 'werewolf.tabIsCopy' : 'werewolf.tabWasCopied');
      copyNoteEl.hidden = false;
    };
    channel.addEventListener('message', (event) => {
      const message = event.data || {};
      if (!saved || !view || message.id !== session.tabId()) return;
      if (message.type === 'who') {
        channel.postMessage({ type: 'mine', id: message.id });
        tell('original');
      } else if (message.type === 'mine') {
        session.tabId(true);
        tell('copy');
      }
    });
    if (saved) channel.postMessage({ type: 'who', id: session.tabId() });
  }

  async function boot() {
    // The page puts the decision on screen itself; a position restored from before the reload would hide it.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    drawHowTo();
    try {
      limits = await M.api('/api/werewolf/table');
    } catch (_) { /* keep the defaults */ }
    if (saved && Array.isArray(saved.table) && Array.isArray(saved.events)) {
      counts.forEach((input, i) => { input.value = String(saved.table[i]); });
      await send(null);
      if (view) {
        watchCopies();
        return;
      }
      if (failure === 'unreachable') {
        // The game is still in this tab: say so, and offer to try again rather than a new game over it.
        const note = $('#log-note');
        note.hidden = false;
        note.replaceChildren(document.createTextNode(`${messageEl.textContent} `),
          button(t('werewolf.retry'), () => window.location.reload()));
        root.dataset.pending = 'unreachable';
        root.dataset.ready = 'true';
        return;
      }
    }
    saved = null;
    counts.forEach((input, i) => { input.value = String(limits.default[i]); });
    drawRecommended();
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    drawSetup();
    window.scrollTo(0, 0);
    root.dataset.ready = 'true';
    watchCopies();
  }

  boot();
})();
