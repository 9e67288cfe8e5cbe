"""The catalogues of the translation table (see `bot.i18n`): one module per language, each a `TEXTS` dict."""
