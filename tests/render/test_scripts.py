"""Names in every script are drawn as written: letters (not the empty boxes of a font without them), their marks,
right-to-left names in their order, emoji in colour; a long name is cut between grapheme clusters; a character no
font has is one placeholder; the same name gives the same pixels."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from collections.abc import Callable, Iterator
from itertools import combinations

import pytest
from PIL import Image, ImageDraw, ImageFont, features

from ludo_bot.engine.game import new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.render import fonts, typeset
from ludo_bot.render.board import render_board
from ludo_bot.render.sprites import text_sprite, text_width
from ludo_bot.render.typeset import ELLIPSIS, PLACEHOLDER, clusters, cut, line, runs
from ludo_bot.render.view import DEFAULT_SIZE, BoardView

INK = (20, 20, 20)
# Letters of each script the issue names: each must draw as itself, unlike every other.
LETTERS: dict[str, str] = {
    "latin": "aäăâåãąçčđéëěęğıłñőøşšţțüůűžß",
    "vietnamese": "ơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
    "cyrillic": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяґєїў",
    "greek": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ",
    "devanagari": "अआइईउऊएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह",
    "bengali": "অআইঈউঊএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "urdu": "ٹڈڑںےہھگچپژک",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשת",
    "thai": "กขคงจฉชซญฎฏฐณดตถทธนบปผพฟภมยรลวศษสหอฮ",
    "simplified chinese": "张伟学习马龙东",
    "traditional chinese": "張偉學習馬龍東",
    "japanese": "あいうえおかきくけこアイウエオカキ",
    "korean": "가나다라마바사아자차카타파하",
}
NAMES: dict[str, str] = {
    "latin": "Zoë Ştefan", "vietnamese": "Nguyễn Thị Ánh", "cyrillic": "Дмитрий Ёжиков", "greek": "Αλέξανδρος",
    "devanagari": "अनन्या क्षत्रिय", "bengali": "রবীন্দ্রনাথ ঠাকুর", "arabic": "محمد علي", "urdu": "پاکستان ٹیم",
    "hebrew": "שָׁלוֹם", "thai": "สมชาย", "simplified chinese": "张伟", "traditional chinese": "張偉",
    "japanese": "さくら 桜", "korean": "김민준",
}


def _ink(image: Image.Image) -> bytes:
    """The drawn pixels of a text image: its alpha channel."""
    return image.getchannel("A").tobytes()


@pytest.mark.parametrize("script", LETTERS)
def test_each_script_draws_its_letters_each_unlike_the_others(script: str) -> None:
    drawn = {letter: _ink(line(letter, 24, INK)) for letter in LETTERS[script]}
    for letter, ink in drawn.items():
        assert any(ink), f"{letter!r} drew nothing"
        assert all(run.face is not None for run in runs(letter)), f"{letter!r} is drawn as the placeholder"
    same = [(a, b) for (a, ia), (b, ib) in combinations(drawn.items(), 2) if ia == ib]
    assert not same, f"letters drawn alike (as a font's empty box is): {same[:5]}"


def test_a_font_without_the_letters_draws_them_alike() -> None:
    # what the test above catches: Pillow's built-in font draws every one of these as the same empty box
    builtin = ImageFont.load_default(size=24)
    boxes = set()
    for letter in LETTERS["devanagari"][:10]:
        image = Image.new("L", (40, 40), 0)
        ImageDraw.Draw(image).text((5, 5), letter, font=builtin, fill=255)
        boxes.add(image.tobytes())
    assert len(boxes) == 1


@pytest.mark.parametrize("script", NAMES)
def test_each_scripts_name_draws_whole_in_the_panel(script: str) -> None:
    name = NAMES[script]
    sprite = text_sprite(name, 18)
    assert all(run.face is not None for run in runs(name))
    assert sprite.mask is not None and sprite.mask.getbbox() is not None
    placeholders = text_sprite(PLACEHOLDER * len(clusters(name)), 18)
    assert sprite.image.tobytes() != placeholders.image.tobytes()


@pytest.mark.parametrize(("marked", "bare"), [("Zoë Ştefan", "Zoe Stefan"), ("Ağaoğlu Şükrü", "Agaoglu Sukru"),
                                               ("Nguyễn Thị Ánh", "Nguyen Thi Anh"), ("Grüße", "Gruesse")])
def test_letters_keep_their_marks(marked: str, bare: str) -> None:
    assert _ink(line(marked, 20, INK)) != _ink(line(bare, 20, INK))
    # every mark drawn: each marked letter alone differs from its bare letter
    for a, b in zip(marked, bare, strict=False):
        if a != b and b.isascii():
            assert _ink(line(a, 20, INK)) != _ink(line(b, 20, INK)), a


def test_a_combining_mark_draws_like_the_composed_letter() -> None:
    assert _ink(line("Zoe\u0308", 20, INK)) == _ink(line("Zoë", 20, INK))


def _columns(image: Image.Image, wanted: Callable[[tuple[int, int, int, int]], bool]) -> list[int]:
    """The pixel columns of an RGBA image holding a pixel that is `wanted`."""
    width, height = image.size
    data = image.tobytes()
    return sorted({x for x in range(width) for y in range(height)
                   if wanted(tuple(data[4 * (y * width + x):4 * (y * width + x) + 4]))})  # type: ignore[arg-type]


def _emoji_columns(image: Image.Image) -> list[int]:
    """Where the 🎲's red is drawn."""
    return _columns(image, lambda p: p[3] > 200 and p[0] > 180 and p[1] < 90 and p[2] < 90)


