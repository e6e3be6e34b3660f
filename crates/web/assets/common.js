// @ts-check
// What every page shares (after i18n.js and the words): storage, the JSON API, sound effects with a mute switch,
// background music for a page that has it (its own switch), and arrow keys on a grid of
// buttons. The rules are never here: a page sends events to the server and draws what comes back.
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
   * `playing` says whether this tab has a game to defend. Returns the channel (null without BroadcastChannel).
   * @param {{ name: string, tabId: (renew?: boolean) => string, playing: () => boolean,
   *   tell: (side: 'copy' | 'original') => void, Channel?: typeof BroadcastChannel }} watcher
   */
  function watchCopies({ name, tabId, playing, tell, Channel = globalThis.BroadcastChannel }) {
    if (typeof Channel !== 'function') return null;
    const channel = new Channel(name);
    channel.addEventListener('message', (event) => {
      const message = event.data || {};
      if (!playing() || message.id !== tabId()) return;
      if (message.type === 'who') {
        channel.postMessage({ type: 'mine', id: message.id });
        tell('original');
      } else if (message.type === 'mine') {
        tabId(true);
        tell('copy');
      }
    });
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

  const helpers = { formatTime, uniform, tabSession, watchCopies, sendGuard };
  if (typeof window === 'undefined') {
    module.exports = helpers;
    return;
  }

  // ---- what needs the page -------------------------------------------------------------------------------

  /** localStorage holding JSON; a browser that refuses storage still plays, it just forgets. */
  const store = {
    get(key, fallback) {
      try {
        const text = window.localStorage.getItem(key);
        return text === null ? fallback : JSON.parse(text);
      } catch (_) {
        return fallback;
      }
    },
    set(key, value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch (_) { /* storage full or disabled */ }
    },
    remove(key) {
      try {
        window.localStorage.removeItem(key);
      } catch (_) { /* storage disabled */ }
    },
  };

  /**
   * A JSON request in the player's language (`Accept-Language`). A refusal throws an Error whose message is the
   * server's sentence for the player, with `status`, `code` (the server's stable word, or `unreachable` when no
   * answer came) and `errorName` (a contract's error name). A server that cannot be reached is said as such.
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
      throw error;
    }
    const data = await response.json().catch(() => null);
    if (!response.ok || data === null) {
      const message = data && typeof data.error === 'string'
        ? data.error
        : window.I18n.t('error.server', { status: response.status });
      const error = /** @type {ApiError} */ (new Error(message));
      error.status = response.status;
      error.code = (data && data.code) || 'server';
      error.errorName = (data && data.name) || null;
      throw error;
    }
    return data;
  }

  // ---- sound: short WebAudio tones, muted from the header's switch, remembered across pages --------------

  const MUTED_KEY = 'marubatsu.muted';
  let muted = store.get(MUTED_KEY, false) === true;
  let audio = null;

  /** The audio context, made or resumed inside a user gesture (browsers refuse to start one otherwise). */
  function wake() {
    if (muted && !music.wanted()) return null;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    return audio;
  }

  /** One note; `at` (the audio clock) overrides `delay`, and `music` notes ignore the effects' switch. */
  function tone(frequency, { duration = 0.09, type = 'sine', volume = 0.14, delay = 0, at = null, music: isMusic = false } = {}) {
    if ((muted && !isMusic) || !audio || audio.state !== 'running') return;
    const start = at === null ? audio.currentTime + delay : at;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + duration + 0.03);
  }

  const effects = {
    press: () => tone(620, { type: 'triangle', duration: 0.07 }),
    undo: () => tone(330, { duration: 0.08 }),
    hint: () => { tone(523, { duration: 0.07 }); tone(784, { delay: 0.08 }); },
    nothing: () => tone(150, { type: 'square', volume: 0.04, duration: 0.06 }),
    start: () => { tone(392, { duration: 0.06 }); tone(523, { delay: 0.07, duration: 0.08 }); },
    cpu: () => tone(440, { type: 'sine', duration: 0.08 }),
    win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, { type: 'triangle', duration: 0.18, delay: i * 0.1 })),
    lose: () => [392, 330, 262].forEach((f, i) => tone(f, { type: 'sawtooth', volume: 0.06, duration: 0.2, delay: i * 0.14 })),
    draw: () => { tone(440, { duration: 0.12 }); tone(440, { duration: 0.12, delay: 0.16 }); },
  };

  function play(name) {
    const effect = effects[name];
    if (effect && !muted) effect();
  }

  // ---- background music: a quiet generated loop with its own switch, apart from the effects -------------

  // A slow arpeggio over C major pentatonic, a bass note every bar: calm enough to think over a puzzle.
  const MELODY = [523, 659, 784, 880, 784, 659, 587, 659, 523, 587, 659, 784, 659, 587, 523, 440];
  const BASS = [131, 110, 147, 98];
  const STEP = 0.32;
  const MUSIC_KEY = 'marubatsu.music';

  const music = (() => {
    let on = store.get(MUSIC_KEY, false) === true;
    let here = false;
    let timer = null;
    let step = 0;
    let next = 0;
    let button = null;

    function schedule() {
      if (!audio || audio.state !== 'running') return;
      if (next < audio.currentTime) next = audio.currentTime + 0.05;
      while (next < audio.currentTime + 0.6) {
        tone(MELODY[step % MELODY.length], { at: next, duration: 0.5, type: 'triangle', volume: 0.035, music: true });
        if (step % 4 === 0) {
          tone(BASS[(step / 4) % BASS.length], { at: next, duration: 1.2, type: 'sine', volume: 0.05, music: true });
        }
        next += STEP;
        step += 1;
      }
    }

    function update() {
      const play = here && on && !document.hidden && audio && audio.state === 'running';
      if (play && !timer) {
        schedule();
        timer = window.setInterval(schedule, 200);
      } else if (!play && timer) {
        window.clearInterval(timer);
        timer = null;
      }
      document.documentElement.dataset.music = timer ? 'playing' : 'stopped';
      if (button) {
        button.setAttribute('aria-pressed', String(on));
        const label = button.querySelector('.music-text') || button;
        label.textContent = window.I18n.t(on ? 'music.on' : 'music.off');
      }
    }

    return {
      /** Whether this page has music and the player wants it. */
      wanted: () => here && on,
      /** Gives the page music, switched by `toggle` (a button), remembered across pages and visits. */
      attach(toggle) {
        here = true;
        button = toggle;
        button.addEventListener('click', () => {
          on = !on;
          store.set(MUSIC_KEY, on);
          wake();
          update();
        });
        window.I18n.onChange(update);
        document.addEventListener('visibilitychange', update);
        update();
      },
      update,
    };
  })();

  // Any key or pointer press may be the gesture that lets the page make sound.
  const gesture = () => {
    const context = wake();
    if (context && context.state !== 'running') context.resume().then(music.update, () => {});
    music.update();
  };
  document.addEventListener('pointerdown', gesture, true);
  document.addEventListener('keydown', gesture, true);

  const soundButton = document.getElementById('sound');
  function drawSoundButton() {
    if (!soundButton) return;
    soundButton.setAttribute('aria-pressed', String(!muted));
    const label = soundButton.querySelector('.sound-text') || soundButton;
    label.textContent = window.I18n.t(muted ? 'sound.off' : 'sound.on');
  }
  window.I18n.onChange(drawSoundButton);
  if (soundButton) {
    soundButton.addEventListener('click', () => {
      muted = !muted;
      store.set(MUTED_KEY, muted);
      drawSoundButton();
      if (!muted) {
        wake();
        tone(660, { duration: 0.06 });
      }
    });
  }
  drawSoundButton();

  // ---- a grid of buttons played from the keyboard ---------------------------------------------------------

  /**
   * Arrow keys move the focus over `container`'s buttons, a `side`×`side` grid in reading order, wrapping at
   * the edges as the seed's page does; Home and End go to the row's ends. Only the cursor's button is in the
   * tab order (a roving tabindex), so Tab enters the grid once and leaves it. Enter and Space are the buttons'
   * own: they click the focused cell.
   */
  function keyboardGrid(container, { side, onMove }) {
    container.addEventListener('keydown', (event) => {
      const cells = Array.from(container.querySelectorAll('button'));
      const index = cells.indexOf(document.activeElement);
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

  /** Puts the roving tabindex (and the focus, if `focus`) on cell `index` of `container`. */
  function focusCell(container, index, focus = true) {
    const cells = container.querySelectorAll('button');
    cells.forEach((cell, i) => cell.setAttribute('tabindex', i === index ? '0' : '-1'));
    if (focus && cells[index]) cells[index].focus();
  }

  /** A shortcut key for the page: ignored while typing, with a modifier held, or in a dialog. */
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

  window.Marubatsu = { ...helpers, store, api, sound: { play }, music, keyboardGrid, focusCell, shortcuts };
})();
