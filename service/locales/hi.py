"""Hindi: every key of `service.locales.en`, translated as Indian Ludo players talk on Discord.

Plural categories (CLDR): "one" (0 and 1) and "other". Counted sentences whose noun or verb changes with the number
(feminine nouns like गोटी/गोटियाँ, बारी/बारियाँ, चाल/चालें; oblique खाना/खानों) are `plural`; invariant nouns
(खेल, अंक, मिनट, सेकंड, बार) stay plain strings.

Choices: the friendly "तुम", as players address each other; the words of Ludo King India (गोटी, काटना, छक्का, होम,
पासा, बारी, चाल) with the English loans players use (होम, सेफ़, स्टार, लॉबी, होस्ट, रीप्ले); a square is a खाना and the
yard, where tokens wait to be opened (गोटी खोलना), is the घर. The AI is the कंप्यूटर, as in Ludo King's "vs Computer".
Sentences end with the danda (।); where the code appends a full stop (the rules summary) it stays ".".
"""

from __future__ import annotations

from service.locales.forms import Plural, plural

GLOSSARY: dict[str, str] = {
    "token": "गोटी (गोटियाँ)", "yard": "घर", "start square": "स्टार्ट वाला खाना", "square": "खाना (खाने)",
    "home column": "होम का रास्ता", "home / finish": "होम (गोटी होम पहुँची)", "safe square": "सेफ़ खाना",
    "star": "स्टार", "roll": "पासा फेंकना", "die / dice": "पासा (पासे)", "six": "छक्का", "enter": "गोटी खोलना",
    "capture": "काटना (गोटी काट दी; पीटना भी)", "block": "ब्लॉक", "pair": "जोड़ी", "bonus roll": "एक और बारी",
    "turn": "बारी", "move": "चाल", "host": "होस्ट", "lobby": "लॉबी", "AI": "कंप्यूटर", "rematch": "रीमैच",
    "review": "रिव्यू", "seed": "सीड",
}