def _text_columns(image: Image.Image) -> list[int]:
    """Where the letters (drawn in `INK`) are."""
    return _columns(image, lambda p: p[3] > 128 and p[:3] == INK)


def test_a_right_to_left_name_reads_from_the_right() -> None:
    # the die ends both names: after a left-to-right name it stands on the right, after a right-to-left one on the
    # left (its end), wherever the name itself is put in the left-to-right panel
    rtl, ltr = line("محمد علي 🎲", 24, INK), line("Ann Lee 🎲", 24, INK)
    assert max(_emoji_columns(rtl)) < min(_text_columns(rtl))
    assert min(_emoji_columns(ltr)) > max(_text_columns(ltr))
    # and its first word is on the right: "محمد" drawn alone covers the right end
    word = line("محمد", 24, INK)
    assert min(_text_columns(rtl)) < rtl.width - word.width


def test_a_left_to_right_word_in_a_right_to_left_name_stays_in_its_place() -> None:
    order = runs("علي Ali 🎲")
    assert [run.face for run in order][:2] == ["emoji", "sans"]  # visual: 🎲, Ali, then علي on the right
    assert order[-1].face == "arabic" and order[-1].rtl


@pytest.mark.skipif(not fonts.shaping(), reason="Pillow here has no Raqm (FriBiDi missing): shaping is off")
def test_shaping_joins_arabic_and_forms_conjuncts() -> None:
    # Arabic letters joined differ from the same letters kept apart by zero-width non-joiners; a Devanagari
    # conjunct is one form, narrower than its parts
    assert _ink(line("محمد", 24, INK)) != _ink(line("\u200c".join("محمد"), 24, INK))
    assert _ink(line("क्ष", 24, INK)) != _ink(line("क\u200c्ष", 24, INK))  # (ZWNJ: the halant shown, no conjunct)
    assert typeset.width("क्ष", 24) < typeset.width("क्", 24) + typeset.width("ष", 24)


@pytest.mark.parametrize("name", ["👩🏽‍💻" * 12, "🇧🇷🇮🇳🇧🇩🇹🇷🇸🇦🇳🇬🇮🇩🇵🇰" * 2, "👍🏿 " * 15, "क्षत्रिय" * 6,
                                  "Nguyễn Thị Ánh " * 5, "محمد علي " * 6])
def test_a_long_name_is_cut_between_clusters_with_an_ellipsis(name: str) -> None:
    room = 150
    sprite = text_sprite(name, 18, max_width=room)
    assert sprite.size[0] <= room + 2
    kept = cut(name, 18, room, text_width)
    assert kept.endswith(ELLIPSIS)
    whole = clusters(name)
    kept_clusters = clusters(kept[:-1])
    assert kept_clusters == whole[:len(kept_clusters)]  # whole clusters: a start of the name's own
    assert 0 < len(kept_clusters) < len(whole)


