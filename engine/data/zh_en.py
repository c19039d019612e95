"""A toy Chinese -> English grammar: "简九月要访问非洲" -> "Jane will visit Africa in September".

Every sentence is built from one **combination** (subject, verb, object, time) plus an
**aspect marker**, in this word order::

    Chinese:  SUBJECT  TIME  [要|会|正在]  VERB  [了]  OBJECT  [。]
    English:  SUBJECT  VERB-PHRASE(tense, agreement)  OBJECT  TIME  [.]

so the time moves from before the verb (Chinese) to the end (English): the reordering that
cross-attention should show.  Lexicon (all Chinese words are segmentation units):

* subjects: 60 names (简 Jane, 汤姆 Tom, 李雷 Li Lei, ...) and the pronouns 我 我们 你 你们
  他 她 他们 她们 (I, We, You, You, He, She, They, They); English agreement follows the subject
  (Jane/He/She visits, I/We/You/They visit; I am, he is, they are; I was ...).
* verbs: motion/visit verbs on places (访问 visit, 参观 tour, 去 go to, 离开 leave, 飞到 fly to,
  搬到 move to, 回到 return to, 探索 explore), stative verbs on places (喜欢 like, 想念 miss,
  热爱 love), verbs on things (买 buy, 卖 sell, 借 borrow, 找 look for, 画 draw, 修 fix) and on
  subjects of study (学习 study, 教 teach).
* objects: 95 places (continents, countries, cities; "the United States", "the Netherlands"
  keep their article), 26 things written with numeral + measure word (一本 书 -> "a book",
  一把 伞 -> "an umbrella"), 20 languages and school subjects.
* times (class -> Chinese -> English): none; a month (九月 -> "in September"); a weekday
  (星期一 -> "on Monday"); future (明天 tomorrow, 后天 "the day after tomorrow", 下周 "next week",
  下周末, 下个月, 明年, 今晚 tonight); past (昨天 yesterday, 前天, 上周, 上周末, 上个月, 去年,
  昨晚 "last night"); 今天 today; 现在 now; habitual (每天 "every day", 每周, 每个月, 每年).

Tense, from the time class and the marker (probabilities of the English renderings):

* present: no marker with no time, a month/weekday, or a habitual time -> "visits" (1.0);
  with 今天: "is visiting ... today" (0.6) / "visits ... today" (0.4).
* future: 要 or 会 with a month, weekday, future time or 今天; no marker with a future time.
  Renderings: "will visit" 0.4, "is going to visit" 0.3, "is visiting" 0.2,
  "is going to be visiting" 0.1 (for 去 "go to": will go to 0.5 / is going to go to 0.2 /
  is going to 0.3, since "is going to be going to" reads badly).
* future without a time (要/会 alone) and stative verbs with 会: "will visit" 0.6 /
  "is going to visit" 0.4 (without a time "is visiting" would read as the present).
* past: 了 after the verb with no time, a month, weekday, past time or 今天 -> "visited" (1.0).
* progressive: 正在 with no time, 今天 or 现在, or no marker with 现在 -> "is visiting" (1.0).

Stative verbs (like, miss, love) only take no time, with no marker (present) or 会 (future).
A final "。" (probability 0.2) becomes a final ".".  Subjects are pronouns with probability 0.3.

**Held-out combinations.**  A combination (subject, verb, object, time) — Chinese forms, time ""
when there is none — is held out when the first 8 hex digits of
SHA-256("zh-en-heldout|{subject}|{verb}|{object}|{time}") read as an integer are divisible by
``HELDOUT_MODULUS`` (40), i.e. about 2.5% of all combinations, whatever the marker.  Splits
"train", "validation" and "test" never draw a held-out combination; split "heldout" draws only
held-out ones.  The lesson's combinations (简, 访问, 非洲, any time) are exempt, so the lesson's
sentences are always in the training distribution.

Streams are deterministic for a (seed, split) pair: the split name is part of the random seed.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import lru_cache

from engine.word_tokenizer import join_english

# ---- lexicon ----------------------------------------------------------------------------
def glossary(text: str) -> tuple[tuple[str, str], ...]:
    """(Chinese, English) pairs from a comma-separated glossary, "简 Jane, 李雷 Li Lei, …": the
    Chinese word is one segmentation unit (no spaces), the English is the rest of the entry."""
    pairs = []
    for entry in text.split(","):
        chinese, english = entry.split(maxsplit=1)
        pairs.append((chinese, " ".join(english.split())))
    return tuple(pairs)


NAMES = glossary("""
    简 Jane, 汤姆 Tom, 玛丽 Mary, 约翰 John, 彼得 Peter, 安娜 Anna, 大卫 David, 莉莉 Lily, 露西 Lucy, 杰克 Jack, 艾米 Amy, 迈克 Mike,
    萨拉 Sarah, 艾玛 Emma, 索菲 Sophie, 奥利弗 Oliver, 哈利 Harry, 乔治 George, 詹姆斯 James, 威廉 William, 亨利 Henry, 托马斯 Thomas,
    丹尼尔 Daniel, 马克 Mark, 保罗 Paul, 凯特 Kate, 海伦 Helen, 琳达 Linda, 苏珊 Susan, 爱丽丝 Alice, 鲍勃 Bob, 查理 Charlie,
    埃里克 Eric, 弗兰克 Frank, 格蕾丝 Grace, 汉娜 Hannah, 朱莉 Julie, 凯文 Kevin, 劳拉 Laura, 马丁 Martin, 妮娜 Nina, 奥斯卡 Oscar,
    雷切尔 Rachel, 山姆 Sam, 蒂娜 Tina, 维克多 Victor, 佐伊 Zoe, 李雷 Li Lei, 韩梅梅 Han Meimei, 小明 Xiao Ming, 王芳 Wang Fang,
    张伟 Zhang Wei, 李娜 Li Na, 刘洋 Liu Yang, 陈静 Chen Jing, 杨帆 Yang Fan, 赵磊 Zhao Lei, 黄丽 Huang Li, 吴昊 Wu Hao,
    孙悦 Sun Yue
