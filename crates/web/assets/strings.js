// @ts-check
// The words every page shares: the header, the index, and the errors any page can meet. The games' names and
// summaries are appended by the server from its list of games; each game's own words are in its strings.js.
'use strict';

window.I18n.add({
  en: {
    'lang.other': '日本語',
    'shell.home': 'marubatsu: all games',
    'shell.games': 'Games',
    'sound.title': 'Sound effects on or off',
    'sound.on': 'Sound on',
    'sound.off': 'Sound off',
    'music.on': 'Music on',
    'music.off': 'Music off',
    'index.pageTitle': 'Games · marubatsu',
    'index.heading': 'Games',
    'index.intro': 'Everything runs on this computer; nothing is loaded from the internet.',
    'error.unreachable': 'The server cannot be reached. Check that marubatsu is still running, then try again.',
    'error.server': 'The server answered with an error ({status}). Try again; reload the page if it goes on.',
    'error.unknown': 'Something went wrong. Reload the page and try again.',
    'sound.label': 'Sound',
    'api.unreadable': 'the request could not be read: {detail}',
    'api.logTooLong': 'the log has {count} events; at most {max} are replayed: start a new game',
    'api.contractsGone': 'the game contract at {address} is not on this chain any more (was the node reset or '
      + 'restarted empty?): nothing can be sent to it until the contracts are deployed again and this server restarted',
  },
  ja: {
    'lang.other': 'English',
    'shell.home': 'marubatsu：ゲーム一覧',
    'shell.games': 'ゲーム',
    'sound.title': '効果音のオン・オフ',
    'sound.on': '音 オン',
    'sound.off': '音 オフ',
    'music.on': '音楽 オン',
    'music.off': '音楽 オフ',
    'index.pageTitle': 'ゲーム · marubatsu',
    'index.heading': 'ゲーム',
    'index.intro': 'すべてこのコンピューターの中で動きます。インターネットからは何も読み込みません。',
    'error.unreachable': 'サーバーにつながりません。marubatsu が動いているか確かめてから、もう一度お試しください。',
    'error.server': 'サーバーがエラーを返しました（{status}）。もう一度お試しください。続くときはページを再読み込みしてください。',
    'error.unknown': 'うまくいきませんでした。ページを再読み込みして、もう一度お試しください。',
    'sound.label': '音',
    'api.unreadable': 'リクエストを読み取れませんでした：{detail}',
    'api.logTooLong': '記録が{count}手あります。再生できるのは{max}手までです。新しいゲームを始めてください。',
    'api.contractsGone': '{address} のゲームコントラクトはもうこのチェーンにありません（ノードがリセットされたか、'
      + '空で再起動されたようです）。コントラクトを再デプロイしてこのサーバーを再起動するまで、何も送れません',
  },
});
