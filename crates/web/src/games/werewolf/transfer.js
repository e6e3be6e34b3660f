// @ts-check
// Quantum werewolf's hand-over: the cards of a transfer placed on the receivers' cards, one more or less, and
// handed over once every card is placed (or in one press when there is only one way).
'use strict';

(() => {
  const W = window.Werewolf;
  const { S } = W;
  const { decisionEl, promptEl, choicesEl, transferEl } = W.el;
  const { t } = window.I18n;

  /**
   * The transfer the table is making: the chosen debtor's (R7 lets any ready one go first), else the first.
   * @returns {WerewolfTransfer | null}
   */
  function chosenTransfer() {
    const pending = W.pending();
    if (!pending || pending.kind !== 'transfer') return null;
    const ready = S.view.transfers;
    return ready.find((/** @type {WerewolfTransfer} */ tr) => transferKey(tr) === S.debtor) || ready[0] || null;
  }

  /**
   * Which transfer the table chose: a debtor may owe cards of two roles at once, each its own transfer, so the
   * debtor alone does not say which.
   * @param {WerewolfTransfer} tr
   */
  function transferKey(tr) {
    return `${tr.from}:${tr.role}`;
  }

  /** The transfer being made, when the cards may go more than one way (the player chooses), or null. */
  function openTransfer() {
    const tr = chosenTransfer();
    if (!tr || tr.only) return null;
    const key = JSON.stringify([S.saved.events.length, tr.from, tr.role]);
    if (key !== S.transferKey) {
      S.transferKey = key;
      S.transferCounts = new Map();
    }
    return tr;
  }

  const slotKey = (/** @type {{ to: number, take: string }} */ slot) => `${slot.to}:${slot.take}`;
  const placed = (/** @type {WerewolfTransfer} */ tr) => tr.slots.reduce((sum, slot) => sum + (S.transferCounts.get(slotKey(slot)) || 0), 0);
  /**
   * When more than one debtor could hand over now, the table says who goes first: one button per debtor, the
   * chosen one pressed. Choosing another starts their transfer afresh.
   */
  function debtorRow() {
    const ready = S.view.transfers;
    const chosen = chosenTransfer();
    const row = document.createElement('div');
    row.className = 'ww-debtors';
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', t('werewolf.whoFirst'));
    const help = document.createElement('p');
    help.className = 'help';
    help.textContent = t('werewolf.whoFirst');
    row.append(help);
    for (const tr of ready) {
      const b = W.button(t('werewolf.debtor', { name: W.name(tr.from), cards: tr.cards, role: W.roleName(tr.role) }), () => {
        // The second tap of the decision before may land here: it chooses nobody (common.js, `taps`).
        if (!window.Marubatsu.taps.settled()) return;
        S.debtor = transferKey(tr);
        S.touched = null;
        W.drawPlayers();
        W.drawDecision();
      });
      b.dataset.debtor = String(tr.from);
      b.setAttribute('aria-pressed', String(tr === chosen));
      row.append(b);
    }
    return row;
  }

  function drawTransfer() {
    const tr = chosenTransfer();
    if (!tr) return;
    promptEl.textContent = tr.prompt;
    transferEl.hidden = false;
    const choosing = S.view.transfers.length > 1 ? [debtorRow()] : [];
    if (tr.only) {
      const parts = tr.only.handovers.map((h) => t('werewolf.onlyPart', {
        cards: h.cards, name: W.name(h.to), take: W.roleName(h.take),
      }));
      transferEl.replaceChildren(...choosing, document.createTextNode(t('werewolf.onlyWay', { parts: parts.join(t('werewolf.partsJoin')) })));
      choicesEl.append(...W.actOrWarn(t('werewolf.handOver'), tr.onlyEnds, () => W.send(tr.only), { primary: true }));
      return;
    }
    openTransfer();
    // What is placed so far, in words; the cards themselves are placed on the receivers' cards.
    const parts = tr.slots.filter((slot) => S.transferCounts.get(slotKey(slot))).map((slot) => t('werewolf.onlyPart', {
      cards: S.transferCounts.get(slotKey(slot)), name: W.name(slot.to), take: W.roleName(slot.take),
    }));
    const sum = document.createElement('p');
    sum.className = 'help';
    sum.textContent = t('werewolf.placed', { done: placed(tr), cards: tr.cards, role: W.roleName(tr.role) })
      + (parts.length ? ` ${parts.join('; ')}.` : '');
    transferEl.replaceChildren(...choosing, sum);
    // A hand-over built card by card may end the game: the server is asked first, and if it would, the
    // button says so and only a second tap hands over (as for the ready-made choices, `actOrWarn`).
    const give = W.button(t('werewolf.handOver'), window.Marubatsu.taps.wrap(async () => {
      const handovers = tr.slots
        .map((slot) => ({ to: slot.to, take: slot.take, cards: S.transferCounts.get(slotKey(slot)) || 0 }))
        .filter((h) => h.cards > 0);
      const event = { type: 'transfer', from: tr.from, role: tr.role, handovers };
      const ends = give.dataset.armed === 'true' ? null : await W.wouldEnd(event);
      if (!ends) {
        W.send(event);
        return;
      }
      W.arm(give, t('werewolf.handOver'));
      give.after(W.warning(ends));
    }), true);
    give.classList.add('ww-give');
    give.disabled = placed(tr) !== tr.cards;
    choicesEl.append(give);
  }

  /**
   * A receiver's options in the transfer: for each role they may give back, one card more or less. The focus
   * stays on the button pressed; once every card is placed it goes to the hand-over, brought on screen.
   * @param {WerewolfTransfer} tr @param {number} seat
   */
  function transferRows(tr, seat) {
    return tr.slots.filter((slot) => slot.to === seat).map((slot) => {
      const row = document.createElement('div');
      row.className = 'ww-slot';
      const current = S.transferCounts.get(slotKey(slot)) || 0;
      const params = { name: W.name(slot.to), take: W.roleName(slot.take), max: slot.cards };
      const change = (/** @type {number} */ by, /** @type {string} */ which) => {
        S.transferCounts.set(slotKey(slot), current + by);
        W.drawPlayers();
        W.drawDecision();
        const give = /** @type {HTMLButtonElement | null} */ (choicesEl.querySelector('.ww-give'));
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
      const minus = W.button('−', () => change(-1, 'less'));
      const plus = W.button('+', () => change(1, 'more'));
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

  /** @type {Pick<WerewolfNamespace, 'openTransfer' | 'chosenTransfer' | 'slotKey' | 'placed' | 'drawTransfer' | 'transferRows'>} */
  const part = { openTransfer, chosenTransfer, slotKey, placed, drawTransfer, transferRows };
  Object.assign(W, part);
})();
