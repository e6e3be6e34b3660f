// Quantum werewolf, pass and play. The page keeps the table, the names and the event log in sessionStorage (one
// game per tab) and sends them with every new event to /api/werewolf/replay, which replays the log through the
// engine and answers with the state to draw: hands, chits, the pending decision with its legal choices, and the
// log of every consequence. The rules are never here. The page only draws what the engine cannot: the card of a
// dead player's shuffled hand (crypto.getRandomValues) and, on request, a rock-paper-scissors winner.
//
// A vote is one event with every alive player's ballot (R9), collected here in secret: the device goes to each
// voter in turn, who confirms who they are, sees only their own choices (from the state), picks one, confirms,
// and the choice is hidden again before the device is passed on. The ballots collected so far stay in the
// tab's sessionStorage with the game (so a reload resumes the vote at the next voter) and are sent together
// once the last voter has confirmed; nobody's ballot is shown until the count.
'use strict';

(() => {
  const M = window.Marubatsu;
  const KEY = 'marubatsu.werewolf';
  const ROLES = ['werewolf', 'seer', 'villager'];
  const LETTERS = { werewolf: 'W', seer: 'S', villager: 'V' };

  const $ = (selector) => document.querySelector(selector);
  const root = $('#werewolf');
  const setupForm = $('#setup');
  const play = $('#play');
  const namesEl = $('#ww-names');
  const counts = ['#ww-w', '#ww-s', '#ww-v'].map((s) => $(s));
  const promptEl = $('#prompt');
  const choicesEl = $('#choices');
  const transferEl = $('#transfer');
  const messageEl = $('#message');
  const logEl = $('#log');

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
  };

  let limits = {
    default: [2, 1, 5], defaultChits: [2, 3, 3], minPlayers: 3, maxPlayers: 16, maxNameChars: 24, recommended: [],
  };
  // The chits and readings of a recommended table, kept until the cards are set by hand again.
  let rules = null;
  let saved = session.get();
  let view = null;
  let queue = Promise.resolve();
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

  function send(event) {
    queue = queue.then(() => step(event)).catch((error) => showError(error.message));
    return queue;
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
    note.textContent = answer.logError ? `The saved game was cut short: ${answer.logError}.` : '';
    messageEl.textContent = answer.rejected ? `Refused: ${answer.rejected}` : '';
    messageEl.classList.toggle('error', Boolean(answer.rejected));
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

  const name = (seat) => (view.players[seat] ? view.players[seat].name : `seat ${seat}`);

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
      input.maxLength = limits.maxNameChars;
      input.placeholder = `Player ${i + 1}`;
      input.setAttribute('aria-label', `Player ${i + 1}`);
      input.value = old[i] !== undefined ? old[i] : (stored[i] || '');
      item.append(input);
      items.push(item);
    }
    namesEl.replaceChildren(...items);
    const [w, s, v] = composition();
    const [black, white, attacks] = rules ? rules.chits : limits.defaultChits;
    const readings = rules && (rules.attackDeath !== 'any-chits' || rules.deathDraw !== 'after-transfers')
      ? ` Played with ${rules.attackDeath === 'two-wolves' ? 'deaths only from two different werewolves\' attacks' : 'deaths from any two attacks'}`
        + ` and the dead player's card drawn ${rules.deathDraw === 'before-transfers' ? 'before' : 'after'} their transfers.`
      : '';
    $('#setup-help').textContent = `${players} players, each starting with ${players} cards: ${w} werewolf, ${s} seer, `
      + `${v} villager — so ${w} werewolves, ${s} seer(s) and ${v} villagers in all. `
      + `Every player also gets ${black} black and ${white} white verdict chits and ${attacks} attack chits.${readings}`;
  }

  /** The workbench's recommended tables, one button per player count. */
  function drawRecommended() {
    const list = $('#ww-recommended-list');
    const percent = (x) => `${Math.round(x * 100)}%`;
    list.replaceChildren(...limits.recommended.map((r) => {
      const [w, s, v] = r.composition;
      return button(`${r.players} players: ${w}W ${s}S ${v}V — paradox ${percent(r.paradox)}, `
        + `village wins ${percent(r.villageOfDecided)} of decided games`, () => {
        counts.forEach((input, i) => { input.value = String(r.composition[i]); });
        rules = { chits: r.chits, attackDeath: r.attackDeath, deathDraw: r.deathDraw };
        drawSetup();
      });
    }));
    $('#ww-recommended').hidden = limits.recommended.length === 0;
  }

  async function start(event) {
    event.preventDefault();
    const table = composition();
    const names = Array.from(namesEl.querySelectorAll('input')).map((i) => i.value.trim());
    M.store.set('marubatsu.werewolf.names', names);
    const candidate = { table, rules, names, events: [] };
    try {
      const answer = await M.api('/api/werewolf/replay', { table, ...(rules || {}), names, events: [], event: null });
      saved = candidate;
      session.set(saved);
      view = answer.state;
      $('#setup-message').textContent = '';
      M.sound.play('start');
      render();
    } catch (error) {
      $('#setup-message').textContent = error.message;
      $('#setup-message').classList.add('error');
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
    $('#ww-status').textContent = view.outcome
      ? `The game ended in round ${view.round}.`
      : `Round ${view.round} · ${view.phase} phase`;
    drawOutcome();
    drawDecision();
    drawPlayers();
    drawLog();
    root.dataset.ready = 'true';
  }

  function drawOutcome() {
    const box = $('#outcome');
    box.hidden = !view.outcome;
    $('#decision').hidden = Boolean(view.outcome);
    if (!view.outcome) return;
    const o = view.outcome;
    box.dataset.side = o.side;
    $('#outcome-title').textContent = o.side === 'paradox'
      ? 'Paradox'
      : (o.side === 'village' ? 'The village wins' : 'The werewolves win');
    $('#outcome-text').textContent = `${o.text.charAt(0).toUpperCase()}${o.text.slice(1)} — ${o.rule}.`;
    $('#outcome-winners').textContent = o.winners.length
      ? `Winners: ${o.winners.map(name).join(', ')}.`
      : 'Nobody wins.';
  }

  function drawDecision() {
    const pending = view.pending;
    choicesEl.replaceChildren();
    transferEl.hidden = true;
    if (!pending) return;
    promptEl.textContent = pending.prompt;
    switch (pending.kind) {
      case 'startPlayer':
        choicesEl.append(...view.choices.map((c) => button(c.label, () => send(c.event))));
        choicesEl.append(button('Draw the winner at random', () => {
          send({ type: 'startPlayer', seat: pending.tied[uniform(pending.tied.length)] });
        }, true));
        break;
      case 'verdict':
      case 'attack':
        choicesEl.append(...view.choices.map((c) => button(c.label, () => send(c.event))));
        break;
      case 'vote':
        drawVote();
        break;
      case 'transfer':
        drawTransfer();
        break;
      case 'draw':
        choicesEl.append(button('Shuffle and draw a card', () => {
          send({ type: 'draw', player: pending.dead, index: uniform(pending.cards) });
        }, true));
        break;
      default:
        break;
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
      promptEl.textContent = 'Counting the votes…';
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
    const runoff = view.pending.runoff ? `Run-off ${view.pending.runoff}. ` : '';
    if (ballotFor !== voter) {
      picked = null;
      promptEl.textContent = `${runoff}Pass the device to ${name(voter)}: the ballot is secret.`
        + (voted.length ? ` Voted so far: ${voted.join(', ')}.` : '');
      choicesEl.append(button(`I am ${name(voter)} — show my ballot`, () => {
        ballotFor = voter;
        drawDecision();
      }, true));
      return;
    }
    promptEl.textContent = `${runoff}${name(voter)}, point at `
      + (view.pending.runoff ? 'one of the tied players.' : 'the player who should die.')
      + ' Nobody else may look.';
    for (const t of next.targets) {
      const b = button(t.label, () => {
        picked = t.target;
        drawDecision();
      });
      b.setAttribute('aria-pressed', String(picked === t.target));
      choicesEl.append(b);
    }
    const confirm = button('Confirm my vote', () => {
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
    confirm.disabled = picked === null;
    choicesEl.append(confirm);
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
    const t = view.transfer;
    transferEl.hidden = false;
    const key = JSON.stringify([saved.events.length, t.from, t.role]);
    if (key !== transferKey) {
      transferKey = key;
      transferCounts = new Map();
    }
    const slotKey = (slot) => `${slot.to}:${slot.take}`;
    const total = () => t.slots.reduce((sum, slot) => sum + (transferCounts.get(slotKey(slot)) || 0), 0);
    if (t.only) {
      const parts = t.only.handovers.map((h) => `${h.cards} to ${name(h.to)} for ${h.take} cards`);
      transferEl.replaceChildren(document.createTextNode(`Only one way is legal: ${parts.join('; ')}.`));
      choicesEl.append(button('Hand them over', () => send(t.only), true));
      return;
    }
    const rows = t.slots.map((slot) => {
      const row = document.createElement('div');
      row.className = 'row';
      const count = document.createElement('span');
      count.className = 'count';
      const current = transferCounts.get(slotKey(slot)) || 0;
      count.textContent = String(current);
      const minus = button('−', () => {
        transferCounts.set(slotKey(slot), Math.max(0, current - 1));
        drawDecision();
      });
      const plus = button('+', () => {
        transferCounts.set(slotKey(slot), current + 1);
        drawDecision();
      });
      minus.disabled = current === 0;
      plus.disabled = current >= slot.cards || total() >= t.cards;
      minus.setAttribute('aria-label', `One card less to ${name(slot.to)} for ${slot.take}`);
      plus.setAttribute('aria-label', `One card more to ${name(slot.to)} for ${slot.take}`);
      const label = document.createElement('span');
      label.textContent = `to ${name(slot.to)}, taking back ${slot.take} cards (up to ${slot.cards})`;
      row.append(minus, count, plus, label);
      return row;
    });
    const sum = document.createElement('p');
    sum.className = 'help';
    sum.textContent = `${total()} of ${t.cards} ${t.role} card(s) placed.`;
    transferEl.replaceChildren(...rows, sum);
    const give = button('Hand them over', () => {
      const handovers = t.slots
        .map((slot) => ({ to: slot.to, take: slot.take, cards: transferCounts.get(slotKey(slot)) || 0 }))
        .filter((h) => h.cards > 0);
      send({ type: 'transfer', from: t.from, role: t.role, handovers });
    }, true);
    give.disabled = total() !== t.cards;
    choicesEl.append(give);
  }

  function drawPlayers() {
    const pending = view.pending;
    const turn = new Set();
    if (pending && pending.player !== null && pending.player !== undefined) turn.add(pending.player);
    if (pending && pending.kind === 'startPlayer') pending.tied.forEach((s) => turn.add(s));
    if (pending && pending.kind === 'draw') turn.add(pending.dead);
    const voted = new Set();
    if (pending && pending.kind === 'vote') {
      collected().forEach((v) => voted.add(v.voter));
      const next = view.ballots.find((b) => !voted.has(b.voter));
      if (next) turn.add(next.voter);
    }
    const items = view.players.map((p) => {
      const item = document.createElement('li');
      item.className = 'ww-player';
      item.dataset.seat = String(p.seat);
      item.dataset.alive = String(p.alive);
      item.dataset.turn = String(turn.has(p.seat));
      const head = document.createElement('div');
      head.className = 'ww-name';
      head.append(document.createTextNode(p.name));
      const badge = (text, extra) => {
        const b = document.createElement('span');
        b.className = `ww-badge ${extra || ''}`;
        b.textContent = text;
        head.append(b);
      };
      if (!p.alive) badge('dead');
      if (p.fixed) badge(p.fixed, `role-${p.fixed}`);
      if (voted.has(p.seat)) badge('voted');
      const bar = document.createElement('div');
      bar.className = 'ww-bar';
      bar.setAttribute('role', 'img');
      bar.setAttribute('aria-label', ROLES.map((r, i) => `${r} ${Math.round(p.shares[i] * 100)}%`).join(', '));
      ROLES.forEach((role, i) => {
        const part = document.createElement('span');
        part.className = role;
        part.style.width = `${p.shares[i] * 100}%`;
        bar.append(part);
      });
      const shares = document.createElement('div');
      shares.className = 'ww-shares';
      ROLES.forEach((role, i) => {
        const text = `${LETTERS[role]} ${p.hand[i]} (${Math.round(p.shares[i] * 100)}%)`;
        const el = document.createElement(p.lost.includes(role) ? 's' : 'span');
        el.textContent = text;
        if (p.lost.includes(role)) el.title = `lost the ${role} possibility`;
        shares.append(el);
        if (i < 2) shares.append(document.createTextNode(' · '));
      });
      const chits = document.createElement('div');
      chits.className = 'ww-chits';
      chits.setAttribute('aria-label', 'Chits in front');
      for (const c of p.chits) {
        const chip = document.createElement('span');
        chip.className = `ww-chip ${c.kind}`;
        const mark = c.kind === 'attack' ? '✕' : (c.kind === 'black' ? '●' : '○');
        chip.textContent = `${mark} ${name(c.owner)}${c.count > 1 ? ` ×${c.count}` : ''}`;
        chip.title = `${c.kind === 'attack' ? 'attack' : `${c.kind} verdict`} from ${name(c.owner)}`;
        chits.append(chip);
      }
      const left = document.createElement('div');
      left.className = 'ww-left';
      left.textContent = `chits left: ● ${p.chitsLeft[0]} ○ ${p.chitsLeft[1]} ✕ ${p.chitsLeft[2]}`;
      item.append(head, bar, shares, chits, left);
      if (p.owes.length) {
        const owes = document.createElement('div');
        owes.className = 'ww-owes';
        owes.textContent = `owes its ${p.owes.join(' and ')} cards`;
        item.append(owes);
      }
      return item;
    });
    $('#players').replaceChildren(...items);
  }

  function drawLog() {
    const items = [];
    let round = 0;
    for (const line of view.log) {
      if (line.round !== round) {
        round = line.round;
        const heading = document.createElement('li');
        heading.className = 'round';
        heading.textContent = `Round ${round}`;
        items.push(heading);
      }
      const item = document.createElement('li');
      const rule = document.createElement('span');
      rule.className = 'ww-rule';
      const match = /^\[([^\]]+)\] (.*)$/.exec(line.text);
      rule.textContent = line.rule;
      item.append(rule, document.createTextNode(match ? match[2] : line.text));
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
  $('#new-game-no').addEventListener('click', () => askNewGame(false));
  $('#new-game-yes').addEventListener('click', newGame);

  function newGame() {
    askNewGame(false);
    session.remove();
    saved = null;
    view = null;
    play.hidden = true;
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    drawSetup();
  }

  counts.forEach((input) => input.addEventListener('input', () => {
    rules = null;
    drawSetup();
  }));
  setupForm.addEventListener('submit', start);

  async function boot() {
    try {
      limits = await M.api('/api/werewolf/table');
    } catch (_) { /* keep the defaults */ }
    if (saved && Array.isArray(saved.table) && Array.isArray(saved.events)) {
      counts.forEach((input, i) => { input.value = String(saved.table[i]); });
      await send(null);
      if (view) return;
    }
    saved = null;
    counts.forEach((input, i) => { input.value = String(limits.default[i]); });
    drawRecommended();
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    drawSetup();
    root.dataset.ready = 'true';
  }

  boot();
})();
