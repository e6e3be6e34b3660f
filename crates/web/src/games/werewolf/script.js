// @ts-check
// Quantum werewolf's page: how to play in the page's language, a language switch, the tab-copy watcher, and the
// start, resuming the game this tab keeps. The parts it starts are loaded before it (see state.js).
'use strict';

(() => {
  const W = window.Werewolf;
  const M = window.Marubatsu;
  const { S } = W;
  const { $, root, setupForm, counts, messageEl, copyNoteEl } = W.el;
  const { t } = window.I18n;

  // ---- how to play: the section in the page's language, for the rules in play -----------------------------

  /**
   * How to play, block by block: a heading, a paragraph, or a list whose items may lead with words in bold.
   * Every text is a `werewolf.howto.` key, written for the rules the table plays (`{ v3 }`).
   * @type {(['h3' | 'p', string] | ['ol' | 'ul', (string | [string, string])[]])[]}
   */
  const HOWTO = [
    ['p', 'intro'], ['p', 'version'],
    ['h3', 'goalTitle'], ['p', 'goal'],
    ['h3', 'roundTitle'], ['ol', [['seerLead', 'seer'], ['attackLead', 'attack'], ['voteLead', 'vote']]],
    ['h3', 'certainTitle'], ['p', 'certain'], ['p', 'cascade'],
    ['h3', 'endTitle'],
    ['ul', [['villageLead', 'village'], ['werewolvesLead', 'werewolves'], ['paradoxLead', 'paradox']]],
    ['p', 'when'],
    ['h3', 'exampleTitle'], ['p', 'example'], ['ol', ['step1', 'step2', 'step3', 'step4']], ['p', 'exampleEnd'],
  ];

  /**
   * The rules the how-to teaches: those of the game in play, else the setup's choice — so that a table that
   * picks Version 2 reads Version 2's rules. A game saved before the rules could be chosen plays Version 2.
   */
  function howtoRules() {
    const chosen = S.saved && S.view ? S.saved.options : /** @type {HTMLSelectElement} */ ($('#ww-rules')).value;
    // A game saved before Version 4 existed named only v2 or v3; anything else is the setup's default.
    return ['v2', 'v3', 'v4'].includes(chosen) ? chosen : 'v4';
  }

  /** The how-to last drawn, as `lang:rules`: it is drawn again only when either changes. */
  let howtoDrawn = '';

  function drawHowTo() {
    const rules = howtoRules();
    const drawn = `${window.I18n.lang}:${rules}`;
    if (drawn === howtoDrawn) return;
    howtoDrawn = drawn;
    // Version 4 is Version 3 with the deals' certainty and draw: every Version 3 sentence holds for it too.
    const p = { v3: rules !== 'v2', v4: rules === 'v4' };
    const words = (/** @type {string} */ key) => t(`werewolf.howto.${key}`, p);
    const element = (/** @type {string} */ tag, /** @type {string} */ text) => {
      const el = document.createElement(tag);
      el.textContent = text;
      return el;
    };
    const blocks = HOWTO.map(([tag, what]) => {
      if (typeof what === 'string') return element(tag, words(what));
      const list = document.createElement(tag);
      list.append(...what.map((item) => {
        if (typeof item === 'string') return element('li', words(item));
        const li = document.createElement('li');
        li.append(element('strong', words(item[0])), words('leadJoin') + words(item[1]));
        return li;
      }));
      return list;
    });
    for (const part of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-howto]'))) {
      const mine = part.dataset.howto === window.I18n.lang;
      part.hidden = !mine;
      part.replaceChildren(...(mine ? blocks : []));
    }
    // Every rule the log and the end cite, in a sentence: the end's rule links here.
    $('#ww-rules-brief').replaceChildren(...W.RULES.flatMap((rule) => {
      const term = document.createElement('dt');
      term.id = `rule-${rule}`;
      term.tabIndex = -1;
      term.textContent = `${rule} ${t(`werewolf.ruleName.${rule}`)}`;
      const text = document.createElement('dd');
      text.textContent = t(`werewolf.ruleText.${rule}`, p);
      return [term, text];
    }));
  }

  window.I18n.onChange(() => {
    drawHowTo();
    if (!copyNoteEl.hidden) {
      copyNoteEl.textContent = t(copyNoteEl.dataset.copy === 'copy' ? 'werewolf.tabIsCopy' : 'werewolf.tabWasCopied');
    }
    if (S.view && S.saved) {
      // The server writes the game's sentences: ask again in the new language.
      S.shownDecision = '';
      W.send(null);
    } else {
      W.drawRecommended();
      W.drawSetup();
    }
  });

  /** Tells this tab's side when another tab turns out to hold a copy of its game (common.js, `watchCopies`). */
  function watchCopies() {
    M.watchCopies({
      name: 'marubatsu.werewolf',
      tabId: W.tabId,
      playing: () => Boolean(S.saved && S.view),
      tell: (copy) => {
        copyNoteEl.dataset.copy = copy;
        copyNoteEl.textContent = t(copy === 'copy' ? 'werewolf.tabIsCopy' : 'werewolf.tabWasCopied');
        copyNoteEl.hidden = false;
      },
    });
  }

  async function boot() {
    // The page puts the decision on screen itself; a position restored from before the reload would hide it.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    drawHowTo();
    try {
      S.limits = await M.api('/api/werewolf/table');
    } catch (_) { /* keep the defaults */ }
    if (S.saved && Array.isArray(S.saved.table) && Array.isArray(S.saved.events)) {
      counts.forEach((input, i) => { input.value = String(S.saved.table[i]); });
      await W.send(null);
      if (S.view) {
        watchCopies();
        return;
      }
      if (S.failure === 'unreachable') {
        // The game is still in this tab: say so, and offer to try again rather than a new game over it.
        const note = $('#log-note');
        note.hidden = false;
        note.replaceChildren(document.createTextNode(`${messageEl.textContent} `),
          W.button(t('werewolf.retry'), () => window.location.reload()));
        root.dataset.pending = 'unreachable';
        root.dataset.ready = 'true';
        return;
      }
    }
    S.saved = null;
    counts.forEach((input, i) => { input.value = String(S.limits.default[i]); });
    W.drawRecommended();
    setupForm.hidden = false;
    root.dataset.pending = 'setup';
    W.drawSetup();
    window.scrollTo(0, 0);
    root.dataset.ready = 'true';
    watchCopies();
  }

  /** @type {Pick<WerewolfNamespace, 'drawHowTo'>} */
  const part = { drawHowTo };
  Object.assign(W, part);

  boot();
})();
