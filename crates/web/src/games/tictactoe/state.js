// @ts-check
// Tic-tac-toe on chain, and two players on one device: what every part of the page shares.
//
// On chain, the page never encodes a call: it asks the server for a transaction ({to, data, value}, encoded
// with the contracts' Rust bindings), hands it to a wallet, and asks the server what became of the hash (events
// as catalog keys the page words, the CPU's reply, gas, or the contract's refusal explained). The wallet is the
// player's own browser wallet (EIP-6963 discovery, else window.ethereum) when the server plays on a real chain; on
// the server's embedded chain it is this browser's own account there, which the server sends from. The hash of a
// transaction in flight is kept in localStorage, so a reload finds it and waits for it.
//
// Two players on one device: the page keeps the cells played in localStorage and the server replays them
// through the engine. No rule is decided here.
//
// The page is several classic scripts with one job each, loaded in this order and sharing `window.Tictactoe`
// (typed in types.d.ts): this one (the state and the page's elements), wallet.js, transactions.js, solo.js,
// status.js, bank.js, pvp.js, hotseat.js, render.js, and script.js, which wires the controls and starts the page.
'use strict';

(() => {
  const M = window.Marubatsu;
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
  const all = (/** @type {string} */ selector) => /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll(selector)));

  const params = new URLSearchParams(window.location.search);
  const linkedGame = /^[1-9][0-9]*$/.test(params.get('game') || '') ? Number(params.get('game')) : null;
  const panels = { solo: $('#solo-panel'), pvp: $('#pvp-panel'), hotseat: $('#hotseat-panel') };
  /** @type {TictactoeMode} */
  let mode = linkedGame !== null ? 'pvp' : M.store.get('marubatsu.tictactoe.mode', 'solo');
  if (!panels[mode]) mode = 'solo';

  /** A side's mark as the page's language writes it (X and O in English, × and ○ in Japanese), wherever a sentence
   *  names a side, so the words match the board. */
  const MARK_PARAMS = ['side', 'other', 'mark'];
  /** @param {string} key @param {Record<string, unknown>} [params] */
  const T = (key, params) => {
    if (!params) return window.I18n.t(`tictactoe.${key}`);
    const named = { ...params };
    for (const name of MARK_PARAMS) {
      if (named[name] === 'X' || named[name] === 'O') named[name] = window.I18n.t(`tictactoe.mark.${named[name]}`);
    }
    return window.I18n.t(`tictactoe.${key}`, named);
  };

  /** What this part gives the namespace; the other parts add the rest. @type {Pick<TictactoeNamespace, 'keys' |
   * 'POLL_MS' | 'DROP_MS' | 'SOLO_POLL_MS' | 'NODE_POLL_MS' | 'NODE_FAILURES' | 'REORG_DEPTH' | 'REORG_WATCH_MS' | 'el' | 'S' | 'wallet' | 'T' | 'where' | 'shortAddress'>} */
  const shared = {
    keys: {
      mode: 'marubatsu.tictactoe.mode',
      solo: 'marubatsu.tictactoe.solo',
      pvp: 'marubatsu.tictactoe.pvp',
      pending: 'marubatsu.tictactoe.pending',
      settings: 'marubatsu.tictactoe.settings',
      hotseat: 'marubatsu.tictactoe.hotseat',
      // sessionStorage: this tab's "don't ask again for moves".
      movesAsked: 'marubatsu.tictactoe.movesAsked',
    },
    POLL_MS: 1000,
    // How long the node may not know a sent transaction, its nonce still free, before the page says it was dropped
    // (a wallet may hand it to the node a moment late).
    DROP_MS: 8000,
    SOLO_POLL_MS: 3000,
    // How often the page asks whether the node answers (GET /api/tictactoe/head) while nothing else is asked.
    NODE_POLL_MS: 2000,
    // How many failed asks in a row raise the node-down notice: one lost request on a flaky connection is not an
    // outage, and a notice that comes and goes every few seconds says nothing.
    NODE_FAILURES: 3,
    // How deep a mined transaction must be before the page stops watching for a reorg that would undo it.
    REORG_DEPTH: 12,
    // How long the page watches at most: a development chain that mines only when sent something may never get
    // 12 blocks deeper, and past Ethereum's finality (two epochs, about 13 minutes) no reorg takes a block back.
    REORG_WATCH_MS: 15 * 60 * 1000,
    el: {
      $,
      board: $('#ttt-board'),
      status: $('#ttt-status'),
      tx: $('#tx-status'),
      turnsBody: $('#turns tbody'),
      chainInfo: $('#chain-info'),
      wallet: $('#wallet'),
      walletStatus: $('#wallet-status'),
      connect: $('#wallet-connect'),
      switchChain: $('#wallet-switch'),
      panels,
      modeButtons: all('.segmented [data-mode]'),
      difficultyButtons: all('.segmented [data-difficulty]'),
      firstButtons: all('.segmented [data-first]'),
      cells: [],
    },
    S: {
      mode,
      settings: Object.assign({ difficulty: 'normal', cpuFirst: false }, M.store.get('marubatsu.tictactoe.settings', {})),
      info: null,
      infoError: null,
      solo: null,
      soloTurns: [],
      soloError: null,
      soloReadAt: 0,
      soloReads: 0,
      pvpId: linkedGame,
      pvp: null,
      blockSeenAt: 0,
      pvpError: null,
      pvpLog: [],
      balance: null,
      oracle: null,
      hotseatMoves: M.store.get('marubatsu.tictactoe.hotseat', []),
      hotseat: null,
      busy: false,
      cursor: 4,
      pending: null,
      dropped: null,
      nodeDown: null,
      contractsGone: false,
      nodeFailures: 0,
      txFromNode: false,
      head: null,
      watching: null,
    },
    wallet: { provider: null, name: null, account: null, chainId: null, searched: false },
    T,
    where: (i) => T('where', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 }),
    // As the server shortens them (0x and eight digits, then the last four), so one account reads alike everywhere.
    shortAddress: (a) => (a ? `${a.slice(0, 10)}…${a.slice(-4)}` : ''),
  };
  window.Tictactoe = /** @type {TictactoeNamespace} */ (shared);

  const TT = window.Tictactoe;
  TT.el.board.replaceChildren(...Array.from({ length: 9 }, (_, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cell';
    button.dataset.index = String(i);
    button.addEventListener('click', () => TT.play(i));
    return button;
  }));
  TT.el.cells = /** @type {HTMLElement[]} */ (Array.from(TT.el.board.children));
})();
