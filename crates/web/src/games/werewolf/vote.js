// @ts-check
// Quantum werewolf's vote: one event with every alive player's ballot (R9), collected here in secret. The device
// goes to each voter in turn, who confirms who they are, picks on a card or by name, may change it, confirms, and
// the choice is hidden again before the device is passed on. The ballots so far stay in sessionStorage with the
// game, so a reload resumes the vote at the next voter.
'use strict';

(() => {
  const W = window.Werewolf;
  const { S } = W;
  const { root, decisionEl, promptEl, choicesEl } = W.el;
  const { t } = window.I18n;

  /**
   * The ballots collected for the vote now pending, in `saved.ballot`. They belong to the vote that follows
   * the events in the log, so a new vote or a run-off (after another event) starts with none.
   * @returns {WerewolfVote[]}
   */
  function collected() {
    const key = S.saved.events.length;
    if (!S.saved.ballot || S.saved.ballot.key !== key || !Array.isArray(S.saved.ballot.votes)) {
      S.saved.ballot = { key, votes: [] };
      S.ballotFor = null;
      S.picked = null;
    }
    return S.saved.ballot.votes;
  }

  function drawVote() {
    if (S.counting) {
      promptEl.textContent = t('werewolf.counting');
      return;
    }
    const votes = collected();
    const next = S.view.ballots.find((/** @type {WerewolfBallot} */ b) => !votes.some((v) => v.voter === b.voter));
    if (!next) {
      submitVote(votes);
      return;
    }
    const voter = next.voter;
    const voted = votes.map((v) => W.name(v.voter));
    const pending = W.pending();
    const round = pending && pending.kind === 'vote' ? pending.runoff : 0;
    const runoff = round ? t('werewolf.runoff', { n: round }) : '';
    if (S.ballotFor !== voter) {
      S.picked = null;
      promptEl.textContent = t('werewolf.passTo', { runoff, name: W.name(voter) })
        + (voted.length ? t('werewolf.votedSoFar', { names: t('werewolf.list', { items: voted }) }) : '');
      // A double tap (common.js, `taps`) neither passes a voter by nor confirms their vote.
      choicesEl.append(W.button(t('werewolf.iAm', { name: W.name(voter) }), window.Marubatsu.taps.wrap(() => {
        S.ballotFor = voter;
        W.drawPlayers();
        W.drawDecision();
        W.bringDecisionOnScreen();
        W.holdNewControls();
      }), true));
      return;
    }
    promptEl.textContent = t('werewolf.pointAt', {
      runoff, name: W.name(voter), runoffOnly: Boolean(round),
    });
    const ballot = document.createElement('div');
    ballot.className = 'ww-ballot';
    for (const target of next.targets) {
      const b = W.button(target.label, () => pickVote(target.target, false));
      b.className = 'ww-ballot-choice';
      b.setAttribute('aria-pressed', String(S.picked === target.target));
      ballot.append(b);
    }
    const confirm = W.button(t('werewolf.confirmVote'), window.Marubatsu.taps.wrap(() => {
      if (S.picked === null) return;
      votes.push({ voter, target: S.picked });
      S.ballotFor = null;
      S.picked = null;
      if (S.view.ballots.every((/** @type {WerewolfBallot} */ b) => votes.some((v) => v.voter === b.voter))) {
        submitVote(votes);
        return;
      }
      W.keep();
      W.render();
    }), true);
    confirm.classList.add('ww-confirm');
    confirm.disabled = S.picked === null;
    choicesEl.append(ballot, confirm);
  }

  /**
   * The voter picked `seat`, on the card or by name: the ballot shows on that card and in the decision, and the
   * focus goes to the confirmation (brought on screen when the pick was made on a card further down).
   * @param {number} seat @param {boolean} onCard
   */
  function pickVote(seat, onCard) {
    // The second tap on "it's me" lands on a name or a card: it picks nobody (common.js, `taps`).
    if (!window.Marubatsu.taps.settled()) return;
    S.picked = seat;
    W.drawPlayers();
    W.drawDecision();
    const confirm = /** @type {HTMLButtonElement | null} */ (choicesEl.querySelector('.ww-confirm'));
    if (!confirm) return;
    confirm.focus({ preventScroll: true });
    if (!onCard) return;
    decisionEl.scrollIntoView({ block: 'nearest' });
    confirm.scrollIntoView({ block: 'nearest' });
  }

  /**
   * Every voter has confirmed: the vote leaves the page as one event, ballots in seat order, and is forgotten
   * here, so a refused vote is collected again.
   * @param {WerewolfVote[]} votes
   */
  function submitVote(votes) {
    const ballots = votes.slice().sort((a, b) => a.voter - b.voter);
    S.saved.ballot = null;
    W.keep();
    S.counting = true;
    root.dataset.counting = 'true';
    W.drawDecision();
    W.send({ type: 'vote', ballots });
  }

  /** @type {Pick<WerewolfNamespace, 'collected' | 'drawVote' | 'submitVote' | 'pickVote'>} */
  const part = { collected, drawVote, submitVote, pickVote };
  Object.assign(W, part);
})();
