// @ts-check
// Tic-tac-toe's wallet: the player's own browser wallet on a real chain (EIP-6963 discovery, else
// window.ethereum), or this browser's account on the server's embedded chain; who may send now, and the line that
// says so.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const { S, el, T, wallet } = TT;
  /** @type {{ info: { uuid: string, name: string }, provider: Eip1193Provider }[]} */
  const announced = [];

  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    if (!detail || !detail.provider || announced.some((p) => p.info.uuid === detail.info.uuid)) return;
    announced.push(detail);
  });

  /** EIP-6963: ask every wallet to announce itself, give them a moment, fall back to window.ethereum. */
  async function discoverWallet() {
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    await new Promise((resolve) => { window.setTimeout(resolve, 250); });
    const chosen = announced[0];
    if (chosen) {
      wallet.provider = chosen.provider;
      wallet.name = chosen.info.name;
    } else if (window.ethereum && typeof window.ethereum.request === 'function') {
      wallet.provider = window.ethereum;
      wallet.name = null;
    }
    wallet.searched = true;
    if (!wallet.provider) return;
    if (typeof wallet.provider.on === 'function') {
      wallet.provider.on('accountsChanged', (accounts) => { wallet.account = accounts[0] || null; walletChanged(); });
      wallet.provider.on('chainChanged', (id) => { wallet.chainId = Number.parseInt(id, 16); walletChanged(); });
    }
    // Already connected on an earlier visit: eth_accounts answers without a prompt.
    try {
      const accounts = await wallet.provider.request({ method: 'eth_accounts' });
      wallet.account = accounts[0] || null;
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
      learnAccount();
    } catch (_) { /* asked again on Connect */ }
  }

  async function connectWallet() {
    if (!wallet.provider) return;
    try {
      const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
      wallet.account = accounts[0] || null;
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
    } catch (error) {
      TT.setTx('refused', TT.refusedWords(error, T('wallet.noConnect')));
    }
    walletChanged();
  }

  async function switchChain() {
    if (!wallet.provider || !S.info) return;
    try {
      await wallet.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${S.info.chainId.toString(16)}` }],
      });
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
    } catch (error) {
      const failure = /** @type {{ code?: unknown } | null | undefined} */ (error);
      TT.setTx('refused', failure && failure.code === 4902
        ? T('wallet.unknownChain', { chain: S.info.chainId })
        : TT.refusedWords(error, T('wallet.noSwitch')));
    }
    walletChanged();
  }

  function walletChanged() {
    learnAccount();
    TT.restoreSolo();
    TT.render();
    if (S.mode === 'pvp') TT.refreshPvp();
    if (S.mode === 'solo' && !S.solo) TT.maybeStartSolo();
  }

  /** The server's answer for the connected account (its balance, and the address EIP-55 checksummed: a wallet
   * may hand the page lower case, and the page shows addresses as the server and the contract's refusals do). */
  async function learnAccount() {
    const account = sender();
    if (!account || S.info === null || S.info.mode === 'embedded') return;
    try {
      S.balance = await window.Marubatsu.api(`/api/tictactoe/pvp/balance/${account}`);
      TT.render();
    } catch (error) {
      TT.noteFailure(error);
    }
  }

  /** `address` as the server writes it (checksummed) when the page has heard it from the server, else as given.
   * @param {string | null} address */
  function shown(address) {
    if (!address) return '';
    const known = [S.balance && S.balance.account, S.info && S.info.account]
      .find((a) => typeof a === 'string' && a.toLowerCase() === address.toLowerCase());
    return known || address;
  }

  /** What the player must do before the page can send anything, in a sentence; null when nothing (or while
   * the wallet is still looked for). */
  function walletTodo() {
    /** @type {Record<string, string | undefined>} */
    const todos = { missing: 'todoMissing', disconnected: 'todoConnect', 'wrong-chain': 'todoSwitch' };
    const todo = todos[walletState()];
    return todo ? T(`wallet.${todo}`, { chain: S.info ? S.info.chainId : '' }) : null;
  }

  /** The account that sends, if the page may send now: the embedded account, or a connected wallet on the
   * right chain. */
  function sender() {
    // No account may send to an address where the game contract is gone: every paid button waits.
    if (!S.info || S.contractsGone) return null;
    if (S.info.mode === 'embedded') return S.info.account;
    if (!wallet.account || wallet.chainId !== S.info.chainId) return null;
    return wallet.account;
  }

  function walletState() {
    if (!S.info) return S.infoError ? 'error' : 'loading';
    if (S.info.mode === 'embedded') return 'embedded';
    if (!wallet.searched) return 'searching';
    if (!wallet.provider) return 'missing';
    if (!wallet.account) return 'disconnected';
    if (wallet.chainId !== S.info.chainId) return 'wrong-chain';
    return 'ready';
  }

  function renderWallet() {
    const state = walletState();
    el.wallet.dataset.state = state;
    el.connect.hidden = state !== 'disconnected';
    el.switchChain.hidden = state !== 'wrong-chain';
    const params = {
      chain: S.info ? S.info.chainId : '',
      account: TT.shortAddress(shown(S.info && S.info.mode === 'embedded' ? S.info.account : wallet.account)),
      wallet: wallet.name || T('wallet.yours'),
      walletChain: wallet.chainId,
    };
    const key = state === 'wrong-chain' ? 'wrongChain' : state;
    el.walletStatus.textContent = state === 'error' ? S.infoError : T(`wallet.${key}`, params);
  }

  /** @type {Pick<TictactoeNamespace, 'discoverWallet' | 'connectWallet' | 'switchChain' | 'sender' | 'renderWallet' | 'walletTodo' | 'shown'>} */
  const part = { discoverWallet, connectWallet, switchChain, sender, renderWallet, walletTodo, shown };
  Object.assign(TT, part);
})();