""")

# (Chinese, English, person): person "3" takes "visits"/"is"/"was", "1" takes "am", "p" plural/you.
PRONOUNS = (
    ("我", "I", "1"), ("我们", "We", "p"), ("你", "You", "p"), ("你们", "You", "p"),
    ("他", "He", "3"), ("她", "She", "3"), ("他们", "They", "p"), ("她们", "They", "p"),
)

PLACES = glossary("""
    非洲 Africa, 欧洲 Europe, 亚洲 Asia, 南美洲 South America, 北美洲 North America, 澳大利亚 Australia, 南极洲 Antarctica,
    中国 China, 日本 Japan, 韩国 Korea, 印度 India, 法国 France, 德国 Germany, 英国 Britain, 美国 the United States, 意大利 Italy,
    西班牙 Spain, 葡萄牙 Portugal, 俄罗斯 Russia, 加拿大 Canada, 墨西哥 Mexico, 巴西 Brazil, 阿根廷 Argentina, 智利 Chile, 秘鲁 Peru,
    埃及 Egypt, 肯尼亚 Kenya, 南非 South Africa, 尼日利亚 Nigeria, 摩洛哥 Morocco, 埃塞俄比亚 Ethiopia, 土耳其 Turkey, 希腊 Greece,
    瑞典 Sweden, 挪威 Norway, 芬兰 Finland, 丹麦 Denmark, 荷兰 the Netherlands, 比利时 Belgium, 瑞士 Switzerland, 奥地利 Austria,
    波兰 Poland, 爱尔兰 Ireland, 冰岛 Iceland, 泰国 Thailand, 越南 Vietnam, 新加坡 Singapore, 印度尼西亚 Indonesia, 马来西亚 Malaysia,
    菲律宾 the Philippines, 新西兰 New Zealand, 伊朗 Iran, 蒙古 Mongolia, 北京 Beijing, 上海 Shanghai, 广州 Guangzhou,
    深圳 Shenzhen, 香港 Hong Kong, 台北 Taipei, 成都 Chengdu, 杭州 Hangzhou, 南京 Nanjing, 东京 Tokyo, 首尔 Seoul, 巴黎 Paris,
    伦敦 London, 柏林 Berlin, 罗马 Rome, 马德里 Madrid, 纽约 New York, 洛杉矶 Los Angeles, 旧金山 San Francisco, 芝加哥 Chicago,
    多伦多 Toronto, 悉尼 Sydney, 墨尔本 Melbourne, 开罗 Cairo, 莫斯科 Moscow, 伊斯坦布尔 Istanbul, 曼谷 Bangkok, 孟买 Mumbai,
    迪拜 Dubai, 维也纳 Vienna, 布拉格 Prague, 阿姆斯特丹 Amsterdam, 雅典 Athens, 里斯本 Lisbon, 都柏林 Dublin, 爱丁堡 Edinburgh,
    威尼斯 Venice, 米兰 Milan, 巴塞罗那 Barcelona, 温哥华 Vancouver, 波士顿 Boston, 内罗毕 Nairobi, 开普敦 Cape Town,
    里约热内卢 Rio de Janeiro, 利马 Lima, 哈瓦那 Havana
