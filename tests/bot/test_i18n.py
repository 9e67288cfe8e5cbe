"""Languages (issues 7 and 25): one translation table for every player-facing sentence, the commands' texts and the
pictures' words. Public messages speak the server's language (stored with the lobby and its game), private answers
the user's. A key missing in a language, a placeholder that differs from English, a counted sentence without exactly
its language's CLDR plural forms, or a key named by the code and missing in the table, fails here (the failure lists
them all: the list of what a new language still lacks)."""

from __future__ import annotations

import importlib
import json
import re
import string
from pathlib import Path

import pytest
from babel import Locale

from ludo_bot import engine
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.messages import board_alt
from ludo_bot.engine.describe import PHRASES
from ludo_bot.playground.standin import StandIn, User
from ludo_bot.render import WORDS, BoardView, render_board
from ludo_bot.service.seats import AI_LEVELS, seat_names
from ludo_bot.service.words.i18n import CATALOGUES, DEFAULT, SPOKEN, language, templates, translate
from ludo_bot.service.words.languages import WRITTEN_TIMES
from ludo_bot.service.words.locales import de
from ludo_bot.service.words.locales.forms import Plural
from ludo_bot.service.words.text import account, action_label, preset_name, ranking_lines, rules_summary, variants
from ludo_bot.storage import GameRecord, LobbyRecord, Seat
from ludo_bot.storage.game_log import new_record
from ludo_bot.storage.records import read_record
from tests.bot.helpers import Clock, answered, click, live_message, private_text, slash, start_game, to_act

ROOT = Path(__file__).resolve().parents[2]
SPEAKING = (ROOT / "ludo_bot" / "bot", ROOT / "ludo_bot" / "service")  # the packages that name phrases
GERMAN_TURN = re.compile(r"<@(\d+)> ist am Zug")
# a key named in the code: translate(locale, "key") or translate_for_picture(...), Refused("key"), Phrase("key", ...),
# described("key"), also as an f-string (f"button.{verb}") or a prefix ("ai." + level)
KEY_CALL = re.compile(r'(?:translate(?:_for_picture)?\([^,()]+,\s*|Refused\(|Phrase\(|described\()'
                      r'(f?)"([^"]+)"(\s*\+)?')
LANGUAGES = sorted(CATALOGUES)


