// @ts-check
// What every page shares (after i18n.js and the words): storage, the JSON API, arrow keys on a grid of buttons,
// and the pure helpers Node's tests load too (the clock, a uniform draw, a tab's own storage and the watcher of
// its copies, one request at a time). Sound effects and music are sound.js, loaded next. The rules are never here: a page sends events to the server and draws what comes back.
'use strict';

(() => {
  // ---- pure helpers: no page needed, so Node's test runner loads them (crates/web/tests/js) --------------

  /** m:ss, as the book's page shows time. @param {number} ms */
  function formatTime(ms) {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  }

  /**
   * One 32-bit word from the page's random source (crypto.getRandomValues), the default of `uniform`.
   * @returns {number}
   */
  function randomWord() {
    return crypto.getRandomValues(new Uint32Array(1))[0];
  }

  /**
   * A uniform integer in 0..n (n at most 2^32), from the 32-bit words `next` gives: a word at or above the largest
   * multiple of `n` is drawn again, so that no value is favoured.
   * @param {number} n
   * @param {() => number} [next]
   */
  function uniform(n, next = randomWord) {
    const limit = Math.floor(0x100000000 / n) * n;
    let word;
    do {
      word = next();
    } while (word >= limit);
    return word % n;
  }

  /**
   * A tab's own storage (the page's sessionStorage; a stand-in in tests): a game kept there belongs to this tab,
   * and a browser that refuses storage still plays one, it just forgets it. `getText`/`setText` keep text as it
   * is, `get`/`set` JSON (`get` gives null for nothing or for text that is not JSON).
   * @param {() => Storage} storage
   */
  function tabSession(storage) {
    const session = {
      /** @param {string} key @returns {string | null} */
      getText(key) {
        try {
          return storage().getItem(key);
        } catch (_) {
          return null;
        }
      },
      /** @param {string} key @param {string} text */
      setText(key, text) {
        try {
          storage().setItem(key, text);
        } catch (_) { /* storage full or disabled: the game goes on until the tab closes */ }
      },
      /** @param {string} key */
      get(key) {
        try {
          return JSON.parse(/** @type {string} */ (session.getText(key)));
        } catch (_) {
          return null;
        }
      },
      /** @param {string} key @param {unknown} value */
      set(key, value) {
        session.setText(key, JSON.stringify(value));
      },
      /** @param {string} key */
      remove(key) {
        try {
          storage().removeItem(key);
        } catch (_) { /* storage disabled */ }
      },
      /**
       * This tab's id for its game, kept under `key` with it (a duplicated tab inherits it); `renew` makes a new
       * one. Where storage is refused every call gives a new id, so no other tab is ever taken for this one.
       * @param {string} key @param {boolean} [renew]
       */
      tabId(key, renew = false) {
        let id = session.getText(key);
        if (renew || !id) {
          id = Array.from(crypto.getRandomValues(new Uint32Array(2)), (w) => w.toString(36)).join('');
          session.setText(key, id);
        }
        return id;
      },
    };
    return session;
  }

  /**
   * Finds out whether another open tab plays this tab's game. The game lives in the tab's sessionStorage, so a
   * tab opened afresh starts its own, but a duplicated tab starts with a copy, and the two cannot both be the
   * table's game: each tab keeps an id with its game (`tabId`) and asks the other tabs on the BroadcastChannel
   * `name` whether one already plays under it. If one does, the copy takes a new id and `tell` says to each
   * which side it is (`copy` or `original`), so both can say plainly that from here they go on separately.
   * `playing` says whether this tab has a game to defend. When the other side closes (`pagehide`, which
   * `onLeave` hooks), `untell` says the note no longer holds. Returns the channel (null without BroadcastChannel).
   * @param {{ name: string, tabId: (renew?: boolean) => string, playing: () => boolean,
   *   tell: (side: 'copy' | 'original') => void, untell?: () => void, Channel?: typeof BroadcastChannel,
   *   onLeave?: (leave: () => void) => void }} watcher
   */
  function watchCopies({
    name, tabId, playing, tell, untell = () => {}, Channel = globalThis.BroadcastChannel,
    onLeave = (leave) => { if (typeof window !== 'undefined') window.addEventListener('pagehide', leave); },
  }) {
    if (typeof Channel !== 'function') return null;
    const channel = new Channel(name);
    // The ids of the tabs this one was found to share its game with; when the last closes, the note goes.
    const others = /** @type {Set<string>} */ (new Set());
    const gone = (/** @type {string} */ id) => {
      if (others.delete(id) && others.size === 0) untell();
    };
    channel.addEventListener('message', (event) => {
      const message = event.data || {};
      if (message.type === 'gone') {
        gone(message.id);
        return;
      }
      if (message.type === 'renamed') {
        // The copy went on under a new id: that is the id it will say it leaves under.
        if (message.from === tabId()) others.add(message.to);
        return;
      }
      if (!playing() || message.id !== tabId()) return;
      if (message.type === 'who') {
        channel.postMessage({ type: 'mine', id: message.id });
        tell('original');
      } else if (message.type === 'mine') {
        others.add(message.id);
        const renamed = tabId(true);
        channel.postMessage({ type: 'renamed', from: message.id, to: renamed });
        tell('copy');
      }
    });
    onLeave(() => channel.postMessage({ type: 'gone', id: tabId() }));
    if (playing()) channel.postMessage({ type: 'who', id: tabId() });
    return channel;
  }

  /**
   * One request at a time: while an answer is awaited, taps are not taken (a double tap sends nothing twice),
   * and a request that fails is not retried behind the player's back. `mark(busy)` shows it on the page.
   * @param {(busy: boolean) => void} mark
   */
  function sendGuard(mark) {
    let busy = false;
    return {
      /** Whether a request is on its way. */
      get busy() { return busy; },
      /**
       * Runs `task` unless one is still running; false if it did not run. `quiet` leaves the page unmarked.
       * @param {() => Promise<void>} task @param {{ quiet?: boolean }} [options]
       */
      async run(task, { quiet = false } = {}) {
        if (busy) return false;
        busy = true;
        if (!quiet) mark(true);
        try {
          await task();
        } finally {
          busy = false;
          if (!quiet) mark(false);
        }
        return true;
      },
    };
  }

  /** How long after a tap that moves a pass-and-play game on another tap is taken for its double, in ms: the
   * engine's rule for a talk turn (TURN_GUARD_MS in the relay engine), so page and engine agree. */
  const TAP_GUARD_MS = 1000;

  /**
   * Mis-taps while the phone changes hands: after a tap that moves the game on is taken, every other such tap
   * within `windowMs` is ignored, on the same button or on whatever the next screen put under the finger (the
   * second tap of a double tap lands there 150–250 ms later). `settled()` says whether the window has passed, for
   * a choice (a ballot pick) that must not be made by that second tap either. `hold(controls)` shows the next
   * screen's controls as not active yet for the rest of the window, so that a deliberate tap in it is not lost
   * without a sign. `now` and `later` are a stand-in clock and timer in tests.
   * @param {number} [windowMs] @param {() => number} [now]
   * @param {(run: () => void, ms: number) => unknown} [later]
   */
  function tapGuard(windowMs = TAP_GUARD_MS, now = () => Date.now(), later = (run, ms) => setTimeout(run, ms)) {
    let last = -Infinity;
    const guard = {
      /** Whether this tap counts; if it does, the window starts again. */
      take() {
        const at = now();
        if (at - last < windowMs) return false;
        last = at;
        return true;
      },
      /** Whether no counted tap was within the window. */
      settled() { return now() - last >= windowMs; },
      /** `action`, run only for a tap that counts. @template {unknown[]} A @param {(...args: A) => void} action */
      wrap(action) {
        return (/** @type {A} */ ...args) => {
          if (guard.take()) action(...args);
        };
      },
      /**
       * Marks `controls` — the ones a screen drawn after a tap that counted put in reach — as not active while a
       * tap on them would not count: `aria-disabled` and `data-tap-held` (the page's stylesheet fades them in over
       * `--tap-held-ms`, the time left), removed when the window ends, from when a tap on any control counts. A
       * control a page already marks `aria-disabled` keeps its own mark; once the window has passed, nothing.
       * @param {Iterable<HTMLElement>} controls
       */
      hold(controls) {
        const left = Math.ceil(windowMs - (now() - last));
        if (!(left > 0)) return;
        // A control this guard already holds (drawn in one window, then tapped into the next) is held again: the
        // older window's release must not free it early. The mark names the window's end; only that one frees it.
        const until = String(last + windowMs);
        const held = Array.from(controls)
          .filter((control) => !control.hasAttribute('aria-disabled') || control.hasAttribute('data-tap-held'));
        for (const control of held) {
          control.setAttribute('aria-disabled', 'true');
          control.setAttribute('data-tap-held', until);
          control.style.setProperty('--tap-held-ms', `${left}ms`);
        }
        const release = () => {
          // A timer may fire a moment before the clock the guard reads says the window is over: never free a
          // control while a tap on it would still not count.
          const rest = windowMs - (now() - last);
          if (rest > 0) {
            later(release, Math.ceil(rest));
            return;
          }
          for (const control of held) {
            if (control.getAttribute('data-tap-held') !== until) continue;
            control.removeAttribute('aria-disabled');
            control.removeAttribute('data-tap-held');
            control.style.removeProperty('--tap-held-ms');
          }
        };
        later(release, left);
      },
    };
    return guard;
  }

  const helpers = { formatTime, uniform, tabSession, watchCopies, sendGuard, tapGuard, TAP_GUARD_MS };
  if (typeof window === 'undefined') {
    module.exports = helpers;
    return;
  }

  // ---- what needs the page -------------------------------------------------------------------------------

  /** localStorage holding JSON; a browser that refuses storage still plays, it just forgets. */
  const store = {
    /** @param {string} key @param {any} fallback */
    get(key, fallback) {
      try {
        const text = window.localStorage.getItem(key);
        return text === null ? fallback : JSON.parse(text);
      } catch (_) {
        return fallback;
      }
    },
    /** @param {string} key @param {unknown} value */
    set(key, value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch (_) { /* storage full or disabled */ }
    },
    /** @param {string} key */
    remove(key) {
      try {
        window.localStorage.removeItem(key);
      } catch (_) { /* storage disabled */ }
    },
  };

  /**
   * A JSON request in the player's language (`Accept-Language`). A refusal throws an Error whose message is the
   * server's sentence for the player, with `status`, `code` (the server's stable word, or `unreachable` when no
   * answer came), `errorName` (a contract's error name) and `words` (the sentence's catalog key and arguments, when
   * the server sent them: the message is then worded here from the page's own catalog, which the server's is).
   * A server that cannot be reached is said as such.
   * @param {string} path @param {unknown} [body] @returns {Promise<any>}
   */
  async function api(path, body) {
    const headers = { 'accept-language': window.I18n.lang };
    const init = body === undefined
      ? { method: 'GET', headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch(path, init);
    } catch (_) {
      const error = /** @type {ApiError} */ (new Error(window.I18n.t('error.unreachable')));
      error.status = 0;
      error.code = 'unreachable';
      error.errorName = null;
      error.words = null;
      throw error;
    }
    const data = await response.json().catch(() => null);
    if (!response.ok || data === null) {
      const words = data && data.words && typeof data.words.key === 'string' ? data.words : null;
      const worded = words ? window.I18n.say(words) : null;
      const message = worded && worded !== words?.key
        ? worded
        : data && typeof data.error === 'string'
          ? data.error
          : window.I18n.t('error.server', { status: response.status });
      const error = /** @type {ApiError} */ (new Error(message));
      error.status = response.status;
      error.code = (data && data.code) || 'server';
      error.errorName = (data && data.name) || null;
      error.words = words;
      throw error;
    }
    return data;
  }

  // ---- a grid of buttons played from the keyboard ---------------------------------------------------------

  /**
   * Arrow keys move the focus over `container`'s buttons, a `side`×`side` grid in reading order, wrapping at
   * the edges as the seed's page does; Home and End go to the row's ends. Only the cursor's button is in the
   * tab order (a roving tabindex), so Tab enters the grid once and leaves it. Enter and Space are the buttons'
   * own: they click the focused cell.
   * @param {HTMLElement} container
   * @param {{ side: () => number, onMove: (index: number) => void }} options
   */
  function keyboardGrid(container, { side, onMove }) {
    container.addEventListener('keydown', (event) => {
      const cells = Array.from(container.querySelectorAll('button'));
      const index = cells.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
      if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      const n = side();
      let row = Math.floor(index / n);
      let col = index % n;
      switch (event.key) {
        case 'ArrowUp': row = (row - 1 + n) % n; break;
        case 'ArrowDown': row = (row + 1) % n; break;
        case 'ArrowLeft': col = (col - 1 + n) % n; break;
        case 'ArrowRight': col = (col + 1) % n; break;
        case 'Home': col = 0; break;
        case 'End': col = n - 1; break;
        default: return;
      }
      event.preventDefault();
      const next = row * n + col;
      onMove(next);
      focusCell(container, next);
    });
  }

  /**
   * Puts the roving tabindex (and the focus, if `focus`) on cell `index` of `container`.
   * @param {HTMLElement} container @param {number} index @param {boolean} [focus]
   */
  function focusCell(container, index, focus = true) {
    const cells = container.querySelectorAll('button');
    cells.forEach((cell, i) => cell.setAttribute('tabindex', i === index ? '0' : '-1'));
    if (focus && cells[index]) cells[index].focus();
  }

  /**
   * A shortcut key for the page: ignored while typing, with a modifier held, or in a dialog.
   * @param {Record<string, () => void>} map
   */
  function shortcuts(map) {
    document.addEventListener('keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = /** @type {Element | null} */ (event.target);
      if (target && (target.closest('input, textarea, select, dialog[open]'))) return;
      const action = map[event.key.toLowerCase()];
      if (action) {
        event.preventDefault();
        action();
      }
    });
  }

  // Sound effects and music (`sound`, `music`) are added by sound.js, loaded next.
  // One guard for the page: a double tap is two taps wherever the second one lands.
  const taps = tapGuard();
  window.Marubatsu = /** @type {MarubatsuApi} */ ({ ...helpers, store, api, keyboardGrid, focusCell, shortcuts, taps });
})();
