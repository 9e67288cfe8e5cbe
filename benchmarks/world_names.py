"""Names as players write them, for the benchmarks that play the world (`benchmarks.load`, the fuzz's nicknames):
names in the scripts of the world, and emoji sequences (skin tones, flags, joined and keycap sequences)."""

SCRIPTS = ("अनन्या", "क्षत्रिय", "রবীন্দ্রনাথ", "محمد علي", "پاکستان", "שָׁלוֹם", "สมชาย", "Дмитрий", "Αλέξανδρος",
           "Nguyễn Thị Ánh", "Zoë Ştefan", "Ağaoğlu", "张伟", "張偉", "さくら", "김민준")
EMOJI = ("👩🏽‍💻", "🇧🇷", "🇮🇳", "👍🏿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "❤️", "🎲", "👨‍👩‍👧‍👦")
