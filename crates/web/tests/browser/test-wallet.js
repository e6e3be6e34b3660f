// The browser tests' wallet, injected before a page loads (there is no MetaMask here): EIP-1193 `request` and an
// EIP-6963 announcement, with one of anvil's unlocked accounts behind it. The test sets
// `window.__testWalletConfig = { rpc, account, chainId }` just before this script.
//
// It remembers the connection and the chain for the tab (sessionStorage), as a real wallet remembers a site, and
// hands the page its account as it was given (the tests give it in lower case, as MetaMask does).
// `window.__testWallet.refuseNext = true` makes it refuse the next transaction with error 4001;
// `__testWallet.speedUp()` and `__testWallet.cancel()` replace the last one it sent, as wallets do.
'use strict';

(() => {
  const config = window.__testWalletConfig;
  const RPC = config.rpc;
  const ACCOUNT = config.account;
  const saved = JSON.parse(sessionStorage.getItem('testWallet') || 'null');
  const state = saved || { connected: false, chainId: config.chainId };
  state.refuseNext = false;
  const save = () =>
    sessionStorage.setItem('testWallet', JSON.stringify({ connected: state.connected, chainId: state.chainId }));
  const listeners = {};
  const emit = (event, value) => (listeners[event] || []).forEach((fn) => fn(value));

  async function rpc(method, params) {
    const response = await fetch(RPC, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params || [] }),
    });
    const answer = await response.json();
    if (answer.error) {
      const error = new Error(answer.error.message);
      error.code = answer.error.code;
      error.data = answer.error.data;
      throw error;
    }
    return answer.result;
  }

  const provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          state.connected = true;
          save();
          return [ACCOUNT];
        case 'eth_accounts':
          return state.connected ? [ACCOUNT] : [];
        case 'eth_chainId':
          return '0x' + state.chainId.toString(16);
        case 'wallet_switchEthereumChain':
          state.chainId = parseInt(params[0].chainId, 16);
          save();
          emit('chainChanged', params[0].chainId);
          return null;
        case 'eth_sendTransaction':
          if (state.refuseNext) {
            state.refuseNext = false;
            const error = new Error('User rejected the request.');
            error.code = 4001;
            throw error;
          }
          state.lastSent = await rpc(method, params);
          return state.lastSent;
        default:
          return rpc(method, params);
      }
    },
    on(event, fn) {
      (listeners[event] = listeners[event] || []).push(fn);
    },
    removeListener(event, fn) {
      listeners[event] = (listeners[event] || []).filter((f) => f !== fn);
    },
  };

  // What a wallet's "Speed up" and "Cancel" do: the same nonce again at twice the fee, with the same call, or
  // with a transfer of nothing to oneself. The page is not told, as MetaMask does not tell it.
  async function replace(cancel) {
    const tx = await rpc('eth_getTransactionByHash', [state.lastSent]);
    const twice = (hex) => '0x' + (BigInt(hex) * 2n + 1n).toString(16);
    const again = {
      from: ACCOUNT,
      nonce: tx.nonce,
      gas: cancel ? '0x5208' : tx.gas,
      maxFeePerGas: twice(tx.maxFeePerGas),
      maxPriorityFeePerGas: twice(tx.maxPriorityFeePerGas || '0x1'),
      to: cancel ? ACCOUNT : tx.to,
      data: cancel ? '0x' : tx.input,
      value: cancel ? '0x0' : tx.value,
    };
    state.lastSent = await rpc('eth_sendTransaction', [again]);
    return state.lastSent;
  }
  state.speedUp = () => replace(false);
  state.cancel = () => replace(true);
  window.__testWallet = state;

  const info = {
    uuid: '5f0b8a4e-0000-4000-8000-000000000001',
    name: 'Test wallet',
    rdns: 'invalid.marubatsu.test',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
