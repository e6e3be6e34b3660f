// @ts-check
// Quantum werewolf's decision: the game drawn from the server's state, the decision now pending brought on
// screen, focused and announced, and the players it is about, by name, in the decision itself.
'use strict';

(() => {
  const W = window.Werewolf;
  const M = window.Marubatsu;
  const { S } = W;
  const { $, root, setupForm, play, decisionEl, promptEl, choicesEl, transferEl, announceEl } = W.el;
  const { t } = window.I18n;

  function render() {
    setupForm.hidden = true;
    play.hidden = false;
    const pending = W.pending();
    root.dataset.pending = pending ? pending.kind : 'over';
    root.dataset.round = String(S.view.round);
    S.counting = false;
    root.dataset.counting = 'false';
    $('#ww-status').textContent = S.view.status;
    drawOutcome();
    drawDecision();
    W.drawPlayers();
    W.drawLog();
    W.drawLast();
    W.drawHowTo();
    root.dataset.ready = 'true';
    bringDecisionOnScreen();
    holdNewControls();
  }

  /**
   * The controls just drawn — the decision, the end, the players' cards — shown as not active yet while a tap on
   * them would not count (common.js, `taps.hold`): a double tap's second tap lands on one of them and must do
   * nothing, and a player who taps one on purpose that soon sees why nothing happened.
   */
  function holdNewControls() {
    M.taps.hold(/** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll('#decision button, #outcome button, #players button')));
  }

  /**
   * The decision (or the end) on screen, focused and announced, once per new decision: the page scrolls to it
   * and focus moves to it, so nobody has to hunt for what to do next.
   */
  function bringDecisionOnScreen() {
    const pending = W.pending();
    const votes = pending && pending.kind === 'vote' ? W.collected().length : 0;
    const key = `${S.saved.events.length}:${pending ? pending.kind : 'over'}:${votes}:${S.ballotFor}`;
    if (key === S.shownDecision) return;
    S.shownDecision = key;
    const target = S.view.outcome ? $('#outcome') : decisionEl;
    // The decision sits right under the title, the round and what the last decision did: from the top of the
    // page it is in view, with them. When it is not, the page scrolls to what the last decision did — the next
    // decision comes right after it — and only if the decision's first control is still below the screen, to
    // the decision itself.
    window.scrollTo(0, 0);
    const last = $('#last');
    const first = target.querySelector('button:not(:disabled)') || target;
    const below = () => first.getBoundingClientRect().bottom > window.innerHeight;
    if (below() && !last.hidden) last.scrollIntoView({ block: 'start' });
    if (below()) target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    const prompt = S.view.outcome ? `${S.view.outcome.title}. ${S.view.outcome.text}` : promptEl.textContent;
    announceEl.textContent = t('werewolf.announce', { status: S.view.status, prompt });
  }

  function drawOutcome() {
    const box = $('#outcome');
    box.hidden = !S.view.outcome;
    decisionEl.hidden = Boolean(S.view.outcome);
    $('#new-game').hidden = Boolean(S.view.outcome);
    if (!S.view.outcome) return;
    const o = S.view.outcome;
    box.dataset.side = o.side;
    $('#outcome-title').textContent = o.title;
    $('#outcome-text').textContent = o.text;
    // A tap on the rule opens it, in the rules in brief under how to play.
    const rule = /** @type {HTMLAnchorElement} */ ($('#outcome-rule'));
    rule.textContent = W.ruleWords(o.rule);
    rule.href = `#rule-${W.ruleCodes(o.rule)[0] || 'R10'}`;
    $('#outcome-winners').textContent = o.winnersText;
  }

  /** The players whose cards the pending decision is made on (touch, then pick). */
  function touchable() {
    const pending = W.pending();
    const seats = new Set();
    for (const c of S.view.choices) seats.add(c.target);
    // A player every answer about whom is refused can still be opened, to read why.
    if (pending && (pending.kind === 'verdict' || pending.kind === 'attack')) {
      for (const r of S.view.refused) seats.add(r.target);
    }
    const ballot = openBallot();
    if (ballot) ballot.targets.forEach((/** @type {{ target: number }} */ target) => seats.add(target.target));
    const tr = W.openTransfer();
    if (tr) tr.slots.forEach((/** @type {WerewolfSlot} */ slot) => seats.add(slot.to));
    return seats;
  }

  /** Whether every answer about `seat` is refused (there are some, and none may be made). @param {number} seat */
  function onlyRefused(seat) {
    return !S.view.choices.some((/** @type {WerewolfChoice} */ c) => c.target === seat)
      && S.view.refused.some((/** @type {WerewolfRefused} */ r) => r.target === seat);
  }

  /** The ballot of the voter who holds the device and has said so, or null. */
  function openBallot() {
    const pending = W.pending();
    if (!pending || pending.kind !== 'vote' || S.counting) return null;
    const votes = W.collected();
    const next = S.view.ballots.find((/** @type {WerewolfBallot} */ b) => !votes.some((v) => v.voter === b.voter));
    return next && S.ballotFor === next.voter ? next : null;
  }
  function drawDecision() {
    const pending = W.pending();
    choicesEl.replaceChildren();
    transferEl.hidden = true;
    if (!pending) return;
    promptEl.textContent = pending.prompt;
    if (pending.kind !== 'vote' && touchable().size) choicesEl.append(pickRow());
    switch (pending.kind) {
      // These move the game on: a double tap's second tap is not taken (common.js, `taps`) — after the vote,
      // it would draw the dead player's card unseen.
      case 'startPlayer':
        choicesEl.append(W.button(t('werewolf.random'), M.taps.wrap(() => {
          W.send({ type: 'startPlayer', seat: pending.tied[M.uniform(pending.tied.length)] });
        })));
        break;
      case 'vote':
        W.drawVote();
        break;
      case 'transfer':
        W.drawTransfer();
        break;
      case 'draw':
        choicesEl.append(W.button(t('werewolf.drawCard'), M.taps.wrap(() => {
          // A table that refuses contradictions leaves out the cards of roles no world gives the dead player; each
          // card weighs what the server says (all alike, or under Version 4 the deals that give its role).
          const total = pending.weights.reduce((sum, w) => sum + w, 0);
          let at = M.uniform(total);
          const i = pending.weights.findIndex((w) => (at -= w) < 0);
          W.send({ type: 'draw', player: pending.dead, index: pending.indices[i] });
        }), true));
        // The cards set aside, greyed with why: the draw is among the others.
        choicesEl.append(...W.refusedRows(S.view.refused));
        break;
      default:
        break;
    }
  }

  /**
   * The players this decision is about, by W.name, in the decision itself: on a phone their cards may be further
   * down, and a name here opens that player's card with its W.options, as touching the card does.
   */
  function pickRow() {
    const row = document.createElement('div');
    row.className = 'ww-pick-row';
    for (const seat of touchable()) {
      const b = W.button(W.name(seat), () => openCard(seat));
      b.className = 'ww-pick';
      // Only refused answers about this player: the name is greyed, and opens the reasons.
      if (onlyRefused(seat)) b.classList.add('ww-pick-refused');
      b.setAttribute('aria-expanded', String(S.touched === seat));
      row.append(b);
    }
    return row;
  }

  /**
   * Opens `seat`'s card with its options and puts the focus (and the view) on the first option — unless this is
   * the second tap of a double tap on the decision before, landing on a card or a name: that would take the
   * next decision off the screen and put the focus on an option of it (common.js, `taps`).
   * @param {number} seat
   */
  function openCard(seat) {
    if (!M.taps.settled()) return;
    S.touched = seat;
    W.drawPlayers();
    drawDecision();
    const first = /** @type {HTMLElement | null} */ (document.querySelector(`.ww-player[data-seat="${seat}"] .ww-options button:not(:disabled)`));
    if (first) {
      first.focus({ preventScroll: true });
      /** @type {Element} */ (first.closest('.ww-options')).scrollIntoView({ block: 'nearest' });
    }
  }

  /**
   * @type {Pick<WerewolfNamespace, 'render' | 'drawOutcome' | 'drawDecision' | 'bringDecisionOnScreen'
   *   | 'holdNewControls' | 'touchable' | 'onlyRefused' | 'openBallot' | 'pickRow' | 'openCard'>}
   */
  const part = {
    render, drawOutcome, drawDecision, bringDecisionOnScreen, holdNewControls, touchable, onlyRefused, openBallot, pickRow,
    openCard,
  };
  Object.assign(W, part);
})();
