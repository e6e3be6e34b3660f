// @ts-check
// Quantum werewolf's board: one card per player (their cards and chances, chits and debts, and the options of the decision
// about them when touched), and the game's log.
'use strict';

(() => {
  const W = window.Werewolf;
  const { S } = W;
  const { $, root, decisionEl, logEl, ROLES } = W.el;
  const { t } = window.I18n;

  // ---- the board: one card per player ----------------------------------------------------------------------

  function drawPlayers() {
    const pending = W.pending();
    const turn = new Set();
    if (pending && 'player' in pending) turn.add(pending.player);
    if (pending && pending.kind === 'draw') turn.add(pending.dead);
    const voted = new Set();
    if (pending && pending.kind === 'vote') {
      W.collected().forEach((v) => voted.add(v.voter));
      const next = S.view.ballots.find((/** @type {WerewolfBallot} */ b) => !voted.has(b.voter));
      if (next) turn.add(next.voter);
    }
    const open = W.touchable();
    if (S.touched !== null && !open.has(S.touched)) S.touched = null;
    const items = S.view.players.map((/** @type {WerewolfPlayer} */ p) => card(p, turn.has(p.seat), voted.has(p.seat), open.has(p.seat)));
    $('#players').replaceChildren(...items);
    root.dataset.touched = S.touched === null ? '' : String(S.touched);
  }

  /** @param {WerewolfPlayer} p @param {boolean} acting @param {boolean} hasVoted @param {boolean} canTouch */
  function card(p, acting, hasVoted, canTouch) {
    const item = document.createElement('li');
    item.className = 'ww-player';
    item.dataset.seat = String(p.seat);
    item.dataset.alive = String(p.alive);
    item.dataset.turn = String(acting);
    item.dataset.touchable = String(canTouch);
    item.dataset.onlyRefused = String(canTouch && W.onlyRefused(p.seat));
    const head = canTouch ? document.createElement('button') : document.createElement('div');
    const headButton = /** @type {HTMLButtonElement} */ (head);
    head.className = 'ww-name';
    const voting = canTouch && W.openBallot() !== null;
    if (voting) {
      headButton.type = 'button';
      head.setAttribute('aria-pressed', String(S.picked === p.seat));
      head.addEventListener('click', () => W.pickVote(p.seat, true));
    } else if (canTouch) {
      headButton.type = 'button';
      head.setAttribute('aria-expanded', String(S.touched === p.seat));
      head.addEventListener('click', () => {
        if (S.touched === p.seat) {
          S.touched = null;
          drawPlayers();
          W.drawDecision();
          /** @type {HTMLElement} */ (document.querySelector(`.ww-player[data-seat="${p.seat}"] .ww-name`)).focus();
        } else {
          W.openCard(p.seat);
        }
      });
    }
    const nameText = document.createElement('span');
    nameText.className = 'ww-name-text';
    nameText.textContent = p.name;
    head.append(nameText);
    const badge = (/** @type {string} */ text, /** @type {string} */ extra = '') => {
      const b = document.createElement('span');
      b.className = `ww-badge ${extra || ''}`;
      b.textContent = text;
      head.append(b);
    };
    if (!p.alive) badge(t('werewolf.dead'));
    if (p.fixed) badge(t('werewolf.certain', { role: W.roleName(p.fixed) }), `role-${p.fixed}`);
    if (acting) badge(t('werewolf.acting'), 'acting');
    if (hasVoted) badge(t('werewolf.voted'));
    if (voting && S.picked === p.seat) badge(t('werewolf.yourVote'), 'vote');
    else if (voting) badge(t('werewolf.touchToVote'), 'touch');
    else if (canTouch && S.touched !== p.seat) badge(t('werewolf.touchHint'), 'touch');
    // The chances are the share of the worlds that fit (exact fractions from the server); with no world left
    // (a contradiction ended the game) the bar shows the cards instead.
    const size = p.hand[0] + p.hand[1] + p.hand[2];
    const fractions = p.chances
      ? p.chances.map(([n, d]) => n / d)
      : p.hand.map((c) => (size ? c / size : 0));
    const percent = fractions.map((x) => Math.round(x * 100));
    const word = (/** @type {number} */ i) => {
      if (!p.chances) return `${percent[i]}%`;
      const [n, d] = p.chances[i];
      // "Impossible" and "certain" mean what the rules' ends read (the badges): under Versions 2 and 3 the cards,
      // so a chance of 0 or 1 that the cards do not yet say is shown as a number.
      if (n === 0) return p.lost.includes(ROLES[i]) ? t('werewolf.impossible') : '0%';
      if (n === d) return p.fixed === ROLES[i] ? t('werewolf.sure') : '100%';
      // A chance that rounds to 0% or 100% is neither: say so rather than round it away.
      return `${Math.min(99, Math.max(1, percent[i]))}%`;
    };
    const bar = document.createElement('div');
    bar.className = 'ww-bar';
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', t('werewolf.shareLabel', { w: word(0), s: word(1), v: word(2) }));
    ROLES.forEach((role, i) => {
      const part = document.createElement('span');
      part.className = role;
      part.style.width = `${fractions[i] * 100}%`;
      bar.append(part);
    });
    const shares = document.createElement('div');
    shares.className = 'ww-shares';
    ROLES.forEach((role, i) => {
      const lost = p.lost.includes(role);
      const el = document.createElement(lost ? 's' : 'span');
      el.textContent = t('werewolf.cardsAndChance', { role: W.roleName(role), cards: p.hand[i], chance: word(i) });
      if (lost) el.title = t('werewolf.cannotBe', { role: W.roleName(role) });
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
      chip.textContent = `${mark} ${W.name(c.owner)}${c.count > 1 ? ` ×${c.count}` : ''}`;
      chip.title = t('werewolf.chitFrom', { kind: c.kind, name: W.name(c.owner) });
      chits.append(chip);
    }
    const left = document.createElement('div');
    left.className = 'ww-left';
    left.textContent = t('werewolf.chitsLeft', { black: p.chitsLeft[0], white: p.chitsLeft[1], attacks: p.chitsLeft[2] });
    item.append(head, bar, shares, chits, left);
    if (p.owes.length) {
      const owes = document.createElement('div');
      owes.className = 'ww-owes';
      owes.textContent = t('werewolf.owes', { roles: t('werewolf.list', { items: p.owes.map(W.roleName) }) });
      item.append(owes);
    }
    if (canTouch && !voting && S.touched === p.seat) item.append(options(p));
    return item;
  }

  /**
   * A touched player's options: the pending decision's legal events about them (or, in a hand-over, the cards
   * they may give back), and a way back.
   */
  /** @param {WerewolfPlayer} p */
  function options(p) {
    const box = document.createElement('div');
    box.className = 'ww-options';
    box.setAttribute('role', 'group');
    const tr = W.openTransfer();
    const heading = tr
      ? t('werewolf.transferTo', { from: W.name(tr.from), name: p.name, role: W.roleName(tr.role) })
      : t('werewolf.optionsFor', { name: p.name });
    box.setAttribute('aria-label', heading);
    const title = document.createElement('p');
    title.className = 'ww-options-title';
    title.textContent = heading;
    box.append(title);
    if (tr) box.append(...W.transferRows(tr, p.seat));
    for (const c of S.view.choices.filter((/** @type {WerewolfChoice} */ x) => x.target === p.seat)) {
      const [b, ...warning] = W.actOrWarn(c.label, c.ends, () => W.send(c.event));
      b.classList.add('ww-option');
      if (c.event.verdict) b.dataset.verdict = c.event.verdict;
      box.append(b, ...warning);
    }
    box.append(...refusedRows(S.view.refused.filter((/** @type {WerewolfRefused} */ x) => x.target === p.seat)));
    box.append(W.button(t('werewolf.back'), () => {
      S.touched = null;
      drawPlayers();
      W.drawDecision();
      decisionEl.focus();
    }));
    return box;
  }

  /**
   * The answers the table refuses (no world would fit after them), greyed, each with its reason right under it:
   * a target or a colour taken away without a word looks like a bug, and the reason teaches the rules.
   * @param {WerewolfRefused[]} refused
   */
  function refusedRows(refused) {
    return refused.flatMap((r, i) => {
      const b = W.button(r.label, () => {});
      b.disabled = true;
      b.classList.add('ww-option', 'ww-refused');
      const why = document.createElement('p');
      why.className = 'ww-refused-reason';
      why.id = `ww-refused-${r.target}-${i}`;
      why.textContent = r.reason;
      b.setAttribute('aria-describedby', why.id);
      return [b, why];
    });
  }

  function drawLog() {
    const items = [];
    let round = 0;
    for (const line of S.view.log) {
      if (line.round !== round) {
        round = line.round;
        const heading = document.createElement('li');
        heading.className = 'round';
        heading.textContent = t('werewolf.round', { n: round });
        items.push(heading);
      }
      items.push(logItem(line));
    }
    logEl.replaceChildren(...items);
    logEl.scrollTop = logEl.scrollHeight;
  }

  /** One line of the log: the sentence (worded here from the server's key), and its rule beside it.
   *  @param {WerewolfLogLine} line */
  function logItem(line) {
    const item = document.createElement('li');
    const rule = document.createElement('small');
    rule.className = 'ww-rule';
    rule.textContent = W.ruleWords(line.rule);
    item.append(document.createTextNode(window.I18n.say(line.text)), ' ', rule);
    return item;
  }

  /**
   * What the last decision did — its own line and the whole cascade — right under the status line, above the
   * next decision (or the end): on a phone the log is far below, and the table needs to see it where it looks.
   * The deciding line comes first (the server puts the end, else a death, there). A chain of more than two
   * lines shows that line alone until the table opens the rest with the button beside the heading — a dozen
   * lines would push the next decision off a phone's screen — and then shows every line, with no scrolling
   * inside the box; the table's choice holds for the decisions after.
   */
  function drawLast() {
    const box = $('#last');
    const lines = /** @type {WerewolfLogLine[]} */ (S.view.last);
    box.hidden = lines.length === 0;
    const folds = lines.length > 2;
    const open = !folds || S.lastOpen;
    const items = lines.map(logItem);
    items.forEach((item, i) => {
      item.classList.toggle('ww-lead', i === 0);
      item.hidden = i > 0 && !open;
    });
    $('#last-lines').replaceChildren(...items);
    const toggle = $('#last-toggle');
    toggle.hidden = !folds;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = t(open ? 'werewolf.lastFewer' : 'werewolf.lastAll', { n: lines.length });
  }

  $('#last-toggle').addEventListener('click', () => {
    S.lastOpen = !S.lastOpen;
    drawLast();
  });

  /** @type {Pick<WerewolfNamespace, 'card' | 'drawPlayers' | 'options' | 'refusedRows' | 'drawLog' | 'drawLast'>} */
  const part = { card, drawPlayers, options, refusedRows, drawLog, drawLast };
  Object.assign(W, part);
})();
