"""The catalogues of the translation table (see `service.i18n`): one module per language, each a `TEXTS` dict."""
