// @ts-check
// The werewolf page's words in English and Japanese (see assets/i18n.js): keys start with 'werewolf.'. The
// sentences about the game itself (the decision, the log, the end) are worded by the server from the plain entries
// at the end of each language (src/words.rs reads them; a comment between entries would hide them from it).
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
      'werewolf.howto.leadJoin': ' ',
      'werewolf.howto.intro': (p) => 'Quantum werewolf is werewolf for 3 to 16 people around one phone, with no game '
        + 'master: the page keeps the books. Nobody is dealt a role. Instead every player holds the same hand of role '
        + `cards — on ${p.v3 ? 'Version 3’s table of nine, 3 werewolf' : 'the book’s table of eight, 2 werewolf'}, `
        + '1 seer and 5 villager cards. Your chance of a role is the share of the worlds — the ways of giving out the '
        + 'roles that still fit everything on the table — in which you have it. '
        + (p.v4
          ? '“Impossible” when none does, “certain” when all do, and the end reads them the same way. '
          : 'At 0% or 100% it says “impossible” or “certain” only once your cards settle it (see below). ')
        + 'Every hand is public: the players on the screen are the board.',
      'werewolf.howto.version': (p) => (p.v4
        ? 'This table plays Version 4: Version 3, where “certain” means the same in every world, for the end as for '
          + 'the bars, a dead player’s role is drawn as one of those worlds picked at random, and round 1 has no '
          + 'vote. The page is the '
          + 'neutral game master: its chances and refusals need a computer. Choose Version 3, or Version 2, the '
          + 'book’s rules a table can play by hand, in the setup, and this page explains that instead.'
        : p.v3
        ? 'This table plays Version 3. Choose Version 2, the book’s rules, in the setup, and this page explains '
          + 'that instead.'
        : 'This table plays Version 2, the book’s rules. Choose Version 3 in the setup, and this page explains that '
          + 'instead.'),
      'werewolf.howto.goalTitle': 'What you play for',
      'werewolf.howto.goal': 'Nobody starts on a side: your side is the role you end with, alive or dead. When the '
        + 'village wins, everyone who can no longer be a werewolf wins with it; when the werewolves win, everyone who '
        + 'is certainly a werewolf wins; and when the game ends in a paradox, everyone whose role is not yet certain '
        + 'wins. Every mark, attack and hand-over moves cards, and with them the role you are heading for: play for '
        + 'the side you want to end on.',
      'werewolf.howto.roundTitle': 'A round',
      'werewolf.howto.seerLead': 'Seer phase.',
      'werewolf.howto.seer': (p) => (p.v3
        ? 'The player holding the most seer cards marks one other player (on a tie, play rock-paper-scissors, or '
          + 'let the page draw): black (“a werewolf”) or white (“not a werewolf”).'
        : 'Everyone alive who holds a seer card marks one other player in turn, clockwise from the player holding '
          + 'the most (on a tie, rock-paper-scissors or the page’s draw decides who starts): black (“a werewolf”) or '
          + 'white (“not a werewolf”).')
        + ' Touch the player, then pick the colour. With the mark comes an exchange: you give them one of your '
        + 'other cards and take one of their seer cards. '
        + (p.v3
          ? 'Only that player marks in the round, and a player’s verdict chits last the whole game (on Version 3’s '
            + 'table one black and one white).'
          : 'A player’s verdict chits last the whole game (on the book’s table two black and three white).'),
      'werewolf.howto.attackLead': 'Attack phase.',
      'werewolf.howto.attack': (p) => 'Everyone who holds a werewolf card attacks one other player in turn, clockwise '
        + 'from the player holding the most, giving a card and taking a werewolf card. '
        + (p.v3
          ? 'The first attacker’s attack kills its target at once; every other attack leaves an attack chit, and '
            + 'two attack chits from certain werewolves kill.'
          : 'Each attack leaves an attack chit, and two attack chits from certain werewolves kill.'),
      'werewolf.howto.voteLead': 'Vote.',
      'werewolf.howto.vote': (p) => 'Pass the phone round. Each player, in secret, touches the player who should die '
        + 'and confirms; the most votes dies. A tie means a run-off among the tied.'
        + (p.v4 ? ' Round 1 has no vote.' : ''),
      'werewolf.howto.certainTitle': 'Certain, and no longer possible',
      'werewolf.howto.certain': (p) => (p.v4
        ? 'Your role is certain when every world gives it to you, and you can no longer be a role when no world '
          + 'does (holding no card of it is one way there). A dead player’s role is drawn as one world picked at '
          + 'random among those that fit, so each role comes up exactly as often as its chance shows.'
        : 'When you hold no card of a role, you can no longer be it; when only one role is left, your role is '
          + 'certain. A dead player’s hand is shuffled and one card drawn: that card is their '
          + `role${p.v3 ? ', never one shown impossible for them' : ''}.`)
        + ' A player who has lost a role in the log but '
        + 'still holds its cards hands them to others, taking one card back for each: touch who gets them, then, on '
        + 'their card, the cards to take back. '
        + (p.v3 ? 'Cards nobody may take leave the game.' : 'Cards nobody may take end the game in a paradox.'),
      'werewolf.howto.cascade': (p) => 'Marks and attacks count once they are certain: a certain seer’s black mark '
        + 'makes its target a certain werewolf, and a white mark means the target is no werewolf; if someone you '
        + 'marked black turns out not to be a werewolf, you cannot be the seer. One change can set off a chain of '
        + 'others — a cascade — and the page works all of it out and writes every step in the log.'
        + (p.v3 ? ' It offers only the choices that some way of giving out the roles still explains.' : ''),
      'werewolf.howto.endTitle': 'The end',
      'werewolf.howto.villageLead': 'The village wins',
      'werewolf.howto.village': 'when nobody alive can be a werewolf any more.',
      'werewolf.howto.werewolvesLead': 'The werewolves win',
      'werewolf.howto.werewolves': (p) => `when the certain werewolves are at least ${p.v3 ? 'a third' : 'half'} of `
        + 'the living, or everyone is dead.',
      'werewolf.howto.paradoxLead': 'Paradox:',
      'werewolf.howto.paradox': (p) => 'when no way of giving everyone a role fits what the table knows'
        + `${p.v3 ? '' : ', or cards are owed that nobody can take'}, or fewer than three are alive when a vote `
        + 'begins, the game ends, and everyone whose role is not yet certain wins.',
      'werewolf.howto.when': (p) => (p.v3
        ? 'An end that holds wins at once, before any card is handed over or drawn.'
        : 'The end is checked once every card owed has been handed over and every dead player’s card drawn; until '
          + 'then a paradox can still take a game that looked won.'),
      'werewolf.howto.exampleTitle': 'A cascade, worked through',
      'werewolf.howto.example': 'Eight players, each starting with 2 werewolf, 1 seer and 5 villager cards (the '
        + 'book’s table). It is the seer phase and Aki’s turn. Aki can no longer be a werewolf and holds 7 seer and 1 '
        + 'villager card; she has already marked Chie black. Ben holds 1 werewolf, 1 seer and 6 villager cards and has '
        + 'attacked Hana. Chie, who cannot be the seer, has attacked Dai once and Emi twice.',
      'werewolf.howto.step1': 'Aki touches Ben and picks white. She must exchange: she gives Ben her villager card '
        + 'and takes his seer card. Aki now holds only seer cards: Aki is certainly the seer. Ben holds no seer card: '
        + 'Ben can no longer be a seer.',
      'werewolf.howto.step2': 'Because Aki is a certain seer, her white mark means Ben is no werewolf (he is now '
        + 'certainly a villager and must hand over his last werewolf card), and her black mark makes Chie certainly a '
        + 'werewolf (she must hand over her villager cards).',
      'werewolf.howto.step3': 'Ben is no werewolf, so his attack on Hana is taken off the table.',
      'werewolf.howto.step4': 'Chie is a certain werewolf, so everyone she attacked can no longer be a werewolf: Dai '
        + 'too must hand over his werewolf cards. Emi has two attacks from a certain werewolf in front of her: Emi '
        + 'dies. Her hand was all villager cards, so she was a villager.',
      'werewolf.howto.exampleEnd': (p) => 'After every step the page checks that some way of giving everyone a role '
        + 'still fits; here one does (Aki the seer, Chie and one of Fumi, Gen or Hana the werewolves), so play goes '
        + 'on: Ben, Chie and Dai hand over their cards, in any order. '
        + (p.v3
          ? 'A mark after which no way fitted would not have been offered.'
          : 'Had no way fitted, the game would have ended in a paradox.'),
      'werewolf.setup.table': 'The table',
      'werewolf.setup.recommendedHelp': 'Tables the balance workbench found fairest for each number of players '
        + '(only tables where the werewolves can win). Pick one, or set the cards yourself below. For a first table, '
        + 'take 10 players: there a casual village still wins over a third of the decided games.',
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
        + `${p.v4 ? 'Version 4, ' : p.v3 ? 'Version 3, ' : ''}paradox ${p.paradox}, werewolves win ${p.werewolves} of games, village wins `
        + `${p.village} of decided games`,
      'werewolf.setup.rules': 'Rules',
      'werewolf.setup.v2': 'Version 2 (the book\'s)',
      'werewolf.setup.v3': 'Version 3 (fewer paradoxes, werewolves can win)',
      'werewolf.setup.v4': 'Version 4 (certain means certain; the fewest paradoxes)',
      'werewolf.setup.v2Help': 'Version 2: the end is checked once every transfer and draw is done, cards nobody may '
        + 'take end the game in a paradox, and every holder of a seer card marks.',
      'werewolf.setup.v3Help': 'Version 3: a side that has won wins at once, before any paradox; cards nobody may '
        + 'take leave the game; only the player with the most seer cards marks; a mark, attack, hand-over or drawn '
        + 'card that no deal of the roles could explain is not allowed while another is, so paradoxes are rare. The '
        + 'werewolves get two powers: the attack of the attack phase\'s first player kills at once, and certain '
        + 'werewolves win at a third of the living.',
      'werewolf.setup.v4Help': 'Version 4: Version 3, where “certain” and “impossible” mean the same in every way of '
        + 'giving out the roles that fits — the end is declared as soon as the chances show it — and a dead player\'s '
        + 'role is drawn as one of those ways picked at random, so it comes up as often as its chance shows. Needs the '
        + 'phone as the neutral game master. Round 1 has no vote.',
      'werewolf.setup.warnUnmeasured': (p) => `No table of ${p.players} players has been measured: one side may win `
        + `most games. The recommended tables (${/** @type {number[]} */ (p.counts).join(', ')} players) were.`,
      'werewolf.setup.warnThree': 'With 3 players a game nearly always ends in a paradox, with no side winning. Play '
        + 'it to learn the rules, or add players.',
      'werewolf.setup.warnLong': (p) => `${p.players} players make a long game and a long page: plan for an hour `
        + 'or more.',
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
      'werewolf.ruleText.R2': (p) => (p.v4
        ? 'A player with no card of a role can no longer be it, nor can one whom no fitting way of giving out the '
          + 'roles gives it; a role every such way gives them is certain.'
        : 'A player with no card of a role can no longer be it; with one role left, their role is certain.'),
      'werewolf.ruleName.R3': 'the round',
      'werewolf.ruleText.R3': 'A round is a seer phase, an attack phase and a vote.',
      'werewolf.ruleName.R4': 'the seer phase',
      'werewolf.ruleText.R4': (p) => `${p.v3 ? 'The player holding the most seer cards marks' : 'Each player holding '
        + 'seer cards marks'} another player black or white, giving them a card and taking one of their seer cards.`,
      'werewolf.ruleName.R5': 'the attack phase',
      'werewolf.ruleText.R5': (p) => 'Each player holding werewolf cards attacks another, giving a card and taking a '
        + `werewolf card; ${p.v3 ? 'the first attacker’s attack kills at once, and ' : ''}two attacks from certain `
        + 'werewolves kill.',
      'werewolf.ruleName.R6': 'consequences',
      'werewolf.ruleText.R6': 'Marks and attacks count once they are certain: a certain seer’s mark and a certain '
        + 'werewolf’s attack decide roles, and a black mark on someone who is no werewolf costs the seer role.',
      'werewolf.ruleName.R7': 'hand-overs',
      'werewolf.ruleText.R7': (p) => 'A player who can no longer be a role but still holds its cards hands them to '
        + `others, taking one card back for each.${p.v3 ? ' Cards nobody may take leave the game.' : ''}`,
      'werewolf.ruleName.R8': 'death',
      'werewolf.ruleText.R8': (p) => (p.v4
        ? 'A dead player’s role is drawn as one way of giving out the roles, picked at random among those that fit: '
          + 'each role as often as its chance shows.'
        : 'A dead player’s hand is shuffled and one card drawn: that card is their role'
          + `${p.v3 ? ', never one shown impossible for them' : ''}.`),
      'werewolf.ruleName.R9': 'the vote',
      'werewolf.ruleText.R9': (p) => 'Everyone alive votes in secret; the most votes dies, and a tie goes to a run-off '
        + `among the tied.${p.v4 ? ' Round 1 has no vote.' : ''}`,
      'werewolf.ruleName.R10': 'the end',
      'werewolf.ruleText.R10': (p) => 'The village wins when nobody alive can be a werewolf; the werewolves win when '
        + `the certain werewolves are at least ${p.v3 ? 'a third' : 'half'} of the living, or everyone is dead.`
        + `${p.v3 ? ' An end wins at once, before any hand-over or draw.' : ''}`
        + `${p.v4 ? ' Certain, and no longer possible, as in every fitting way of giving out the roles.' : ''}`,
      'werewolf.ruleName.R11': 'paradox',
      'werewolf.ruleText.R11': (p) => 'When the table contradicts itself — no way of giving out the roles fits'
        + `${p.v3 ? '' : ', or cards are owed that nobody can take'} — or fewer than three are alive at a vote, the `
        + 'game ends and everyone whose role was not yet certain wins.'
        + `${p.v3 ? ' A choice that would make the table contradict itself is not offered while another is.' : ''}`,
      'werewolf.last': 'What that decision did',
      'werewolf.lastAll': (p) => `Show all ${p.n}`,
      'werewolf.lastFewer': 'Show the first only',
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
      'werewolf.phase.seer': 'seer phase',
      'werewolf.phase.attack': 'attack phase',
      'werewolf.phase.vote': 'vote',
      'werewolf.verdict.black': 'black',
      'werewolf.verdict.white': 'white',
      'werewolf.chitKind.black': 'black',
      'werewolf.chitKind.white': 'white',
      'werewolf.chitKind.attack': 'attack',
      'werewolf.named': '{name}',
      'werewolf.listMore': '{first}, {rest}',
      'werewolf.cards.one': '{n} card',
      'werewolf.cards.other': '{n} cards',
      'werewolf.roleCards.one': '{n} {role} card',
      'werewolf.roleCards.other': '{n} {role} cards',
      'werewolf.status.over': 'The game ended in round {round}.',
      'werewolf.status.playing': 'Round {round} · {phase}',
      'werewolf.prompt.startPlayerAll': 'Everyone alive holds as many {role} cards. Play rock-paper-scissors, then '
        + 'touch the winner to start the {phase}.',
      'werewolf.prompt.startPlayer': '{tied} hold the most {role} cards. Play rock-paper-scissors, then touch the '
        + 'winner to start the {phase}.',
      'werewolf.prompt.verdict': '{seer}, you hold seer cards: touch the player you want to mark black (a werewolf) '
        + 'or white (not one).',
      'werewolf.prompt.attack': '{wolf}, you hold werewolf cards: touch the player you want to attack.',
      'werewolf.prompt.transfer': '{from} can no longer be a {role} and must hand over {cards}, taking one card back '
        + 'for each. Touch who gets them, then the cards to take back on their card.',
      'werewolf.prompt.draw': '{player} is dead. Their {cards} are shuffled face down and one is drawn: it fixes '
        + 'their role.',
      'werewolf.prompt.vote': 'The vote: everyone alive points, in secret, at the player who should die. Pass the '
        + 'device round.',
      'werewolf.prompt.runoff': 'Run-off {runoff}: everyone alive points again, in secret, at one of {candidates}.',
      'werewolf.option.give': ', give a {role} card',
      'werewolf.option.noExchange': ' (no exchange)',
      'werewolf.option.black': 'Black: a werewolf{give}',
      'werewolf.option.white': 'White: not a werewolf{give}',
      'werewolf.option.attack': 'Attack{give}',
      'werewolf.option.startPlayer': 'Won rock-paper-scissors',
      'werewolf.log.roundBegan': 'The round begins.',
      'werewolf.log.phaseBegan': 'The {phase} begins.',
      'werewolf.log.noActors': 'Nobody alive can act in the {phase}: it is skipped.',
      'werewolf.log.startPlayerTied': '{seat} starts the {phase}: {others} held as many {role} cards, and the table '
        + 'chose {seat}.',
      'werewolf.log.startPlayer': '{seat} starts the {phase}, holding the most {role} cards.',
      'werewolf.log.passedNoChits': '{seat} passes: no chit left.',
      'werewolf.log.passedNoTarget': '{seat} passes: nobody may be chosen.',
      'werewolf.log.marked': '{seer} marks {target} {verdict}.',
      'werewolf.log.attacked': '{wolf} attacks {target}.',
      'werewolf.log.exchanged': '{actor} gives {target} a {gave} card and takes a {took} card.',
      'werewolf.log.noExchange': 'No cards change hands: {why}.',
      'werewolf.log.noExchangeWhy.actorFixed': '{actor}\'s role is fixed',
      'werewolf.log.noExchangeWhy.targetFixed': '{target}\'s role is fixed',
      'werewolf.log.noExchangeWhy.targetHasNone': '{target} has no card to take',
      'werewolf.log.noExchangeWhy.nothingToGive': '{actor} has no card that {target} also holds',
      'werewolf.log.lost': '{player} can no longer be a {role}: {because}.',
      'werewolf.log.lostWhy.noCardsLeft': 'no {role} card is left in their hand',
      'werewolf.log.lostWhy.markedBlackNotWerewolf': 'they marked {suspect} black, and {suspect} can no longer be a '
        + 'werewolf',
      'werewolf.log.lostWhy.markedWhiteWerewolf': 'they marked {wolf} white, and {wolf} is now certainly a werewolf',
      'werewolf.log.lostWhy.attackedByWerewolf': '{wolf} attacked them and is certainly a werewolf',
      'werewolf.log.lostWhy.blackFromSeer': '{seer}, certainly the seer, marked them black',
      'werewolf.log.lostWhy.whiteFromSeer': '{seer}, certainly the seer, marked them white',
      'werewolf.log.lostWhy.drew': 'they died and drew a {drawn} card',
      'werewolf.log.fixed': '{player} is now certainly a {role}.',
      'werewolf.log.chitsRemoved.one': '{owner}\'s {count} {kind} chit leaves the table.',
      'werewolf.log.chitsRemoved.other': '{owner}\'s {count} {kind} chits leave the table.',
      'werewolf.log.transferOwed': '{player} must hand over {cards}.',
      'werewolf.log.discarded': 'Nobody may take {player}\'s {cards}: they leave the game.',
      'werewolf.log.handedOver': '{from} hands {to} {given} and takes back {taken}.',
      'werewolf.log.handedOverGiven.one': '{n} {role} card',
      'werewolf.log.handedOverGiven.other': '{n} {role} cards',
      'werewolf.log.handedOverTaken.one': '{n} {role} card',
      'werewolf.log.handedOverTaken.other': '{n} {role} cards',
      'werewolf.log.diedAttacked.one': '{player} dies, attacked by {wolves}, certainly a werewolf.',
      'werewolf.log.diedAttacked.other': '{player} dies, attacked by {wolves}, certainly werewolves.',
      'werewolf.log.diedStarterAttack': '{player} dies: {wolf} started the attack phase, and the starter\'s attack '
        + 'kills.',
      'werewolf.log.voteSkipped': 'Round 1 has no vote.',
      'werewolf.log.diedVoted.one': '{player} dies by the vote ({votes} vote).',
      'werewolf.log.diedVoted.other': '{player} dies by the vote ({votes} votes).',
      'werewolf.log.drew': '{player} drew a {role} card.',
      'werewolf.log.drewNothing': '{player} held only {role} cards: nothing to draw.',
      'werewolf.log.voted': '{voter} points at {target}.',
      'werewolf.log.count': '{name} {votes}',
      'werewolf.log.counted': 'The count: {counts}.',
      'werewolf.log.runOff.one': 'A tie at {votes} vote between {tied}: a run-off.',
      'werewolf.log.runOff.other': 'A tie at {votes} votes between {tied}: a run-off.',
      'werewolf.end.title.villageWins': 'The village wins',
      'werewolf.end.title.werewolvesWin': 'The werewolves win',
      'werewolf.end.title.paradox': 'Paradox',
      'werewolf.end.allDead': 'Everyone is dead, so the werewolves win.',
      'werewolf.end.villageWins': 'Nobody left alive can be a werewolf any more, so the village wins.',
      'werewolf.end.villageWinsInEveryDeal': 'Nobody left alive can be a werewolf any more in any way of giving out '
        + 'the roles that fits, so the village wins.',
      'werewolf.end.werewolvesWin': 'The certain werewolves are at least {share} of the living, so the werewolves win.',
      'werewolf.end.werewolvesWinInEveryDeal': 'The certain werewolves (werewolves in every way of giving out the '
        + 'roles that fits) are at least {share} of the living, so the werewolves win.',
      'werewolf.end.share.half': 'half',
      'werewolf.end.share.third': 'a third',
      'werewolf.end.noTransfer': '{player} must hand over {cards}, but nobody can take them: the table contradicts '
        + 'itself.',
      'werewolf.end.noRoleLeft': '{player} can no longer be any role at all: the table contradicts itself.',
      'werewolf.end.contradiction': 'No way of giving everyone a role fits what the table knows any more.',
      'werewolf.end.undecidableVote': 'Only {alive} players are alive, so no vote can ever be decided.',
      'werewolf.end.warning': 'This ends the game — {title}. {sentence} {winners}',
      'werewolf.winners.none': 'Nobody wins.',
      'werewolf.winners.village': 'Winners: {who}, everyone who can no longer be a werewolf, alive or dead.',
      'werewolf.winners.werewolves': 'Winners: {who}, everyone certain to be a werewolf, alive or dead.',
      'werewolf.winners.paradox': 'Winners: {who}, everyone whose role was not yet certain.',
      'werewolf.refusal.leavesNoWorld': 'No deal of the roles could explain the table after that, and another choice '
        + 'keeps one: please choose again.',
      'werewolf.refusal.stale': 'That was already decided. Here is what the table decides now.',
      'werewolf.refusal.notPossible': 'That choice is not possible any more. Please choose again from what is shown.',
      'werewolf.refusal.logCut': 'The saved game could only be restored up to move {event}; play goes on from there.',
      'werewolf.refused.card': 'A {role} card',
      'werewolf.refused.bothWerewolves': 'In every world that fits the table, {wolf} and {target} are both '
        + 'werewolves, and a werewolf cannot attack a werewolf.',
      'werewolf.refused.neverWerewolf': 'In every world that fits the table, {seer} is the seer and {target} is not a '
        + 'werewolf, so a black mark cannot be true.',
      'werewolf.refused.alwaysWerewolf': 'In every world that fits the table, {seer} is the seer and {target} is a '
        + 'werewolf, so a white mark cannot be true.',
      'werewolf.refused.lastCardOfTheirRole': 'This exchange would take {player}\'s last {role} card, and {player} is '
        + 'a {role} in every world that fits the table.',
      'werewolf.refused.noWorldGives': 'No world that fits the table makes {player} a {role}, so this card is set '
        + 'aside.',
      'werewolf.refused.noWorldFits': 'After this, no world would fit the table.',
      'werewolf.setupError.noCards': 'Every hand needs at least one {role} card: without one, nobody could ever be '
        + 'the {role}.',
      'werewolf.setupError.players': 'A table seats {min} to {max} players, not {players}: change the number of cards '
        + 'per hand.',
      'werewolf.setupError.tooManyChits': 'A player may be given at most {max} chits of a kind, not {black} black, '
        + '{white} white and {attacks} attack chits.',
      'werewolf.setupError.unknownOptions': 'There are no rules called "{name}": choose Version 2, 3 or 4.',
      'werewolf.setupError.nameCount': '{names} names for a table of {players} players: give one name per player.',
    },
    ja: {
      'werewolf.title': '量子人狼',
      'werewolf.lede': '役職は配られません。全員が役職カードの手札を持ち、占い・襲撃・死亡のたびにカードが動きます。'
        + '確率は、卓と矛盾しない役職の割り当て（世界）のうち、その人がその役職である世界の割合です。プレイヤーそのものが盤面です。',
      'werewolf.howtoLink': '遊び方',
      'werewolf.howto.leadJoin': '',
      'werewolf.howto.intro': (p) => '量子人狼は、1台のスマホを囲んで3〜16人で遊ぶ、ゲームマスターのいない人狼です。記録はこのページが'
        + 'つけます。役職は配られません。全員が同じ役職カードの手札を持ちます'
        + `（${p.v3 ? 'バージョン3の9人卓なら人狼3枚' : '本の8人卓なら人狼2枚'}・占い師1枚・村人5枚）。ある役職である確率は、`
        + '卓の上のすべてと矛盾しない役職の割り当て（世界）のうち、あなたがその役職である世界の割合です。'
        + (p.v4
          ? '一つもなければ「不可能」、すべてなら「確定」で、勝敗も同じ意味で判定します。'
          : '0%や100%でも、「不可能」「確定」と表示するのは手札がそれを決めてからです（下を参照）。')
        + '手札は全員に公開されています。画面のプレイヤーたちが盤面です。',
      'werewolf.howto.version': (p) => (p.v4
        ? 'この卓はバージョン4で遊びます。バージョン3をもとに、「確定」はすべての世界で同じになることを意味し（勝敗の判定も確率の'
          + '表示も同じ意味です）、死亡した人の役職は、世界の一つを無作為に選んで決まり、1ラウンド目は投票がありません。'
          + 'このページが中立のゲームマスターです'
          + '（確率と選べない理由の計算にはコンピューターが要ります）。設定でバージョン3や、手で遊べる本のルールのバージョン2を選ぶと、'
          + 'ここの説明もそれに変わります。'
        : p.v3
        ? 'この卓はバージョン3で遊びます。設定で本のルールのバージョン2を選ぶと、ここの説明もそれに変わります。'
        : 'この卓は本のルールのバージョン2で遊びます。設定でバージョン3を選ぶと、ここの説明もそれに変わります。'),
      'werewolf.howto.goalTitle': '目的',
      'werewolf.howto.goal': '最初は誰もどの陣営でもありません。あなたの陣営は、最後に決まるあなたの役職です（生きていても死んでいても）。'
        + '村人陣営が勝てば、人狼ではありえなくなった人全員が勝ち、人狼陣営が勝てば、人狼に確定した人全員が勝ちます。'
        + 'パラドックスで終われば、役職がまだ確定していない人全員の勝ちです。占い・襲撃・カードの受け渡しのたびにカードが動き、'
        + 'あなたがなりそうな役職も変わります。最後にいたい陣営をめざして遊んでください。',
      'werewolf.howto.roundTitle': '1ラウンドの流れ',
      'werewolf.howto.seerLead': '占いフェーズ。',
      'werewolf.howto.seer': (p) => (p.v3
        ? '占い師カードをいちばん多く持つ人が、ほかの1人を黒（人狼だ）か白（人狼ではない）と占います。同じ枚数の人がいれば、'
          + 'じゃんけんか、このページの抽選で決めます。'
        : '占い師カードを持つ生存者が、いちばん多く持つ人から時計回りに順番に、ほかの1人を黒（人狼だ）か白（人狼ではない）と'
          + '占います。いちばん多い人が何人かいれば、最初の人はじゃんけんか、このページの抽選で決めます。')
        + '相手をタッチして、色を選んでください。占うときはカードを交換します。自分のほかのカードを1枚渡し、'
        + '相手の占い師カードを1枚もらいます。'
        + (p.v3
          ? 'このラウンドで占うのはその1人だけです。占いチップはゲームを通して使います（バージョン3の卓では黒1枚・白1枚）。'
          : '占いチップはゲームを通して使います（本の卓では黒2枚・白3枚）。'),
      'werewolf.howto.attackLead': '襲撃フェーズ。',
      'werewolf.howto.attack': (p) => '人狼カードを持つ人が、いちばん多く持つ人から時計回りに順番に、ほかの1人を襲撃し、'
        + 'カードを1枚渡して人狼カードを1枚もらいます。'
        + (p.v3
          ? '最初の手番の襲撃は、相手をすぐに殺します。ほかの襲撃は襲撃チップを置き、人狼に確定した人の襲撃チップが2枚たまると死亡します。'
          : '襲撃すると襲撃チップを置き、人狼に確定した人の襲撃チップが2枚たまると死亡します。'),
      'werewolf.howto.voteLead': '投票。',
      'werewolf.howto.vote': (p) => 'スマホを順に回し、一人ずつ秘密で処刑する人をタッチして決定します。いちばん票の多い人が'
        + '死亡します。同票なら、同票の人だけで決選投票です。' + (p.v4 ? '1ラウンド目は投票がありません。' : ''),
      'werewolf.howto.certainTitle': '確定と、ありえなくなること',
      'werewolf.howto.certain': (p) => (p.v4
        ? 'すべての世界であなたがある役職なら、あなたの役職は確定です。どの世界でもその役職でなければ、もうその役職ではありえません'
          + '（その役職のカードを1枚も持たないのも、その一つです）。死亡した人の役職は、卓と矛盾しない世界から一つを無作為に選んで'
          + '決まります。だから、どの役職も表示された確率どおりに出ます。'
        : 'ある役職のカードを1枚も持っていなければ、もうその役職ではありえません。残る役職が一つだけになれば、役職が確定します。'
          + '死亡した人は、混ぜた手札から1枚引き、それがその人の役職になります'
          + `${p.v3 ? '（その人に不可能と表示された役職は引きません）' : ''}。`)
        + 'ログでありえなくなった役職のカードがまだ手札にあれば、'
        + 'ほかの人に渡し、1枚ごとに1枚受け取ります。渡す相手をタッチし、その人のカードで受け取るカードを選びます。'
        + (p.v3 ? '誰も受け取れないカードは、ゲームから取り除かれます。' : '誰も受け取れないカードが残ると、パラドックスでゲームが終わります。'),
      'werewolf.howto.cascade': (p) => '占いや襲撃は、確定したときに効いてきます。占い師に確定した人が黒と占った相手は人狼に確定し、'
        + '白と占った相手は人狼ではなくなります。黒と占った相手が人狼ではなくなれば、占った人は占い師ではありえません。'
        + '一つの変化がほかの変化を次々に引き起こすことがあります（連鎖）。このページがすべて計算し、一つ一つログに書きます。'
        + (p.v3 ? 'このページは、どれかの役職の割り当てで説明できる選択だけを示します。' : ''),
      'werewolf.howto.endTitle': '勝敗',
      'werewolf.howto.villageLead': '村人陣営の勝ち：',
      'werewolf.howto.village': '生存者の誰も人狼ではありえなくなったとき。',
      'werewolf.howto.werewolvesLead': '人狼陣営の勝ち：',
      'werewolf.howto.werewolves': (p) => `人狼に確定した人が生存者の${p.v3 ? '3分の1' : '半分'}以上になったとき、`
        + 'または全員が死亡したとき。',
      'werewolf.howto.paradoxLead': 'パラドックス：',
      'werewolf.howto.paradox': (p) => '卓で分かっていることに合う役職の割り当てがなくなったとき'
        + `${p.v3 ? '' : '、誰も受け取れないカードが残ったとき'}、または投票の始まりに生存者が3人未満のとき。ゲームは終わり、`
        + 'その時点で役職が確定していない人全員の勝ちです。',
      'werewolf.howto.when': (p) => (p.v3
        ? '勝敗が決まれば、カードの受け渡しやカード引きより先に、すぐにゲームが終わります。'
        : '勝敗は、渡すべきカードがすべて渡され、死者のカードがすべて引かれてから判定します。それまでは、勝ったように見えた'
          + 'ゲームもパラドックスで終わることがあります。'),
      'werewolf.howto.exampleTitle': '連鎖の例',
      'werewolf.howto.example': '8人が、全員人狼2枚・占い師1枚・村人5枚の手札で始めたとします（本の卓）。占いフェーズで'
        + 'アキさんの番です。アキさんは人狼ではありえず、手札は占い師7枚・村人1枚。アキさんはすでにチエさんを黒と占っています。'
        + 'ベンさんの手札は人狼1・占い師1・村人6で、ハナさんを襲撃済み。占い師ではありえないチエさんは、ダイさんを1回、'
        + 'エミさんを2回襲撃しています。',
      'werewolf.howto.step1': 'アキさんがベンさんをタッチして白を選びます。交換は必ず行うので、村人カードを渡して占い師カードを'
        + 'もらいます。アキさんの手札は占い師だけになり、アキさんは占い師に確定。ベンさんは占い師カードがなくなり、'
        + '占い師ではありえなくなります。',
      'werewolf.howto.step2': 'アキさんが確定した占い師なので、白と占われたベンさんは人狼ではありません（村人に確定し、最後の'
        + '人狼カードを渡します）。黒と占われたチエさんは人狼に確定します（村人カードを渡します）。',
      'werewolf.howto.step3': 'ベンさんは人狼ではないので、ハナさんへの襲撃チップは取り除かれます。',
      'werewolf.howto.step4': 'チエさんが確定した人狼なので、チエさんに襲撃された人は人狼ではありえません。ダイさんも人狼カードを'
        + '渡します。エミさんの前には確定した人狼の襲撃チップが2枚あるので、エミさんは死亡。手札は村人カードだけだったので、'
        + '村人でした。',
      'werewolf.howto.exampleEnd': (p) => '一歩ごとに、全員に役職を割り当てる方法がまだあるかを確かめます。この例ではあります'
        + '（占い師はアキさん、人狼はチエさんと、フミさん・ゲンさん・ハナさんのうち1人）。だからゲームは続き、'
        + 'ベンさん・チエさん・ダイさんが好きな順にカードを渡します。'
        + (p.v3
          ? 'どの割り当てでも説明できなくなる占いは、このページが示しません。'
          : '割り当てる方法がなくなっていたら、パラドックスでゲームは終わっていました。'),
      'werewolf.setup.table': '卓の設定',
      'werewolf.setup.recommendedHelp': 'バランス検証で人数ごとにいちばん公平だった卓です（人狼陣営も勝てる卓だけ）。選ぶか、'
        + '下でカードの枚数を決めてください。初めての卓なら10人で。慣れていない村人陣営でも、決着したゲームの3分の1以上に勝てます。',
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
      'werewolf.setup.recommended': (p) => `${p.players}人：人狼${p.w}・占い師${p.s}・村人${p.v}（${p.v4 ? 'バージョン4、' : p.v3 ? 'バージョン3、' : ''}`
        + `パラドックス${p.paradox}、人狼陣営の勝ち${p.werewolves}、決着したゲームで村人陣営の勝ち${p.village}）`,
      'werewolf.setup.rules': 'ルール',
      'werewolf.setup.v2': 'バージョン2（本のルール）',
      'werewolf.setup.v3': 'バージョン3（パラドックスが少なく、人狼も勝てる）',
      'werewolf.setup.v4': 'バージョン4（確定は本当に確定、パラドックスが最も少ない）',
      'werewolf.setup.v2Help': 'バージョン2：勝敗はカードの受け渡しと死者のカード引きがすべて終わってから判定し、誰も受け取れない'
        + 'カードが残るとパラドックスで終わります。占い師カードを持つ全員が占います。',
      'werewolf.setup.v3Help': 'バージョン3：勝ちが決まった陣営はパラドックスより先にすぐ勝ちます。誰も受け取れないカードは捨てられ、'
        + '占うのは占い師カードをいちばん多く持つ人だけです。どの配役でも説明できなくなる占い・襲撃・受け渡し・カード引きは、'
        + 'ほかに選べるものがある限りできないので、パラドックスはまれです。人狼陣営には力が二つあります。襲撃フェーズの最初の手番の襲撃は'
        + 'すぐに相手を殺し、確定した人狼が生存者の3分の1以上になれば人狼陣営の勝ちです。',
      'werewolf.setup.v4Help': 'バージョン4：バージョン3をもとに、「確定」と「不可能」は、卓と矛盾しないすべての割り当てで同じになる'
        + 'ことを意味します（確率にそう表示されたとき、すぐに勝敗が決まります）。死亡した人の役職は、その割り当ての一つを無作為に選んで'
        + '決まるので、表示された確率どおりに出ます。スマホが中立のゲームマスターになります。1ラウンド目は投票がありません。',
      'werewolf.setup.warnUnmeasured': (p) => `${p.players}人の卓はまだ測っていません。どちらかの陣営がほとんど勝つかもしれません。`
        + `測ったのはおすすめの卓（${/** @type {number[]} */ (p.counts).join('、')}人）です。`,
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
      'werewolf.pointAt': (p) => `${p.runoff}${p.name}さん、${p.runoffOnly ? '同票の人のうち1人' : '処刑する人'}をタッチして、`
        + '「この人に投票する」を押してください。'
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
      'werewolf.ruleText.R2': (p) => (p.v4
        ? 'ある役職のカードを1枚も持たない人、またはその役職を与える割り当てが一つもない人は、その役職ではありえません。'
          + 'すべての割り当てで同じ役職なら、その役職に確定します。'
        : 'ある役職のカードを1枚も持たない人は、その役職ではありえません。残る役職が一つなら、その役職に確定します。'),
      'werewolf.ruleName.R3': 'ラウンド',
      'werewolf.ruleText.R3': '1ラウンドは、占いフェーズ、襲撃フェーズ、投票の順に進みます。',
      'werewolf.ruleName.R4': '占いフェーズ',
      'werewolf.ruleText.R4': (p) => `${p.v3 ? '占い師カードをいちばん多く持つ人が' : '占い師カードを持つ人が順に'}、ほかの1人を`
        + '黒か白と占い、カードを1枚渡して相手の占い師カードを1枚受け取ります。',
      'werewolf.ruleName.R5': '襲撃フェーズ',
      'werewolf.ruleText.R5': (p) => '人狼カードを持つ人が順に、ほかの1人を襲撃し、カードを1枚渡して人狼カードを1枚受け取ります。'
        + `${p.v3 ? '最初の手番の襲撃はすぐに相手を殺します。ほかに、' : ''}人狼に確定した人の襲撃が2つ重なると死亡します。`,
      'werewolf.ruleName.R6': '連鎖',
      'werewolf.ruleText.R6': '占いと襲撃は確定したときに効きます。確定した占い師の占いと確定した人狼の襲撃は役職を決め、人狼ではない人を黒と占った人は占い師ではありえなくなります。',
      'werewolf.ruleName.R7': 'カードの受け渡し',
      'werewolf.ruleText.R7': (p) => 'ある役職ではありえなくなったのにそのカードを持つ人は、それをほかの人に渡し、1枚ごとに1枚受け取ります。'
        + `${p.v3 ? '誰も受け取れないカードはゲームから取り除かれます。' : ''}`,
      'werewolf.ruleName.R8': '死亡',
      'werewolf.ruleText.R8': (p) => (p.v4
        ? '死亡した人の役職は、卓と矛盾しない割り当ての一つを無作為に選んで決まります。どの役職も表示された確率どおりに出ます。'
        : '死亡した人の手札を混ぜて1枚引き、そのカードがその人の役職になります。'
          + `${p.v3 ? 'その人に不可能と表示された役職のカードは引きません。' : ''}`),
      'werewolf.ruleName.R9': '投票',
      'werewolf.ruleText.R9': (p) => '生存者全員が秘密に投票し、最多票の人が処刑されます。同票なら同票の人で決選投票です。'
        + `${p.v4 ? '1ラウンド目は投票がありません。' : ''}`,
      'werewolf.ruleName.R10': '終了',
      'werewolf.ruleText.R10': (p) => '生きている誰も人狼でありえなくなれば村人陣営の勝ち、人狼に確定した人が生存者の'
        + `${p.v3 ? '3分の1' : '半分'}以上になるか全員が死亡すれば人狼陣営の勝ちです。`
        + `${p.v3 ? '勝敗が決まれば、カードの受け渡しや引くより先に、すぐに終わります。' : ''}`
        + `${p.v4 ? '確定とありえないことは、卓と矛盾しないすべての割り当てで判断します。' : ''}`,
      'werewolf.ruleName.R11': 'パラドックス',
      'werewolf.ruleText.R11': (p) => `卓が矛盾したとき（合う役職の割り当てがない${p.v3 ? '' : '、または誰も受け取れないカードが残った'}）`
        + 'や、投票の始まりに生存者が3人未満のとき、ゲームが終わり、まだ役職が確定していない人が勝ちます。'
        + `${p.v3 ? '卓を矛盾させる選択は、ほかの選択がある限り選べません。' : ''}`,
      'werewolf.last': 'いまの決定で起きたこと',
      'werewolf.lastAll': (p) => `すべて表示（${p.n}件）`,
      'werewolf.lastFewer': '最初の1件だけ表示',
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
      'werewolf.phase.seer': '占いフェーズ',
      'werewolf.phase.attack': '襲撃フェーズ',
      'werewolf.phase.vote': '投票',
      'werewolf.verdict.black': '黒',
      'werewolf.verdict.white': '白',
      'werewolf.chitKind.black': '黒',
      'werewolf.chitKind.white': '白',
      'werewolf.chitKind.attack': '襲撃',
      'werewolf.named': '{name}さん',
      'werewolf.listMore': '{first}、{rest}',
      'werewolf.cards.one': '{n}枚',
      'werewolf.cards.other': '{n}枚',
      'werewolf.roleCards.one': '{role}カード{n}枚',
      'werewolf.roleCards.other': '{role}カード{n}枚',
      'werewolf.status.over': '第{round}ラウンドでゲーム終了',
      'werewolf.status.playing': '第{round}ラウンド・{phase}',
      'werewolf.prompt.startPlayerAll': '生きている全員が{role}カードを同じだけ持っています。じゃんけんをして、'
        + '勝った人をタッチしてください（{phase}を始めます）。',
      'werewolf.prompt.startPlayer': '{tied}が{role}カードを同じだけ持っています。じゃんけんをして、'
        + '勝った人をタッチしてください（{phase}を始めます）。',
      'werewolf.prompt.verdict': '{seer}さんは占い師カードを持っています。占う相手をタッチして、黒（人狼）'
        + 'か白（人狼ではない）を選んでください。',
      'werewolf.prompt.attack': '{wolf}さんは人狼カードを持っています。襲撃する相手をタッチしてください。',
      'werewolf.prompt.transfer': '{from}さんは{role}ではありえなくなりました。{cards}をほかの人に渡し、'
        + '1枚ごとに1枚受け取ります。渡す相手をタッチして、その人のカードで受け取るカードを選んでください。',
      'werewolf.prompt.draw': '{player}さんが死亡しました。手札{cards}を伏せて混ぜ、1枚引きます。'
        + '引いたカードで役職が確定します。',
      'werewolf.prompt.vote': '投票です。生きている全員が、処刑する人を秘密で指します。端末を順に回してください。',
      'werewolf.prompt.runoff': '決選投票{runoff}回目：生きている全員が、'
        + '{candidates}のうち1人を秘密でもう一度指します。',
      'werewolf.option.give': '・{role}カードを渡す',
      'werewolf.option.noExchange': '（交換なし）',
      'werewolf.option.black': '黒（人狼）{give}',
      'werewolf.option.white': '白（人狼ではない）{give}',
      'werewolf.option.attack': '襲撃する{give}',
      'werewolf.option.startPlayer': 'じゃんけんに勝った',
      'werewolf.log.roundBegan': 'ラウンド開始。',
      'werewolf.log.phaseBegan': '{phase}開始。',
      'werewolf.log.noActors': '{phase}で動ける人が生きていないので、飛ばします。',
      'werewolf.log.startPlayerTied': '{seat}さんが{phase}を始めます（{role}カードの枚数が{others}と同じで、'
        + '卓が{seat}さんを選びました）。',
      'werewolf.log.startPlayer': '{role}カードをいちばん多く持つ{seat}さんが{phase}を始めます。',
      'werewolf.log.passedNoChits': '{seat}さんはパス（チップが残っていない）。',
      'werewolf.log.passedNoTarget': '{seat}さんはパス（選べる相手がいない）。',
      'werewolf.log.marked': '{seer}さんが{target}さんを{verdict}と占いました。',
      'werewolf.log.attacked': '{wolf}さんが{target}さんを襲撃しました。',
      'werewolf.log.exchanged': '{actor}さんが{target}さんに{gave}カードを渡し、{took}カードを受け取りました。',
      'werewolf.log.noExchange': 'カードの交換はありません（{why}）。',
      'werewolf.log.noExchangeWhy.actorFixed': '{actor}さんの役職は確定済み',
      'werewolf.log.noExchangeWhy.targetFixed': '{target}さんの役職は確定済み',
      'werewolf.log.noExchangeWhy.targetHasNone': '{target}さんに受け取れるカードがない',
      'werewolf.log.noExchangeWhy.nothingToGive': '{target}さんが持つカードを{actor}さんが持っていない',
      'werewolf.log.lost': '{player}さんは{role}ではありえなくなりました（{because}）。',
      'werewolf.log.lostWhy.noCardsLeft': '手札に{role}カードが残っていない',
      'werewolf.log.lostWhy.markedBlackNotWerewolf': '黒と占った{suspect}さんが人狼ではなくなった',
      'werewolf.log.lostWhy.markedWhiteWerewolf': '白と占った{wolf}さんが人狼に確定した',
      'werewolf.log.lostWhy.attackedByWerewolf': '人狼に確定した{wolf}さんに襲撃されていた',
      'werewolf.log.lostWhy.blackFromSeer': '占い師に確定した{seer}さんに黒と占われていた',
      'werewolf.log.lostWhy.whiteFromSeer': '占い師に確定した{seer}さんに白と占われていた',
      'werewolf.log.lostWhy.drew': '死亡して{drawn}カードを引いた',
      'werewolf.log.fixed': '{player}さんは{role}に確定しました。',
      'werewolf.log.chitsRemoved.one': '{owner}さんの{kind}チップ{count}枚が取り除かれました。',
      'werewolf.log.chitsRemoved.other': '{owner}さんの{kind}チップ{count}枚が取り除かれました。',
      'werewolf.log.transferOwed': '{player}さんは{cards}を渡さなければなりません。',
      'werewolf.log.discarded': '{player}さんの{cards}は誰も受け取れないため、ゲームから取り除かれました。',
      'werewolf.log.handedOver': '{from}さんが{to}さんに{given}渡し、{taken}受け取りました。',
      'werewolf.log.handedOverGiven.one': '{role}カードを{n}枚',
      'werewolf.log.handedOverGiven.other': '{role}カードを{n}枚',
      'werewolf.log.handedOverTaken.one': '{role}カードを同じ枚数',
      'werewolf.log.handedOverTaken.other': '{role}カードを同じ枚数',
      'werewolf.log.diedAttacked.one': '{player}さんは、人狼に確定した{wolves}に襲撃されて死亡しました。',
      'werewolf.log.diedAttacked.other': '{player}さんは、人狼に確定した{wolves}に襲撃されて死亡しました。',
      'werewolf.log.diedStarterAttack': '{player}さんは死亡しました。'
        + '襲撃フェーズの最初の手番の{wolf}さんの襲撃は必ず殺します。',
      'werewolf.log.voteSkipped': '第1ラウンドは投票がありません。',
      'werewolf.log.diedVoted.one': '{player}さんが投票で処刑されました（{votes}票）。',
      'werewolf.log.diedVoted.other': '{player}さんが投票で処刑されました（{votes}票）。',
      'werewolf.log.drew': '{player}さんは{role}カードを引きました。',
      'werewolf.log.drewNothing': '{player}さんの手札は{role}カードだけなので、引くまでもありません。',
      'werewolf.log.voted': '{voter}さんは{target}さんを指しました。',
      'werewolf.log.count': '{name}さん{votes}票',
      'werewolf.log.counted': '開票：{counts}。',
      'werewolf.log.runOff.one': '{tied}が{votes}票で同数のため、決選投票です。',
      'werewolf.log.runOff.other': '{tied}が{votes}票で同数のため、決選投票です。',
      'werewolf.end.title.villageWins': '村人陣営の勝利',
      'werewolf.end.title.werewolvesWin': '人狼陣営の勝利',
      'werewolf.end.title.paradox': 'パラドックス',
      'werewolf.end.allDead': '全員が死亡したので、人狼陣営の勝ちです。',
      'werewolf.end.villageWins': '生きている人の誰も人狼ではありえなくなったので、村人陣営の勝ちです。',
      'werewolf.end.villageWinsInEveryDeal': '生きている人の誰も、'
        + '卓と矛盾しないどの割り当てでも人狼ではありえなくなったので、村人陣営の勝ちです。',
      'werewolf.end.werewolvesWin': '人狼に確定した人が生存者の{share}以上になったので、人狼陣営の勝ちです。',
      'werewolf.end.werewolvesWinInEveryDeal': '人狼に確定した人（卓と矛盾しないすべての割り当てで人狼の人）'
        + 'が生存者の{share}以上になったので、人狼陣営の勝ちです。',
      'werewolf.end.share.half': '半分',
      'werewolf.end.share.third': '3分の1',
      'werewolf.end.noTransfer': '{player}さんは{cards}を渡さなければなりませんが、受け取れる人がいません。'
        + '卓が矛盾しました。',
      'werewolf.end.noRoleLeft': '{player}さんはどの役職でもありえなくなりました。卓が矛盾しました。',
      'werewolf.end.contradiction': '卓で分かっていることに合う役職の割り当てが、もう一つもありません。',
      'werewolf.end.undecidableVote': '生存者が{alive}人だけなので、投票で決着がつきません。',
      'werewolf.end.warning': 'これを選ぶとゲームが終わります（{title}）。{sentence}{winners}',
      'werewolf.winners.none': '勝者はいません。',
      'werewolf.winners.village': '勝者は{who}です。人狼ではありえなくなった全員が、生死に関係なく勝ちます。',
      'werewolf.winners.werewolves': '勝者は{who}です。人狼に確定した全員が、生死に関係なく勝ちます。',
      'werewolf.winners.paradox': '勝者は{who}です。役職がまだ確定していなかった全員が勝ちます。',
      'werewolf.refusal.leavesNoWorld': 'そうすると、どの配役でも卓の状態を説明できなくなります。'
        + 'ほかに説明できる選択があるので、選び直してください。',
      'werewolf.refusal.stale': 'それはもう決まっています。いま決めることを表示しました。',
      'werewolf.refusal.notPossible': 'その選択はもうできません。表示されている中から選び直してください。',
      'werewolf.refusal.logCut': '保存されたゲームは{event}手目までしか復元できませんでした。そこから続けます。',
      'werewolf.refused.card': '{role}カード',
      'werewolf.refused.bothWerewolves': '卓と矛盾しないどの世界でも、{wolf}と{target}はどちらも人狼です。'
        + '人狼は人狼を襲撃できません。',
      'werewolf.refused.neverWerewolf': '卓と矛盾しないどの世界でも、{seer}は占い師で、{target}は人狼ではありません。'
        + '黒は正しくなりえません。',
      'werewolf.refused.alwaysWerewolf': '卓と矛盾しないどの世界でも、{seer}は占い師で、{target}は人狼です。'
        + '白は正しくなりえません。',
      'werewolf.refused.lastCardOfTheirRole': 'この交換で{player}の最後の{role}カードがなくなりますが、'
        + '卓と矛盾しないどの世界でも{player}は{role}です。',
      'werewolf.refused.noWorldGives': '卓と矛盾しない世界で{player}が{role}であるものはないので、'
        + 'このカードは引きません。',
      'werewolf.refused.noWorldFits': 'これを選ぶと、卓と矛盾しない世界がなくなります。',
      'werewolf.setupError.noCards': '手札には{role}カードが1枚以上必要です。1枚もないと、誰も{role}になれません。',
      'werewolf.setupError.players': '遊べるのは{min}〜{max}人です。{players}人にはなりません。'
        + '手札の枚数を変えてください。',
      'werewolf.setupError.tooManyChits': 'チップは1種類につき{max}枚までです（黒{black}枚・白{white}枚・襲撃{attacks}'
        + '枚は多すぎます）。',
      'werewolf.setupError.unknownOptions': '「{name}」というルールはありません。バージョン2、3、'
        + '4のどれかを選んでください。',
      'werewolf.setupError.nameCount': '{players}人の卓に名前が{names}個あります。一人に一つずつ名前をつけてください。',
    },
  });
})();