""")


@dataclass(frozen=True)
class Thing:
    measure: str  # numeral + measure word, one segmentation unit: "一本"
    noun: str
    english: str  # with its article: "a book"
    fixable: bool = False


THINGS = (
    Thing("一本", "书", "a book"), Thing("一本", "杂志", "a magazine"), Thing("一本", "词典", "a dictionary"),
    Thing("一辆", "车", "a car", True), Thing("一辆", "自行车", "a bicycle", True),
    Thing("一台", "电脑", "a computer", True), Thing("一台", "电视", "a television", True),
    Thing("一台", "相机", "a camera", True), Thing("一部", "手机", "a phone", True),
    Thing("一块", "手表", "a watch", True), Thing("一把", "伞", "an umbrella", True),
    Thing("一把", "椅子", "a chair", True), Thing("一把", "钥匙", "a key"), Thing("一张", "地图", "a map"),
    Thing("一张", "桌子", "a table", True), Thing("一张", "票", "a ticket"), Thing("一个", "包", "a bag"),
    Thing("一个", "苹果", "an apple"), Thing("一个", "橙子", "an orange"), Thing("一个", "盒子", "a box"),
    Thing("一只", "猫", "a cat"), Thing("一只", "狗", "a dog"), Thing("一件", "外套", "a coat"),
    Thing("一顶", "帽子", "a hat"), Thing("一幅", "画", "a painting"), Thing("一架", "钢琴", "a piano", True),
)

SUBJECTS_OF_STUDY = glossary("""
    中文 Chinese, 英语 English, 法语 French, 德语 German, 日语 Japanese, 西班牙语 Spanish, 意大利语 Italian, 俄语 Russian,
    阿拉伯语 Arabic, 葡萄牙语 Portuguese, 韩语 Korean, 荷兰语 Dutch, 希腊语 Greek, 拉丁语 Latin, 数学 mathematics, 历史 history,
    音乐 music, 物理 physics, 化学 chemistry, 地理 geography