def test_an_emoji_sequence_is_one_image() -> None:
    # a woman with a skin tone at a laptop, a flag, a keycap: one cluster and one image each
    for emoji in ("👩🏽‍💻", "🇧🇷", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"):
        assert clusters(emoji) == [emoji]
        assert fonts.emoji_name(emoji) is not None
        assert [run.face for run in runs(emoji)] == ["emoji"]
    assert line("👍🏿", 24, INK).tobytes() != line("👍", 24, INK).tobytes()  # the skin tone drawn


def test_a_character_no_font_has_is_one_placeholder() -> None:
    unknown = ("\u0378", "\U0010fffd", "\U000f0000")  # unassigned, private use
    drawn = {line(c, 20, INK).tobytes() for c in unknown}
    assert drawn == {line(PLACEHOLDER, 20, INK).tobytes()}
    assert [run.face for run in runs("a\u0378b")] == ["sans", None, "sans"]


def _board(names: tuple[str, ...]) -> bytes:
    state = new_game(Rules.preset("star"), (0, 1, 2, 3), seed=7)
    return render_board(state, BoardView(names=names))


SCRIPT_NAMES = ("अनन्या 🎲", "محمد علي 🇵🇰", "Дмитрий 👍🏽", "张伟 👩‍💻")


def test_the_same_names_give_the_same_bytes_in_another_process() -> None:
    here = hashlib.sha256(_board(SCRIPT_NAMES)).hexdigest()
    assert hashlib.sha256(_board(SCRIPT_NAMES)).hexdigest() == here
    code = ("import hashlib; from tests.render.test_scripts import _board, SCRIPT_NAMES; "
            "print(hashlib.sha256(_board(SCRIPT_NAMES)).hexdigest())")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert fresh.stdout.strip() == here


def test_the_board_draws_names_in_many_scripts() -> None:
    plain = Image.open(io.BytesIO(_board(("Ruby", "Jade", "Amber", "Indigo"))))
    scripts = Image.open(io.BytesIO(_board(SCRIPT_NAMES)))
    assert plain.size == scripts.size == DEFAULT_SIZE
    assert plain.tobytes() != scripts.tobytes()


@pytest.fixture
def unshaped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pillow as where FriBiDi is missing: Raqm reported unavailable (every cache of shaped text emptied)."""
    caches = (fonts.shaping, fonts.font, typeset.runs, typeset.width, typeset.line, typeset.line_box)

    def clear() -> None:
        for cache in caches:
            cache.cache_clear()

    real = features.check
    monkeypatch.setattr(features, "check", lambda name: False if name == "raqm" else real(name))
    clear()
    yield
    monkeypatch.undo()
    clear()


@pytest.mark.usefixtures("unshaped")
def test_without_fribidi_every_letter_is_still_drawn_in_its_order() -> None:
    assert not fonts.shaping()
    warning = fonts.shaping_warning()
    assert warning is not None and "FriBiDi" in warning
    for script in ("arabic", "devanagari", "hebrew"):
        drawn = {_ink(line(letter, 24, INK)) for letter in LETTERS[script]}
        assert len(drawn) == len(LETTERS[script]) and all(any(ink) for ink in drawn)
    rtl = line("محمد علي 🎲", 24, INK)
    assert max(_emoji_columns(rtl)) < min(_text_columns(rtl))
    assert [run.face for run in runs("👩🏽‍💻")] == ["emoji"]  # emoji are images, shaped or not


FANCY = ("𝓐𝓵𝓲𝓬𝓮", "𝔄𝔩𝔦𝔠𝔢", "𝔸𝕝𝕚𝕔𝕖", "𝐀𝐥𝐢𝐜𝐞", "Ａｌｉｃｅ")


def test_names_in_styled_letters_draw_as_letters_each_unlike_the_others() -> None:
    # the letters of "font generator" sites: no font of ours has the mathematical alphanumerics, so they are drawn
    # as their plain letters in a style of their own; the fullwidth ones as written (the CJK font has them)
    drawn = {name: _ink(line(name, 24, INK)) for name in FANCY}
    for name, ink in drawn.items():
        assert all(run.face is not None for run in runs(name)), f"{name} is drawn as placeholders"
        assert ink != _ink(line(PLACEHOLDER * 5, 24, INK))
    same = [(a, b) for (a, ia), (b, ib) in combinations(drawn.items(), 2) if ia == ib]
    assert not same, f"styled names drawn alike: {same}"
    assert drawn["𝐀𝐥𝐢𝐜𝐞"] != _ink(line("Alice", 24, INK))  # bold, not the plain name


def test_two_styled_names_on_the_board_differ() -> None:
    assert _board(("𝓐𝓵𝓲𝓬𝓮", "Bo", "Cy", "Di")) != _board(("𝔄𝔩𝔦𝔠𝔢", "Bo", "Cy", "Di"))
