// @ts-check
// The relay page's words in English and Japanese (see assets/i18n.js): keys start with 'relay.'. The topics come
// from the server's deck in the page's language; why a start was refused comes from the server in it too.
'use strict';

window.I18n.add({
  en: {
    'relay.title': 'Know-it-all relay',
    'relay.lede': 'One phone goes round the table. Everyone explains the topic with total confidence, building on the '
      + 'speakers before, then votes for the best explanation — never their own.',
    'relay.players': 'Players',
    'relay.player': 'Player {n}',
    'relay.addPlayer': 'Add a player',
    'relay.removePlayer': 'Remove the last',
    'relay.rounds': 'Rounds',
    'relay.talkSeconds': 'Seconds to talk',
    'relay.start': 'Start the game',
    'relay.ownTopics': 'Topics of your own (optional), one a line',
    'relay.ownTopicsHelp': (p) => `Drawn before the bundled ones, in any language; up to ${p.max} topics of `
      + `${p.chars} characters. Kept in this tab for the evening.`,
    'relay.redraw': 'Another topic',
    'relay.redrawNote': 'One other topic a round, if this one does not suit the table.',
    'relay.redrawnNote': 'This round’s other topic has been drawn: one redraw a round.',
    'relay.pause': 'Pause',
    'relay.resume': 'Resume',
    'relay.pausedNote': 'Paused: the clock is stopped until you resume.',
    'relay.limits': (p) => `${p.minPlayers} to ${p.maxPlayers} players with different names (up to ${p.maxName} `
      + `characters), ${p.minRounds} to ${p.maxRounds} rounds, ${p.minTalk} to ${p.maxTalk} seconds a speaker.`,
    'relay.round': (p) => `Round ${p.round} of ${p.rounds}`,
    'relay.theTopic': 'The topic',
    'relay.revealHelp': 'Everyone explains it in turn, as if they knew all about it. The speaking order is drawn '
      + 'when you start.',
    'relay.beginTalk': 'Start talking',
    'relay.isExplaining': (p) => `${p.name} is explaining`,
    'relay.speakingOrder': 'Speaking order',
    'relay.nextSpeaker': 'Done — next speaker',
    'relay.toTheVote': 'Done — on to the vote',
    'relay.passTo': (p) => `Pass the phone to ${p.name}`,
    'relay.passHelp': 'Only they should look at the next screen: it is their secret ballot.',
    'relay.iAm': (p) => `I am ${p.name} — show my ballot`,
    'relay.whoseBest': (p) => `${p.name}, whose explanation was the best?`,
    'relay.ballot': 'Ballot',
    'relay.cast': 'Cast my vote',
    'relay.pickFirst': 'Tap a name first, then cast your vote.',
    'relay.roundVotes': (p) => `Round ${p.round} of ${p.rounds}: the votes`,
    'relay.rank': 'Rank',
    'relay.player.col': 'Player',
    'relay.thisRound': 'This round',
    'relay.total': 'Total',
    'relay.votes': 'Votes',
    'relay.nextRound': 'Next round',
    'relay.seeFinal': 'See the final result',
    'relay.final': 'Final result',
    'relay.wins': (p) => `${p.name} wins!`,
    'relay.shareWin': (p) => `It's a tie: ${p.names} share the win!`,
    // "Aki and Ben", "Aki, Ben and Cho".
    'relay.names': (p) => {
      const names = /** @type {string[]} */ (p.names);
      return names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    },
    'relay.newGame': 'New game',
    'relay.abandon': 'Abandon the game',
    'relay.abandonYes': 'Yes, abandon it',
    'relay.abandonNo': 'Keep playing',
    'relay.restoreFailed': 'The saved game could not be restored, so a new one starts.',
    'relay.tabIsCopy': 'This tab began as a copy of the game open in another tab. From here the two go on '
      + 'separately: a move made in one does not reach the other. Play on in one tab and close the other.',
    'relay.tabWasCopied': 'This game was copied into another tab. From here the two go on separately: a move made '
      + 'in one does not reach the other. Play on in one tab and close the other.',
    'relay.busy': 'One moment…',
  },
  ja: {
    'relay.title': '知ったかリレー',
    'relay.lede': '1台のスマホを順に回します。全員がお題を知ったかぶりで堂々と解説し、前の人の話に乗っていきます。最後に、'
      + '自分以外でいちばんの解説に投票します。',
    'relay.players': 'プレイヤー',
    'relay.player': 'プレイヤー{n}',
    'relay.addPlayer': 'プレイヤーを追加',
    'relay.removePlayer': '最後の人を削除',
    'relay.rounds': 'ラウンド数',
    'relay.talkSeconds': '持ち時間（秒）',
    'relay.start': 'ゲームを始める',
    'relay.ownTopics': '自分たちのお題（任意、1行に1つ）',
    'relay.ownTopicsHelp': (p) => `入力したお題は、用意されたお題より先に出ます。言語は問いません。${p.max}個まで、`
      + `1つ${p.chars}文字までです。このタブで今夜のあいだ覚えておきます。`,
    'relay.redraw': '別のお題にする',
    'relay.redrawNote': 'このお題が合わなければ、1ラウンドに1回だけ別のお題にできます。',
    'relay.redrawnNote': 'このラウンドはもうお題を引き直しました。引き直しは1ラウンドに1回です。',
    'relay.pause': '一時停止',
    'relay.resume': '再開',
    'relay.pausedNote': '一時停止中です。再開するまで時間は止まっています。',
    'relay.limits': (p) => `${p.minPlayers}〜${p.maxPlayers}人、名前はそれぞれ別に（${p.maxName}文字まで）。`
      + `${p.minRounds}〜${p.maxRounds}ラウンド、持ち時間は一人${p.minTalk}〜${p.maxTalk}秒です。`,
    'relay.round': (p) => `第${p.round}ラウンド / 全${p.rounds}ラウンド`,
    'relay.theTopic': 'お題',
    'relay.revealHelp': '順番に、よく知っているかのように解説してください。話す順番は開始するときに決まります。',
    'relay.beginTalk': '解説を始める',
    'relay.isExplaining': (p) => `${p.name}さんが解説中`,
    'relay.speakingOrder': '話す順番',
    'relay.nextSpeaker': '終わり — 次の人へ',
    'relay.toTheVote': '終わり — 投票へ',
    'relay.passTo': (p) => `スマホを${p.name}さんに渡してください`,
    'relay.passHelp': '次の画面は本人だけが見てください。秘密の投票です。',
    'relay.iAm': (p) => `${p.name}です — 投票する`,
    'relay.whoseBest': (p) => `${p.name}さん、いちばんよかった解説は誰？`,
    'relay.ballot': '投票用紙',
    'relay.cast': 'この人に投票する',
    'relay.pickFirst': '先に名前をタップしてから投票してください。',
    'relay.roundVotes': (p) => `第${p.round}ラウンド（全${p.rounds}）：投票結果`,
    'relay.rank': '順位',
    'relay.player.col': 'プレイヤー',
    'relay.thisRound': 'このラウンド',
    'relay.total': '合計',
    'relay.votes': '得票',
    'relay.nextRound': '次のラウンドへ',
    'relay.seeFinal': '最終結果を見る',
    'relay.final': '最終結果',
    'relay.wins': (p) => `${p.name}さんの優勝！`,
    'relay.shareWin': (p) => `${p.names}が同点で優勝です！`,
    // 「AkiさんとBenさん」「Akiさん、Benさん、Choさん」.
    'relay.names': (p) => {
      const names = /** @type {string[]} */ (p.names).map((n) => `${n}さん`);
      return names.join(names.length < 3 ? 'と' : '、');
    },
    'relay.newGame': '新しいゲーム',
    'relay.abandon': 'ゲームを中断する',
    'relay.abandonYes': '中断する',
    'relay.abandonNo': '続ける',
    'relay.restoreFailed': '保存されたゲームを復元できなかったので、新しいゲームを始めます。',
    'relay.tabIsCopy': 'このタブは、別のタブで開いているゲームのコピーとして始まりました。ここから先、二つは別々に進み、'
      + '片方での操作はもう片方に届きません。一つのタブで続けて、もう一つは閉じてください。',
    'relay.tabWasCopied': 'このゲームは別のタブにコピーされました。ここから先、二つは別々に進み、片方での操作はもう片方に'
      + '届きません。一つのタブで続けて、もう一つは閉じてください。',
    'relay.busy': '少々お待ちください…',
  },
});
