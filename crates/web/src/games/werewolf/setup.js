// @ts-check
// Quantum werewolf's setup: the table (how many of each role, or a recommended one), the players' names, and a
// new game over the one in play.
'use strict';

(() => {
  const W = window.Werewolf;
  const M = window.Marubatsu;
  const { S } = W;
  const { $, root, setupForm, play, namesEl, counts, copyNoteEl } = W.el;
  const { t } = window.I18n;
  const rulesSelect = /** @type {HTMLSelectElement} */ ($('#ww-rules'));

  function composition() {
    return counts.map((input) => Math.max(0, Math.floor(Number(input.value) || 0)));
  }

  /** The version chosen: `v2`, `v3` or `v4` (the default). */
  function version() {
    return ['v2', 'v3', 'v4'].includes(rulesSelect.value) ? rulesSelect.value : 'v4';
  }

  function drawSetup() {
    const players = composition().reduce((a, b) => a + b, 0);
    const shown = Math.min(Math.max(players, 0), S.limits.maxPlayers);
    const old = Array.from(namesEl.querySelectorAll('input')).map((i) => i.value);
    const stored = (S.saved && S.saved.names) || M.store.get('marubatsu.werewolf.names', []);
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
    const [black, white, attacks] = S.rules ? S.rules.chits : S.limits.defaultChits;
    const readings = S.rules && (S.rules.attackDeath !== 'any-chits' || S.rules.deathDraw !== 'after-transfers')
      ? t('werewolf.setup.readings', {
        twoWolves: S.rules.attackDeath === 'two-wolves', before: S.rules.deathDraw === 'before-transfers',
      })
      : '';
    $('#setup-help').textContent = t('werewolf.setup.summary', {
      players, w, s, v, black, white, attacks,
    }) + readings;
    $('#ww-rules-help').textContent = t(`werewolf.setup.${version()}Help`);
    // Tables that cannot be fun (3: a certain paradox), are long (the largest) or were never measured (no
    // recommended table of that many players) are said before they start.
    const warning = $('#ww-setup-warning');
    const measured = S.limits.recommended.map((/** @type {{ players: number }} */ r) => r.players);
    let words = '';
    if (players === S.limits.minPlayers) words = t('werewolf.setup.warnThree');
    else if (players === S.limits.maxPlayers) words = t('werewolf.setup.warnLong', { players });
    else if (measured.length && !measured.includes(players)) {
      words = t('werewolf.setup.warnUnmeasured', { players, counts: measured });
    }
    warning.textContent = words;
    warning.hidden = !words;
    // How to play follows the rules chosen here.
    W.drawHowTo();
  }

  /** The workbench's recommended tables, one button per player count. */
  function drawRecommended() {
    const list = $('#ww-recommended-list');
    const percent = (/** @type {number} */ x) => `${Math.round(x * 100)}%`;
    list.replaceChildren(...S.limits.recommended.map((/** @type {{ composition: number[], [field: string]: any }} */ r) => {
      const [w, s, v] = r.composition;
      return W.button(t('werewolf.setup.recommended', {
        players: r.players, w, s, v, paradox: percent(r.paradox), village: percent(r.villageOfDecided),
        werewolves: percent(r.werewolves), v3: r.rules === 'v3', v4: r.rules === 'v4',
      }), () => {
        counts.forEach((input, i) => { input.value = String(r.composition[i]); });
        rulesSelect.value = r.rules;
        S.rules = { chits: r.chits, attackDeath: r.attackDeath, deathDraw: r.deathDraw };
        drawSetup();
      });
    }));
    $('#ww-recommended').hidden = S.limits.recommended.length === 0;
  }

  /** @param {Event} event */
  async function start(event) {
    event.preventDefault();
    // A double tap on "start" must not make the first decision with its second tap (common.js, `taps`).
    if (W.guard.busy || !M.taps.take()) return;
    const table = composition();
    const names = Array.from(namesEl.querySelectorAll('input')).map((i) => i.value.trim());
    M.store.set('marubatsu.werewolf.names', names);
    const options = version();
    // Cards set by hand play with the default chits, which the server's engine would not assume.
    const rules = S.rules || { chits: S.limits.defaultChits, attackDeath: 'any-chits', deathDraw: 'after-transfers' };
    const candidate = { table, rules, options, names, events: [] };
    const setupMessage = $('#setup-message');
    // The page is not marked busy while a game is set up: only the setup form waits.
    await W.guard.run(async () => {
      try {
        const answer = /** @type {WerewolfAnswer} */ (
          await M.api('/api/werewolf/replay', {
            table, ...rules, options, names, events: [], event: null,
          })
        );
        S.saved = candidate;
        W.keep();
        // A new game has its own id, so that a tab duplicated before it was set up is not taken for its copy.
        W.tabId(true);
        S.view = answer.state;
        setupMessage.textContent = '';
        M.sound.play('start');
        W.render();
      } catch (error) {
        setupMessage.textContent = /** @type {Error} */ (error).message;
        setupMessage.classList.add('error');
      }
    }, { quiet: true });
  }

  // ---- new game -------------------------------------------------------------------------------------------

  /** @param {boolean} asking */
  function askNewGame(asking) {
    $('#new-game').hidden = asking;
    $('#new-game-yes').hidden = !asking;
    $('#new-game-no').hidden = !asking;
  }

  $('#new-game').addEventListener('click', () => {
    if (S.view && S.view.outcome) {
      newGame();
    } else {
      askNewGame(true);
    }
  });
  // The second tap of the decision that ended the game must not throw its end away (common.js, `taps`).
  $('#play-again').addEventListener('click', () => {
    if (M.taps.settled()) newGame();
  });
  $('#new-game-no').addEventListener('click', () => askNewGame(false));
  $('#new-game-yes').addEventListener('click', newGame);

  function newGame() {
    askNewGame(false);
    W.forget();
    copyNoteEl.hidden = true;
    S.saved = null;
    S.view = null;
    S.touched = null;
    S.shownDecision = '';
    play.hidden = true;
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    drawRecommended();
    drawSetup();
    setupForm.scrollIntoView({ block: 'start' });
  }

  counts.forEach((input) => input.addEventListener('input', () => {
    S.rules = null;
    drawSetup();
  }));
  rulesSelect.addEventListener('change', drawSetup);
  setupForm.addEventListener('submit', start);

  /** @type {Pick<WerewolfNamespace, 'composition' | 'drawSetup' | 'drawRecommended' | 'start' | 'askNewGame' | 'newGame'>} */
  const part = { composition, drawSetup, drawRecommended, start, askNewGame, newGame };
  Object.assign(W, part);
})();
