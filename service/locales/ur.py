"""Urdu: every key of `service.locales.en`, translated as Ludo (لوڈو) players in Pakistan talk, in Urdu script.

Plural categories (CLDR): "one" (exactly 1) and "other" (0 too). Counted sentences whose noun or verb changes with
the number (گوٹی/گوٹیاں، باری/باریاں، چال/چالیں، خانہ/خانے، لابی/لابیاں) are `plural`; invariant words (کھیل، منٹ،
سیکنڈ، نمبر، بار) stay plain strings.

Choices: the polite "آپ" that Urdu apps and servers use; the words said over a Ludo board: گوٹی (token), پانسہ (die),
چھکا (six), باری (turn), چال (move), خانہ (square), گھر (home: "گوٹی گھر پہنچ گئی"), گوٹی کھولنا (entering; a token
not yet out is بند), گوٹی کاٹنا (capture; مارنا is heard too), میزبان (host),
with the loans gamers use (لابی، ری میچ، ری پلے، بلاک). The AI is the کمپیوٹر. Urdu punctuation (۔ ، ؛) inside the
templates; where the code joins or ends with Latin punctuation (the rules summary) it stays so. Right to left: an
arrow between two values points left (←), so it points from the first value read to the second; no slash stands
between two values ("{tokens} میں سے {home}"), since isolated values around a slash would swap.
"""

from __future__ import annotations

from service.locales.forms import Plural, plural

GLOSSARY: dict[str, str] = {
    "token": "گوٹی (گوٹیاں)", "yard": "بند گوٹیوں کی جگہ (گوٹی ابھی نہیں کھلی)", "start square": "شروع کا خانہ",
    "square": "خانہ (خانے)", "home column": "گھر کا راستہ", "home / finish": "گھر (گوٹی گھر پہنچ گئی)",
    "safe square": "محفوظ خانہ", "star": "ستارہ", "roll": "پانسہ پھینکنا", "die / dice": "پانسہ (پانسے؛ ڈائس بھی)",
    "six": "چھکا", "enter": "گوٹی کھولنا", "capture": "گوٹی کاٹنا (مارنا بھی)", "block": "بلاک", "pair": "جوڑی",
    "bonus roll": "ایک اور باری", "turn": "باری", "move": "چال", "host": "میزبان", "lobby": "لابی",
    "AI": "کمپیوٹر", "rematch": "ری میچ", "review": "تجزیہ", "seed": "سیڈ",
}

