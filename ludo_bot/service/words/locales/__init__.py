"""The catalogues of the translation table (see `service.words.i18n`): one module per language, each a `TEXTS` dict."""