TEXTS: dict[str, str | Plural] = {
    # colours of the seats
    "colour.red": "लाल", "colour.green": "हरा", "colour.yellow": "पीला", "colour.blue": "नीला",
    "word.and": "{a} और {b}",
    "ai.random": "अंधाधुंध", "ai.greedy": "लालची", "ai.expert": "माहिर", "ai.master": "उस्ताद",
    "seat.ai": "कंप्यूटर ({colour}, {level})",
    # buttons
    "button.roll": "पासा फेंको", "button.die_first": "पहले {value} चलो", "button.enter": "गोटी {token} खोलो",
    "button.move": "गोटी {token}: {start} → {end}", "button.pair": "जोड़ी {a}+{b}: {start} → {end}",
    "button.enter_any": "कोई गोटी खोलो ({tokens})",
    "button.move_any": "कोई गोटी ({tokens}): {start} → {end}",
    "button.pair_any": "कोई जोड़ी ({pairs}): {start} → {end}",
    "button.home": "होम",
    "button.join": "जुड़ो", "button.leave": "छोड़ो", "button.start": "शुरू करो", "button.cancel": "रद्द करो",
    "button.ai0": "कंप्यूटर जोड़ो (अंधाधुंध)", "button.ai1": "कंप्यूटर जोड़ो (लालची)",
    "button.ai2": "कंप्यूटर जोड़ो (माहिर)", "button.ai3": "कंप्यूटर जोड़ो (उस्ताद)",
    "button.spectate": "देखो", "button.refresh": "रीफ़्रेश", "button.replay": "रीप्ले",
    "button.rematch": "रीमैच",
    # what happened
    "event.rolled": "🎲 {who} ने पासा फेंका: {dice}।",
    "event.entered": "{who} ने गोटी {token} खोली।",
    "event.moved": "{who} ने गोटी {token} को {start} से {end} तक चलाया।",
    "event.captured": "💥 {who} ने {victims} को काट दिया।",
    "event.victim": "{owner} की गोटी {token}",
    "event.bonus_roll": "{who} को एक और बारी मिली।",
    "event.third_six": "लगातार तीसरा छक्का: {who} की बारी ख़त्म।",
    "event.die_forfeited": "{who} के लिए {die} की कोई चाल नहीं।",
    "event.token_home": "🏠 {who} की गोटी {token} होम पहुँच गई।",
    "event.finished": "🏁 {who} का खेल पूरा!",
    "event.out_of_turns": "{who} की सारी बारियाँ ख़त्म हो गईं।",
    "event.resigned": "{who} ने खेल छोड़ दिया।",
    "event.skipped": "{who} की बारी छोड़ दी गई।",
    "event.game_over": "🏆 खेल ख़त्म: {who} की जीत!",
    "ranking.points": " — {points} अंक", "ranking.left": " (खेल छोड़ा)",
    # /ludo rules
    "rules.head": "**{name}**: {track} खानों का रास्ता, होम के {home} खाने, {dice}।",
    "rules.one_die": "1 पासा", "rules.dice": plural("n", one="{n} पासा", other="{n} पासे"),
    "rules.enter": "{value} आने पर गोटी खुलती है।",
    "rules.enter_either": "किसी भी पासे पर {value} आने पर गोटी खुलती है।",
    "rules.bonus_on_six": "छक्का आने पर एक और बारी", "rules.third_six": "लगातार तीसरा छक्का बारी ख़त्म कर देता है",
    "rules.capture_bonus": "गोटी काटने पर एक और बारी",
    "rules.safe_starts": "स्टार्ट वाले खाने और स्टार सेफ़ हैं", "rules.safe_stars": "स्टार सेफ़ हैं",
    "rules.stacking_forbidden": "अपनी ही गोटी वाले खाने पर नहीं रुक सकते",
    "rules.stacking_allowed": "तुम्हारी गोटियाँ एक ही खाने पर रह सकती हैं",
    "rules.stacking_block": "एक खाने पर तुम्हारी दो गोटियाँ ब्लॉक बनाती हैं, जिसे कोई पार नहीं कर सकता",
    "rules.pairs": "सम संख्या आने पर ब्लॉक जोड़ी बनकर साथ चल सकता है",
    "rules.scoring": "हर खाने का एक अंक मिलता है; होम पहुँची हर गोटी स्कोर को गुणा कर देती है",
    "rules.turn_limit": plural("n", one="हर खिलाड़ी को ज़्यादा से ज़्यादा {n} बारी",
                               other="हर खिलाड़ी को ज़्यादा से ज़्यादा {n} बारियाँ"),
    "rules.kill_to_unlock": "गोटी होम के रास्ते में तभी जा सकती है जब उसका खिलाड़ी कोई गोटी काट चुका हो",
    "rules.teams": "2 बनाम 2: लाल और पीला बनाम हरा और नीला; साथी एक-दूसरे की गोटी कभी नहीं काटते, "
                   "टीम तब जीतती है जब दोनों साथी होम पहुँच जाएँ",
    "rules.quick": "क्विक: पहली गोटी होम पहुँचते ही खिलाड़ी का खेल पूरा",
    "rules.first_wins": "जो पहले होम पहुँचे, वही जीते",
    "rules.all_places": "एक के जीतने के बाद बाकी खिलाड़ी अगले स्थानों के लिए खेलते रहते हैं",
    "rules.default_here": "इस चैनल में कोई खेल नहीं चल रहा, इसलिए ये वे नियम हैं जिनसे यहाँ /ludo start बिना प्रीसेट "
                          "चुने खेलता है। बाकी प्रीसेट /ludo rules के `preset` विकल्प से देख सकते हो।",
    "rules.default_dm": "लूडो किसी सर्वर के चैनल में या ग्रुप DM में खेला जाता है; वहाँ /ludo start इन्हीं नियमों से "
                        "खेलता है, जब तक कोई प्रीसेट न चुना जाए या सर्वर ने कोई दूसरा तय न किया हो। बाकी प्रीसेट "
                        "/ludo rules के `preset` विकल्प से देख सकते हो।",
    "variant.quick": "क्विक", "variant.kill_to_unlock": "बिना काटे होम नहीं", "variant.teams": "टीम",
    # the lobby
    "lobby.head": "🎲 **लूडो लॉबी** — <@{host}> {seats} खिलाड़ियों के लिए **{rules}**{extra} होस्ट कर रहे हैं।",
    "lobby.ai": "कंप्यूटर ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(खाली)",
    "lobby.foot": "जुड़ो (या अपना रंग चुनो), फिर होस्ट खेल शुरू करेगा (कम से कम 2 खिलाड़ी)।",
    "lobby.side_by_side": "⚠️ दो खिलाड़ी आमने-सामने बैठते हैं, लाल और पीला या हरा और नीला: तुम में से कोई एक, "
                          "दूसरे के सामने वाला रंग चुन ले।",
    "lobby.rematch": "🔁 खेल `{id}` का रीमैच।",
    "lobby.invited": "{players}: फिर से खेलने के लिए **जुड़ो** या अपना रंग दबाओ।",
    "rematch.opened_there": "रीमैच की लॉबी <#{channel}> में खुली है।",
    "lobby.started": "🎲 खेल शुरू हो गया।\n{order}",
    "lobby.cancelled": "यह लूडो लॉबी रद्द कर दी गई।",
    # the game message
    "game.header": "🎲 **लूडो — {rules}**{extra} · खेल `{id}`",
    "game.caption": "खेल {id} · चाल {ply}",
    "game.seed": ("🔓 पासों का सीड `{seed}` (sha256 `{digest}`, वही जो खेल से पहले दिखाया गया था): हर पासा `/ludo "
                  "verify {id}` से जाँचो।"),
    "game.commitment": "🔒 पासों का सीड लॉक: `{digest}…` (खेल के बाद /ludo verify से जाँच सकते हो)",
    "account.more": "… इससे पहले {n} और",
    "game.forced": "▶️ {who} के पास एक ही चाल थी, इसलिए बॉट ने वही चल दी।",
    "game.order": "बारी तय करने का पासा: {rolls}\nक्रम: {order}", "game.reroll": " | दोबारा: ",
    "game.remind": "⏰ <@{user}>, लूडो खेल `{id}` में तुम्हारी बारी है: यह <t:{at}:R> ख़त्म होगी।",
    "game.timed_out": "⌛ {who} का समय ख़त्म हो गया।",
    "status.turn": "{who} की बारी ({colour}): {doing}{deadline}।",
    "status.roll": "पासा फेंकना है", "status.thinking": "सोच रहा है…",
    "status.choose": "चुनना है कि पहले कौन सा पासा चलें ({dice})",
    "status.move": "{die} से एक गोटी चलनी है", "status.deadline": " (बारी <t:{at}:R> ख़त्म होगी)",
    "status.over": "🏆 **खेल ख़त्म**",
    "status.ended_by": "⏹️ यह खेल {who} ने ख़त्म किया।",
    "status.ended_early": "⏹️ यह खेल ख़त्म कर दिया गया।",
    "status.abandoned": "⏹️ यह खेल छोड़ा हुआ मानकर ख़त्म कर दिया गया: <t:{at}:f> से किसी ने चाल नहीं चली। यह किसी "
                        "के आँकड़ों में नहीं गिना जाएगा।",
    "spectate.header": "👁️ **लूडो देख रहे हो — {rules}**{extra} · खेल `{id}` · <t:{now}:T> की स्थिति",
    "spectate.only_you": "यह व्यू सिर्फ़ तुम्हें दिखता है; रीफ़्रेश दबाओ तो बोर्ड अभी की हालत में दिखेगा।",
    "replay.alt": plural("actions", one="लूडो खेल {id} का एनिमेटेड रीप्ले, {actions} चाल। आख़िरी स्थिति: ",
                         other="लूडो खेल {id} का एनिमेटेड रीप्ले, {actions} चालें। आख़िरी स्थिति: "),
    "replay.private": "खेल `{id}` का रीप्ले", "replay.public": "🎞️ लूडो खेल `{id}` का रीप्ले",
    # replies to commands
    "reply.left": "तुमने खेल छोड़ दिया।",
    "reply.ended": "⏹️ लूडो खेल `{id}` को {who} ने ख़त्म किया।",
    "reply.export": "📄 खेल `{id}`: इसे `python -m engine.verify ludo-{id}.json` से जाँचो।",
    # /ludo games (private)
    "games.head": "🎲 **इस सर्वर में तुम्हारे लूडो खेल** ({count}), जिनमें तुम्हारी बारी है वो पहले:",
    "games.line": "• {turn} · **{rules}** · खेल `{id}`{ends} · {link}",
    "games.yours": "**तुम्हारी बारी**", "games.theirs": "{who} की बारी", "games.ends": " · बारी <t:{at}:R> ख़त्म",
    "games.more": "… {n} खेल और।",
    "games.none": "इस सर्वर में अभी तुम कोई लूडो खेल नहीं खेल रहे: /ludo start से नया खेल खोलो।",
    "stats.none": "{who} ने यहाँ अभी तक कोई लूडो खेल पूरा नहीं किया।",
    "stats.rating": "रेटिंग **{ordinal:.1f}** (μ {mu:.1f}, σ {sigma:.1f})",
    "stats.unrated": "अभी रेटिंग नहीं (सिर्फ़ दूसरे लोगों के ख़िलाफ़ खेल रेटिंग में गिने जाते हैं)",
    "stats.favourite": ", पसंदीदा प्रीसेट **{preset}**",
    "stats.line": "**{name}**: {rating}; {games} खेल, {wins} जीत, औसत स्थान {average:.2f}, "
                  "{captures} बार गोटी काटी{favourite}।",
    "leaderboard.head": "🏆 **लूडो लीडरबोर्ड** (स्किल रेटिंग के हिसाब से; सिर्फ़ कंप्यूटर के ख़िलाफ़ खेले गए खेल नहीं गिने "
                        "जाते)",
    "leaderboard.rated": "{place}. <@{user}> — {wins} जीत · रेटिंग **{ordinal:.1f}**",
    "leaderboard.unrated": "{place}. <@{user}> — {wins} जीत · अभी रेटिंग नहीं",
    "leaderboard.empty": "अभी तक कोई खेल नहीं।",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "रेटिंग सीज़न: हर महीने या हर तिमाही नया लीडरबोर्ड (UTC)",
    "opt.settings.season_channel": "वह चैनल जहाँ हर सीज़न के आख़िरी टॉप 10 पोस्ट होते हैं",
    "choice.season.off": "बंद",
    "choice.season.monthly": "हर महीने",
    "choice.season.quarterly": "हर तिमाही",
    "opt.leaderboard.season": "इस सीज़न की रेटिंग, पिछले सीज़न का आख़िरी नतीजा या अब तक का पूरा लीडरबोर्ड",
    "choice.board.current": "यह सीज़न",
    "choice.board.previous": "पिछला सीज़न",
    "choice.board.all": "अब तक का सब",
    "leaderboard.season_head": ("🏆 **लूडो लीडरबोर्ड, सीज़न `{season}`** (सीज़न की शुरुआत से रेटिंग; सिर्फ़ कंप्यूटर "
                                "के ख़िलाफ़ खेले गए खेल नहीं गिने जाते)"),
    "leaderboard.season_final": "🏁 **सीज़न `{season}` का आख़िरी नतीजा**",
    "leaderboard.season_none": "इस सीज़न में रेटिंग वाला कोई खेल नहीं हुआ।",
    "leaderboard.all_time_head": ("🏆 **लूडो लीडरबोर्ड, अब तक का** (स्किल रेटिंग के हिसाब से; सिर्फ़ कंप्यूटर के "
                                  "ख़िलाफ़ खेले गए खेल नहीं गिने जाते)"),
    "settings.season": "रेटिंग सीज़न: **{length}**; हर सीज़न के आख़िरी टॉप 10 <#{channel}> में पोस्ट होते हैं।",
    "settings.season_unposted": ("रेटिंग सीज़न: **{length}**; हर सीज़न के आख़िरी टॉप 10 पोस्ट करवाने के लिए कोई "
                                 "season_channel चुनो।"),
    "settings.season_off": "रेटिंग सीज़न: बंद (लीडरबोर्ड में अब तक के सारे खेल गिने जाते हैं)।",
    "season.over": ("🏁 **सीज़न `{season}` ख़त्म!** ये रहे इसके आख़िरी टॉप 10। अब नया सीज़न शुरू होता है, और सबकी "
                    "रेटिंग फिर से शुरू होती है।"),
    "refused.no_seasons": ("यह सर्वर रेटिंग सीज़न नहीं खेलता, इसलिए इसका लीडरबोर्ड अब तक के सारे खेल गिनता है। सर्वर "
                           "मैनेज करने वाले /ludo settings में सीज़न चालू कर सकते हैं।"),
    "refused.board_choice": "ऐसा कोई लीडरबोर्ड नहीं है: यह सीज़न, पिछला सीज़न या अब तक का सब चुनो।",
    "settings.saved": "लूडो सेटिंग्स: प्रीसेट **{preset}**, हर बारी {turn} मिनट की, {reminder} मिनट पहले याद दिलाना, "
                      "समय ख़त्म होने पर: {action}।",
    "settings.language": "इस सर्वर में बॉट के संदेश: **{language}**।",
    "settings.after": " ({misses} बार चूकने के बाद)",
    "verify.ok": "✅ हर पासा सही निकला: खेल `{id}`, सीड `{seed}`, कमिटमेंट `{commitment}`।",
    "verify.bad": "❌ यह खेल जाँच में **सही नहीं** निकला: खेल `{id}`, सीड `{seed}`, कमिटमेंट `{commitment}`।",
    "history.head": "📜 **हाल के लूडो खेल** (`/ludo replay <id>`, `/ludo verify <id>`)",
    "history.then": " · फिर {others}", "history.empty": "यहाँ अभी तक कोई लूडो खेल पूरा नहीं हुआ।",
    # refusals and errors (private)
    "refused.rules": "ये नियम एक साथ नहीं चल सकते: {error}",
    "refused.settings": "ये सेटिंग्स मुमकिन नहीं: {error}",
    "refused.settings_race": "उसी पल सेटिंग्स बदल गईं; फिर से कोशिश करो।",
    "refused.channel_busy": "इस चैनल में पहले से एक लूडो खेल है ({holder}): पहले उसे पूरा या ख़त्म करो।",
    "refused.lobby_closed": "यह लॉबी बंद हो चुकी है।",
    "refused.already_in": "तुम पहले से इस खेल में हो।",
    "refused.full": "यह खेल भर चुका है।",
    "refused.host_leaves": "होस्ट खेल नहीं छोड़ सकता; इसके बजाय लॉबी रद्द करो।",
    "refused.not_in": "तुम इस खेल में नहीं हो।",
    "refused.host_adds_ai": "सिर्फ़ होस्ट कंप्यूटर खिलाड़ी जोड़ सकता है।",
    "refused.ai_levels": "कंप्यूटर के लेवल 0 से {top} तक हैं।",
    "refused.lobby_race": "उसी पल लॉबी बदल गई; फिर से कोशिश करो।",
    "refused.host_cancels": "सिर्फ़ होस्ट यह खेल रद्द कर सकता है।",
    "refused.host_starts": "सिर्फ़ होस्ट खेल शुरू कर सकता है।",
    "refused.two_players": "खेल के लिए कम से कम 2 खिलाड़ी चाहिए: किसी को बुलाओ या कंप्यूटर जोड़ो।",
    "refused.teams_seats": "टीमें 2 बनाम 2 खेलती हैं: चारों सीटें भरी होनी चाहिए (अभी {now}); खिलाड़ी बुलाओ या "
                           "कंप्यूटर जोड़ो।",
    "refused.seats": "खेल में 2 से {most} सीटें होती हैं, {seats} नहीं।",
    "refused.turn_length": "एक बारी {low} से {high} मिनट की होती है, {minutes} नहीं।",
    "refused.teams_option": "टीमें 2 बनाम 2 खेलती हैं, इसलिए 4 सीटें चाहिए, {seats} नहीं: `seats` को 4 ही रहने दो।",
    "refused.colour_taken": "{colour} रंग पहले ही किसी ने ले लिया है: कोई खाली रंग चुनो।",
    "refused.colour_yours": "तुम पहले से ही {colour} रंग से खेल रहे हो।",
    "refused.side_by_side": "दो खिलाड़ियों के खेल में दोनों आमने-सामने बैठते हैं (लाल और पीला, या हरा और नीला): "
                            "तुम में से कोई एक, दूसरे के सामने वाला रंग चुन ले।",
    "refused.rematch_not_over": "यह खेल अभी ख़त्म नहीं हुआ।",
    "refused.rematch_players": "सिर्फ़ इस खेल के खिलाड़ी इसका रीमैच माँग सकते हैं।",
    "refused.rematch_open": "इस खेल का रीमैच पहले से <#{channel}> में खुला है: वहीं जुड़ो।",
    "refused.rematch_playing": "इस खेल का रीमैच पहले से <#{channel}> में चल रहा है।",
    "refused.rematch_opening": "इस खेल का रीमैच अभी खोला जा रहा है: उसकी लॉबी बस आने ही वाली है।",
    "refused.rematch_not_posted": "मैं <#{channel}> में रीमैच की लॉबी पोस्ट नहीं कर पाया (शायद मुझे वहाँ मैसेज भेजने "
                                  "की इजाज़त नहीं), इसलिए वह नहीं खोली गई।",
    "refused.no_game": "यह खेल अब मौजूद नहीं है।",
    "refused.over": "यह खेल ख़त्म हो चुका है।",
    "refused.moved_on": "यह बटन बनने के बाद खेल आगे बढ़ चुका है: खेल का सबसे नया मैसेज इस्तेमाल करो।",
    "refused.moved_on_reposted": ("खेल आगे बढ़ चुका था पर यह मैसेज उसे नहीं दिखा रहा था, "
                                  "इसलिए खेल का सबसे नया मैसेज नीचे फिर से पोस्ट किया गया।"),
    "refused.not_playing": "तुम इस खेल में नहीं खेल रहे।",
    "refused.left_already": "तुम यह खेल पहले ही छोड़ चुके हो (या पूरा कर चुके हो): छोड़ने को कुछ बचा नहीं।",
    "refused.thread_member": "तुम इस चैनल में थ्रेड नहीं बना सकते, इसलिए खेल का अपना थ्रेड नहीं बन सकता: "
                             "`thread` के बिना शुरू करो।",
    "refused.thread_bot": "मुझे इस चैनल में थ्रेड बनाने और उनमें पोस्ट करने की इजाज़त नहीं (Create Public Threads, "
                          "Send Messages in Threads): खेल `thread` के बिना शुरू करो, या किसी मॉडरेटर से पूछो।",
    "refused.not_your_turn": "तुम्हारी बारी नहीं है: अभी {colour} खेल रहा है।",
    "refused.other_channel": "यह बटन किसी दूसरे चैनल के खेल का है।",
    "refused.foreign_button": "यह बटन इस खेल का नहीं है।",
    "refused.illegal": "यह चाल नहीं चल सकते: {error}।",
    "refused.already_over": "यह खेल पहले ही ख़त्म हो चुका है।",
    "refused.host_ends": "सिर्फ़ होस्ट या इस चैनल को मैनेज करने वाला ही खेल ख़त्म कर सकता है।",
    "refused.game_race": "उसी पल खेल बदल गया; फिर से कोशिश करो।",
    "refused.channel_has_game": "इस चैनल में पहले से एक लूडो खेल है।",
    "refused.act_race": "उसी पल किसी और ने इस खेल में चाल चली: खेल आगे बढ़ चुका है।",
    "refused.no_channel_game": "इस चैनल में कोई लूडो खेल नहीं है: /ludo start से एक शुरू करो।",
    "refused.lobby_not_game": "इस चैनल में अभी लॉबी है, खेल नहीं: होस्ट इसे **शुरू करो** बटन से शुरू करेगा।",
    "refused.manage_server": "इस सर्वर की लूडो सेटिंग्स सिर्फ़ वही बदल सकते हैं जो सर्वर मैनेज कर सकते हैं।",
    "refused.settings_no_server": "लूडो सेटिंग्स सिर्फ़ सर्वर की होती हैं, और ग्रुप DM या DM को कोई मैनेज नहीं करता: "
                                  "यहाँ हर खेल के नियम /ludo start के ऑप्शन से चुनो।",
    "refused.unknown_game": "इस सर्वर में `{id}` नाम का कोई लूडो खेल नहीं है (पूरे हुए खेल 30 दिन रखे जाते हैं): "
                            "/ludo history देखो।",
    "refused.not_finished": "खेल `{id}` पूरा नहीं हुआ: इसके पासों का सीड आख़िर तक गुप्त रहता है (बीच में ख़त्म किए गए "
                            "खेलों का सीड नहीं खोला जाता)। इसका कमिटमेंट: `{commitment}`",
    "refused.still_playing": "खेल `{id}` अभी चल रहा है: इसका रीप्ले खेल ख़त्म होने पर मिलेगा।",
    "refused.user_open": plural(
        "most",
        one="इस सर्वर में तुम्हारी पहले से {most} लूडो लॉबी खुली है, एक खिलाड़ी एक साथ इतनी ही होस्ट कर सकता है: "
            "उसे शुरू या रद्द करो, फिर कोशिश करो।",
        other="इस सर्वर में तुम्हारी पहले से {most} लूडो लॉबी खुली हैं, एक खिलाड़ी एक साथ इतनी ही होस्ट कर सकता है: "
              "उनमें से कोई शुरू या रद्द करो, फिर कोशिश करो।"),
    "refused.guild_open": plural(
        "most",
        one="इस सर्वर में पहले से {most} लूडो लॉबी या खेल खुला है, जितने एक साथ खुल सकते हैं उतने: वह खेल पूरा या "
            "ख़त्म करो (/ludo end) या लॉबी रद्द करो, फिर कोशिश करो।",
        other="इस सर्वर में पहले से {most} लूडो लॉबी और खेल एक साथ खुले हैं, जितने खुल सकते हैं उतने: कोई खेल पूरा "
              "या ख़त्म करो (/ludo end) या कोई लॉबी रद्द करो, फिर कोशिश करो।"),
    "refused.user_burst": "तुम बॉट की इजाज़त से ज़्यादा तेज़ी से लूडो लॉबी खोल रहे हो: <t:{at}:R> फिर कोशिश करो।",
    "refused.guild_burst": "इस सर्वर में बॉट की इजाज़त से ज़्यादा तेज़ी से लूडो लॉबी खोली जा रही हैं: <t:{at}:R> फिर "
                           "कोशिश करो।",
    "refused.wait_replay": "तुमने अभी-अभी रीप्ले माँगा था; रीप्ले बनाना बॉट के लिए भारी काम है, इसलिए अगला "
                           "<t:{at}:R> मिल सकेगा ({seconds} सेकंड में)।",
    "refused.wait_verify": "तुमने अभी-अभी /ludo verify इस्तेमाल किया: <t:{at}:R> फिर कोशिश करो ({seconds} सेकंड में)।",
    "refused.wait_export": "तुमने अभी-अभी /ludo export इस्तेमाल किया: <t:{at}:R> फिर कोशिश करो ({seconds} सेकंड में)।",
    "refused.wait_board": "तुमने अभी-अभी /ludo board इस्तेमाल किया: <t:{at}:R> फिर कोशिश करो ({seconds} सेकंड में)।",
    "refused.replays_busy": "बॉट अभी बहुत सारे रीप्ले बना रहा है: एक मिनट बाद फिर माँगो।",
    "button.review": "रिव्यू", "button.post_review": "चैनल में दिखाओ",
    "cmd.review": "पूरे हुए खेल का रिव्यू: पासों का असर, फ़ैसलों का असर, सबसे ज़्यादा नुकसान वाले फ़ैसले",
    "refused.review_playing": "खेल `{id}` अभी चल रहा है: इसका रिव्यू खेल ख़त्म होने पर मिलेगा।",
    "refused.reviews_busy": "बॉट अभी बहुत सारे खेलों का रिव्यू कर रहा है: एक मिनट बाद फिर माँगो।",
    "refused.wait_review": "तुमने अभी-अभी रिव्यू माँगा था: <t:{at}:R> फिर कोशिश करो ({seconds} सेकंड में)।",
    "refused.wait_review_post": "तुमने अभी-अभी एक रिव्यू पोस्ट किया: <t:{at}:R> फिर कोशिश करो ({seconds} सेकंड में)।",
    "review.head": "📈 **खेल `{id}` का रिव्यू**: इंजन के हिसाब से जीत के चांस (अंदाज़न ±{error} अंक)",
    "review.player": "**{who}** ({colour}): {start}% → {end}% · पासे {dice} · अपने फ़ैसले {choices} · दूसरों के "
                     "फ़ैसले {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="{decisions} फ़ैसले में {share}% सटीक",
                              other="{decisions} फ़ैसलों में {share}% सटीक"),
    "review.no_choices": "पूरे खेल में कोई असली विकल्प नहीं मिला",
    "review.costliest": "**{who}** के सबसे ज़्यादा नुकसान वाले फ़ैसले (चार्ट पर 1-3 से निशान लगे):",
    "review.decision": "{n}. चाल {move}: चली गई {played}; बेहतर थी {best} (−{cost} अंक)",
    "review.no_mistakes": "**{who}** ने कोई नुकसान वाला फ़ैसला नहीं लिया।",
    "review.shared": "<@{user}> ने यह रिव्यू शेयर किया:",
    "review.chart_alt": "लूडो खेल {id} में हर खिलाड़ी के जीत के चांस का चार्ट",
    "review.best_label": "बेहतर", "review.played_label": "चली",
    "review.caption": "फ़ैसला {n} · चाल {move}",
    "review.decision_alt": "नुकसान वाले फ़ैसले {n} की स्थिति, चाल {move} पर: चली गई चाल और बेहतर चाल पर निशान हैं",
    "reply.saved_after_all": "तुम्हारी चाल आख़िरकार सेव हो गई: खेल का मैसेज नीचे फिर से पोस्ट किया गया है।",
    "reply.move_not_shown": "तुम्हारी चाल गिन ली गई, पर Discord ने खेल का नया मैसेज नहीं लिया: "
                            "`/ludo board` से खेल की अभी की हालत देखो।",
    "reply.start_not_shown": "खेल शुरू हो गया, पर Discord ने उसका मैसेज नहीं लिया: खेल के चैनल (या उसके थ्रेड) में "
                             "`/ludo board` से उसे देखो।",
    "reply.leave_not_shown": "तुमने खेल छोड़ दिया, पर Discord ने खेल का नया मैसेज नहीं लिया: "
                             "`/ludo board` से खेल की अभी की हालत देखो।",
    "error.storage": "स्टोरेज अभी उपलब्ध नहीं है: थोड़ी देर में फिर कोशिश करो। अगर तुम्हारी चाल उससे ठीक पहले सेव हो "
                     "गई थी, तो स्टोरेज के वापस आते ही खेल का मैसेज उसे दिखाएगा।",
    "error.unexpected": "माफ़ करना, हमारी तरफ़ कुछ गड़बड़ हो गई और कुछ भी नहीं बदला गया (रेफ़रेंस `{reference}`)।",
    "error.outdated": "यह बटन पुराना हो गया है: खेल का सबसे नया मैसेज इस्तेमाल करो।",
    "error.command": "यह कमांड नहीं चल सकी: {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": "🔔 बारी के अलर्ट चालू हैं: लूडो खेल में तुम्हारी बारी आने पर और बारी के रिमाइंडर पर मैं तुम्हें "
                 "डायरेक्ट मैसेज भेजूँगा। `/ludo notify alerts:बंद` से इन्हें बंद करो। इसके लिए Discord में मुझे "
                 "तुम्हें मैसेज भेजने की इजाज़त होनी चाहिए (प्राइवेसी सेटिंग्स: सर्वर मेंबर्स से डायरेक्ट मैसेज)।",
    "notify.off": "🔕 बारी के अलर्ट बंद हैं: तुम्हारी बारी के बारे में अब कोई डायरेक्ट मैसेज नहीं आएगा।",
    "alert.turn": "🎲 लूडो खेल `{id}` ({rules}) में तुम्हारी बारी है: {link}",
    "alert.remind": "⏰ याद रहे: लूडो खेल `{id}` ({rules}) में तुम्हारी बारी <t:{at}:R> ख़त्म होगी: {link}",
    "alert.deadline": "तुम्हारी बारी <t:{at}:R> ख़त्म होगी।",
    "alert.stop": "-# `/ludo notify alerts:बंद` से ये मैसेज बंद हो जाएँगे।",
    "alert.alt": "लूडो खेल {id} का बोर्ड: ",
    "alert.refused": "🔕 तुम्हारे लूडो बारी अलर्ट बंद कर दिए गए: Discord ने मुझे तुम्हें डायरेक्ट मैसेज नहीं भेजने दिया "
                     "(शायद तुम्हारी प्राइवेसी सेटिंग्स इस सर्वर के मेंबर्स से डायरेक्ट मैसेज की इजाज़त नहीं देतीं)। "
                     "इजाज़त दो, फिर `/ludo notify alerts:चालू` से अलर्ट दोबारा चालू करो।",
    "cmd.notify": "लूडो खेल में तुम्हारी बारी आने पर डायरेक्ट मैसेज: चालू या बंद",
    "opt.notify.alerts": "चालू: तुम्हारी बारी आने पर (और रिमाइंडर पर) DM; बंद: कोई नहीं",
    "choice.notify.on": "चालू", "choice.notify.off": "बंद",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "इस चैनल में लूडो खेलो",
    "cmd.start": "इस चैनल में लूडो लॉबी खोलो",
    "cmd.board": "खेल का लाइव मैसेज यहाँ फिर से पोस्ट करो",
    "cmd.games": "इस सर्वर में तुम्हारे लूडो खेल, लिंक के साथ: जिनमें तुम्हारी बारी है वो पहले",
    "cmd.rules": "इस चैनल के खेल के नियम, या किसी प्रीसेट के",
    "cmd.leave": "इस चैनल का खेल छोड़ो (हार मानकर)",
    "cmd.end": "इस चैनल का खेल ख़त्म करो (होस्ट या Manage Channels वाले)",
    "cmd.stats": "इस सर्वर में किसी खिलाड़ी के लूडो नतीजे",
    "cmd.leaderboard": "सर्वर के सबसे अच्छे लूडो खिलाड़ी, स्किल रेटिंग के हिसाब से",
    "cmd.settings": "नए खेलों के लिए इस सर्वर की डिफ़ॉल्ट सेटिंग्स (Manage Server)",
    "cmd.export": "पूरे हुए खेल की फ़ाइल (नियम, सीटें, सीड, लॉग), कहीं भी जाँचने के लिए",
    "cmd.verify": "पूरे हुए खेल को उसके खुले सीड से दोबारा चलाओ और हर पासा जाँचो",
    "cmd.history": "इस सर्वर के हाल ही में पूरे हुए लूडो खेल",
    "cmd.replay": "पूरे हुए खेल का एनिमेटेड रीप्ले",
    "opt.start.preset": "नियमों का सेट (डिफ़ॉल्ट: सर्वर वाला)", "opt.start.seats": "सीटें, 2 से 4",
    "opt.start.turn_minutes": "हर बारी के लिए कितने मिनट", "opt.start.thread": "अलग थ्रेड में खेलो",
    "opt.start.dice": "सिर्फ़ strict: एक या दो पासे", "opt.start.end_path": "सिर्फ़ strict: 4 या 5",
    "opt.start.bonus_on_six": "छक्का आने पर एक और बारी",
    "opt.start.third_six_ends_turn": "लगातार तीसरा छक्का बारी ख़त्म कर देता है",
    "opt.start.capture_bonus": "गोटी काटने पर एक और बारी", "opt.start.stacking": "एक खाने पर अपनी दो गोटियाँ",
    "opt.start.game_end": "पहला: जो पहले होम पहुँचे वो जीते; सभी: उसके बाद बाकी अगले स्थानों के लिए खेलें",
    "opt.start.turn_limit": "हर खिलाड़ी की बारियाँ (0: कोई सीमा नहीं)",
    "opt.start.ai_takeover": "खेल छोड़ने वाले खिलाड़ी की जगह कंप्यूटर खेले",
    "opt.start.auto_single": "इकलौती चाल अपने-आप चल दी जाए",
    "opt.start.quick": "क्विक खेल: पहली गोटी होम पहुँचाने वाला जीतता है",
    "opt.start.kill_to_unlock": "गोटी काटने के बाद ही होम के रास्ते में जा सकती है",
    "opt.start.teams": "2 बनाम 2 (लाल+पीला बनाम हरा+नीला; 4 सीटें चाहिए)",
    "opt.rules.preset": "इस चैनल के खेल की जगह किसी प्रीसेट के नियम",
    "opt.stats.user": "किसके नतीजे (डिफ़ॉल्ट: तुम्हारे)",
    "opt.settings.language": "इस सर्वर में बॉट के संदेशों की भाषा (डिफ़ॉल्ट: सर्वर की अपनी भाषा)",
    "opt.settings.preset": "डिफ़ॉल्ट नियमों का सेट", "opt.settings.turn_minutes": "एक बारी के लिए कितने मिनट",
    "opt.settings.reminder_minutes": "समय ख़त्म होने से इतने मिनट पहले खिलाड़ी को याद दिलाओ (0: कभी नहीं)",
    "opt.settings.timeout_action": "समय ख़त्म होने पर: कंप्यूटर बारी खेले, बारी छोड़ दो, या चूकने पर बाहर",
    "opt.settings.forfeit_after": "बाहर वाले विकल्प में: लगातार कितनी बारियाँ चूकने पर खिलाड़ी बाहर",
    "opt.game": "खेल की ID (/ludo history देखो)",
    "choice.stacking.forbidden": "मना", "choice.stacking.allowed": "इजाज़त", "choice.stacking.block": "ब्लॉक",
    "choice.game_end.first": "पहला", "choice.game_end.all": "सभी",
    "choice.timeout_action.ai": "कंप्यूटर खेले", "choice.timeout_action.skip": "बारी छोड़ो",
    "choice.timeout_action.forfeit": "बाहर",
    # the board picture's alt text (engine.describe)
    "describe.red": "लाल", "describe.green": "हरा", "describe.yellow": "पीला", "describe.blue": "नीला",
    "describe.named": "{name} ({colour})", "describe.and": "{a} और {b}", "describe.or": "{a} या {b}",
    "describe.place1": "पहले स्थान पर {who}", "describe.place2": "दूसरे स्थान पर {who}",
    "describe.place3": "तीसरे स्थान पर {who}", "describe.place4": "चौथे स्थान पर {who}",
    "describe.team_won": "खेल ख़त्म: {a} और {b} टीम बनकर जीते। रैंकिंग: {ranking}।",
    "describe.over": "खेल ख़त्म। रैंकिंग: {ranking}।",
    "describe.to_roll": "{who} को पासा फेंकना है।", "describe.to_roll_again": "छक्के के बाद {who} को फिर पासा फेंकना है।",
    "describe.last_roll": "पिछला पासा: {dice}।",
    "describe.to_choose": "{who} के {dice} आए: चुनना है कि पहले कौन सा पासा चलें।",
    "describe.to_move": "{who} को {die} से चलना है: {moves}।",
    "describe.to_move_then": "{who} को {die} से चलना है (फिर {rest} से): {moves}।",
    "describe.token": "गोटी {n}", "describe.pair": "जोड़ी {a}+{b}",
    "describe.teams": "टीमें: {a} और {b} बनाम {c} और {d}।",
    "describe.quick": "क्विक खेल: पहली गोटी होम पहुँचाने वाला जीतता है।",
    "describe.quick_teams": "क्विक खेल: एक गोटी होम पहुँचते ही खिलाड़ी का खेल पूरा।",
    "describe.player": "{who}: {parts}।", "describe.player_left": "{who}: खेल छोड़ दिया।",
    "describe.no_tokens": "कोई गोटी नहीं", "describe.out_of_turns": "बारियाँ ख़त्म", "describe.finished": "खेल पूरा",
    "describe.all_home": "चारों होम", "describe.home": "{n} होम", "describe.in_yard": "{n} घर में",
    "describe.tokens": "गोटियाँ {list}", "describe.on_square": "{what} खाने {square} पर ({of} में से)",
    "describe.locked_pair": "{text}, जुड़ी हुई जोड़ी", "describe.block": "{text}, ब्लॉक",
    "describe.safe": "{text} (सेफ़)",
    "describe.in_column": plural("left", one="गोटी {n} होम के रास्ते में, होम से {left} खाना दूर",
                                 other="गोटी {n} होम के रास्ते में, होम से {left} खाने दूर"),
    "describe.on_track": "{n} रास्ते पर", "describe.in_columns": "{n} होम के रास्ते में",
    "describe.score": "स्कोर {n}",
    "describe.turns_left": plural("n", one="{n} बारी बाकी", other="{n} बारियाँ बाकी"),
    "describe.column_locked": "गोटी काटने तक होम का रास्ता बंद",
    # words in the board picture (render)
    "board.red": "लाल", "board.green": "हरा", "board.yellow": "पीला", "board.blue": "नीला",
    "board.left": "{colour} · छोड़ा", "board.placed": "{colour} · होम ({place})",
    "board.out": "{colour} · बाहर", "board.home_count": "{colour} · होम {home}/{tokens}",
    "board.points": "{score} अंक",
    "board.place1": "पहला", "board.place2": "दूसरा", "board.place3": "तीसरा", "board.place4": "चौथा",
    "board.replay_caption": "चाल {n} / {total}",
    "board.chart_title": plural("moves", one="{moves} चाल में जीत के चांस", other="{moves} चालों में जीत के चांस"),
    "board.chart_move": "चाल",
    "board.chart_percent": "{value}%", "board.chart_seat": "{colour} ({name})",
    # user installs
    "button.times_up": "समय ख़त्म",
    "status.deadline_late": " (बारी <t:{at}:R> ख़त्म होगी; उसके बाद बाक़ी खिलाड़ी **समय ख़त्म** दबा सकते हैं)",
    "refused.not_late": "यह बारी अभी ख़त्म नहीं हुई: यह <t:{at}:R> ख़त्म होगी। उसके बाद तुम **समय ख़त्म** दबा सकते "
                        "हो।",
    "refused.late_yours": "तुम्हारी बारी है: अपनी चाल चलो।",
    "refused.no_games_here": "लूडो किसी सर्वर के चैनल में या ग्रुप DM में खेला जाता है: खेल वहीं शुरू करो।",
    "refused.thread_here": "खेल को अपना अलग थ्रेड सिर्फ़ उसी सर्वर में मिलता है जिसमें बॉट जोड़ा गया हो; यहाँ खेल "
                           "इसी चैट में चलेगा।",
    "start.private_here": "इस सर्वर में मेंबर्स के ख़ुद जोड़े हुए ऐप्स सिर्फ़ प्राइवेट में जवाब दे सकते हैं, इसलिए "
                          "यहाँ मेरे साथ खेल नहीं हो सकता। कोई मॉडरेटर इस चैनल में “Use External Apps” की इजाज़त दे "
                          "सकता है, या मुझे सर्वर में जोड़ सकता है: {link}",
    "choice.language.discord": "सर्वर की Discord भाषा",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": "इस सर्वर में बॉट के संदेश सर्वर की Discord भाषा में आएँगे, अभी **{language}**।",
}