TEXTS: dict[str, str | Plural] = {
    # colours of the seats
    "colour.red": "سرخ", "colour.green": "سبز", "colour.yellow": "پیلا", "colour.blue": "نیلا",
    "word.and": "{a} اور {b}",
    "ai.random": "اندھا دھند", "ai.greedy": "لالچی", "ai.expert": "ماہر", "ai.master": "استاد",
    "seat.ai": "کمپیوٹر ({colour}، {level})",
    # buttons
    "button.roll": "پانسہ پھینکیں", "button.die_first": "پہلے {value} چلیں", "button.enter": "گوٹی {token} کھولیں",
    "button.move": "گوٹی {token}: {start} ← {end}", "button.pair": "جوڑی {a}+{b}: {start} ← {end}",
    "button.enter_any": "کوئی گوٹی کھولیں ({tokens})",
    "button.move_any": "کوئی گوٹی ({tokens}): {start} ← {end}",
    "button.pair_any": "کوئی جوڑی ({pairs}): {start} ← {end}",
    "button.home": "گھر",
    "button.join": "شامل ہوں", "button.leave": "چھوڑیں", "button.start": "شروع کریں", "button.cancel": "منسوخ کریں",
    "button.ai0": "کمپیوٹر شامل کریں (اندھا دھند)", "button.ai1": "کمپیوٹر شامل کریں (لالچی)",
    "button.ai2": "کمپیوٹر شامل کریں (ماہر)", "button.ai3": "کمپیوٹر شامل کریں (استاد)",
    "button.spectate": "دیکھیں", "button.refresh": "تازہ کریں", "button.replay": "ری پلے",
    "button.rematch": "ری میچ",
    # what happened
    "event.rolled": "🎲 {who} نے پانسہ پھینکا: {dice}۔",
    "event.entered": "{who} نے گوٹی {token} کھولی۔",
    "event.moved": "{who} نے گوٹی {token} خانے {start} سے {end} تک چلائی۔",
    "event.captured": "💥 {who} نے {victims} کو کاٹ دیا۔",
    "event.victim": "{owner} کی گوٹی {token}",
    "event.bonus_roll": "{who} کو ایک اور باری ملی۔",
    "event.third_six": "لگاتار تیسرا چھکا: {who} کی باری ختم۔",
    "event.die_forfeited": "{who} کے پاس {die} کی کوئی چال نہیں۔",
    "event.token_home": "🏠 {who} کی گوٹی {token} گھر پہنچ گئی۔",
    "event.finished": "🏁 {who} کا کھیل مکمل!",
    "event.out_of_turns": "{who} کی ساری باریاں ختم ہو گئیں۔",
    "event.resigned": "{who} نے کھیل چھوڑ دیا۔",
    "event.skipped": "{who} کی باری چھوڑ دی گئی۔",
    "event.game_over": "🏆 کھیل ختم: {who} کی جیت!",
    "ranking.points": " — {points} نمبر", "ranking.left": " (کھیل چھوڑ دیا)",
    # /ludo rules
    "rules.head": "**{name}**: {track} خانوں کا راستہ، گھر کے {home} خانے، {dice}۔",
    "rules.one_die": "1 پانسہ", "rules.dice": plural("n", one="{n} پانسہ", other="{n} پانسے"),
    "rules.enter": "{value} آنے پر گوٹی کھلتی ہے۔",
    "rules.enter_either": "کسی بھی پانسے پر {value} آنے پر گوٹی کھلتی ہے۔",
    "rules.bonus_on_six": "چھکا آنے پر ایک اور باری", "rules.third_six": "لگاتار تیسرا چھکا باری ختم کر دیتا ہے",
    "rules.capture_bonus": "گوٹی کاٹنے پر ایک اور باری",
    "rules.safe_starts": "شروع کے خانے اور ستارے محفوظ ہیں", "rules.safe_stars": "ستارے محفوظ ہیں",
    "rules.stacking_forbidden": "اپنی ہی گوٹی والے خانے پر نہیں رک سکتے",
    "rules.stacking_allowed": "آپ کی گوٹیاں ایک ہی خانے میں رہ سکتی ہیں",
    "rules.stacking_block": "ایک خانے میں آپ کی دو گوٹیاں بلاک بناتی ہیں جسے کوئی پار نہیں کر سکتا",
    "rules.pairs": "جفت نمبر آنے پر بلاک جوڑی بن کر ایک ساتھ چل سکتا ہے",
    "rules.scoring": "ہر خانے کا ایک نمبر؛ گھر پہنچنے والی ہر گوٹی اسکور کئی گنا کر دیتی ہے",
    "rules.turn_limit": plural("n", one="ہر کھلاڑی کو زیادہ سے زیادہ {n} باری",
                               other="ہر کھلاڑی کو زیادہ سے زیادہ {n} باریاں"),
    "rules.kill_to_unlock": "گوٹی گھر کے راستے میں تبھی جا سکتی ہے جب اس کا کھلاڑی کوئی گوٹی کاٹ چکا ہو",
    "rules.teams": "2 بمقابلہ 2: سرخ اور پیلا بمقابلہ سبز اور نیلا؛ ساتھی ایک دوسرے کی گوٹی کبھی نہیں کاٹتے، "
                   "ٹیم تب جیتتی ہے جب دونوں ساتھی گھر پہنچ جائیں",
    "rules.quick": "تیز کھیل: پہلی گوٹی گھر پہنچتے ہی کھلاڑی کا کھیل مکمل",
    "rules.first_wins": "جو پہلے گھر پہنچے وہی جیتے",
    "rules.all_places": "ایک کے جیتنے کے بعد باقی کھلاڑی اگلی پوزیشنوں کے لیے کھیلتے رہتے ہیں",
    "rules.default_here": "اس چینل میں کوئی کھیل نہیں، اس لیے یہ وہ اصول ہیں جن سے یہاں /ludo start کوئی پری سیٹ چنے "
                          "بغیر کھیلتا ہے۔ باقی پری سیٹ /ludo rules کا `preset` آپشن سمجھاتا ہے۔",
    "rules.default_dm": "لوڈو کسی سرور کے چینل یا گروپ DM میں کھیلا جاتا ہے؛ وہاں /ludo start انہی اصولوں سے کھیلتا "
                        "ہے، جب تک آپ کوئی پری سیٹ نہ چنیں یا سرور نے کوئی اور طے نہ کیا ہو۔ باقی پری سیٹ /ludo "
                        "rules کا `preset` آپشن سمجھاتا ہے۔",
    "variant.quick": "تیز", "variant.kill_to_unlock": "کاٹے بغیر گھر نہیں", "variant.teams": "ٹیمیں",
    # the lobby
    "lobby.head": "🎲 **لوڈو لابی** — <@{host}> {seats} کھلاڑیوں کے لیے **{rules}**{extra} کی میزبانی کر رہے ہیں۔",
    "lobby.ai": "کمپیوٹر ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(خالی)",
    "lobby.foot": "شامل ہوں (یا اپنا رنگ چنیں)، پھر میزبان کھیل شروع کرے گا (کم از کم 2 کھلاڑی)۔",
    "lobby.side_by_side": "⚠️ دو کھلاڑی آمنے سامنے بیٹھتے ہیں، سرخ اور پیلا یا سبز اور نیلا: آپ میں سے کوئی ایک، "
                          "دوسرے کھلاڑی کے سامنے والا رنگ چن لے۔",
    "lobby.rematch": "🔁 کھیل `{id}` کا ری میچ۔",
    "lobby.invited": "{players}: دوبارہ کھیلنے کے لیے **شامل ہوں** یا اپنا رنگ دبائیں۔",
    "rematch.opened_there": "ری میچ کی لابی <#{channel}> میں کھلی ہے۔",
    "lobby.started": "🎲 کھیل شروع ہو گیا۔\n{order}",
    "lobby.cancelled": "یہ لوڈو لابی منسوخ کر دی گئی۔",
    # the game message
    "game.header": "🎲 **لوڈو — {rules}**{extra} · کھیل `{id}`",
    "game.caption": "کھیل {id} · چال {ply}",
    "game.seed": ("🔓 پانسوں کا سیڈ `{seed}` (sha256 `{digest}`، وہی جو کھیل سے پہلے دکھایا گیا تھا): ہر پانسہ "
                  "`/ludo verify {id}` سے جانچیں۔"),
    "game.commitment": "🔒 پانسوں کا سیڈ لاک: `{digest}…` (کھیل کے بعد /ludo verify سے جانچ سکتے ہیں)",
    "account.more": "… اس سے پہلے {n} اور",
    "game.forced": "▶️ {who} کے پاس ایک ہی چال تھی، اس لیے بوٹ نے وہی چل دی۔",
    "game.order": "باری طے کرنے کا پانسہ: {rolls}\nترتیب: {order}", "game.reroll": " | دوبارہ: ",
    "game.remind": "⏰ <@{user}>، لوڈو کھیل `{id}` میں آپ کی باری ہے: یہ <t:{at}:R> ختم ہو گی۔",
    "game.timed_out": "⌛ {who} کا وقت ختم ہو گیا۔",
    "game.by_clicks": "🔒 اب میں اس چینل میں پوسٹ نہیں کر سکتا: کھیل آپ کے کلکس سے جاری رہے گا، یاد "
        "دہانی کے بغیر۔ کسی باری کا وقت ختم ہونے پر باقی کھلاڑی «وقت ختم» دبا سکتے ہیں۔",
    "status.turn": "{who} کی باری ({colour}): {doing}{deadline}۔",
    "status.roll": "پانسہ پھینکنا ہے", "status.thinking": "سوچ رہا ہے…",
    "status.choose": "چننا ہے کہ پہلے کون سا پانسہ چلیں ({dice})",
    "status.move": "{die} سے ایک گوٹی چلنی ہے", "status.deadline": " (باری <t:{at}:R> ختم ہو گی)",
    "status.over": "🏆 **کھیل ختم**",
    "status.ended_by": "⏹️ یہ کھیل {who} نے ختم کیا۔",
    "status.ended_early": "⏹️ یہ کھیل ختم کر دیا گیا۔",
    "status.abandoned": "⏹️ یہ کھیل چھوڑا ہوا سمجھ کر ختم کر دیا گیا: <t:{at}:f> سے کسی نے چال نہیں چلی۔ یہ کسی کے "
                        "اعداد و شمار میں نہیں گنا جائے گا۔",
    "spectate.header": "👁️ **لوڈو دیکھ رہے ہیں — {rules}**{extra} · کھیل `{id}` · <t:{now}:T> کی صورتحال",
    "spectate.only_you": "یہ منظر صرف آپ دیکھ سکتے ہیں؛ «تازہ کریں» دبانے سے بورڈ موجودہ حالت میں نظر آئے گا۔",
    "replay.alt": plural("actions", one="لوڈو کھیل {id} کا متحرک ری پلے، {actions} چال۔ آخری صورتحال: ",
                         other="لوڈو کھیل {id} کا متحرک ری پلے، {actions} چالیں۔ آخری صورتحال: "),
    "replay.private": "کھیل `{id}` کا ری پلے", "replay.public": "🎞️ لوڈو کھیل `{id}` کا ری پلے",
    # replies to commands
    "reply.left": "آپ نے کھیل چھوڑ دیا۔",
    "reply.ended": "⏹️ لوڈو کھیل `{id}` {who} نے ختم کیا۔",
    "reply.export": "📄 کھیل `{id}`: اسے `python -m engine.verify ludo-{id}.json` سے جانچیں۔",
    # /ludo games (private)
    "games.head": "🎲 **اس سرور میں آپ کے لوڈو کھیل** ({count})، جن میں آپ کی باری ہے وہ پہلے:",
    "games.line": "• {turn} · **{rules}** · کھیل `{id}`{ends} · {link}",
    "games.yours": "**آپ کی باری**", "games.theirs": "{who} کی باری", "games.ends": " · باری <t:{at}:R> ختم",
    "games.more": "… {n} کھیل اور۔",
    "games.none": "اس سرور میں آپ ابھی کوئی لوڈو کھیل نہیں کھیل رہے: /ludo start سے نیا کھیل کھولیں۔",
    "stats.none": "{who} نے یہاں ابھی تک کوئی لوڈو کھیل مکمل نہیں کیا۔",
    "stats.rating": "ریٹنگ **{ordinal:.1f}** (μ {mu:.1f}، σ {sigma:.1f})",
    "stats.unrated": "ابھی ریٹنگ نہیں (صرف دوسرے لوگوں کے خلاف کھیل ریٹنگ میں گنے جاتے ہیں)",
    "stats.favourite": "، پسندیدہ پری سیٹ **{preset}**",
    "stats.line": "**{name}**: {rating}؛ {games} کھیل، {wins} جیت، اوسط پوزیشن {average:.2f}، "
                  "{captures} بار گوٹی کاٹی{favourite}۔",
    "leaderboard.head": "🏆 **لوڈو لیڈر بورڈ** (مہارت کی ریٹنگ کے حساب سے؛ صرف کمپیوٹر کے خلاف کھیلے گئے کھیل نہیں گنے "
                        "جاتے)",
    "leaderboard.rated": "{place}. <@{user}> — {wins} جیت · ریٹنگ **{ordinal:.1f}**",
    "leaderboard.unrated": "{place}. <@{user}> — {wins} جیت · ابھی ریٹنگ نہیں",
    "leaderboard.empty": "ابھی تک کوئی کھیل نہیں۔",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "ریٹنگ سیزن: ہر مہینے یا ہر سہ ماہی نیا لیڈر بورڈ (UTC)",
    "opt.settings.season_channel": "وہ چینل جہاں ہر سیزن کے آخری ٹاپ 10 پوسٹ ہوتے ہیں",
    "choice.season.off": "بند",
    "choice.season.monthly": "ماہانہ",
    "choice.season.quarterly": "سہ ماہی",
    "opt.leaderboard.season": "اس سیزن کی ریٹنگ، پچھلے سیزن کا آخری نتیجہ یا اب تک کا پورا لیڈر بورڈ",
    "choice.board.current": "یہ سیزن",
    "choice.board.previous": "پچھلا سیزن",
    "choice.board.all": "اب تک کا سب",
    "leaderboard.season_head": ("🏆 **لوڈو لیڈر بورڈ، سیزن `{season}`** (سیزن کے شروع سے ریٹنگ؛ صرف کمپیوٹر کے خلاف "
                                "کھیلے گئے کھیل نہیں گنے جاتے)"),
    "leaderboard.season_final": "🏁 **سیزن `{season}` کا آخری نتیجہ**",
    "leaderboard.season_none": "اس سیزن میں ریٹنگ والا کوئی کھیل نہیں ہوا۔",
    "leaderboard.all_time_head": ("🏆 **لوڈو لیڈر بورڈ، اب تک کا** (مہارت کی ریٹنگ کے حساب سے؛ صرف کمپیوٹر کے خلاف "
                                  "کھیلے گئے کھیل نہیں گنے جاتے)"),
    "settings.season": "ریٹنگ سیزن: **{length}**؛ ہر سیزن کے آخری ٹاپ 10 <#{channel}> میں پوسٹ ہوتے ہیں۔",
    "settings.season_unposted": ("ریٹنگ سیزن: **{length}**؛ ہر سیزن کے آخری ٹاپ 10 پوسٹ کروانے کے لیے کوئی "
                                 "season_channel چنیں۔"),
    "settings.season_off": "ریٹنگ سیزن: بند (لیڈر بورڈ میں اب تک کے سارے کھیل گنے جاتے ہیں)۔",
    "season.over": ("🏁 **سیزن `{season}` ختم!** یہ رہے اس کے آخری ٹاپ 10۔ اب نیا سیزن شروع ہوتا ہے، اور سب کی ریٹنگ "
                    "پھر سے شروع ہوتی ہے۔"),
    "refused.no_seasons": ("یہ سرور ریٹنگ سیزن نہیں کھیلتا، اس لیے اس کا لیڈر بورڈ اب تک کے سارے کھیل گنتا ہے۔ سرور "
                           "کا انتظام کرنے والے /ludo settings میں سیزن چالو کر سکتے ہیں۔"),
    "refused.board_choice": "ایسا کوئی لیڈر بورڈ نہیں: یہ سیزن، پچھلا سیزن یا اب تک کا سب چنیں۔",
    "settings.saved": "لوڈو ترتیبات: پری سیٹ **{preset}**، ہر باری {turn} منٹ کی، {reminder} منٹ پہلے یاد دہانی، "
                      "وقت ختم ہونے پر: {action}۔",
    "settings.language": "اس سرور میں بوٹ کے پیغامات: **{language}**۔",
    "settings.after": " ({misses} بار چوکنے کے بعد)",
    "verify.ok": "✅ ہر پانسہ درست نکلا: کھیل `{id}`، سیڈ `{seed}`، کمٹمنٹ `{commitment}`۔",
    "verify.bad": "❌ یہ کھیل جانچ میں **درست نہیں** نکلا: کھیل `{id}`، سیڈ `{seed}`، کمٹمنٹ `{commitment}`۔",
    "history.head": "📜 **حالیہ لوڈو کھیل** (`/ludo replay <id>`، `/ludo verify <id>`)",
    "history.then": " · پھر {others}", "history.empty": "یہاں ابھی تک کوئی لوڈو کھیل مکمل نہیں ہوا۔",
    # refusals and errors (private)
    "refused.rules": "یہ اصول ایک ساتھ نہیں چل سکتے: {error}",
    "refused.settings": "یہ ترتیبات ممکن نہیں: {error}",
    "refused.settings_race": "عین اسی لمحے ترتیبات بدل گئیں؛ براہ کرم دوبارہ کوشش کریں۔",
    "refused.channel_busy": "اس چینل میں پہلے سے ایک لوڈو کھیل ہے ({holder}): پہلے اسے مکمل یا ختم کریں۔",
    "refused.lobby_closed": "یہ لابی بند ہو چکی ہے۔",
    "refused.already_in": "آپ پہلے سے اس کھیل میں ہیں۔",
    "refused.full": "یہ کھیل بھر چکا ہے۔",
    "refused.host_leaves": "میزبان کھیل نہیں چھوڑ سکتا؛ اس کے بجائے لابی منسوخ کریں۔",
    "refused.not_in": "آپ اس کھیل میں نہیں ہیں۔",
    "refused.host_adds_ai": "صرف میزبان کمپیوٹر کھلاڑی شامل کر سکتا ہے۔",
    "refused.ai_levels": "کمپیوٹر کا یہ درجہ اب دستیاب نہیں؛ اب سب سے مضبوط درجہ {level} ہے، وہی شامل کر سکتے ہیں۔",
    "refused.lobby_race": "عین اسی لمحے لابی بدل گئی؛ براہ کرم دوبارہ کوشش کریں۔",
    "refused.host_cancels": "صرف میزبان یہ کھیل منسوخ کر سکتا ہے۔",
    "refused.host_starts": "صرف میزبان کھیل شروع کر سکتا ہے۔",
    "refused.two_players": "کھیل کے لیے کم از کم 2 کھلاڑی چاہییں: کسی کو بلائیں یا کمپیوٹر شامل کریں۔",
    "refused.teams_seats": "ٹیمیں 2 بمقابلہ 2 کھیلتی ہیں: چاروں نشستیں بھری ہونی چاہییں (ابھی {now})؛ کھلاڑی بلائیں یا "
                           "کمپیوٹر شامل کریں۔",
    "refused.seats": "کھیل میں 2 سے {most} نشستیں ہوتی ہیں، {seats} نہیں۔",
    "refused.turn_length": "ایک باری {low} سے {high} منٹ کی ہوتی ہے، {minutes} نہیں۔",
    "refused.teams_option": "ٹیمیں 2 بمقابلہ 2 کھیلتی ہیں، اس لیے 4 نشستیں چاہییں، {seats} نہیں: `seats` کو 4 ہی رہنے "
                            "دیں۔",
    "refused.colour_taken": "{colour} رنگ پہلے ہی کوئی لے چکا ہے: کوئی خالی رنگ چنیں۔",
    "refused.colour_yours": "آپ پہلے سے ہی {colour} رنگ سے کھیل رہے ہیں۔",
    "refused.side_by_side": "دو کھلاڑیوں کے کھیل میں دونوں آمنے سامنے بیٹھتے ہیں (سرخ اور پیلا، یا سبز اور نیلا): آپ "
                            "میں سے کوئی ایک، دوسرے کھلاڑی کے سامنے والا رنگ چن لے۔",
    "refused.rematch_not_over": "یہ کھیل ابھی ختم نہیں ہوا۔",
    "refused.rematch_players": "صرف اس کھیل کے کھلاڑی اس کا ری میچ مانگ سکتے ہیں۔",
    "refused.rematch_open": "اس کھیل کا ری میچ پہلے سے <#{channel}> میں کھلا ہے: وہیں شامل ہوں۔",
    "refused.rematch_playing": "اس کھیل کا ری میچ پہلے سے <#{channel}> میں کھیلا جا رہا ہے۔",
    "refused.rematch_opening": "اس کھیل کا ری میچ اسی وقت کھولا جا رہا ہے: اس کی لابی بس آنے ہی والی ہے۔",
    "refused.rematch_not_posted": "میں <#{channel}> میں ری میچ کی لابی پوسٹ نہیں کر سکا (شاید مجھے وہاں پیغام بھیجنے "
                                  "کی اجازت نہیں)، اس لیے وہ نہیں کھولی گئی۔",
    "refused.no_game": "یہ کھیل اب موجود نہیں۔",
    "refused.over": "یہ کھیل ختم ہو چکا ہے۔",
    "refused.moved_on": "یہ بٹن بننے کے بعد کھیل آگے بڑھ چکا ہے: کھیل کا سب سے نیا پیغام استعمال کریں۔",
    "refused.moved_on_reposted": ("کھیل آگے بڑھ چکا تھا مگر یہ پیغام اسے نہیں دکھا رہا تھا، "
                                  "اس لیے کھیل کا سب سے نیا پیغام نیچے دوبارہ پوسٹ کر دیا گیا۔"),
    "refused.not_playing": "آپ اس کھیل میں نہیں کھیل رہے۔",
    "refused.left_already": "آپ یہ کھیل پہلے ہی چھوڑ چکے ہیں (یا مکمل کر چکے ہیں): چھوڑنے کو کچھ باقی نہیں۔",
    "refused.thread_member": "آپ اس چینل میں تھریڈ نہیں بنا سکتے، اس لیے کھیل کا اپنا تھریڈ نہیں بن سکتا: "
                             "`thread` کے بغیر شروع کریں۔",
    "refused.thread_bot": "مجھے اس چینل میں تھریڈ بنانے اور ان میں پوسٹ کرنے کی اجازت نہیں (Create Public Threads، "
                          "Send Messages in Threads): کھیل `thread` کے بغیر شروع کریں، یا کسی موڈریٹر سے کہیں۔",
    "refused.not_your_turn": "آپ کی باری نہیں: ابھی {colour} کھیل رہا ہے۔",
    "refused.other_channel": "یہ بٹن کسی دوسرے چینل کے کھیل کا ہے۔",
    "refused.foreign_button": "یہ بٹن اس کھیل کا نہیں ہے۔",
    "refused.illegal": "یہ چال نہیں چل سکتے: {error}۔",
    "refused.already_over": "یہ کھیل پہلے ہی ختم ہو چکا ہے۔",
    "refused.host_ends": "صرف میزبان یا اس چینل کا انتظام کرنے والا ہی کھیل ختم کر سکتا ہے۔",
    "refused.game_race": "عین اسی لمحے کھیل بدل گیا؛ براہ کرم دوبارہ کوشش کریں۔",
    "refused.channel_has_game": "اس چینل میں پہلے سے ایک لوڈو کھیل ہے۔",
    "refused.act_race": "عین اسی لمحے کسی اور نے اس کھیل میں چال چلی: کھیل آگے بڑھ چکا ہے۔",
    "refused.no_channel_game": "اس چینل میں کوئی لوڈو کھیل نہیں: /ludo start سے ایک شروع کریں۔",
    "refused.lobby_not_game": "اس چینل میں ابھی لابی ہے، کھیل نہیں: میزبان اسے **شروع کریں** بٹن سے شروع کرے گا۔",
    "refused.manage_server": "اس سرور کی لوڈو ترتیبات صرف وہی بدل سکتے ہیں جو سرور کا انتظام کر سکتے ہیں۔",
    "refused.settings_no_server": "لوڈو کی ترتیبات صرف سرور کی ہوتی ہیں، اور گروپ DM یا DM کا انتظام کوئی نہیں کرتا: "
                                  "یہاں ہر کھیل کے اصول /ludo start کے آپشنز سے چنیں۔",
    "refused.unknown_game": "اس سرور میں `{id}` نام کا کوئی لوڈو کھیل نہیں (مکمل کھیل 30 دن رکھے جاتے ہیں): "
                            "/ludo history دیکھیں۔",
    "refused.not_finished": "کھیل `{id}` مکمل نہیں ہوا: اس کے پانسوں کا سیڈ آخر تک خفیہ رہتا ہے (بیچ میں ختم کیے گئے "
                            "کھیلوں کا سیڈ ظاہر نہیں کیا جاتا)۔ اس کا کمٹمنٹ: `{commitment}`",
    "refused.still_playing": "کھیل `{id}` ابھی جاری ہے: اس کا ری پلے کھیل ختم ہونے پر ملے گا۔",
    "refused.user_open": plural(
        "most",
        one="اس سرور میں آپ کی {most} لوڈو لابی پہلے سے کھلی ہے، ایک کھلاڑی ایک وقت میں اتنی ہی کی میزبانی کر سکتا ہے: "
            "اسے شروع یا منسوخ کریں، پھر دوبارہ کوشش کریں۔",
        other="اس سرور میں آپ کی {most} لوڈو لابیاں پہلے سے کھلی ہیں، ایک کھلاڑی ایک وقت میں اتنی ہی کی میزبانی کر "
              "سکتا ہے: ان میں سے کوئی شروع یا منسوخ کریں، پھر دوبارہ کوشش کریں۔"),
    "refused.guild_open": plural(
        "most",
        one="اس سرور میں پہلے سے {most} لوڈو لابی یا کھیل کھلا ہے، جتنے ایک وقت میں کھل سکتے ہیں: وہ کھیل مکمل یا ختم "
            "کریں (/ludo end) یا لابی منسوخ کریں، پھر دوبارہ کوشش کریں۔",
        other="اس سرور میں پہلے سے {most} لوڈو لابیاں اور کھیل ایک ساتھ کھلے ہیں، جتنے کھل سکتے ہیں: کوئی کھیل مکمل یا "
              "ختم کریں (/ludo end) یا کوئی لابی منسوخ کریں، پھر دوبارہ کوشش کریں۔"),
    "refused.user_burst": "آپ بوٹ کی اجازت سے زیادہ تیزی سے لوڈو لابیاں کھول رہے ہیں: <t:{at}:R> دوبارہ کوشش کریں۔",
    "refused.guild_burst": "اس سرور میں بوٹ کی اجازت سے زیادہ تیزی سے لوڈو لابیاں کھولی جا رہی ہیں: <t:{at}:R> دوبارہ "
                           "کوشش کریں۔",
    "refused.wait_replay": "آپ نے ابھی ابھی ری پلے مانگا تھا؛ ری پلے بنانا بوٹ کے لیے بھاری کام ہے، اس لیے اگلا "
                           "<t:{at}:R> مل سکے گا ({seconds} سیکنڈ میں)۔",
    "refused.wait_verify": "آپ نے ابھی ابھی /ludo verify استعمال کیا: <t:{at}:R> دوبارہ کوشش کریں ({seconds} سیکنڈ "
                           "میں)۔",
    "refused.wait_export": "آپ نے ابھی ابھی /ludo export استعمال کیا: <t:{at}:R> دوبارہ کوشش کریں ({seconds} سیکنڈ "
                           "میں)۔",
    "refused.wait_board": "آپ نے ابھی ابھی /ludo board استعمال کیا: <t:{at}:R> دوبارہ کوشش کریں ({seconds} سیکنڈ میں)۔",
    "refused.replays_busy": "بوٹ ابھی بہت سارے ری پلے بنا رہا ہے: ایک منٹ بعد دوبارہ مانگیں۔",
    "button.review": "تجزیہ", "button.post_review": "چینل میں دکھائیں",
    "cmd.review": "مکمل کھیل کا تجزیہ: پانسوں کا اثر، فیصلوں کا اثر، سب سے زیادہ نقصان دہ فیصلے",
    "refused.review_playing": "کھیل `{id}` ابھی جاری ہے: اس کا تجزیہ کھیل ختم ہونے پر ملے گا۔",
    "refused.reviews_busy": "بوٹ ابھی بہت سارے کھیلوں کا تجزیہ کر رہا ہے: ایک منٹ بعد دوبارہ مانگیں۔",
    "refused.wait_review": "آپ نے ابھی ابھی تجزیہ مانگا تھا: <t:{at}:R> دوبارہ کوشش کریں ({seconds} سیکنڈ میں)۔",
    "refused.wait_review_post": "آپ نے ابھی ابھی ایک تجزیہ پوسٹ کیا: <t:{at}:R> دوبارہ کوشش کریں ({seconds} سیکنڈ "
                                "میں)۔",
    "review.head": "📈 **کھیل `{id}` کا تجزیہ**: انجن کے حساب سے جیت کے امکانات (تقریباً ±{error} نمبر کے فرق سے)",
    "review.player": "**{who}** ({colour}): {start}% ← {end}% · پانسے {dice} · اپنے فیصلے {choices} · دوسروں کے "
                     "فیصلے {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="{decisions} فیصلے میں {share}% درست",
                              other="{decisions} فیصلوں میں {share}% درست"),
    "review.no_choices": "پورے کھیل میں کوئی حقیقی انتخاب نہیں ملا",
    "review.costliest": "**{who}** کے سب سے زیادہ نقصان دہ فیصلے (چارٹ پر 1 سے 3 تک نشان زدہ):",
    "review.decision": "{n}. چال {move}: چلی گئی {played}؛ بہتر تھی {best} (−{cost} نمبر)",
    "review.no_mistakes": "**{who}** نے کوئی نقصان دہ فیصلہ نہیں کیا۔",
    "review.shared": "<@{user}> نے یہ تجزیہ شیئر کیا:",
    "review.chart_alt": "لوڈو کھیل {id} کے دوران ہر کھلاڑی کے جیت کے امکان کا چارٹ",
    "review.best_label": "بہتر", "review.played_label": "چلی گئی",
    "review.caption": "فیصلہ {n} · چال {move}",
    "review.decision_alt": "نقصان دہ فیصلے {n} کی صورتحال، چال {move} پر: چلی گئی چال اور بہتر چال پر نشان ہیں",
    "reply.saved_after_all": "آپ کی چال آخرکار محفوظ ہو گئی: کھیل کا پیغام نیچے دوبارہ پوسٹ کر دیا گیا ہے۔",
    "reply.move_not_shown": "آپ کی چال گن لی گئی، مگر Discord نے کھیل کا نیا پیغام قبول نہیں کیا: "
                            "`/ludo board` سے کھیل کی موجودہ حالت دیکھیں۔",
    "reply.start_not_shown": "کھیل شروع ہو گیا، مگر Discord نے اس کا پیغام قبول نہیں کیا: کھیل کے چینل (یا اس کے "
                             "تھریڈ) میں `/ludo board` سے اسے دیکھیں۔",
    "reply.leave_not_shown": "آپ نے کھیل چھوڑ دیا، مگر Discord نے کھیل کا نیا پیغام قبول نہیں کیا: "
                             "`/ludo board` سے کھیل کی موجودہ حالت دیکھیں۔",
    "error.storage": "اسٹوریج ابھی دستیاب نہیں: تھوڑی دیر میں دوبارہ کوشش کریں۔ اگر آپ کی چال اس سے ذرا پہلے محفوظ ہو "
                     "گئی تھی تو اسٹوریج کے واپس آتے ہی کھیل کا پیغام اسے دکھائے گا۔",
    "error.unexpected": "معذرت، ہماری طرف کچھ گڑبڑ ہو گئی اور کچھ بھی نہیں بدلا گیا (حوالہ `{reference}`)۔",
    "error.outdated": "یہ بٹن پرانا ہو چکا ہے: کھیل کا سب سے نیا پیغام استعمال کریں۔",
    "error.command": "یہ کمانڈ نہیں چل سکی: {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": ("🔔 باری کے الرٹ آن ہیں: لوڈو کھیل میں آپ کی باری آنے پر اور باری کی یاد دہانی پر میں آپ کو "
                  "ڈائریکٹ میسج بھیجوں گا۔ `/ludo notify alerts:off` سے انہیں بند کریں۔ اس کے لیے Discord میں مجھے "
                  "آپ کو پیغام بھیجنے کی اجازت ہونی چاہیے (پرائیویسی سیٹنگز: سرور ممبرز سے ڈائریکٹ میسج)۔"),
    "notify.off": "🔕 باری کے الرٹ بند ہیں: آپ کی باریوں کے بارے میں اب کوئی ڈائریکٹ میسج نہیں آئے گا۔",
    "alert.turn": "🎲 لوڈو کھیل `{id}` ({rules}) میں آپ کی باری ہے: {link}",
    "alert.remind": "⏰ یاد دہانی: لوڈو کھیل `{id}` ({rules}) میں آپ کی باری <t:{at}:R> ختم ہو گی: {link}",
    "alert.deadline": "آپ کی باری <t:{at}:R> ختم ہو گی۔",
    "alert.stop": "-# `/ludo notify alerts:off` سے یہ پیغامات بند ہو جائیں گے۔",
    "alert.alt": "لوڈو کھیل {id} کا بورڈ: ",
    "alert.refused": ("🔕 آپ کے لوڈو باری الرٹ بند کر دیے گئے: Discord نے مجھے آپ کو ڈائریکٹ میسج بھیجنے نہیں دیا "
                      "(شاید آپ کی پرائیویسی سیٹنگز اس سرور کے ممبرز سے ڈائریکٹ میسج کی اجازت نہیں دیتیں)۔ اجازت "
                      "دیں، پھر `/ludo notify alerts:on` سے الرٹ دوبارہ آن کریں۔"),
    "cmd.notify": "لوڈو کھیل میں آپ کی باری آنے پر ڈائریکٹ میسج: آن یا بند",
    "opt.notify.alerts": "آن: آپ کی باری آنے پر (اور یاد دہانی پر) DM؛ بند: کوئی نہیں",
    "choice.notify.on": "آن", "choice.notify.off": "بند",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "اس چینل میں لوڈو کھیلیں",
    "cmd.start": "اس چینل میں لوڈو لابی کھولیں",
    "cmd.board": "کھیل کا تازہ پیغام یہاں دوبارہ پوسٹ کریں",
    "cmd.games": "اس سرور میں آپ کے لوڈو کھیل، لنک کے ساتھ: جن میں آپ کی باری ہے وہ پہلے",
    "cmd.rules": "اس چینل کے کھیل کے اصول، یا کسی پری سیٹ کے",
    "cmd.leave": "اس چینل کا کھیل چھوڑیں (ہار مان کر)",
    "cmd.end": "اس چینل کا کھیل ختم کریں (میزبان یا Manage Channels والے)",
    "cmd.stats": "اس سرور میں کسی کھلاڑی کے لوڈو نتائج",
    "cmd.leaderboard": "سرور کے بہترین لوڈو کھلاڑی، مہارت کی ریٹنگ کے حساب سے",
    "cmd.settings": "نئے کھیلوں کے لیے اس سرور کی طے شدہ ترتیبات (Manage Server)",
    "cmd.export": "مکمل کھیل کی فائل (اصول، نشستیں، سیڈ، ریکارڈ)، کہیں بھی جانچنے کے لیے",
    "cmd.verify": "مکمل کھیل کو اس کے ظاہر کیے گئے سیڈ سے دوبارہ چلائیں اور ہر پانسہ جانچیں",
    "cmd.history": "اس سرور کے حال ہی میں مکمل ہونے والے لوڈو کھیل",
    "cmd.replay": "مکمل کھیل کا متحرک ری پلے",
    "opt.start.preset": "اصولوں کا سیٹ (طے شدہ: سرور والا)", "opt.start.seats": "نشستیں، 2 سے 4",
    "opt.start.turn_minutes": "ہر باری کے لیے کتنے منٹ", "opt.start.thread": "الگ تھریڈ میں کھیلیں",
    "opt.start.dice": "صرف strict: ایک یا دو پانسے", "opt.start.end_path": "صرف strict: 4 یا 5",
    "opt.start.bonus_on_six": "چھکا آنے پر ایک اور باری",
    "opt.start.third_six_ends_turn": "لگاتار تیسرا چھکا باری ختم کر دیتا ہے",
    "opt.start.capture_bonus": "گوٹی کاٹنے پر ایک اور باری", "opt.start.stacking": "ایک خانے میں اپنی دو گوٹیاں",
    "opt.start.game_end": "پہلا: جو پہلے گھر پہنچے وہ جیتے؛ سب: اس کے بعد باقی اگلی پوزیشنوں کے لیے کھیلیں",
    "opt.start.turn_limit": "ہر کھلاڑی کی باریاں (0: کوئی حد نہیں)",
    "opt.start.ai_takeover": "کھیل چھوڑنے والے کی جگہ کمپیوٹر کھیلے",
    "opt.start.auto_single": "اکلوتی چال خود بخود چل دی جائے",
    "opt.start.quick": "تیز کھیل: جس کی پہلی گوٹی گھر پہنچے وہ جیتے",
    "opt.start.kill_to_unlock": "گوٹی کاٹنے کے بعد ہی گھر کے راستے میں جا سکتی ہے",
    "opt.start.teams": "2 بمقابلہ 2 (سرخ+پیلا بمقابلہ سبز+نیلا؛ 4 نشستیں چاہییں)",
    "opt.rules.preset": "اس چینل کے کھیل کی جگہ کسی پری سیٹ کے اصول",
    "opt.stats.user": "کس کے نتائج (طے شدہ: آپ کے)",
    "opt.settings.language": "اس سرور میں بوٹ کے پیغامات کی زبان (طے شدہ: سرور کی اپنی زبان)",
    "opt.settings.preset": "اصولوں کا طے شدہ سیٹ", "opt.settings.turn_minutes": "ایک باری کے لیے کتنے منٹ",
    "opt.settings.reminder_minutes": "وقت ختم ہونے سے اتنے منٹ پہلے کھلاڑی کو یاد دلائیں (0: کبھی نہیں)",
    "opt.settings.timeout_action": "وقت ختم ہونے پر: کمپیوٹر باری کھیلے، باری چھوڑ دیں، یا چوکنے پر باہر",
    "opt.settings.forfeit_after": "باہر والے انتخاب میں: لگاتار کتنی باریاں چوکنے پر کھلاڑی باہر",
    "opt.game": "کھیل کی ID (/ludo history دیکھیں)",
    "choice.stacking.forbidden": "منع", "choice.stacking.allowed": "اجازت ہے", "choice.stacking.block": "بلاک",
    "choice.game_end.first": "پہلا", "choice.game_end.all": "سب",
    "choice.timeout_action.ai": "کمپیوٹر کھیلے", "choice.timeout_action.skip": "باری چھوڑیں",
    "choice.timeout_action.forfeit": "باہر",
    # the board picture's alt text (engine.describe)
    "describe.red": "سرخ", "describe.green": "سبز", "describe.yellow": "پیلا", "describe.blue": "نیلا",
    "describe.named": "{name} ({colour})", "describe.and": "{a} اور {b}", "describe.or": "{a} یا {b}",
    "describe.place1": "پہلے نمبر پر {who}", "describe.place2": "دوسرے نمبر پر {who}",
    "describe.place3": "تیسرے نمبر پر {who}", "describe.place4": "چوتھے نمبر پر {who}",
    "describe.team_won": "کھیل ختم: {a} اور {b} ٹیم کے طور پر جیت گئے۔ درجہ بندی: {ranking}۔",
    "describe.over": "کھیل ختم۔ درجہ بندی: {ranking}۔",
    "describe.to_roll": "{who} کو پانسہ پھینکنا ہے۔",
    "describe.to_roll_again": "چھکے کے بعد {who} کو پھر پانسہ پھینکنا ہے۔",
    "describe.last_roll": "پچھلا پانسہ: {dice}۔",
    "describe.to_choose": "{who} کے {dice} آئے: چننا ہے کہ پہلے کون سا پانسہ چلیں۔",
    "describe.to_move": "{who} کو {die} سے چلنا ہے: {moves}۔",
    "describe.to_move_then": "{who} کو {die} سے چلنا ہے (پھر {rest} سے): {moves}۔",
    "describe.token": "گوٹی {n}", "describe.pair": "جوڑی {a}+{b}",
    "describe.teams": "ٹیمیں: {a} اور {b} بمقابلہ {c} اور {d}۔",
    "describe.quick": "تیز کھیل: جس کی پہلی گوٹی گھر پہنچے وہ جیتتا ہے۔",
    "describe.quick_teams": "تیز کھیل: ایک گوٹی گھر پہنچتے ہی کھلاڑی کا کھیل مکمل۔",
    "describe.player": "{who}: {parts}۔", "describe.player_left": "{who}: کھیل چھوڑ دیا۔",
    "describe.no_tokens": "کوئی گوٹی نہیں", "describe.out_of_turns": "باریاں ختم", "describe.finished": "کھیل مکمل",
    "describe.all_home": "چاروں گھر میں", "describe.home": "{n} گھر میں", "describe.in_yard": "{n} ابھی بند",
    "describe.tokens": "گوٹیاں {list}", "describe.on_square": "{what} خانے {square} پر ({of} میں سے)",
    "describe.locked_pair": "{text}، جڑی ہوئی جوڑی", "describe.block": "{text}، بلاک",
    "describe.safe": "{text} (محفوظ)",
    "describe.in_column": plural("left", one="گوٹی {n} گھر کے راستے میں، گھر سے {left} خانہ دور",
                                 other="گوٹی {n} گھر کے راستے میں، گھر سے {left} خانے دور"),
    "describe.on_track": "{n} راستے پر", "describe.in_columns": "{n} گھر کے راستے میں",
    "describe.score": "اسکور {n}",
    "describe.turns_left": plural("n", one="{n} باری باقی", other="{n} باریاں باقی"),
    "describe.column_locked": "گوٹی کاٹنے تک گھر کا راستہ بند",
    # words in the board picture (render)
    "board.red": "سرخ", "board.green": "سبز", "board.yellow": "پیلا", "board.blue": "نیلا",
    "board.left": "{colour} · چھوڑا", "board.placed": "{colour} · گھر ({place})",
    "board.out": "{colour} · باہر", "board.home_count": "{colour} · {tokens} میں سے {home} گھر",
    "board.points": "{score} نمبر",
    "board.place1": "پہلا", "board.place2": "دوسرا", "board.place3": "تیسرا", "board.place4": "چوتھا",
    "board.replay_caption": "{total} میں سے چال {n}",
    "board.chart_title": plural("moves", one="{moves} چال میں جیت کے امکانات",
                                other="{moves} چالوں میں جیت کے امکانات"),
    "board.chart_move": "چال",
    "board.chart_percent": "{value}%", "board.chart_seat": "{colour} ({name})",
    # user installs
    "button.times_up": "وقت ختم",
    "status.deadline_late": " (باری <t:{at}:R> ختم ہو گی؛ اس کے بعد باقی کھلاڑی «وقت ختم» دبا سکتے ہیں)",
    "refused.not_late": "یہ باری ابھی ختم نہیں ہوئی: یہ <t:{at}:R> ختم ہو گی۔ اس کے بعد آپ «وقت ختم» دبا سکتے ہیں۔",
    "refused.late_yours": "آپ کی باری ہے: اپنی چال چلیں۔",
    "refused.no_games_here": "لوڈو کسی سرور کے چینل یا گروپ DM میں کھیلا جاتا ہے: کھیل وہیں شروع کریں۔",
    "refused.thread_here": "کھیل کو اپنا الگ تھریڈ صرف اسی سرور میں ملتا ہے جس میں بوٹ شامل کیا گیا ہو؛ یہاں کھیل "
                           "اسی چیٹ میں ہو گا۔",
    "start.private_here": "اس سرور پر ممبران کی خود شامل کی ہوئی ایپس صرف نجی طور پر جواب دے سکتی ہیں، اس لیے یہاں "
                          "میرے ساتھ کھیل نہیں ہو سکتا۔ کوئی موڈریٹر اس چینل میں «Use External Apps» کی اجازت دے "
                          "سکتا ہے، یا مجھے سرور میں شامل کر سکتا ہے: {link}",
    "choice.language.discord": "سرور کی Discord زبان",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": "اس سرور میں بوٹ کے پیغامات سرور کی Discord زبان میں ہوں گے، ابھی **{language}**۔",
    # tournaments (/ludo tournament, the sign-up and standing message, the tables' threads, the standing's picture)
    "cmd.tournament": "سرور کے لوڈو ٹورنامنٹ: ناک آؤٹ یا سوئس، ایک شام میں یا کئی دنوں تک",
    "cmd.tournament.create": "اس چینل میں ٹورنامنٹ کی رجسٹریشن کھولیں (Manage Server یا Manage Events)",
    "cmd.tournament.standings": "ٹورنامنٹ کی موجودہ صورتحال، صرف آپ کو دکھائی دے گی",
    "cmd.tournament.leave": "ٹورنامنٹ چھوڑیں (شروع ہونے کے بعد، جاری کھیل ہار مان کر)",
    "cmd.tournament.cancel": "ٹورنامنٹ منسوخ کریں (منتظم، یا Manage Server والے)",
    "opt.tournament.format": "ناک آؤٹ: ہر میز کے ٹاپ کھلاڑی اگلے راؤنڈ میں جاتے ہیں؛ سوئس: سب ہر راؤنڈ کھیلتے ہیں",
    "opt.tournament.max_players": "زیادہ سے زیادہ کتنے کھلاڑی، 2 سے 64",
    "opt.tournament.rounds": "صرف سوئس: کتنے راؤنڈ، 1 سے 10",
    "opt.tournament.fill_with_ai": "ہر میز کو کمپیوٹر کھلاڑیوں سے چار نشستوں تک بھریں",
    "opt.tournament.round_hours": "ایک راؤنڈ کتنے گھنٹے چل سکتا ہے؛ تب تک جاری میزیں جیسی ہیں ویسی طے ہوں گی",
    "opt.tournament.id": "ٹورنامنٹ کی ID (طے شدہ: اس چینل والا)",
    "choice.format.knockout": "ناک آؤٹ", "choice.format.swiss": "سوئس",
    "tourney.title": "🏆 **لوڈو ٹورنامنٹ** `{id}`: {format}",
    "tourney.format.knockout": ("ناک آؤٹ (ہر میز کے ٹاپ کھلاڑی اگلے راؤنڈ میں جاتے ہیں، یہاں تک کہ فائنل میز چیمپئن طے "
                                "کر دے)"),
    "tourney.format.swiss": "سوئس، {rounds} راؤنڈ (سب ہر راؤنڈ کھیلتے ہیں؛ پوزیشن کے حساب سے نمبر)",
    "tourney.rules": "منتظم <@{organiser}> · **{preset}**{extra} · {turn} · {round}{fill}",
    "tourney.turn": "ہر باری {minutes} منٹ",
    "tourney.turn_server": "باری کا وقت سرور کی ترتیب کے مطابق",
    "tourney.round_hours": plural("hours", one="ہر راؤنڈ {hours} گھنٹہ", other="ہر راؤنڈ {hours} گھنٹے"),
    "tourney.fill": " · خالی نشستیں کمپیوٹر کھلاڑیوں سے بھری جاتی ہیں",
    "tourney.entrants": "**کھلاڑی ({most} میں سے {count})**",
    "tourney.nobody": "ابھی تک کوئی شامل نہیں ہوا۔",
    "tourney.signup_foot": ("کھیلنے کے لیے «شامل ہوں» دبائیں۔ سب آ جائیں (کم از کم دو کھلاڑی) تو منتظم «شروع کریں» "
                            "دبائے گا۔"),
    "tourney.round": "راؤنڈ {round}", "tourney.round_of": "راؤنڈ {round} ({rounds} میں سے)", "tourney.final": "فائنل",
    "tourney.final_standings": "آخری پوائنٹس ٹیبل",
    "tourney.round_ends": " (<t:{at}:R> ختم ہو گا)",
    "tourney.table": "میز {table} · {where}: {players}",
    "tourney.opening": "کھل رہی ہے…",
    "tourney.playing": "{players} (کھیل جاری)",
    "tourney.ended.settled": " (راؤنڈ کا وقت ختم ہونے پر جیسی تھی ویسی طے ہوئی)",
    "tourney.ended.ended": " (پہلے ہی ختم کی گئی)",
    "tourney.ended.abandoned": " (چھوڑ دی گئی)",
    "tourney.ended.unplayed": " (کبھی نہیں کھیلی گئی: بیٹھنے کی ترتیب سے پوزیشنیں)",
    "tourney.ended.refused": " (نہیں کھیلی گئی: میں یہاں اس کا تھریڈ نہیں بنا سکتا، اس لیے بیٹھنے کی "
        "ترتیب سے پوزیشنیں)",
    "tourney.more_tables": plural("count", one="… اور {count} میز۔", other="… اور {count} میزیں۔"),
    "tourney.legend_through": "✅ اگلے راؤنڈ میں پہنچا۔",
    "tourney.standings_head": "**پوائنٹس ٹیبل**",
    "tourney.score": "{rank}. {name}: {points}، {wins}",
    "tourney.points": "{points} نمبر",
    "tourney.wins": "{wins} جیت",
    "tourney.champion": "🏆 چیمپئن: **{name}**!",
    "tourney.no_champion": "🏁 ٹورنامنٹ بغیر چیمپئن کے ختم ہوا: جیتنے کے لیے کوئی باقی نہیں رہا۔",
    "tourney.cancelled": "❌ یہ ٹورنامنٹ <@{who}> نے منسوخ کیا۔",
    "tourney.thread": "راؤنڈ {round} · میز {table}",
    "tourney.ai_seats": "{count} کمپیوٹر کھلاڑی",
    "tourney.intro": ("🏆 لوڈو ٹورنامنٹ `{id}`، {round}، میز {table}: {players}۔ گڈ لک! راؤنڈ <t:{at}:R> ختم ہو گا؛ "
                      "تب تک جو میز جاری ہو گی، وہ جیسی ہے ویسی طے ہو گی۔"),
    "tourney.announce": "🏆 **{name}** (<@{user}>) لوڈو ٹورنامنٹ `{id}` کا چیمپئن ہے! مبارک ہو!",
    "tourney.announce_none": "🏁 لوڈو ٹورنامنٹ `{id}` ختم ہوا، بغیر چیمپئن کے۔",
    "tourney.left_signup": "اب آپ ٹورنامنٹ `{id}` کی فہرست میں نہیں ہیں۔",
    "tourney.left_running": ("آپ نے ٹورنامنٹ `{id}` چھوڑ دیا: جاری کھیل میں آپ کی ہار مانی گئی (اپنی میز پر آخری "
                             "پوزیشن) اور آپ آگے کوئی راؤنڈ نہیں کھیلیں گے۔"),
    "tourney.cancel_done": "ٹورنامنٹ `{id}` منسوخ ہو گیا: جو میزیں ابھی جاری ہیں وہ چھوڑی ہوئی مان کر ختم ہوں گی۔",
    "status.settled": "⏰ راؤنڈ کا وقت ختم: یہ میز جیسی تھی ویسی طے ہوئی۔",
    "status.table_places": "اس میز پر پوزیشنیں:",
    "stats.tournaments": " ٹورنامنٹ: {played} کھیلے، {won} جیتے۔",
    "standing.champion": "چیمپئن", "standing.cancelled": "منسوخ",
    # the swiss table's headers: short (in two blocks a number's column is as wide as "64"); جیت and کھیلے do not
    # fit their columns, so they are cut to their first letter
    "standing.rank": "#", "standing.player": "کھلاڑی", "standing.points": "نمبر", "standing.wins": "ج",
    "standing.played": "ک",
    "refused.tourney_here": ("ٹورنامنٹ کو تھریڈ چاہییں، اس لیے وہ صرف اسی سرور کے چینلز میں چلتے ہیں جس کا بوٹ ممبر "
                             "ہے۔"),
    "refused.tourney_manage": ("ٹورنامنٹ صرف وہ ممبر بنا سکتے ہیں جن کے پاس «Manage Server» یا «Manage Events» کی "
                               "اجازت ہو۔"),
    "refused.tourney_thread": "ٹورنامنٹ چینل میں چلتا ہے، تھریڈ میں نہیں: اسے چینل ہی میں بنائیں۔",
    "refused.tourney_bot_threads": ("مجھے اس چینل میں تھریڈ بنانے اور ان میں پوسٹ کرنے کی اجازت نہیں («Create Public "
                                    "Threads»، «Send Messages in Threads»)، اور ہر میز اپنے تھریڈ میں کھیلی جاتی ہے: "
                                    "کسی موڈریٹر سے کہیں۔"),
    "refused.tourney_channel_busy": ("اس چینل میں ٹورنامنٹ `{id}` پہلے سے جاری ہے: ایک چینل میں ایک وقت میں ایک ہی "
                                     "ٹورنامنٹ۔"),
    "refused.tourney_format": "یہ کوئی فارمیٹ نہیں: knockout (ناک آؤٹ) یا swiss (سوئس) چنیں۔",
    "refused.tourney_players": "ٹورنامنٹ میں 2 سے {most} کھلاڑی ہو سکتے ہیں۔",
    "refused.tourney_rounds": "سوئس ٹورنامنٹ میں 1 سے {most} راؤنڈ ہوتے ہیں۔",
    "refused.tourney_hours": "ایک راؤنڈ {low} سے {high} گھنٹے چلتا ہے۔",
    "refused.no_tourney": "اس سرور میں کوئی ٹورنامنٹ `{id}` نہیں (یا وہ بہت پہلے ختم ہو گیا)۔",
    "refused.no_tourney_here": "یہاں کوئی ٹورنامنٹ نہیں: اس کی ID بتائیں۔",
    "refused.tourney_forged": "یہ بٹن اس ٹورنامنٹ کا نہیں ہے۔",
    "refused.tourney_started": "یہ ٹورنامنٹ شروع ہو چکا ہے: اب شامل ہونا بند ہے۔",
    "refused.tourney_leave_started": ("یہ ٹورنامنٹ شروع ہو چکا ہے: /ludo tournament leave سے آپ باہر ہو جائیں گے "
                                      "(جاری کھیل ہار مان کر)۔"),
    "refused.tourney_over": "یہ ٹورنامنٹ ختم ہو چکا ہے۔",
    "refused.tourney_joined": "آپ پہلے ہی شامل ہیں۔",
    "refused.tourney_full": "ٹورنامنٹ بھر چکا ہے: {most} کھلاڑی۔",
    "refused.tourney_not_in": "آپ اس ٹورنامنٹ میں نہیں کھیل رہے۔",
    "refused.tourney_organiser_starts": "ٹورنامنٹ صرف منتظم، <@{organiser}>، شروع کر سکتا ہے۔",
    "refused.tourney_two": "ٹورنامنٹ شروع کرنے کے لیے کم از کم دو کھلاڑی چاہییں۔",
    "refused.tourney_organiser_cancels": ("ٹورنامنٹ صرف منتظم، <@{organiser}>، یا «Manage Server» والا ممبر منسوخ کر "
                                          "سکتا ہے۔"),
    "refused.tourney_race": "عین اسی لمحے ٹورنامنٹ بدل گیا: دوبارہ کوشش کریں۔",
}
