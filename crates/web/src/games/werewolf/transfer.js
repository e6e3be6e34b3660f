// @ts-check
// Quantum werewolf's hand-over: the cards of a transfer placed on the receivers' cards, one more or less, and
// handed over once every card is placed (or in one press when there is only one way).
'use strict';

(() => {
  const W = window.Werewolf;
  const { S } = W;
  const { decisionEl, choicesEl, transferEl } = W.el;
  const { t } = window.I18n;

  /** The transfer pending, when the cards may go more than one way (the player chooses), or null. */
  function openTransfer() {
    const tr = S.view.pending && S.view.pending.kind === 'transfer' ? S.view.transfer : null;
    if (!tr || tr.only) return null;
    const key = JSON.stringify([S.saved.events.length, tr.from, tr.role]);
    if (key !== S.transferKey) {
      S.transferKey = key;
      S.transferCounts = new Map();
    }
    return tr;
  }

  const slotKey = (slot) => `${slot.to}:${slot.take}`;
  const placed = (tr) => tr.slots.reduce((sum, slot) => sum + (S.transferCounts.get(slotKey(slot)) || 0), 0);
  function drawTransfer() {
    const tr = S.view.transfer;
    transferEl.hidden = false;
    if (tr.only) {
      const parts = tr.only.handovers.map((h) => t('werewolf.onlyPart', {
        cards: h.cards, name: W.name(h.to), take: W.roleName(h.take),
      }));
      transferEl.replaceChildren(document.createTextNode(t('werewolf.onlyWay', { parts: parts.join('; ') })));
      choicesEl.append(W.button(t('werewolf.handOver'), window.Marubatsu.taps.wrap(() => W.send(tr.only)), true));
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
    transferEl.replaceChildren(sum);
    const give = W.button(t('werewolf.handOver'), window.Marubatsu.taps.wrap(() => {
      const handovers = tr.slots
        .map((slot) => ({ to: slot.to, take: slot.take, cards: S.transferCounts.get(slotKey(slot)) || 0 }))
        .filter((h) => h.cards > 0);
      W.send({ type: 'transfer', from: tr.from, role: tr.role, handovers });
    }), true);
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
      const current = S.transferCounts.get(slotKey(slot)) || 0;
      const params = { name: W.name(slot.to), take: W.roleName(slot.take), max: slot.cards };
      const change = (by, which) => {
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

  /** @type {Pick<WerewolfNamespace, 'openTransfer' | 'slotKey' | 'placed' | 'drawTransfer' | 'transferRows'>} */
  const part = { openTransfer, slotKey, placed, drawTransfer, transferRows };
  Object.assign(W, part);
})();
