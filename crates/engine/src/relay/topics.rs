//! The bundled topic deck: things nobody at the table really knows, so everyone can explain them with total
//! confidence. The UI draws from it; the engine only receives the drawn text.

use crate::random::RandomSource;

/// The language a topic is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// 日本語.
    Japanese,
    /// English.
    English,
}

impl Language {
    /// Both languages.
    pub const ALL: [Language; 2] = [Language::Japanese, Language::English];

    /// The language tag: `ja` or `en`.
    pub const fn tag(self) -> &'static str {
        match self {
            Language::Japanese => "ja",
            Language::English => "en",
        }
    }

    /// The language with this [`tag`](Language::tag), or `None`.
    pub fn from_tag(tag: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.tag() == tag)
    }
}

/// One topic of the deck, in Japanese and in English (the same idea, not always word for word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topic {
    ja: &'static str,
    en: &'static str,
}

impl Topic {
    const fn new(ja: &'static str, en: &'static str) -> Topic {
        Topic { ja, en }
    }

    /// The topic in `language`.
    pub const fn text(&self, language: Language) -> &'static str {
        match language {
            Language::Japanese => self.ja,
            Language::English => self.en,
        }
    }

    /// Whether `text` (trimmed) is this topic in either language.
    pub fn is(&self, text: &str) -> bool {
        let text = text.trim();
        text == self.ja || text == self.en
    }
}

/// Draws a topic not yet used in this game, each unused one equally likely; `used` holds the topics of the
/// rounds so far, in either language. `None` once the whole deck is used, which a game of at most 10 rounds
/// never reaches.
///
/// ```
/// use marubatsu_engine::relay::{draw_topic, Language, TOPICS};
///
/// let mut x = 7u64;
/// let mut source = || { x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); x };
/// let mut used: Vec<&str> = Vec::new();
/// for _ in 0..10 {
///     let topic = draw_topic(&used, &mut source).unwrap();
///     assert!(!used.iter().any(|u| topic.is(u)));
///     used.push(topic.text(Language::Japanese));
/// }
/// assert!(TOPICS.len() >= 100);
/// ```
pub fn draw_topic<S: AsRef<str>, R: RandomSource + ?Sized>(used: &[S], source: &mut R) -> Option<&'static Topic> {
    let unused = |topic: &&Topic| !used.iter().any(|u| topic.is(u.as_ref()));
    let left = TOPICS.iter().filter(unused).count();
    if left == 0 {
        return None;
    }
    TOPICS.iter().filter(unused).nth(source.below(left))
}

