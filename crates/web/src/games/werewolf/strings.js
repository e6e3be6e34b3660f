// @ts-check
// The werewolf page's words in English and Japanese (see assets/i18n.js): keys start with 'werewolf.'. The
// sentences about the game itself (the decision, the log, the end) come from the server in the player's language.
'use strict';

(() => {
  /** "1 attack chit" / "3 attack chits". @param {unknown} n @param {string} kind */
  const chits = (n, kind) => `${n} ${kind} ${n === 1 ? 'chit' : 'chits'}`;

  /**
   * A rule code as a Japanese sentence writes it: the rule it comes through in full-width brackets, "R11（R7）"
   * for the log's "R11 (R7)". @param {unknown} code
   */
  const ruleCode = (code) => String(code).replace(/ \((R[\d.]+)\)/u, '（$1）');

  window.I18n.add({
    en: {
      'werewolf.title': 'Quantum werewolf',
      'werewolf.lede': 'Nobody is dealt a role: everyone holds a hand of role cards, and every mark, attack and death '
        + 'moves cards. A chance is the share of the worlds, among every way of giving out the roles that still fits '
        + 'the table, in which the player has that role. The players are the board.',
      'werewolf.howtoLink': 'How to play',
      'werewolf.setup.table': 'The table',
      'werewolf.setup.recommendedHelp': 'Tables the balance workbench found fairest for each number of players (only tables where the werewolves can win). Pick one, '
        + 'or set the cards yourself below.',
      'werewolf.setup.recommendedLabel': 'Recommended tables',
      'werewolf.setup.w': 'Werewolf cards per hand',
      'werewolf.setup.s': 'Seer cards per hand',
      'werewolf.setup.v': 'Villager cards per hand',
      'werewolf.setup.players': 'Players, clockwise',
      'werewolf.setup.start': 'Start the game',
      'werewolf.setup.player': 'Player {n}',
      'werewolf.setup.summary': (p) => `${p.players} players, each starting with ${p.players} cards: ${p.w} werewolf, `
        + `${p.s} seer, ${p.v} villager. Every player also gets ${chits(p.black, 'black verdict')}, `
        + `${chits(p.white, 'white verdict')} and ${chits(p.attacks, 'attack')}.`,
      'werewolf.setup.readings': (p) => ` Played with ${p.twoWolves ? 'deaths only from two different werewolves\' '
        + 'attacks' : 'deaths from any two attacks'} and the dead player's card drawn ${p.before ? 'before' : 'after'} `
        + 'their transfers.',
      'werewolf.setup.recommended': (p) => `${p.players} players: ${p.w} werewolf, ${p.s} seer, ${p.v} villager — `
        + `${p.v3 ? 'Version 3, ' : ''}paradox ${p.paradox}, werewolves win ${p.werewolves} of games, village wins `
        + `${p.village} of decided games`,
      'werewolf.setup.rules': 'Rules',
      'werewolf.setup.v2': 'Version 2 (the book\'s)',
      'werewolf.setup.v3': 'Version 3 (fewer paradoxes, werewolves can win)',
      'werewolf.setup.v2Help': 'Version 2: the end is checked once every transfer and draw is done, cards nobody may '
        + 'take end the game in a paradox, and every holder of a seer card marks.',
      'werewolf.setup.v3Help': 'Version 3: a side that has won wins at once, before any paradox; cards nobody may take '
        + 'leave the game; only the player with the most seer cards marks; a mark, attack, hand-over or drawn card that '
        + 'no deal of the roles could explain is not allowed while another is, so paradoxes are rare. The werewolves '
        + 'get two powers: the attack of '
        + 'the attack phase\'s first player kills at once, and certain werewolves win at a third of the living.',
      'werewolf.setup.warnThree': 'With 3 players a game nearly always ends in a paradox, with no side winning. Play it '
        + 'to learn the rules, or add players.',
      'werewolf.setup.warnLong': (p) => `${p.players} players make a long game and a long page: plan for an hour or more.`,
      'werewolf.role.werewolf': 'werewolf',
      'werewolf.role.seer': 'seer',
      'werewolf.role.villager': 'villager',
      'werewolf.dead': 'dead',
      'werewolf.acting': 'to act',
      'werewolf.voted': 'voted',
      'werewolf.certain': (p) => `certainly ${p.role}`,
      'werewolf.cannotBe': (p) => `can no longer be a ${p.role}`,
      'werewolf.chitsIn': 'Chits in front of this player',
      'werewolf.chitFrom': (p) => `${p.kind === 'attack' ? 'attack' : `${p.kind} verdict`} from ${p.name}`,
      'werewolf.chitsLeft': (p) => `Chits left: ${p.black} black, ${p.white} white, ${p.attacks} attack`,
      'werewolf.owes': (p) => `Owes their ${p.roles} cards`,
      'werewolf.touchHint': 'Touch to choose',
      'werewolf.touchToVote': 'Touch to vote',
      'werewolf.yourVote': 'your vote',
      'werewolf.optionsFor': (p) => `What happens to ${p.name}?`,
      'werewolf.back': 'Back to the table',
      'werewolf.random': 'Draw the winner at random',
      'werewolf.drawCard': 'Shuffle and draw a card',
      'werewolf.handOver': 'Hand them over',
      'werewolf.endAnyway': (p) => `${p.label} — and end the game`,
      'werewolf.whoFirst': 'Several players must hand over cards. The table chooses who goes first (R7):',
      'werewolf.debtor': (p) => `${p.name}: ${p.cards} ${p.role} ${p.cards === 1 ? 'card' : 'cards'}`,
      'werewolf.partsJoin': '; ',
      'werewolf.list': (p) => /** @type {string[]} */ (p.items).join(', '),
      'werewolf.onlyWay': (p) => `Only one way is possible: ${p.parts}.`,
      'werewolf.onlyPart': (p) => `${p.cards} to ${p.name}, taking back ${p.take} cards`,
      'werewolf.transferTo': (p) => `${p.from} gives ${p.name} ${p.role} cards, taking back one each of:`,
      'werewolf.slotHere': (p) => `${p.take} cards (up to ${p.max})`,
      'werewolf.oneLess': (p) => `One card less to ${p.name} for ${p.take}`,
      'werewolf.oneMore': (p) => `One card more to ${p.name} for ${p.take}`,
      'werewolf.placed': (p) => `${p.done} of ${p.cards} ${p.role} cards placed.`,
      'werewolf.passTo': (p) => `${p.runoff}Pass the device to ${p.name}: the ballot is secret.`,
      'werewolf.votedSoFar': (p) => ` Voted so far: ${p.names}.`,
      'werewolf.iAm': (p) => `I am ${p.name} — show my ballot`,
      'werewolf.pointAt': (p) => `${p.runoff}${p.name}, touch ${p.runoffOnly ? 'one of the tied players' : 'the player '
        + 'who should die'}, then confirm. Nobody else may look.`,
      'werewolf.runoff': (p) => `Run-off ${p.n}. `,
      'werewolf.confirmVote': 'Confirm my vote',
      'werewolf.counting': 'Counting the votes…',
      'werewolf.log': 'What happened',
      'werewolf.rulesBrief': 'The rules in brief',
      'werewolf.ruleLabel': (p) => `rule ${p.code}: ${p.names}`,
      'werewolf.ruleName.R1': 'the table',
      'werewolf.ruleText.R1': 'Every player holds the same hand of role cards; the table says how many of each role.',
      'werewolf.ruleName.R2': 'lost and certain roles',
      'werewolf.ruleText.R2': 'A player with no card of a role can no longer be it; with one role left, their role is certain.',
      'werewolf.ruleName.R3': 'the round',
      'werewolf.ruleText.R3': 'A round is a seer phase, an attack phase and a vote.',
      'werewolf.ruleName.R4': 'the seer phase',
      'werewolf.ruleText.R4': 'Each player holding seer cards marks another player black or white, giving them a card and taking one of their seer cards.',
      'werewolf.ruleName.R5': 'the attack phase',
      'werewolf.ruleText.R5': 'Each player holding werewolf cards attacks another, giving a card and taking a werewolf card; two attacks from certain werewolves kill (under Version 3 the first attacker’s attack kills at once).',
      'werewolf.ruleName.R6': 'consequences',
      'werewolf.ruleText.R6': 'Marks and attacks count once they are certain: a certain seer’s mark and a certain werewolf’s attack decide roles, and a black mark on someone who is no werewolf costs the seer role.',
      'werewolf.ruleName.R7': 'hand-overs',
      'werewolf.ruleText.R7': 'A player who can no longer be a role but still holds its cards hands them to others, taking one card back for each.',
      'werewolf.ruleName.R8': 'death',
      'werewolf.ruleText.R8': 'A dead player’s hand is shuffled and one card drawn: that card is their role (under Version 3 never a role shown impossible for them).',
      'werewolf.ruleName.R9': 'the vote',
      'werewolf.ruleText.R9': 'Everyone alive votes in secret; the most votes dies, and a tie goes to a run-off among the tied.',
      'werewolf.ruleName.R10': 'the end',
      'werewolf.ruleText.R10': 'The village wins when nobody alive can be a werewolf; the werewolves win when the certain werewolves are at least half of the living (a third under Version 3), or everyone is dead.',
      'werewolf.ruleName.R11': 'paradox',
      'werewolf.ruleText.R11': 'When the table contradicts itself — no way of giving out the roles fits, or cards are owed that nobody can take — the game ends and everyone whose role was not yet certain wins. Under Version 3 a choice that would make the table contradict itself is not offered while another is.',
      'werewolf.last': 'What that decision did',
      'werewolf.round': (p) => `Round ${p.n}`,
      'werewolf.rule': (p) => `rule ${p.rule}`,
      'werewolf.newGame': 'New game',
      'werewolf.newGameYes': 'Yes, end this game',
      'werewolf.newGameNo': 'Keep playing',
      'werewolf.busy': 'One moment…',
      'werewolf.retry': 'Try again',
      'werewolf.tabIsCopy': 'This tab began as a copy of the game open in another tab. From here the two go on '
        + 'separately: a move made in one does not reach the other. Play on in one tab and close the other.',
      'werewolf.tabWasCopied': 'This game was copied into another tab. From here the two go on separately: a move made '
        + 'in one does not reach the other. Play on in one tab and close the other.',
      'werewolf.shareLabel': (p) => `chance of werewolf ${p.w}, seer ${p.s}, villager ${p.v}`,
      'werewolf.cardsAndChance': (p) => `${p.role} ${p.cards} ${p.cards === 1 ? 'card' : 'cards'} (${p.chance})`,
      'werewolf.impossible': 'impossible',
      'werewolf.sure': 'certain',
      'werewolf.announce': (p) => `${p.status}. ${p.prompt}`,
    },
    ja: {
      'werewolf.title': '量子人狼',
      'werewolf.lede': '役職は配られません。全員が役職カードの手札を持ち、占い・襲撃・死亡のたびにカードが動きます。'
        + '確率は、卓と矛盾しない役職の割り当て（世界）のうち、その人がその役職である世界の割合です。プレイヤーそのものが盤面です。',
      'werewolf.howtoLink': '遊び方',
      'werewolf.setup.table': '卓の設定',
      'werewolf.setup.recommendedHelp': 'バランス検証で人数ごとにいちばん公平だった卓です（人狼陣営も勝てる卓だけ）。選ぶか、下でカードの枚数を決めてください。',
      'werewolf.setup.recommendedLabel': 'おすすめの卓',
      'werewolf.setup.w': '手札の人狼カード',
      'werewolf.setup.s': '手札の占い師カード',
      'werewolf.setup.v': '手札の村人カード',
      'werewolf.setup.players': 'プレイヤー（時計回り）',
      'werewolf.setup.start': 'ゲームを始める',
      'werewolf.setup.player': 'プレイヤー{n}',
      'werewolf.setup.summary': (p) => `${p.players}人。全員が${p.players}枚の手札（人狼${p.w}・占い師${p.s}・村人${p.v}）で`
        + `始めます。チップは一人につき黒${p.black}枚・白${p.white}枚・襲撃${p.attacks}枚です。`,
      'werewolf.setup.readings': (p) => `${p.twoWolves ? '別々の人狼2人の襲撃でだけ死亡' : 'どの襲撃チップでも2枚で死亡'}、`
        + `死者のカードは受け渡しの${p.before ? '前' : '後'}に引きます。`,
      'werewolf.setup.recommended': (p) => `${p.players}人：人狼${p.w}・占い師${p.s}・村人${p.v}（${p.v3 ? 'バージョン3、' : ''}`
        + `パラドックス${p.paradox}、人狼陣営の勝ち${p.werewolves}、決着したゲームで村人陣営の勝ち${p.village}）`,
      'werewolf.setup.rules': 'ルール',
      'werewolf.setup.v2': 'バージョン2（本のルール）',
      'werewolf.setup.v3': 'バージョン3（パラドックスが少なく、人狼も勝てる）',
      'werewolf.setup.v2Help': 'バージョン2：勝敗はカードの受け渡しと死者のカード引きがすべて終わってから判定し、誰も受け取れない'
        + 'カードが残るとパラドックスで終わります。占い師カードを持つ全員が占います。',
      'werewolf.setup.v3Help': 'バージョン3：勝ちが決まった陣営はパラドックスより先にすぐ勝ちます。誰も受け取れないカードは捨てられ、'
        + '占うのは占い師カードをいちばん多く持つ人だけです。どの配役でも説明できなくなる占い・襲撃・受け渡し・カード引きは、'
        + 'ほかに選べるものがある限りできないので、パラドックスはまれです。人狼陣営には力が二つあります。襲撃フェーズの最初の手番の襲撃は'
        + 'すぐに相手を殺し、確定した人狼が生存者の3分の1以上になれば人狼陣営の勝ちです。',
      'werewolf.setup.warnThree': '3人ではゲームはほぼ必ずパラドックスで終わり、どちらの陣営も勝てません。ルールを覚えるために遊ぶか、'
        + '人数を増やしてください。',
      'werewolf.setup.warnLong': (p) => `${p.players}人のゲームは長く、画面も長くなります。1時間以上かかるつもりで遊んでください。`,
      'werewolf.role.werewolf': '人狼',
      'werewolf.role.seer': '占い師',
      'werewolf.role.villager': '村人',
      'werewolf.dead': '死亡',
      'werewolf.acting': '手番',
      'werewolf.voted': '投票済み',
      'werewolf.certain': (p) => `${p.role}に確定`,
      'werewolf.cannotBe': (p) => `${p.role}ではありえない`,
      'werewolf.chitsIn': 'このプレイヤーの前のチップ',
      'werewolf.chitFrom': (p) => `${p.name}さんからの${p.kind === 'attack' ? '襲撃' : (p.kind === 'black' ? '黒' : '白')}チップ`,
      'werewolf.chitsLeft': (p) => `残りのチップ：黒${p.black}・白${p.white}・襲撃${p.attacks}`,
      'werewolf.owes': (p) => `${p.roles}カードを渡す番です`,
      'werewolf.touchHint': 'タッチして選ぶ',
      'werewolf.touchToVote': 'タッチして投票',
      'werewolf.yourVote': 'あなたの投票',
      'werewolf.optionsFor': (p) => `${p.name}さんをどうしますか？`,
      'werewolf.back': '卓に戻る',
      'werewolf.random': '勝った人をランダムに決める',
      'werewolf.drawCard': 'カードを混ぜて1枚引く',
      'werewolf.handOver': 'カードを渡す',
      'werewolf.endAnyway': (p) => `${p.label}（ゲームを終える）`,
      'werewolf.whoFirst': 'カードを渡す人が複数います。誰から渡すかは卓で決めてください（R7）。',
      'werewolf.debtor': (p) => `${p.name}さん：${p.role}カード${p.cards}枚`,
      'werewolf.partsJoin': '、',
      'werewolf.list': (p) => /** @type {string[]} */ (p.items).join('、'),
      'werewolf.onlyWay': (p) => `できる渡し方は一つだけです：${p.parts}。`,
      'werewolf.onlyPart': (p) => `${p.name}さんに${p.cards}枚（${p.take}カードを受け取る）`,
      'werewolf.transferTo': (p) => `${p.from}さんから${p.name}さんへ${p.role}カード。1枚ごとに受け取るカード：`,
      'werewolf.slotHere': (p) => `${p.take}カード（${p.max}枚まで）`,
      'werewolf.oneLess': (p) => `${p.name}さんへ1枚減らす（${p.take}）`,
      'werewolf.oneMore': (p) => `${p.name}さんへ1枚増やす（${p.take}）`,
      'werewolf.placed': (p) => `${p.role}カード${p.cards}枚のうち${p.done}枚を割り振りました。`,
      'werewolf.passTo': (p) => `${p.runoff}端末を${p.name}さんに渡してください。投票は秘密です。`,
      'werewolf.votedSoFar': (p) => `投票済み：${p.names}。`,
      'werewolf.iAm': (p) => `${p.name}です。投票する`,
      'werewolf.pointAt': (p) => `${p.runoff}${p.name}さん、${p.runoffOnly ? '同票の人のうち1人' : '処刑する人'}をタッチして、確定してください。`
        + 'ほかの人は見ないでください。',
      'werewolf.runoff': (p) => `決選投票${p.n}回目。`,
      'werewolf.confirmVote': 'この人に投票する',
      'werewolf.counting': '開票中…',
      'werewolf.log': 'これまでの出来事',
      'werewolf.rulesBrief': 'ルールの要約',
      'werewolf.ruleLabel': (p) => `ルール${ruleCode(p.code)}：${p.names}`,
      'werewolf.ruleName.R1': '卓',
      'werewolf.ruleText.R1': '全員が同じ役職カードの手札を持ちます。各役職の枚数は卓の構成で決まります。',
      'werewolf.ruleName.R2': '役職の喪失と確定',
      'werewolf.ruleText.R2': 'ある役職のカードを1枚も持たない人は、その役職ではありえません。残る役職が一つなら、その役職に確定します。',
      'werewolf.ruleName.R3': 'ラウンド',
      'werewolf.ruleText.R3': '1ラウンドは、占いフェーズ、襲撃フェーズ、投票の順に進みます。',
      'werewolf.ruleName.R4': '占いフェーズ',
      'werewolf.ruleText.R4': '占い師カードを持つ人が順に、ほかの1人を黒か白と占い、カードを1枚渡して相手の占い師カードを1枚受け取ります。',
      'werewolf.ruleName.R5': '襲撃フェーズ',
      'werewolf.ruleText.R5': '人狼カードを持つ人が順に、ほかの1人を襲撃し、カードを1枚渡して人狼カードを1枚受け取ります。人狼に確定した人の襲撃が2つ重なると死亡します（バージョン3では最初の手番の襲撃ですぐ死亡します）。',
      'werewolf.ruleName.R6': '連鎖',
      'werewolf.ruleText.R6': '占いと襲撃は確定したときに効きます。確定した占い師の占いと確定した人狼の襲撃は役職を決め、人狼ではない人を黒と占った人は占い師ではありえなくなります。',
      'werewolf.ruleName.R7': 'カードの受け渡し',
      'werewolf.ruleText.R7': 'ある役職ではありえなくなったのにそのカードを持つ人は、それをほかの人に渡し、1枚ごとに1枚受け取ります。',
      'werewolf.ruleName.R8': '死亡',
      'werewolf.ruleText.R8': '死亡した人の手札を混ぜて1枚引き、そのカードがその人の役職になります（バージョン3では、その人に不可能と表示された役職のカードは引きません）。',
      'werewolf.ruleName.R9': '投票',
      'werewolf.ruleText.R9': '生存者全員が秘密に投票し、最多票の人が処刑されます。同票なら同票の人で決選投票です。',
      'werewolf.ruleName.R10': '終了',
      'werewolf.ruleText.R10': '生きている誰も人狼でありえなくなれば村人陣営の勝ち、人狼に確定した人が生存者の半分以上（バージョン3では3分の1以上）になるか全員が死亡すれば人狼陣営の勝ちです。',
      'werewolf.ruleName.R11': 'パラドックス',
      'werewolf.ruleText.R11': '卓が矛盾したとき（合う役職の割り当てがない、または誰も受け取れないカードが残った）、ゲームが終わり、まだ役職が確定していない人が勝ちます。バージョン3では、卓を矛盾させる選択は、ほかの選択がある限り選べません。',
      'werewolf.last': 'いまの決定で起きたこと',
      'werewolf.round': (p) => `第${p.n}ラウンド`,
      'werewolf.rule': (p) => `ルール${ruleCode(p.rule)}`,
      'werewolf.newGame': '新しいゲーム',
      'werewolf.newGameYes': 'このゲームを終える',
      'werewolf.newGameNo': '続ける',
      'werewolf.busy': '少々お待ちください…',
      'werewolf.retry': 'もう一度試す',
      'werewolf.tabIsCopy': 'このタブは、別のタブで開いているゲームのコピーとして始まりました。ここから先、二つは別々に進み、'
        + '片方での操作はもう片方に届きません。一つのタブで続けて、もう一つは閉じてください。',
      'werewolf.tabWasCopied': 'このゲームは別のタブにコピーされました。ここから先、二つは別々に進み、片方での操作はもう片方に'
        + '届きません。一つのタブで続けて、もう一つは閉じてください。',
      'werewolf.shareLabel': (p) => `人狼の確率${p.w}、占い師${p.s}、村人${p.v}`,
      'werewolf.cardsAndChance': (p) => `${p.role}${p.cards}枚（${p.chance}）`,
      'werewolf.impossible': '不可能',
      'werewolf.sure': '確定',
      'werewolf.announce': (p) => `${p.status}。${p.prompt}`,
    },
  });
})();