""")


@dataclass(frozen=True)
class Verb:
    chinese: str
    base: str  # "visit"; a particle stays with the verb: "go to"
    third: str  # "visits"
    past: str  # "visited"
    ing: str  # "visiting"
    objects: str  # "places", "things", "fixable", "study"
    stative: bool = False
    weight: float = 1.0


VERBS = (
    Verb("访问", "visit", "visits", "visited", "visiting", "places", weight=3.0),
    Verb("参观", "tour", "tours", "toured", "touring", "places"),
    Verb("去", "go to", "goes to", "went to", "going to", "places", weight=2.0),
    Verb("离开", "leave", "leaves", "left", "leaving", "places"),
    Verb("飞到", "fly to", "flies to", "flew to", "flying to", "places"),
    Verb("搬到", "move to", "moves to", "moved to", "moving to", "places"),
    Verb("回到", "return to", "returns to", "returned to", "returning to", "places"),
    Verb("探索", "explore", "explores", "explored", "exploring", "places"),
    Verb("喜欢", "like", "likes", "liked", "liking", "places", stative=True),
    Verb("想念", "miss", "misses", "missed", "missing", "places", stative=True),
    Verb("热爱", "love", "loves", "loved", "loving", "places", stative=True),
    Verb("买", "buy", "buys", "bought", "buying", "things"),
    Verb("卖", "sell", "sells", "sold", "selling", "things"),
    Verb("借", "borrow", "borrows", "borrowed", "borrowing", "things"),
    Verb("找", "look for", "looks for", "looked for", "looking for", "things"),
    Verb("画", "draw", "draws", "drew", "drawing", "things"),
    Verb("修", "fix", "fixes", "fixed", "fixing", "fixable"),
    Verb("学习", "study", "studies", "studied", "studying", "study"),
    Verb("教", "teach", "teaches", "taught", "teaching", "study"),
)

MONTHS = tuple(zip(("一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"),
                   ("in January", "in February", "in March", "in April", "in May", "in June", "in July",
                    "in August", "in September", "in October", "in November", "in December")))
WEEKDAYS = tuple(zip(("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期天"),
                     ("on Monday", "on Tuesday", "on Wednesday", "on Thursday", "on Friday", "on Saturday",
                      "on Sunday")))
FUTURE_TIMES = (("明天", "tomorrow"), ("后天", "the day after tomorrow"), ("下周", "next week"),
                ("下周末", "next weekend"), ("下个月", "next month"), ("明年", "next year"), ("今晚", "tonight"))
PAST_TIMES = (("昨天", "yesterday"), ("前天", "the day before yesterday"), ("上周", "last week"),
              ("上周末", "last weekend"), ("上个月", "last month"), ("去年", "last year"), ("昨晚", "last night"))
HABITUAL_TIMES = (("每天", "every day"), ("每周", "every week"), ("每个月", "every month"), ("每年", "every year"))

# time class -> (expressions, weight when drawing, markers allowed with it)
TIME_CLASSES = {
    "none": ((("", ""),), 3.0, ("", "要", "会", "了", "正在")),
    "month": (MONTHS, 3.0, ("", "要", "会", "了")),
    "weekday": (WEEKDAYS, 1.5, ("", "要", "会", "了")),
    "future": (FUTURE_TIMES, 2.0, ("", "要", "会")),
    "past": (PAST_TIMES, 2.0, ("了",)),
    "today": ((("今天", "today"),), 0.7, ("", "要", "会", "了", "正在")),
    "now": ((("现在", "now"),), 0.5, ("", "正在")),
    "habitual": (HABITUAL_TIMES, 1.0, ("",)),
}
STATIVE_MARKERS = ("", "会")  # stative verbs: no time; present, or future with 会

PRONOUN_PROBABILITY = 0.3
FULL_STOP_PROBABILITY = 0.2
HELDOUT_MODULUS = 40
LESSON_COMBINATION = ("简", "访问", "非洲")  # never held out: the lesson's sentences are in training
SPLITS = ("train", "validation", "test", "heldout")

# The lesson's sentences, for the views' examples menus (each is a valid input of the grammar).
EXAMPLES = (
    "简访问非洲",
    "简九月访问非洲",
    "简九月要访问非洲",
    "简九月会访问非洲",
    "简明天要访问非洲",
    "简昨天访问了非洲",
    "简正在访问非洲",
    "他下个月要去巴黎",
    "我们上周参观了北京",
    "简九月买了一本书",
    "玛丽每年学习法语",
    "他们喜欢东京",
)


# ---- tense ------------------------------------------------------------------------------
def tense_of(time_class: str, marker: str) -> str:
    """The English tense a (time class, marker) pair asks for: present, present-today,
    future, future-untimed, past or progressive."""
    if marker in ("要", "会") or time_class == "future":
        return "future" if time_class != "none" else "future-untimed"
    if marker == "了":
        return "past"
    if marker == "正在" or time_class == "now":
        return "progressive"
    return "present-today" if time_class == "today" else "present"


def _be(person: str) -> str:
    return {"1": "am", "3": "is"}.get(person, "are")


def verb_phrases(verb: Verb, person: str, tense: str) -> tuple[tuple[str, float], ...]:
    """(English verb phrase, probability) for one subject person and tense."""
    be = _be(person)
    third = person == "3"
    simple = verb.third if third else verb.base
    if tense == "present":
        return ((simple, 1.0),)
    if tense == "past":
        return ((verb.past, 1.0),)
    if tense == "progressive":
        return ((f"{be} {verb.ing}", 1.0),)
    if tense == "present-today":
        return ((f"{be} {verb.ing}", 0.6), (simple, 0.4))
    if verb.stative or tense == "future-untimed":
        return ((f"will {verb.base}", 0.6), (f"{be} going to {verb.base}", 0.4))
    if verb.base == "go to":  # "is going to be going to" would read badly
        return ((f"will {verb.base}", 0.5), (f"{be} going to {verb.base}", 0.2), (f"{be} {verb.ing}", 0.3))
    return ((f"will {verb.base}", 0.4), (f"{be} going to {verb.base}", 0.3), (f"{be} {verb.ing}", 0.2),
            (f"{be} going to be {verb.ing}", 0.1))


# ---- objects ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Phrase:
    chinese: tuple[str, ...]  # segmentation units
    english: str


@lru_cache(maxsize=None)
def objects_for(kind: str) -> tuple[Phrase, ...]:
    if kind == "places":
        return tuple(Phrase((zh,), en) for zh, en in PLACES)
    if kind == "study":
        return tuple(Phrase((zh,), en) for zh, en in SUBJECTS_OF_STUDY)
    things = [t for t in THINGS if t.fixable or kind == "things"]
    return tuple(Phrase((t.measure, t.noun), t.english) for t in things)


def subjects() -> tuple[tuple[str, str, str], ...]:
    """(Chinese, English, person) for every subject: names first, then pronouns."""
    return tuple((zh, en, "3") for zh, en in NAMES) + PRONOUNS


# ---- examples ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ZhEnExample:
    text: str  # Chinese, no spaces
    source_tokens: tuple[str, ...]  # the grammar's own segmentation
    renderings: tuple[str, ...]  # every valid English sentence, most probable first
    probabilities: tuple[float, ...]  # P(rendering), summing to 1
    target: str  # the rendering drawn for training (follows the probabilities)
    combination: tuple[str, str, str, str]  # (subject, verb, object, time), Chinese; time "" if none
    marker: str  # "", 要, 会, 了, 正在
    tense: str

    def is_valid(self, english: str) -> bool:
        return english in self.renderings


def is_heldout(combination) -> bool:
    if tuple(combination[:3]) == LESSON_COMBINATION:
        return False
    key = "zh-en-heldout|" + "|".join(combination)
    return int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % HELDOUT_MODULUS == 0


def build_example(subject, verb: Verb, obj: Phrase, time_zh: str, time_en: str, time_class: str, marker: str,
                  full_stop: bool, rng: random.Random | None = None) -> ZhEnExample:
    """One sentence pair from its parts; `rng` draws the training rendering (the most
    probable one without it)."""
    subject_zh, subject_en, person = subject
    tense = tense_of(time_class, marker)
    zh = [subject_zh]
    if time_zh:
        zh.append(time_zh)
    if marker in ("要", "会", "正在"):
        zh.append(marker)
    zh.append(verb.chinese)
    if marker == "了":
        zh.append("了")
    zh.extend(obj.chinese)
    if full_stop:
        zh.append("。")
    renderings, probabilities = [], []
    for phrase, p in verb_phrases(verb, person, tense):
        words = [subject_en, phrase, obj.english] + ([time_en] if time_en else []) + (["."] if full_stop else [])
        renderings.append(join_english(" ".join(words).split()))
        probabilities.append(p)
    target = rng.choices(renderings, probabilities)[0] if rng is not None else renderings[0]
    object_key = "".join(obj.chinese)
    return ZhEnExample("".join(zh), tuple(zh), tuple(renderings), tuple(probabilities), target,
                       (subject_zh, verb.chinese, object_key, time_zh), marker, tense)


class ZhEnStream:
    """Deterministic stream of sentence pairs for one (seed, split)."""

    def __init__(self, seed: int, split: str = "train"):
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r}; one of {', '.join(SPLITS)}")
        self.seed = seed
        self.split = split
        self._rng = random.Random(f"attention-lab/zh-en/{split}/{seed}")
        self._names = tuple((zh, en, "3") for zh, en in NAMES)
        self._classes = tuple(TIME_CLASSES)
        self._class_weights = tuple(TIME_CLASSES[c][1] for c in self._classes)
        self._verb_weights = tuple(v.weight for v in VERBS)

    def _draw_any(self) -> ZhEnExample:
        rng = self._rng
        subject = rng.choice(PRONOUNS) if rng.random() < PRONOUN_PROBABILITY else rng.choice(self._names)
        verb = rng.choices(VERBS, self._verb_weights)[0]
        obj = rng.choice(objects_for(verb.objects))
        if verb.stative:
            time_class, (time_zh, time_en), marker = "none", ("", ""), rng.choice(STATIVE_MARKERS)
        else:
            time_class = rng.choices(self._classes, self._class_weights)[0]
            expressions, _, markers = TIME_CLASSES[time_class]
            time_zh, time_en = rng.choice(expressions)
            marker = rng.choice(markers)
        full_stop = rng.random() < FULL_STOP_PROBABILITY
        return build_example(subject, verb, obj, time_zh, time_en, time_class, marker, full_stop, rng)

    def draw(self) -> ZhEnExample:
        want_heldout = self.split == "heldout"
        while True:
            example = self._draw_any()
            if is_heldout(example.combination) == want_heldout:
                return example

    def take(self, n: int) -> list[ZhEnExample]:
        return [self.draw() for _ in range(n)]


# ---- lexicon for the tokenizers --------------------------------------------------------------
@lru_cache(maxsize=None)
def chinese_lexicon() -> tuple[str, ...]:
    """Every Chinese segmentation unit the grammar can produce, sorted."""
    words = {zh for zh, _, _ in subjects()} | {v.chinese for v in VERBS} | {"要", "会", "了", "正在", "。"}
    for kind in ("places", "things", "study"):
        for phrase in objects_for(kind):
            words.update(phrase.chinese)
    for expressions, _, _ in TIME_CLASSES.values():
        words.update(zh for zh, _ in expressions if zh)
    return tuple(sorted(words))


@lru_cache(maxsize=None)
def english_vocabulary() -> tuple[str, ...]:
    """Every English word (and ".") the grammar can produce, sorted."""
    words = {"."}
    for _, en, _ in subjects():
        words.update(en.split())
    for v in VERBS:
        for form in (v.base, v.third, v.past, v.ing):
            words.update(form.split())
    words.update(("will", "am", "is", "are", "going", "to", "be"))
    for kind in ("places", "things", "study"):
        for phrase in objects_for(kind):
            words.update(phrase.english.split())
    for expressions, _, _ in TIME_CLASSES.values():
        for _, en in expressions:
            words.update(en.split())
    return tuple(sorted(words))


def find_example(text: str) -> ZhEnExample | None:
    """The grammar's example for a Chinese sentence it can generate (None otherwise): every
    valid rendering of a typed sentence, for tests and for checking a model's output."""
    text = "".join(text.split())
    full_stop = text.endswith("。")
    body = text[:-1] if full_stop else text
    # Only parts that occur in the text can make it: this keeps the search small.
    for subject in subjects():
        if not body.startswith(subject[0]):
            continue
        for verb in (v for v in VERBS if v.chinese in body):
            for obj in (o for o in objects_for(verb.objects) if "".join(o.chinese) in body):
                for time_class, (expressions, _, markers) in TIME_CLASSES.items():
                    if verb.stative and time_class != "none":
                        continue
                    for time_zh, time_en in (e for e in expressions if e[0] in body):
                        for marker in (STATIVE_MARKERS if verb.stative else markers):
                            example = build_example(subject, verb, obj, time_zh, time_en, time_class, marker,
                                                    full_stop)
                            if example.text == text:
                                return example
    return None
