// @ts-check
// The pages' languages: Japanese and English, chosen from the browser, switchable from the header, remembered.
//
//   I18n.add({ en: { 'x.hello': 'Hello, {name}' }, ja: { 'x.hello': '{name}さん、こんにちは' } });
//   I18n.t('x.hello', { name: 'Ann' })       // "Hello, Ann" or "Annさん、こんにちは"
//   <p data-i18n="x.key"></p>                 // textContent filled by I18n.apply()
//   <input data-i18n-attr="aria-label:x.label;placeholder:x.hint">
//   I18n.onChange((lang) => render());       // the player switched: redraw the text made by script
//
// An element a script fills must not carry data-i18n (apply would overwrite it on a switch): redraw it from
// onChange instead. A value may also be a function of the params, for plurals:
//   'x.moves': (p) => (p.n === 1 ? '1 move' : `${p.n} moves`)
// A key missing in Japanese falls back to English; a key missing everywhere is shown as the key itself and
// warned about on the console, so a test that reads the console catches it.
//
// Loaded first: every `strings.js` calls `I18n.add`, and the page's script calls `I18n.t`. The static text is
// applied once every deferred script has run (DOMContentLoaded), and again on every switch.
'use strict';

(() => {
  const KEY = 'marubatsu.lang';
  /** @type {Record<'en' | 'ja', Record<string, Words>>} */
  const dicts = { en: {}, ja: {} };
  /** @type {((lang: string) => void)[]} */
  const listeners = [];
  const warned = new Set();

  /** @param {unknown} value @returns {value is 'en' | 'ja'} */
  const isLang = (value) => value === 'en' || value === 'ja';

  function stored() {
    try {
      const value = window.localStorage.getItem(KEY);
      return isLang(value) ? value : null;
    } catch (_) {
      return null;
    }
  }

  function fromBrowser() {
    const list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    return /^ja(?:[-_]|$)/i.test(String(list[0] || '')) ? 'ja' : 'en';
  }

  /**
   * Tells the server, which reads it on page loads (a load carries no header the script chose).
   * @param {string} lang
   */
  function writeCookie(lang) {
    document.cookie = `lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  }

  /** The choice as the cookie remembers it: where storage is disabled, the cookie still carries it. */
  function fromCookie() {
    const found = /(?:^|;\s*)lang=(en|ja)(?:;|$)/.exec(document.cookie);
    return found && isLang(found[1]) ? found[1] : null;
  }

  /** @type {'en' | 'ja'} */
  let lang = stored() || fromCookie() || fromBrowser();
  if (stored()) writeCookie(lang);

  /** @param {{ en?: Record<string, Words>, ja?: Record<string, Words> }} more */
  function add(more) {
    for (const [code, entries] of Object.entries(more || {})) {
      if (!isLang(code)) continue;
      Object.assign(dicts[code], entries);
    }
  }

  /** @param {string} key @param {Record<string, unknown>} [params] @returns {string} */
  function t(key, params) {
    let value = dicts[lang][key];
    if (value === undefined) value = dicts.en[key];
    if (value === undefined) {
      if (!warned.has(key)) {
        warned.add(key);
        console.warn(`i18n: no text for "${key}"`);
      }
      return key;
    }
    if (typeof value === 'function') return String(value(params || {}));
    if (!params) return value;
    return value.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => (name in params ? String(params[name]) : whole));
  }

  /** @param {Document | Element} root */
  function apply(root = document) {
    const within = (/** @type {string} */ selector) => {
      const found = /** @type {HTMLElement[]} */ (Array.from(root.querySelectorAll(selector)));
      if (root instanceof HTMLElement && root.matches(selector)) found.unshift(root);
      return found;
    };
    for (const element of within('[data-i18n]')) {
      element.textContent = t(/** @type {string} */ (element.dataset.i18n));
    }
    for (const element of within('[data-i18n-attr]')) {
      for (const pair of /** @type {string} */ (element.dataset.i18nAttr).split(';')) {
        const at = pair.indexOf(':');
        if (at < 1) continue;
        element.setAttribute(pair.slice(0, at).trim(), t(pair.slice(at + 1).trim()));
      }
    }
    document.documentElement.lang = lang;
    document.documentElement.classList.add('i18n-ready');
    const button = document.getElementById('lang');
    if (button) button.setAttribute('lang', other());
  }

  function other() {
    return lang === 'ja' ? 'en' : 'ja';
  }

  /**
   * Switches to `next`, remembers it, redraws the page; `remember` is false when another tab already did.
   * @param {string} next @param {boolean} [remember]
   */
  function set(next, remember = true) {
    if (!isLang(next) || next === lang) return;
    lang = next;
    if (remember) {
      try {
        window.localStorage.setItem(KEY, next);
      } catch (_) { /* storage disabled: the cookie still remembers */ }
      writeCookie(next);
    }
    apply(document);
    for (const fn of listeners) {
      try {
        fn(lang);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** @param {(lang: string) => void} fn */
  function onChange(fn) {
    listeners.push(fn);
  }

  // Another tab switched: follow it, so the two never speak different languages.
  window.addEventListener('storage', (event) => {
    if (event.key === KEY && isLang(event.newValue)) set(event.newValue, false);
  });

  document.addEventListener('DOMContentLoaded', () => {
    apply(document);
    const button = document.getElementById('lang');
    if (button) button.addEventListener('click', () => set(other()));
  });

  /** A sentence the server sent as its catalog key and arguments, in the page's language now; an argument that is
   *  a sentence of its own (a cell, how a game ended) is worded first. @param {WireWords} words @returns {string} */
  function say(words) {
    /** @type {Record<string, string>} */
    const args = {};
    for (const [name, value] of Object.entries(words.args || {})) {
      args[name] = typeof value === 'string' ? value : say(value);
    }
    return t(words.key, args);
  }

  window.I18n = {
    get lang() { return lang; },
    t,
    say,
    add,
    set,
    apply,
    onChange,
  };
})();
