"""The words players read: `i18n` (`translate` and the terms), `languages` (the languages spoken and their CLDR
forms), `locales` (one catalogue per language) and `text` (button labels, accounts of what happened, rule
summaries). Pure: nothing here reads storage or imports the rest of the service."""