/// The deck.
pub static TOPICS: &[Topic] = &[
    Topic::new("なぜ猫は箱に入りたがるのか", "Why cats insist on sitting in boxes"),
    Topic::new("月曜日が発明された本当の理由", "The real reason Monday was invented"),
    Topic::new("靴下が片方だけ消える仕組み", "Where the missing sock goes"),
    Topic::new("南極のペンギン郵便局", "The penguin post office of Antarctica"),
    Topic::new("世界一静かな球技「無音球」", "Silentball, the quietest sport on earth"),
    Topic::new("雲の値段の決まり方", "How the price of a cloud is set"),
    Topic::new("逆立ち料理の基本", "The basics of upside-down cooking"),
    Topic::new("消しゴムのかすの再利用法", "What happens to eraser crumbs"),
    Topic::new("江戸時代のWi-Fi", "Wi-Fi in the Edo period"),
    Topic::new("ピラミッドの裏口", "The back door of the pyramids"),
    Topic::new(
        "こたつから出られない科学的理由",
        "The physics of not leaving a warm bed",
    ),
    Topic::new("幻の十三番目の星座", "The forgotten thirteenth star sign"),
    Topic::new(
        "カレーが二日目においしくなる秘密",
        "Why stew tastes better on the second day",
    ),
    Topic::new("鳩が首を振って歩く理由", "Why pigeons bob their heads"),
    Topic::new(
        "エレベーターの「閉」ボタンの正体",
        "What the door-close button really does",
    ),
    Topic::new("しゃっくりの国際規格", "The international standard for hiccups"),
    Topic::new("富士山の初代管理人", "The first caretaker of Mount Fuji"),
    Topic::new("宇宙で一番長い行列", "The longest queue in the universe"),
    Topic::new("あくびがうつる法律", "The law of contagious yawning"),
    Topic::new("砂時計職人の一日", "A day in the life of an hourglass maker"),
    Topic::new("たこ焼きの丸さの基準", "The official roundness of a meatball"),
    Topic::new("雨の日だけ開く図書館", "The library that opens only when it rains"),
    Topic::new("ダジャレ検定一級の試験内容", "The grade-one exam in puns"),
    Topic::new("恐竜が好きだった歌", "The songs dinosaurs liked"),
    Topic::new("ことわざ「猫に小判」の続き", "The lost second half of a famous proverb"),
    Topic::new("月の裏側の商店街", "The shopping street on the far side of the moon"),
    Topic::new("シャボン玉の寿命を延ばす方法", "How to make a soap bubble live longer"),
    Topic::new("トーストがバターの面から落ちる理由", "Why toast lands butter side down"),
    Topic::new(
        "ふとんが「ふっとんだ」の起源",
        "The origin of the first knock-knock joke",
    ),
    Topic::new("招き猫の左手と右手の違い", "Why lucky cats wave with one paw"),
    Topic::new("日本最古の自動販売機", "The oldest vending machine in the world"),
    Topic::new("迷子のクジラの帰り道", "How a lost whale finds its way home"),
    Topic::new("目覚まし時計の反乱", "The great alarm clock rebellion"),
    Topic::new("ペンギンが空を飛ばなくなった日", "The day penguins gave up flying"),
    Topic::new("回転寿司の逆回転", "Conveyor-belt sushi running backwards"),
    Topic::new("三日坊主の三日目", "What happens on the third day of a resolution"),
    Topic::new(
        "オリンピック幻の種目「綱渡り将棋」",
        "Tightrope chess, the lost Olympic event",
    ),
    Topic::new("サボテンの睡眠時間", "How long a cactus sleeps"),
    Topic::new("信号機の黄色の本当の意味", "What the amber traffic light really means"),
    Topic::new("絵文字の祖先", "The ancestors of emoji"),
    Topic::new("世界で一番重い羽毛", "The heaviest feather in the world"),
    Topic::new("冷蔵庫の中の明かりの仕事", "The job of the light inside the fridge"),
    Topic::new("初夢ランキングの集計方法", "How dream rankings are counted"),
    Topic::new("消えた古代文明「ヌルヌル王国」", "The vanished Kingdom of Drizzle"),
    Topic::new("カラスの会議の議題", "The agenda of a crow meeting"),
    Topic::new("ボタンの掛け違いの歴史", "A history of misbuttoned shirts"),
    Topic::new("宇宙飛行士のおやつ事情", "What astronauts snack on"),
    Topic::new("金魚すくいのプロリーグ", "The professional goldfish-scooping league"),
    Topic::new("鼻歌の著作権", "Who owns the copyright of humming"),
    Topic::new("ハンコ文化の起源", "The origin of the rubber stamp"),
    Topic::new("タンポポの綿毛の航続距離", "How far a dandelion seed can fly"),
    Topic::new("お茶漬けの正式な食べ方", "The formal way to eat porridge"),
    Topic::new("忍者の休日", "How ninjas spend their day off"),
    Topic::new("パンダが白黒になった経緯", "How the panda became black and white"),
    Topic::new("言い間違い研究所", "The Institute of Slips of the Tongue"),
    Topic::new("幻の四つ目の信号色", "The fourth traffic light colour"),
    Topic::new("地図にない島「ソレナニ島」", "The island missing from every map"),
    Topic::new("睡眠学習の失敗例", "Famous failures of learning in your sleep"),
    Topic::new("ロボット掃除機の縄張り争い", "Turf wars between robot vacuums"),
    Topic::new("ハンガーの正しい数え方", "The proper way to count coat hangers"),
    Topic::new("風鈴の音が涼しい理由", "Why wind chimes sound cool"),
    Topic::new("タイムカプセルの開け忘れ", "Time capsules nobody dug up"),
    Topic::new("方向音痴の地図", "A map for people with no sense of direction"),
    Topic::new("海の水がしょっぱくなった事件", "The incident that made the sea salty"),
    Topic::new("指パッチンの発明者", "The inventor of the finger snap"),
    Topic::new("幽霊の通勤事情", "How ghosts commute"),
    Topic::new("おでんの具の序列", "The pecking order of hotpot ingredients"),
    Topic::new("世界最短の小説", "The shortest novel ever written"),
    Topic::new("筋肉痛が二日遅れで来る理由", "Why sore muscles arrive two days late"),
    Topic::new("雪だるまの寿命", "The life expectancy of a snowman"),
    Topic::new("ホチキスの芯の行方", "Where used staples end up"),
    Topic::new("百年後のじゃんけん", "Rock-paper-scissors in a hundred years"),
    Topic::new("朝顔の早起きの秘訣", "How morning glories get up so early"),
    Topic::new("深海のカラオケ大会", "The deep-sea karaoke contest"),
    Topic::new("アリの引っ越し業者", "The ant removal company"),
    Topic::new("自転車の補助輪の卒業式", "The graduation ceremony for training wheels"),
    Topic::new("フラミンゴが片足で立つ理由", "Why flamingos stand on one leg"),
    Topic::new("枕投げの公式ルール", "The official rules of pillow fights"),
    Topic::new("中世ヨーロッパの推し活", "Fan culture in medieval Europe"),
    Topic::new("手品師の引退後", "What magicians do after retiring"),
    Topic::new("ため息の再利用", "Recycling sighs"),
    Topic::new("宇宙人が見た日本の第一印象", "An alien's first impression of Earth"),
    Topic::new("幻の果物「ミカンゴ」", "The legendary fruit called the mangerine"),
    Topic::new("図書館の延滞金の最高記録", "The record for an overdue library book"),
    Topic::new("天気予報が外れる日の法則", "The rule behind wrong weather forecasts"),
    Topic::new("折り紙で作れない唯一の形", "The one shape origami cannot make"),
    Topic::new("サンタクロースの夏休み", "Santa Claus's summer holiday"),
    Topic::new("くしゃみの速度制限", "The speed limit for sneezes"),
    Topic::new("時計の針が右回りになった理由", "Why clocks run clockwise"),
    Topic::new("大仏の髪型の変遷", "How the great statue's hairstyle changed"),
    Topic::new("ネクタイの本来の用途", "What the necktie was first for"),
    Topic::new(
        "無人島に一つだけ持っていくべき道具",
        "The one tool to take to a desert island",
    ),
    Topic::new("影が夜どこへ行くのか", "Where shadows go at night"),
    Topic::new("伝説の早口言葉選手権", "The legendary tongue-twister championship"),
    Topic::new("ゆで卵を生卵に戻す研究", "Research into unboiling an egg"),
    Topic::new("カピバラ温泉協会", "The Capybara Hot Spring Association"),
    Topic::new("ラジオ体操第三", "The secret third radio exercise routine"),
    Topic::new("昼寝の国際大会", "The international napping tournament"),
    Topic::new("ねじの右回りの由来", "Why screws tighten to the right"),
    Topic::new(
        "星座を作った人の苦労",
        "The trouble of the person who drew the constellations",
    ),
    Topic::new("紙飛行機の最長飛行記録", "The longest paper-plane flight"),
    Topic::new("虹の端っこの住所", "The street address of the end of a rainbow"),
    Topic::new("寝ぐせの分類学", "A classification of bed hair"),
    Topic::new("電卓の「C」と「AC」の確執", "The feud between the C and AC keys"),
    Topic::new(
        "洗濯物が乾かない日の陰謀",
        "The conspiracy behind laundry that never dries",
    ),
    Topic::new("ワニの歯医者", "The crocodile's dentist"),
    Topic::new("古代ローマのファストフード", "Fast food in ancient Rome"),
    Topic::new(
        "渋滞の先頭で起きていること",
        "What is happening at the front of a traffic jam",
    ),
    Topic::new("ことばを話すオウムの組合", "The union of talking parrots"),
    Topic::new("ゴムの木の苦悩", "The worries of a rubber tree"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use std::collections::HashSet;

    #[test]
    fn the_deck_has_over_a_hundred_distinct_trimmed_topics_in_both_languages() {
        assert!(TOPICS.len() >= 100, "{} topics", TOPICS.len());
        for language in Language::ALL {
            let texts: HashSet<&str> = TOPICS.iter().map(|t| t.text(language)).collect();
            assert_eq!(texts.len(), TOPICS.len(), "{language:?} texts repeat");
        }
        for topic in TOPICS {
            for language in Language::ALL {
                let text = topic.text(language);
                assert!(!text.is_empty() && text.trim() == text, "{text:?}");
            }
            assert!(!topic.ja.is_ascii(), "{} is written in Japanese", topic.ja);
            assert!(
                topic.en.chars().all(|c| c.is_ascii() || c == '’'),
                "{} is written in English",
                topic.en
            );
            // No Japanese text is also an English one (a used topic is matched in either language).
            assert!(!TOPICS.iter().any(|other| other.en == topic.ja));
        }
        assert_eq!(Language::from_tag("ja"), Some(Language::Japanese));
        assert_eq!(Language::from_tag("fr"), None);
    }

    #[test]
    fn draws_never_repeat_within_a_game_until_the_deck_runs_out() {
        let mut rng = SplitMix64::new(21);
        let mut used: Vec<String> = Vec::new();
        for i in 0..TOPICS.len() {
            let language = Language::ALL[i % 2];
            let Some(topic) = draw_topic(&used, &mut rng) else {
                panic!("{i} of {} used", TOPICS.len())
            };
            assert!(!used.iter().any(|u| topic.is(u)), "{topic:?} drawn twice");
            // As the state holds it: maybe with white space the engine trims away.
            used.push(format!(" {} ", topic.text(language)));
        }
        assert_eq!(draw_topic(&used, &mut rng), None);
    }

    #[test]
    fn every_topic_can_be_drawn_first() {
        let mut rng = SplitMix64::new(22);
        let mut seen = HashSet::new();
        let none: [&str; 0] = [];
        for _ in 0..20 * TOPICS.len() {
            if let Some(topic) = draw_topic(&none, &mut rng) {
                seen.insert(topic.en);
            }
        }
        assert_eq!(seen.len(), TOPICS.len());
    }
}