def placeholders(template: str) -> set[str]:
    return {field.split(":")[0] for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def forms(entry: str | Plural) -> dict[str, str]:
    """The templates of a catalogue entry by plural category ("" for a plain one)."""
    return dict(entry.forms) if isinstance(entry, Plural) else {"": entry}


def said_in_words(lang: str, entry: str | Plural, form: str) -> set[str]:
    """The count a form may leave out: where its category is one number alone (Arabic's dual, "قطعتا نرد", is 2),
    the words say the number, as "2 قطعتا نرد" would twice."""
    if not isinstance(entry, Plural) or not form:
        return set()
    picked = [n for n in range(200) if Locale.parse(SPOKEN[lang].cldr).plural_form(n) == form]
    return {entry.count} if len(picked) == 1 else set()


# -- the table ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(set(CATALOGUES) - {DEFAULT}))
def test_every_language_has_every_key_of_english_with_the_same_placeholders(lang: str) -> None:
    """Per plural form too: each form of a counted sentence names the placeholders English names (but the count
    where its form stands for one number alone and says it in words)."""
    english, table = CATALOGUES[DEFAULT], CATALOGUES[lang]
    assert sorted(english.keys() - table.keys()) == [], f"keys missing in {lang}"
    assert sorted(table.keys() - english.keys()) == [], f"keys of {lang} that English does not have"
    wanted = {key: placeholders(forms(english[key])["other"] if isinstance(english[key], Plural) else
                                forms(english[key])[""]) for key in english}
    if lang in WRITTEN_TIMES:  # the bot writes the wait itself, once, in seconds under a minute: not twice
        wanted = {key: names - {"seconds"} if "<t:{at}:R>" in str(english[key]) else names
                  for key, names in wanted.items()}
    differing = {f"{key} {form}": (sorted(wanted[key]), sorted(placeholders(template)))
                 for key in english for form, template in forms(table[key]).items()
                 if not wanted[key] - said_in_words(lang, table[key], form) <= placeholders(template) <= wanted[key]}
    assert differing == {}, f"placeholders differ from English in {lang}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_sentence_has_exactly_its_languages_plural_forms(lang: str) -> None:
    """CLDR's categories for the language (`Locale.parse(code).plural_form.tags` and "other"), no fewer, no more;
    the count the form is picked by is one of the sentence's placeholders (or said in words: `said_in_words`)."""
    cldr = Locale.parse(SPOKEN[lang].cldr)
    expected = set(cldr.plural_form.tags) | {"other"}
    wrong = {key: sorted(entry.forms) for key, entry in CATALOGUES[lang].items()
             if isinstance(entry, Plural) and set(entry.forms) != expected}
    assert wrong == {}, f"{lang}'s plural forms are {sorted(expected)}"
    uncounted = [key for key, entry in CATALOGUES[lang].items()
                 if isinstance(entry, Plural) and any(entry.count not in placeholders(t) | said_in_words(lang, entry, f)
                                                      for f, t in entry.forms.items())]
    assert uncounted == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_keeps_a_glossary_of_ludos_words(lang: str) -> None:
    """Beside its catalogue, the words its players use for Ludo's terms (at least these)."""
    glossary = importlib.import_module(f"ludo_bot.service.words.locales.{lang}").GLOSSARY
    assert {"token", "yard", "start square", "home column", "safe square", "roll", "capture", "block",
            "pair"} <= glossary.keys() and any("finish" in term for term in glossary)  # ("home / finish")
    assert all(isinstance(word, str) and word.strip() for word in glossary.values())


def test_english_counts_what_it_counts() -> None:
    """Every English sentence whose words follow a number is counted (no "1 games"): the converted ones read right
    with 1 and with 2."""
    assert translate("en", "leaderboard.unrated", place=1, user=5, wins=1) == "1. <@5> — 1 win · not rated yet"
    assert translate("en", "games.more", n=1) == "… and 1 more."
    assert translate("en", "rules.dice", n=1) == "1 die" and translate("en", "rules.dice", n=2) == "2 dice"
    assert translate("de", "rules.turn_limit", n=1) == "höchstens 1 Zug pro Person"
    assert translate("de", "settings.after", misses=3) == " (nach 3 verpassten Zügen)"
    counted = {key for key, entry in CATALOGUES[DEFAULT].items() if isinstance(entry, Plural)}
    assert {"games.more", "account.more", "rules.head", "leaderboard.rated", "settings.after", "review.decision",
            "describe.turns_left", "board.chart_title", "replay.alt", "lobby.head"} <= counted


def test_the_table_holds_the_alt_text_phrases_and_picture_words_in_english() -> None:
    for lang in LANGUAGES:  # what the bot hands to engine.describe and render
        assert templates(lang, "describe.", PHRASES).keys() == PHRASES.keys()
        assert templates(lang, "board.", WORDS).keys() == WORDS.keys()
    assert templates(DEFAULT, "describe.", PHRASES) == dict(PHRASES)
    assert templates(DEFAULT, "board.", WORDS) == dict(WORDS)


def test_every_key_the_code_names_is_in_the_table() -> None:
    keys = CATALOGUES[DEFAULT].keys()
    named, unknown = 0, []
    for path in sorted(p for package in SPEAKING for p in package.rglob("*.py")):
        for formatted, key, prefix in KEY_CALL.findall(path.read_text(encoding="utf-8")):
            named += 1
            pattern = re.sub(r"\\\{[^}]*\\\}", ".+", re.escape(key)) if formatted else re.escape(key)
            pattern += ".+" if prefix else ""
            if not any(re.fullmatch(pattern, k) for k in keys):
                unknown.append(f"{path.relative_to(ROOT)}: {key}")
    assert named > 100, "the pattern no longer finds the keys the code names"
    assert unknown == []


def test_command_texts_fit_discord() -> None:
    for lang in LANGUAGES:
        too_long = [key for key, text in CATALOGUES[lang].items()
                    if key.startswith(("cmd.", "opt.", "choice.")) and not (isinstance(text, str) and
                                                                            1 <= len(text) <= 100)]
        assert too_long == [], lang


@pytest.mark.parametrize(("locale", "lang"), [("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", "pt"),
                                              ("ja", "en"), ("zh-CN", "en"), (None, "en")])
def test_a_locale_speaks_its_language_or_english(locale: str | None, lang: str) -> None:
    assert language(locale) == lang


def played(rules: engine.Rules, seed: int) -> tuple[list[engine.GameState], list[engine.Event]]:
    """A random game to its end: some positions on the way, the last one, and every event."""
    state = engine.new_game(rules, (0, 1, 2, 3), seed)
    states: list[engine.GameState] = []
    events: list[engine.Event] = []
    while not state.over:
        state, happened = engine.apply(state, engine.ai.choose(state, "random"))
        events.extend(happened)
        if state.ply % 40 == 0:
            states.append(state)
    return [*states, state], events


PLAYED_RULES = [engine.Rules.preset("classic"), engine.Rules.preset("star", turn_limit=30),
                engine.Rules.preset("strict", dice=2, end_path=4), engine.Rules.preset("twodice", stacking="allowed"),
                engine.Rules.preset("classic", quick=True, kill_to_unlock=True, game_end="all"),
                engine.Rules.preset("classic", teams=True, capture_bonus=True)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_words_and_picture_of_whole_games_come_from_the_table(lang: str) -> None:
    """Whole games of every preset and variant through the bot's words (a key missing raises KeyError)."""
    record = new_record("game1", guild_id=1, channel_id=2, host_id=3, rules=engine.Rules.preset("classic"),
                        seats=[Seat(seat=s, ai_level=level) for s, level in enumerate((0, 1, 2, 3))], seed=1)
    names = seat_names(record, lang)
    assert len(AI_LEVELS) == 4 and len(set(names.values())) == 4
    kinds: set[str] = set()
    for seed, rules in enumerate(PLAYED_RULES):
        assert rules_summary(rules, lang) and variants(rules, lang) is not None
        states, events = played(rules, seed)
        kinds |= {e.kind for e in events}
        assert account(events, names, limit=10**6, lang=lang)
        for state in states:
            assert all(action_label(state, a, lang) for a in engine.legal_actions(state))
            assert board_alt(record.model_copy(update={"rules": engine.notation.rules_text(rules)}), state, lang)
            render_board(state, BoardView(events=tuple(events[-12:]), words=templates(lang, "board.", WORDS)))
        assert ranking_lines(states[-1], names, lang)
    assert {engine.events.CAPTURED, engine.events.TOKEN_HOME, engine.events.GAME_OVER} <= kinds


def test_the_german_picture_and_alt_text_differ_from_the_english() -> None:
    state = engine.position(engine.Rules.preset("star"), {0: (14, 14, -1, -1), 2: (-1,) * 4}, current=0, dice=(6,))
    german = BoardView(words=templates("de", "board.", WORDS))
    assert render_board(state, german) != render_board(state, BoardView())
    record = new_record("game1", guild_id=1, channel_id=2, host_id=3, rules=state.rules,
                        seats=[Seat(seat=0, user_id=5, name="Ann"), Seat(seat=2, ai_level=1)], seed=1)
    assert board_alt(record, state, "de").startswith(
        "Ann (Rot) zieht mit der 6: Figur 1, Figur 2, Figur 3, Figur 4 oder Paar 1+2.\n"
        "Ann (Rot): 2 im Startbereich, Figuren 1 und 2 auf Feld 15 von 51")


def test_records_stored_before_languages_load_as_english() -> None:
    lobby = LobbyRecord(id="lobby1", guild_id=1, channel_id=2, host_id=3, locale="de")
    old = {k: v for k, v in json.loads(lobby.stored_json()).items() if k != "locale"}
    assert read_record(LobbyRecord, "k", json.dumps(old), version=1).locale == "en-US"
    game = new_record("game1", guild_id=1, channel_id=2, host_id=3, rules=engine.Rules.preset("classic"),
                      seats=[Seat(seat=0, user_id=5), Seat(seat=2, ai_level=1)], seed=1)
    old = {k: v for k, v in json.loads(game.stored_json()).items() if k != "locale"}
    assert read_record(GameRecord, "k", json.dumps(old), version=1).locale == "en-US"


# -- through Discord ------------------------------------------------------------------------------------------
async def start_german_game(standin: StandIn, ludo: LudoBot, host: User, player: User) -> None:
    """A 2-player game opened and started in the (German) default guild."""
    opened = await answered(await standin.slash(host, standin.channel, "ludo", "start", options={"seats": 2}), ludo)
    lobby = await opened.result()
    assert lobby is not None
    await click(standin, ludo, player, lobby, label="Beitreten")
    await click(standin, ludo, host, lobby, label="Starten")
    assert live_message(standin, standin.channel) is not None


async def test_a_german_guild_gets_german_lobby_and_game_messages_buttons_and_alt_text(standin: StandIn,
                                                                                      ludo: LudoBot) -> None:
    standin.guild.locale = "de"
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    opened = await answered(await standin.slash(alice, standin.channel, "ludo", "start", options={"seats": 2}), ludo)
    lobby = await opened.result()
    assert lobby is not None and "**Ludo-Lobby**" in lobby.content and "2. (frei)" in lobby.content
    assert lobby.labels() == ["Beitreten", "Verlassen", "Starten", "Abbrechen", "Rot", "Grün", "Gelb", "Blau",
                              "KI hinzufügen (zufällig)", "KI hinzufügen (gierig)", "KI hinzufügen (Experte)"]
    await click(standin, ludo, bob, lobby, label="Beitreten")
    assert f"1. <@{alice.id}> — Rot\n2. <@{bob.id}> — Gelb" in lobby.content
    await click(standin, ludo, alice, lobby, label="Starten")
    assert "Wurf um die Reihenfolge: " in lobby.content and "Reihenfolge: " in lobby.content  # (game or lobby)

    german_labels = re.compile(r"Würfeln|Zuschauen|Figur \d einsetzen|Figur \d: \d+ → (\d+|Ziel)|Erst die \d"
                               r"|Eine Figur einsetzen \([\d/]+\)|Eine Figur \([\d/]+\): \d+ → (\d+|Ziel)")
    accounts = []
    for _ in range(12):
        live = live_message(standin, standin.channel)
        assert live is not None
        accounts.append(live.content)
        assert all(german_labels.fullmatch(label) for label in live.labels()), live.labels()
        found = GERMAN_TURN.search(live.content)
        assert found and "🔒 Würfel-Seed versiegelt: `" in live.content and "It is" not in live.content
        alt = live.file("board.png").description
        assert alt is not None and " (Rot)" in alt and ("würfelt" in alt or "zieht mit der" in alt), alt
        await click(standin, ludo, standin.users[int(found[1])], live, custom_id=live.custom_ids()[0])
    assert any(re.search(r"🎲 \w+ würfelt \d", content) for content in accounts)  # what happened, in German


async def test_a_german_user_is_answered_privately_in_german_in_an_english_game(standin: StandIn,
                                                                                ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    before = (live.content, live.labels())
    mover = to_act(standin, live)
    waiting, colour = (bob, "Rot") if mover is alice else (alice, "Gelb")
    playing = alice if waiting is bob else bob

    outsider = await click(standin, ludo, eve, live, label="Roll", locale="de")
    assert private_text(outsider) == de.TEXTS["refused.not_playing"]
    not_yours = await click(standin, ludo, waiting, live, label="Roll", locale="de")
    assert private_text(not_yours) == f"Du bist nicht am Zug: <@{playing.id}> ist dran ({colour})."  # who, by name
    rules = await answered(await standin.slash(eve, standin.channel, "ludo", "rules", options={"preset": "star"},
                                               locale="de"), ludo)
    assert "Sterne sind sicher" in private_text(rules)

    view = await (await click(standin, ludo, eve, live, label="Spectate", locale="de")).result()
    assert view is not None and view.ephemeral and view.labels() == ["Aktualisieren"]
    assert "Zuschauen bei Ludo" in view.content and GERMAN_TURN.search(view.content)
    alt = view.file("board.png").description
    assert alt is not None and "würfelt." in alt
    assert (live.content, live.labels()) == before and "It is <@" in live.content  # the public message: English
    assert live.labels() == ["Roll", "Spectate"]


async def test_an_impossible_start_is_refused_in_german_and_urdu_without_the_engines_english(
        standin: StandIn, ludo: LudoBot) -> None:
    """/ludo start preset:classic end_path:5 (issue 44, item 5): the reason in the reader's words; the German answer
    was "Diese Regeln passen nicht zusammen: end_path: only the strict preset takes an end path length"."""
    alice = standin.add_user("alice")
    german = await answered(await standin.slash(alice, standin.channel, "ludo", "start", locale="de",
                                                options={"preset": "classic", "end_path": 5}), ludo)
    assert private_text(german) == ("Diese Regeln passen nicht zusammen: `end_path` (die Länge der Zielgerade) gibt "
                                    "es nur bei der Regelvorlage **Streng**")
    await slash(standin, ludo, standin.owner, standin.channel, "settings", language="ur")
    urdu = private_text(await answered(await standin.slash(alice, standin.channel, "ludo", "start", locale="ja",
                                                           options={"preset": "classic", "end_path": 5}), ludo))
    assert urdu.startswith("یہ اصول ایک ساتھ نہیں چل سکتے: ") and "گھر کے راستے کی لمبائی" in urdu
    assert "only" not in urdu and "preset" not in urdu
    assert not standin.messages(standin.channel)  # no lobby opened


async def test_the_deadline_worker_speaks_the_language_stored_with_the_game(standin: StandIn, ludo: LudoBot,
                                                                            clock: Clock) -> None:
    standin.guild.locale = "de"
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2, reminder_minutes=1,
                timeout_action="skip")
    await start_german_game(standin, ludo, alice, bob)
    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    assert "du bist im Ludo-Spiel" in reminder.content and "dein Zug endet <t:" in reminder.content
    clock.advance(60)
    skipped = await standin.wait_for_message(standin.channel, lambda m: "⌛" in m.content)
    assert "hat die Zeit überschritten" in skipped.content and "wurde übersprungen." in skipped.content
    assert GERMAN_TURN.search(skipped.content)


async def test_the_synced_commands_carry_descriptions_and_choice_names_in_every_discord_locale_spoken(
        standin: StandIn, ludo: LudoBot) -> None:
    """German, Brazilian Portuguese and every other Discord locale with a catalogue (Spanish twice: es-ES and
    es-419); never a language Discord does not have (Arabic, Urdu, Bengali: the stand-in refuses them as Discord
    does)."""
    spoken = {locale: lang.code for lang in SPOKEN.values() if lang.code != DEFAULT for locale in lang.discord}
    assert {"de", "pt-BR"} <= spoken.keys()

    def localized(key: str) -> dict[str, str]:
        return {locale: translate(locale, key) for locale in spoken}

    (group,) = standin.commands[None].values()
    assert group["name"] == "ludo" and group["description"] == "Play Ludo in this channel"
    assert group["description_localizations"] == localized("cmd.ludo")
    commands = {c["name"]: c for c in group["options"]}
    assert {name: c["description_localizations"] for name, c in commands.items()} == {
        name: localized(f"cmd.{name}") for name in commands}
    options = {o["name"]: o for o in commands["start"]["options"]}
    assert options["seats"]["description_localizations"]["de"] == "Plätze, 2 bis 4"
    assert options["seats"]["description_localizations"]["pt-BR"] == CATALOGUES["pt"]["opt.start.seats"]
    assert [(c["name"], c["value"], c["name_localizations"]["de"]) for c in options["stacking"]["choices"]] == [
        ("forbidden", "forbidden", "verboten"), ("allowed", "allowed", "erlaubt"), ("block", "block", "Sperre")]
    assert not group.get("name_localizations") and not commands["start"].get("name_localizations")  # names: English
    undescribed = [f"{command}.{option['name']}" for command, c in commands.items() for option in c["options"]
                   if set(option.get("description_localizations") or {}) != spoken.keys()]
    assert undescribed == []  # every option of every command is described in every language Discord has
    languages = {o["name"]: o for o in commands["settings"]["options"]}["language"]
    *named, follow = languages["choices"]
    assert [(c["name"], c["value"]) for c in named] == [(lang.name, code) for code, lang in SPOKEN.items()]
    assert all(not c.get("name_localizations") for c in named)  # each named in its own words
    # and the way back to the server's Discord locale, in the reader's language
    assert (follow["name"], follow["value"]) == (translate("en", "choice.language.discord"), "discord")
    assert set(follow["name_localizations"]) == spoken.keys()


async def test_a_preset_is_named_in_the_readers_words_as_the_command_lists_it(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 44, item 9: "Ludo-Lobby ... lädt zu **classic** ein": a preset's name was English in every language.
    It is named as the reader's Discord lists /ludo start's choices: in German "Klassisch", both in the list and in
    the sentences; in Urdu, which Discord lists in English, "classic"."""
    (group,) = standin.commands[None].values()
    start = {o["name"]: o for o in {c["name"]: c for c in group["options"]}["start"]["options"]}
    assert [(c["value"], c["name_localizations"]["de"]) for c in start["preset"]["choices"]] == [
        ("classic", "Klassisch"), ("star", "Stern"), ("strict", "Streng"), ("twodice", "Zwei Würfel")]
    alice = standin.add_user("alice")
    standin.guild.locale = "de"
    lobby = await (await slash(standin, ludo, alice, standin.channel, "start", preset="star")).result()
    assert lobby is not None and "lädt zu **Stern** für 4 Spieler ein" in lobby.content
    assert "**\u2068star\u2069**" in translate("ur", "lobby.head", host=1, rules=preset_name("star"), extra="", seats=4)


def test_numbers_take_the_languages_decimal_mark() -> None:
    assert translate("de", "stats.rating", ordinal=12.5, mu=25.0, sigma=8.333) == "Wertung **12,5** (μ 25,0, σ 8,3)"
    assert translate("en-GB", "stats.rating", ordinal=12.5, mu=25.0, sigma=8.333) == "rating **12.5** (μ 25.0, σ 8.3)"
    assert "**1.234,5** (μ 25,0, σ 8,3)" in translate("pt-BR", "stats.rating", ordinal=1234.5, mu=25.0, sigma=8.333)
