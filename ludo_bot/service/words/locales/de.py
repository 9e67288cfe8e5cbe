"""German (informal "du", as on Discord): every key of `locales.en`, translated; counted sentences have the
forms "one" and "other" (CLDR), picked by the value their `plural` names."""

from __future__ import annotations

from ludo_bot.service.words.locales.forms import Plural, plural

# Ludo's words as German players say them ("Mensch ärgere Dich nicht" is Ludo's German cousin: its words)
GLOSSARY: dict[str, str] = {
    "token": "Figur", "yard": "Startbereich", "start square": "Startfeld", "track": "Laufbahn",
    "home column": "Zielgerade", "finish": "Ziel", "safe square": "sicheres Feld", "star": "Stern",
    "roll": "würfeln", "die": "Würfel", "capture": "schlagen", "block": "Sperre", "pair": "Paar", "turn": "Zug",
    "move": "Zug", "lobby": "Lobby", "rematch": "Revanche", "seat": "Platz", "preset": "Regelvorlage",
}

TEXTS: dict[str, str | Plural] = {
    # colours are nouns in German sentences, so they are capitalized
    "colour.red": "Rot", "colour.green": "Grün", "colour.yellow": "Gelb", "colour.blue": "Blau",
    "word.and": "{a} und {b}",
    "word.comma": "{a}, {b}",
    "ai.random": "zufällig", "ai.greedy": "gierig", "ai.expert": "Experte", "ai.master": "Meister",
    "seat.ai": "KI {colour} ({level})",
    # buttons
    "button.roll": "Würfeln", "button.die_first": "Erst die {value}", "button.enter": "Figur {token} einsetzen",
    "button.move": "Figur {token}: {start} → {end}", "button.pair": "Paar {a}+{b}: {start} → {end}",
    "button.enter_any": "Eine Figur einsetzen ({tokens})",
    "button.move_any": "Eine Figur ({tokens}): {start} → {end}",
    "button.pair_any": "Ein Paar ({pairs}): {start} → {end}",
    "button.home": "Ziel",
    "button.join": "Beitreten", "button.leave": "Verlassen", "button.start": "Starten", "button.cancel": "Abbrechen",
    "button.ai0": "KI hinzufügen (zufällig)", "button.ai1": "KI hinzufügen (gierig)",
    "button.ai2": "KI hinzufügen (Experte)",
    "button.ai3": "KI hinzufügen (Meister)",
    "button.spectate": "Zuschauen", "button.refresh": "Aktualisieren", "button.replay": "Wiederholung",
    "button.rematch": "Revanche",
    # what happened
    "event.rolled": "🎲 {who} würfelt {dice}.",
    "event.entered": "{who} setzt Figur {token} ein.",
    "event.moved": "{who} zieht Figur {token} von Feld {start} auf Feld {end}.",
    "event.captured": "💥 {who} schlägt {victims}.",
    "event.victim": "Figur {token} von {owner}",
    "event.bonus_roll": "{who} darf noch einmal würfeln.",
    "event.third_six": "Dritte 6 in Folge: der Zug von {who} ist vorbei.",
    "event.die_forfeited": "{who} kann die {die} nicht nutzen.",
    "event.token_home": "🏠 Figur {token} von {who} ist im Ziel.",
    "event.finished": "🏁 {who} ist fertig!",
    "event.out_of_turns": "{who} hat alle Züge aufgebraucht.",
    "event.resigned": "{who} hat das Spiel verlassen.",
    "event.skipped": "{who} wurde übersprungen.",
    "event.game_over": "🏆 Spiel vorbei: {who} gewinnt!",
    "ranking.points": plural("points", one=" — {points} Punkt", other=" — {points} Punkte"),
    "ranking.left": " (ausgestiegen)",
    # /ludo rules
    "rules.head": plural("home", one="**{name}**: Laufbahn mit {track} Feldern, {home} Zielfeld, {dice}.",
                         other="**{name}**: Laufbahn mit {track} Feldern, {home} Zielfelder, {dice}."),
    "rules.one_die": "1 Würfel", "rules.dice": plural("n", one="{n} Würfel", other="{n} Würfel"),
    "rules.enter": "Mit einer {value} kommt eine Figur ins Spiel.",
    "rules.enter_either": "Mit einer {value} auf einem der beiden Würfel kommt eine Figur ins Spiel.",
    "rules.bonus_on_six": "eine 6 bringt einen weiteren Wurf",
    "rules.third_six": "eine dritte 6 in Folge beendet den Zug",
    "rules.capture_bonus": "wer schlägt, darf noch einmal würfeln",
    "rules.safe_starts": "Startfelder und Sterne sind sicher", "rules.safe_stars": "Sterne sind sicher",
    "rules.stacking_forbidden": "du darfst nicht auf einer eigenen Figur landen",
    "rules.stacking_allowed": "deine Figuren dürfen sich ein Feld teilen",
    "rules.stacking_block": "zwei deiner Figuren auf einem Feld bilden eine Sperre, an der niemand vorbeikommt",
    "rules.pairs": "eine Sperre darf mit einem geraden Wurf als Paar ziehen",
    "rules.scoring": "jedes Feld bringt einen Punkt; jede Figur im Ziel vervielfacht die Punkte",
    "rules.turn_limit": plural("n", one="höchstens {n} Zug pro Person", other="höchstens {n} Züge pro Person"),
    "rules.kill_to_unlock": "eine Figur darf erst in ihre Zielgerade, wenn ihr Spieler jemanden geschlagen hat",
    "rules.teams": "2 gegen 2: Rot und Gelb gegen Grün und Blau; Partner schlagen sich nie gegenseitig, "
                   "ein Team gewinnt, wenn beide Partner im Ziel sind",
    "rules.quick": "schnell: wer die erste Figur ins Ziel bringt, ist fertig",
    "rules.first_wins": "wer zuerst im Ziel ist, gewinnt",
    "rules.all_places": "nach dem Sieger spielen die anderen um die übrigen Plätze weiter",
    "rules.default_here": "In diesem Kanal läuft kein Spiel. Das sind die Regeln, mit denen /ludo start hier spielt, "
                          "wenn keine Regelvorlage gewählt wird. Die Option `preset` von /ludo rules erklärt die "
                          "anderen.",
    "rules.default_dm": "Ludo wird in einem Serverkanal oder einem Gruppenchat gespielt. Dort spielt /ludo start mit "
                        "diesen Regeln, außer du wählst eine Regelvorlage oder der Server hat eine andere "
                        "eingestellt. Die Option `preset` von /ludo rules erklärt die anderen.",
    "variant.quick": "schnell", "variant.kill_to_unlock": "erst schlagen", "variant.teams": "Teams",
    # the lobby
    "lobby.head": plural(
        "seats", one="🎲 **Ludo-Lobby** — <@{host}> lädt zu **{rules}**{extra} für {seats} Spieler ein.",
        other="🎲 **Ludo-Lobby** — <@{host}> lädt zu **{rules}**{extra} für {seats} Spieler ein."),
    "lobby.ai": "KI ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(frei)",
    "lobby.foot": "Tritt bei (oder wähle deine Farbe), dann startet der Host das Spiel (mindestens 2 Spieler).",
    "lobby.side_by_side": ("⚠️ Spielen nur diese beiden, sitzen sich die Spieler gegenüber (Rot und Gelb oder Grün "
                           "und Blau): {who}, wähle {colour}, außer es kommt noch ein dritter Spieler dazu."),
    "lobby.rematch": "🔁 Revanche für das Spiel `{id}`.",
    "lobby.not_tournament": "🤝 Ein Spiel für sich, kein Teil des Turniers `{id}`: an dessen Stand ändert es nichts.",
    "lobby.invited": "{players}: drückt **Beitreten** oder eure Farbe, um noch einmal zu spielen.",
    "rematch.opened_there": "Die Revanche-Lobby ist in <#{channel}> offen.",
    "lobby.started": "🎲 Das Spiel hat begonnen.\n{order}",
    "lobby.cancelled": "Diese Ludo-Lobby wurde abgebrochen.",
    # the game message
    "game.header": "🎲 **Ludo — {rules}**{extra} · Spiel `{id}`",
    "game.caption": "Spiel {id} · Zug {ply}",
    "game.seed": ("🔓 Würfel-Seed `{seed}` (sha256 `{digest}`, wie vor dem Spiel angezeigt): prüfe jeden Wurf mit "
                  "`/ludo verify {id}`."),
    "game.commitment": "🔒 Würfel-Seed versiegelt: `{digest}…` (nach dem Spiel prüfbar mit /ludo verify)",
    "account.more": plural("n", one="… und {n} mehr davor", other="… und {n} mehr davor"),
    "game.forced": "▶️ {who} hatte nur einen möglichen Zug, also hat der Bot ihn gespielt.",
    "game.order": "Wurf um die Reihenfolge: {rolls}\nReihenfolge: {order}", "game.reroll": " | neu gewürfelt: ",
    "game.remind": "⏰ <@{user}>, du bist im Ludo-Spiel `{id}` am Zug: dein Zug endet <t:{at}:R>.",
    "game.timed_out": "⌛ {who} hat die Zeit überschritten.",
    "game.by_clicks": "🔒 Ich darf in diesem Kanal nicht mehr schreiben: das Spiel geht mit euren "
        "Klicks weiter, ohne Erinnerungen. Ist ein Zug abgelaufen, können die anderen auf „Zeit abgelaufen“ "
        "drücken.",
    "status.turn": "{who} ist am Zug ({colour}): {doing}{deadline}.",
    "status.roll": "würfeln", "status.thinking": "denkt nach …",
    "status.choose": "wählen, welcher Würfel zuerst zählt ({dice})",
    "status.move": "eine Figur mit der {die} ziehen", "status.deadline": " (Zug endet <t:{at}:R>)",
    "status.over": "🏆 **Spiel vorbei**",
    "status.ended_by": "⏹️ Dieses Spiel wurde von {who} beendet.",
    "status.ended_early": "⏹️ Dieses Spiel wurde beendet.",
    "status.abandoned": "⏹️ Dieses Spiel wurde beendet, weil es verwaist war: seit <t:{at}:f> hat niemand mehr "
                        "gezogen. Es zählt in keiner Statistik.",
    "spectate.header": "👁️ **Zuschauen bei Ludo — {rules}**{extra} · Spiel `{id}` · Stand <t:{now}:T>",
    "spectate.only_you": "Nur du siehst diese Ansicht; Aktualisieren zeigt das Brett, wie es jetzt ist.",
    "replay.alt": plural("actions", one="Animierte Wiederholung des Ludo-Spiels {id}, {actions} Aktion. Endstellung: ",
                         other="Animierte Wiederholung des Ludo-Spiels {id}, {actions} Aktionen. Endstellung: "),
    "replay.private": "Wiederholung von Spiel `{id}`", "replay.public": "🎞️ Wiederholung des Ludo-Spiels `{id}`",
    # replies to commands
    "reply.left": "Du hast das Spiel verlassen.",
    "reply.ended": "⏹️ Ludo-Spiel `{id}` wurde von {who} beendet.",
    "reply.ended_member": "⏹️ Alles beendet, was {who} auf diesem Server geleitet hat. Ludo-Spiele: {games}; Lobbys: "
                          "{lobbies}.",
    "reply.export": "📄 Spiel `{id}`: prüfe es mit `python -m ludo_bot.engine.verify ludo-{id}.json`.",
    # /ludo games (private)
    "games.head": "🎲 **Deine Ludo-Spiele auf diesem Server** ({count}), deine Züge zuerst:",
    "games.line": "• {turn} · **{rules}** · Spiel `{id}`{ends} · {link}",
    "games.yours": "**du bist dran**", "games.theirs": "{who} ist dran", "games.ends": " · Zug endet <t:{at}:R>",
    "games.more": plural("n", one="… und {n} weiteres.", other="… und {n} weitere."),
    "games.none": "Du spielst gerade kein Ludo-Spiel auf diesem Server: /ludo start eröffnet eins.",
    "stats.none": "{who} hat hier noch kein Ludo-Spiel zu Ende gespielt.",
    "stats.rating": "Wertung **{ordinal:.1f}** (μ {mu:.1f}, σ {sigma:.1f})",
    "stats.unrated": "noch keine Wertung (nur Spiele gegen andere Menschen werden gewertet)",
    "stats.favourite": ", Lieblingsregeln **{preset}**",
    "stats.line": "**{name}**: {rating}; Spiele: {games}, Siege: {wins}, im Schnitt Platz {average:.2f}, "
                  "geschlagene Figuren: {captures}{favourite}.",
    "leaderboard.head": "🏆 **Ludo-Bestenliste** (nach Spielstärke; Spiele nur gegen KIs werden nicht gewertet)",
    "leaderboard.rated": plural("wins", one="{place}. <@{user}> — {wins} Sieg · Wertung **{ordinal:.1f}**",
                                other="{place}. <@{user}> — {wins} Siege · Wertung **{ordinal:.1f}**"),
    "leaderboard.unrated": plural("wins", one="{place}. <@{user}> — {wins} Sieg · noch keine Wertung",
                                  other="{place}. <@{user}> — {wins} Siege · noch keine Wertung"),
    "leaderboard.empty": "Noch keine Spiele.",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "Wertungssaisons: jeden Monat oder jedes Quartal eine neue Bestenliste (UTC)",
    "opt.settings.season_channel": "Der Kanal, in dem die Top Ten jeder Saison zum Schluss gepostet werden",
    "choice.season.off": "aus",
    "choice.season.monthly": "monatlich",
    "choice.season.quarterly": "vierteljährlich",
    "opt.leaderboard.season": "Wertungen dieser Saison, Endstand der letzten Saison oder die ewige Bestenliste",
    "choice.board.current": "diese Saison",
    "choice.board.previous": "letzte Saison",
    "choice.board.all": "ewige Bestenliste",
    "leaderboard.season_head": ("🏆 **Ludo-Bestenliste, Saison `{season}`** (Wertungen seit Saisonbeginn; Spiele nur "
                                "gegen KIs werden nicht gewertet)"),
    "leaderboard.season_final": "🏁 **Endstand der Saison `{season}`**",
    "leaderboard.season_none": "Keine gewerteten Spiele in dieser Saison.",
    "leaderboard.all_time_head": ("🏆 **Ewige Ludo-Bestenliste** (nach Spielstärke; Spiele nur gegen KIs werden nicht "
                                  "gewertet)"),
    "settings.season": ("Wertungssaisons: **{length}**; die Top Ten jeder Saison werden zum Schluss in <#{channel}> "
                        "gepostet."),
    "settings.season_unposted": ("Wertungssaisons: **{length}**; wähle einen season_channel, damit die Top Ten jeder "
                                 "Saison zum Schluss gepostet werden."),
    "settings.season_off": "Wertungssaisons: aus (die Bestenliste zählt alle Spiele seit Beginn).",
    "season.over": ("🏁 **Die Saison `{season}` ist vorbei!** Hier sind ihre Top Ten. Jetzt beginnt eine neue Saison, "
                    "und alle starten mit einer frischen Wertung."),
    "refused.no_seasons": ("Auf diesem Server gibt es keine Wertungssaisons, seine Bestenliste zählt also alle Spiele"
                           " seit Beginn. Wer den Server verwalten kann, schaltet Saisons in /ludo settings ein."),
    "refused.board_choice": ("Diese Bestenliste gibt es nicht: wähle diese Saison, letzte Saison oder die ewige "
                             "Bestenliste."),
    "settings.saved": ("Ludo-Einstellungen: Regeln **{preset}**, {turn} pro Zug, Erinnerung {reminder} vorher, bei "
                       "Fristende: {action}."),
    "settings.language": "Die Nachrichten des Bots auf diesem Server: **{language}**.",
    "settings.language_kept": ("Schon offene Lobbys, Spiele und Turniere bleiben bei ihrer Sprache; neue sprechen "
                               "diese."),
    "settings.after": plural("misses", one=" (nach {misses} verpasstem Zug)",
                             other=" (nach {misses} verpassten Zügen)"),
    "verify.ok": "✅ Jeder Wurf stimmt: Spiel `{id}`, Seed `{seed}`, Siegel `{commitment}`.",
    "verify.bad": "❌ Dieses Spiel stimmt NICHT: Spiel `{id}`, Seed `{seed}`, Siegel `{commitment}`.",
    "history.head": "📜 **Letzte Ludo-Spiele** (`/ludo replay <id>`, `/ludo verify <id>`)",
    "history.then": " · danach {others}", "history.empty": "Hier wurde noch kein Ludo-Spiel zu Ende gespielt.",
    # refusals and errors (private)
    "refused.rules": "Diese Regeln passen nicht zusammen: {error}",
    "refused.settings": "Diese Einstellungen sind nicht möglich: {error}",
    "refused.settings_race": "Die Einstellungen wurden im selben Moment geändert; versuch es bitte noch einmal.",
    "refused.channel_busy": ("In diesem Kanal läuft schon ein Ludo-Spiel ({holder}): spiel es zu Ende oder beende "
                             "es zuerst."),
    "refused.lobby_closed": "Diese Lobby ist geschlossen.",
    "refused.already_in": "Du bist schon in diesem Spiel.",
    "refused.full": "Dieses Spiel ist voll.",
    "refused.host_leaves": "Als Host kannst du nicht gehen; brich stattdessen die Lobby ab.",
    "refused.not_in": "Du bist nicht in diesem Spiel.",
    "refused.host_adds_ai": "Nur der Host kann KI-Spieler hinzufügen.",
    "refused.ai_levels": "Diese KI-Stufe gibt es nicht mehr; "
                         "die stärkste, die du hinzufügen kannst, ist jetzt „{level}“.",
    "refused.lobby_race": "Die Lobby wurde im selben Moment geändert; versuch es bitte noch einmal.",
    "refused.host_cancels": "Nur der Host kann dieses Spiel abbrechen.",
    "refused.host_starts": "Nur der Host kann das Spiel starten.",
    "refused.two_players": "Ein Spiel braucht mindestens 2 Spieler: lade jemanden ein oder füge eine KI hinzu.",
    "refused.teams_seats": "Teams spielen 2 gegen 2: alle 4 Plätze müssen besetzt sein (jetzt {now}); lade "
                           "Leute ein oder füge KIs hinzu.",
    "refused.seats": plural("most", one="Ein Spiel hat 2 bis {most} Platz, nicht {seats}.",
                            other="Ein Spiel hat 2 bis {most} Plätze, nicht {seats}."),
    "refused.turn_length": plural("high", one="Ein Zug dauert {low} bis {high} Minute, nicht {minutes}.",
                                  other="Ein Zug dauert {low} bis {high} Minuten, nicht {minutes}."),
    "refused.teams_option": "Teams spielen 2 gegen 2 und brauchen deshalb 4 Plätze, nicht {seats}: lass `seats` "
                            "auf 4.",
    "refused.colour_taken": "Die Farbe {colour} ist schon vergeben: wähle eine freie.",
    "refused.colour_yours": "Du spielst schon {colour}.",
    "refused.side_by_side": "Zu zweit sitzen sich die Spieler gegenüber (Rot und Gelb oder Grün und Blau): einer von "
                            "euch wählt die Farbe gegenüber der des anderen.",
    "refused.rematch_not_over": "Dieses Spiel ist noch nicht vorbei.",
    "refused.rematch_players": "Nur wer dieses Spiel gespielt hat, kann eine Revanche starten.",
    "refused.rematch_open": "Eine Revanche für dieses Spiel ist schon in <#{channel}> offen: tritt dort bei.",
    "refused.rematch_playing": "Die Revanche für dieses Spiel wird schon in <#{channel}> gespielt.",
    "refused.rematch_opening": "Die Revanche für dieses Spiel wird gerade eröffnet: ihre Lobby erscheint gleich.",
    "refused.rematch_not_posted": "Ich konnte die Revanche-Lobby nicht in <#{channel}> posten (ich darf dort keine "
                                  "Nachrichten senden), deshalb wurde sie nicht eröffnet.",
    "refused.no_game": "Dieses Spiel gibt es nicht mehr.",
    "refused.over": "Dieses Spiel ist vorbei.",
    "refused.moved_on": "Das Spiel ist weitergegangen, seit es diesen Button gibt: nimm die neueste Spielnachricht.",
    "refused.moved_on_reposted": ("Das Spiel ist weitergegangen, ohne dass diese Nachricht es zeigte; "
                                  "die neueste Spielnachricht steht jetzt wieder unten."),
    "refused.not_playing": "Du spielst in diesem Spiel nicht mit.",
    "refused.left_already": "Du hast dieses Spiel schon verlassen (oder beendet): da ist nichts mehr zu verlassen.",
    "refused.thread_member": "Du kannst in diesem Kanal keine Threads erstellen, also kann das Spiel keinen "
                             "eigenen Thread bekommen: starte es ohne `thread`.",
    "refused.thread_bot": "Ich darf in diesem Kanal keine Threads erstellen und darin schreiben (Öffentliche "
                          "Threads erstellen, Nachrichten in Threads senden): starte das Spiel ohne `thread` oder "
                          "frag das Moderationsteam.",
    "refused.bot_permissions": ("Mir fehlen in diesem Kanal Berechtigungen, die ein Spiel braucht: {missing}. Bitte "
                                "das Moderationsteam, sie mir hier zu geben, und starte dann noch einmal."),
    # the bot's permissions in a channel, named as Discord's client names them
    "perm.view_channel": "Kanal ansehen",
    "perm.send_messages": "Nachrichten senden",
    "perm.send_messages_in_threads": "Nachrichten in Threads senden",
    "perm.create_public_threads": "Öffentliche Threads erstellen",
    "perm.attach_files": "Dateien anhängen",
    "perm.read_message_history": "Nachrichtenverlauf anzeigen",
    "refused.not_your_turn": "Du bist nicht am Zug: {who} ist dran ({colour}).",
    "refused.other_channel": "Dieser Button gehört zu einem Spiel in einem anderen Kanal.",
    "refused.foreign_button": "Dieser Button gehört nicht zu diesem Spiel.",
    "refused.illegal": "Nicht erlaubt: {error}.",
    # the engine's reasons, filled into refused.rules, refused.settings and refused.illegal (service.errors.reason)
    "rules_error.unknown_option": "eine Option `{option}` gibt es nicht",
    "rules_error.unknown_preset": "eine Regelvorlage `{value}` gibt es nicht (die Vorlagen: {presets})",
    "rules_error.value": "`{option}` kann nicht `{value}` sein",
    "rules_error.strict_only": "`{option}` (die Länge der Zielgerade) gibt es nur bei der Regelvorlage **Streng**",
    "rules_error.pairs_need_blocks": ("in dieser Regelvorlage ziehen Sperren als Paar, also muss `stacking` auf "
                                      "Sperre bleiben"),
    "rules_error.two_dice_only": ("in dieser Regelvorlage wird eine 6, mit der nichts ziehen kann, neu gewürfelt, "
                                  "und das geht nur mit zwei Würfeln: lass `dice` auf 2"),
    "rules_error.seat_count": "an einem Spiel sitzen 2 bis {most} Spieler, nicht {seats}",
    "rules_error.seat_numbers": "jeder Platz kann nur einmal besetzt werden",
    "rules_error.teams_seats": "Teams spielen 2 gegen 2, also müssen alle 4 Plätze besetzt sein (jetzt {seats})",
    "settings_error.language": "eine Sprache `{value}` spricht der Bot nicht",
    "settings_error.value": "`{option}` kann diesen Wert nicht haben",
    "illegal.roll": "erst würfeln",
    "illegal.choose": "wähle zuerst, welchen Würfel du spielst",
    "illegal.move": "zieh eine Figur mit dem Würfel, der dran ist",
    "illegal.over": "das Spiel ist vorbei",
    "illegal.no_die": "kein Würfel zeigt eine {value}",
    "illegal.die_no_move": "mit der {value} kann keine Figur ziehen",
    "illegal.token_number": "die Figuren haben die Nummern 1 bis {most}",
    "illegal.pair_number": "ein Paar sind zwei verschiedene Figuren mit Nummern von 1 bis {most}",
    "illegal.not_playing": "{colour} spielt nicht mit",
    "illegal.dice_values": "diese Würfel passen nicht zu den Regeln (Würfel pro Wurf: {dice})",
    "illegal.what_token": "Figur {tokens}",
    "illegal.what_pair": "Paar {tokens}",
    "illegal.what_tokens": "Figuren {tokens}",
    "illegal.home": "{what} ist schon im Ziel",
    "illegal.locked": "{what} hängt im Paar fest, bis es ein sicheres Feld erreicht: zieh das Paar",
    "illegal.enter": "{what} braucht eine {detail}, um rauszukommen",
    "illegal.overshoot": "{what} würde über das Ziel hinausziehen ({detail} zu viel)",
    "illegal.pass_block": "{what} kommt nicht an der Sperre von {colour} vorbei",
    "illegal.land_block": "{what} kann nicht auf die Sperre von {colour} ziehen",
    "illegal.own_square": "{what} kann nicht auf einem Feld landen, auf dem schon deine Figur steht",
    "illegal.no_block": "{what} bilden keine Sperre",
    "illegal.split": "{what} würde ein festes Paar trennen",
    "illegal.odd": "{what} zieht nur mit einer geraden Zahl",
    "illegal.no_pairs": "mit diesen Regeln ziehen Paare nicht zusammen",
    "illegal.cannot_move": "{what} kann jetzt nicht ziehen",
    "refused.already_over": "Dieses Spiel ist schon vorbei.",
    "refused.host_ends": "Nur der Host oder wer diesen Kanal verwalten darf, kann das Spiel beenden.",
    "refused.table_player_ends": ("Du spielst an diesem Tisch mit und kannst ihn deshalb nicht beenden: er läuft "
                                  "bis zum Ende oder bis die Rundenzeit abläuft."),
    "refused.end_member": "Alle Ludo-Spiele einer Person auf einmal beenden kann nur, wer diesen Server verwalten "
                          "darf.",
    "refused.game_race": "Das Spiel wurde im selben Moment geändert; versuch es bitte noch einmal.",
    "refused.channel_has_game": "In diesem Kanal gibt es schon ein Ludo-Spiel.",
    "refused.act_race": "Jemand hat im selben Moment gespielt: das Spiel ist weitergegangen.",
    "refused.no_channel_game": "In diesem Kanal läuft kein Ludo-Spiel: starte eins mit /ludo start.",
    "refused.lobby_not_game": "In diesem Kanal gibt es erst eine Lobby, noch kein Spiel: der Host startet es mit "
                              "dem Button „Starten“.",
    "refused.manage_server": "Nur wer diesen Server verwalten darf, kann seine Ludo-Einstellungen ändern.",
    "refused.settings_no_server": "Ludo-Einstellungen hat nur ein Server, und einen Gruppenchat oder eine "
                                  "Direktnachricht verwaltet niemand: hier stellst du die Regeln jedes Spiels mit den "
                                  "Optionen von /ludo start ein.",
    "refused.unknown_game": "Auf diesem Server gibt es kein Ludo-Spiel `{id}` (beendete Spiele bleiben 30 Tage "
                            "erhalten): siehe /ludo history.",
    "refused.not_finished": "Spiel `{id}` ist nicht zu Ende: sein Würfel-Seed bleibt bis zum Schluss geheim. "
                            "Sein Siegel: `{commitment}`",
    "refused.still_playing": "Spiel `{id}` läuft noch: die Wiederholung gibt es, sobald es vorbei ist.",
    "refused.user_open": plural(
        "most", one="Du hast auf diesem Server schon {most} offene Ludo-Lobby, so viele, wie eine Person auf einmal "
                    "leiten darf: starte sie oder brich sie ab und versuch es dann noch einmal.",
        other="Du hast auf diesem Server schon {most} offene Ludo-Lobbys, so viele, wie eine Person auf einmal leiten "
              "darf: starte eine oder brich eine ab und versuch es dann noch einmal."),
    "refused.user_alone": "Du leitest auf diesem Server schon so viele Ludo-Lobbys und -Spiele, wie eine Person auf "
                          "einmal offen haben darf ({most}), und dazu zählen die Spiele, in denen du allein gegen "
                          "KI-Plätze spielst: spiel oder beende eins davon (/ludo end in seinem Kanal) oder brich "
                          "eine Lobby ab und versuch es dann noch einmal.",
    "refused.guild_open": plural(
        "most", one="Auf diesem Server ist schon {most} Ludo-Lobby oder -Spiel offen, mehr sind nicht erlaubt: "
                    "spiel das Spiel zu Ende, beende es (/ludo end) oder brich die Lobby ab und versuch es dann "
                    "noch einmal.",
        other="Auf diesem Server sind schon {most} Ludo-Lobbys und -Spiele gleichzeitig offen, mehr sind nicht "
              "erlaubt: spiel ein Spiel zu Ende, beende eins (/ludo end) oder brich eine Lobby ab und versuch es "
              "dann noch einmal."),
    "refused.user_burst": "Du eröffnest Ludo-Lobbys schneller, als der Bot es erlaubt: versuch es <t:{at}:R> wieder.",
    "refused.guild_burst": ("Auf diesem Server werden Ludo-Lobbys schneller eröffnet, als der Bot es erlaubt: "
                            "versuch es <t:{at}:R> wieder."),
    "refused.wait_replay": "Du hast gerade eine Wiederholung angefordert; sie zu zeichnen ist viel Arbeit für den Bot, "
                           "die nächste gibt es <t:{at}:R> (in {seconds} s).",
    "refused.wait_verify": "Du hast /ludo verify gerade benutzt: versuch es <t:{at}:R> wieder (in {seconds} s).",
    "refused.wait_export": "Du hast /ludo export gerade benutzt: versuch es <t:{at}:R> wieder (in {seconds} s).",
    "refused.wait_board": "Du hast /ludo board gerade benutzt: versuch es <t:{at}:R> wieder (in {seconds} s).",
    "button.review": "Analyse", "button.post_review": "Im Kanal zeigen",
    "cmd.review": "Analyse eines beendeten Spiels: Würfelglück, Entscheidungen und die folgenschwersten Fehler",
    "refused.review_playing": "Spiel `{id}` läuft noch: die Analyse gibt es, wenn es vorbei ist.",
    "refused.reviews_busy": "Der Bot analysiert gerade viele Spiele: bitte frag in einer Minute noch einmal.",
    "refused.wait_review": "Du hast gerade eine Analyse angefordert: versuch es <t:{at}:R> wieder (in {seconds} s).",
    "refused.wait_review_post": "Du hast gerade eine Analyse geteilt: versuch es <t:{at}:R> wieder (in {seconds} s).",
    "review.head": plural(
        "error",
        one="📈 **Analyse von Spiel `{id}`**: von der Engine ermittelte Gewinnchancen (auf etwa ±{error} Prozentpunkt "
            "genau)",
        other="📈 **Analyse von Spiel `{id}`**: von der Engine ermittelte Gewinnchancen (auf etwa ±{error} "
              "Prozentpunkte genau)"),
    "review.player": "**{who}** ({colour}): {start} % → {end} % · Würfel {dice} · eigene Entscheidungen {choices} · "
                     "die der anderen {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="Genauigkeit {share} % bei {decisions} Entscheidung",
                              other="Genauigkeit {share} % bei {decisions} Entscheidungen"),
    "review.no_choices": "keine echte Wahl im ganzen Spiel",
    "review.costliest": "Die Entscheidungen, die **{who}** am meisten gekostet haben (im Diagramm mit 1-3 markiert):",
    "review.decision": plural("cost", one="{n}. Zug {move}: gespielt: {played}; besser: {best} (−{cost} Punkt)",
                              other="{n}. Zug {move}: gespielt: {played}; besser: {best} (−{cost} Punkte)"),
    "review.no_mistakes": "**{who}** hat keine Entscheidung getroffen, die viel gekostet hat.",
    "review.shared": "<@{user}> zeigt diese Analyse:",
    "review.chart_alt": "Diagramm der Gewinnchance jedes Spielers über Ludo-Spiel {id}",
    "review.best_label": "beste", "review.played_label": "gespielt",
    "review.caption": "Entscheidung {n} · Zug {move}",
    "review.decision_alt": ("Die Stellung bei Fehlentscheidung {n}, Zug {move}: der gespielte und der bessere Zug "
                            "sind markiert"),
    "refused.replays_busy": "Der Bot zeichnet gerade viele Wiederholungen: bitte frag in einer Minute noch einmal.",
    "reply.saved_after_all": "Dein Zug wurde doch gespeichert: die Spielnachricht ist unten neu gepostet.",
    "reply.move_not_shown": "Dein Zug zählt, aber Discord hat die aktualisierte Spielnachricht nicht angenommen: "
                            "`/ludo board` zeigt das Spiel, wie es jetzt steht.",
    "reply.start_not_shown": "Das Spiel hat begonnen, aber Discord hat seine Nachricht nicht angenommen: "
                             "`/ludo board` im Kanal des Spiels (oder in seinem Thread) zeigt es.",
    "reply.leave_not_shown": "Du hast das Spiel verlassen, aber Discord hat die aktualisierte Spielnachricht nicht "
                             "angenommen: `/ludo board` zeigt das Spiel, wie es jetzt steht.",
    "error.storage": "Der Speicher ist gerade nicht erreichbar: versuch es gleich noch einmal. Falls dein Zug kurz "
                     "vorher gespeichert wurde, zeigt ihn die Spielnachricht, sobald der Speicher wieder antwortet.",
    "error.unexpected": "Tut uns leid, bei uns ist etwas schiefgelaufen, und nichts wurde geändert (Referenz "
                        "`{reference}`).",
    "error.outdated": "Dieser Button ist veraltet: nimm die neueste Spielnachricht.",
    "error.command": "Dieser Befehl konnte nicht ausgeführt werden: {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": "🔔 Zug-Benachrichtigungen sind an: Ich schicke dir eine Direktnachricht, wenn du in einem "
                 "Ludo-Spiel am Zug bist, und noch einmal, kurz bevor dein Zug abläuft. `/ludo notify alerts:aus` "
                 "schaltet sie ab. Discord muss mir erlauben, dir zu schreiben (Privatsphäre: Direktnachrichten von "
                 "Servermitgliedern).",
    "notify.off": "🔕 Zug-Benachrichtigungen sind aus: keine Direktnachrichten mehr über deine Züge.",
    "alert.turn": "🎲 Du bist am Zug im Ludo-Spiel `{id}` ({rules}): {link}",
    "alert.remind": "⏰ Erinnerung: dein Zug im Ludo-Spiel `{id}` ({rules}) endet <t:{at}:R>: {link}",
    "alert.deadline": "Dein Zug endet <t:{at}:R>.",
    "alert.stop": "-# `/ludo notify alerts:aus` beendet diese Nachrichten.",
    "alert.alt": "Das Brett des Ludo-Spiels {id}: ",
    "alert.refused": "🔕 Deine Ludo-Zug-Benachrichtigungen wurden abgeschaltet: Discord hat mir keine Direktnachricht "
                     "an dich erlaubt (deine Privatsphäre-Einstellungen lassen vielleicht keine Direktnachrichten von "
                     "Mitgliedern dieses Servers zu). Erlaube sie und schalte die Benachrichtigungen mit "
                     "`/ludo notify alerts:an` wieder an.",
    "cmd.notify": "Eine Direktnachricht, wenn du in einem Ludo-Spiel am Zug bist: an oder aus",
    "opt.notify.alerts": "an: eine DM, wenn du am Zug bist (und bei der Erinnerung); aus: keine",
    "choice.notify.on": "an", "choice.notify.off": "aus",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "Spiele Ludo in diesem Kanal",
    "cmd.start": "Eröffne eine Ludo-Lobby in diesem Kanal",
    "cmd.board": "Poste die aktuelle Spielnachricht hier noch einmal",
    "cmd.games": "Deine Ludo-Spiele auf diesem Server, mit Links: deine Züge zuerst",
    "cmd.rules": "Die Regeln des Spiels in diesem Kanal oder einer Regelvorlage",
    "cmd.leave": "Verlasse das Spiel in diesem Kanal (zählt als Aufgabe)",
    "cmd.end": "Beende das Spiel in diesem Kanal (Host oder „Kanäle verwalten“)",
    "cmd.stats": "Die Ludo-Ergebnisse einer Person auf diesem Server",
    "cmd.leaderboard": "Die besten Ludo-Spieler des Servers, nach Spielstärke",
    "cmd.settings": "Die Vorgaben dieses Servers für neue Spiele („Server verwalten“)",
    "cmd.export": "Die Datei eines beendeten Spiels (Regeln, Plätze, Seed, Verlauf), überall prüfbar",
    "cmd.verify": "Spiele ein beendetes Spiel mit seinem aufgedeckten Seed nach und prüfe jeden Wurf",
    "cmd.history": "Die zuletzt beendeten Ludo-Spiele dieses Servers",
    "cmd.replay": "Die animierte Wiederholung eines beendeten Spiels",
    "opt.start.preset": "Regelvorlage (Standard: die des Servers)", "opt.start.seats": "Plätze, 2 bis 4",
    "opt.start.turn_minutes": "Minuten pro Zug", "opt.start.thread": "In einem eigenen Thread spielen",
    "opt.start.dice": "nur bei Streng: ein oder zwei Würfel", "opt.start.end_path": "nur bei Streng: 4 oder 5",
    "opt.start.bonus_on_six": "Eine 6 bringt einen weiteren Wurf",
    "opt.start.third_six_ends_turn": "Eine dritte 6 in Folge beendet den Zug",
    "opt.start.capture_bonus": "Wer schlägt, darf noch einmal würfeln",
    "opt.start.stacking": "Zwei eigene Figuren auf einem Feld",
    "opt.start.game_end": "erster: wer zuerst im Ziel ist, gewinnt; alle: danach wird um die übrigen Plätze gespielt",
    "opt.start.turn_limit": "Züge pro Person (0: unbegrenzt)",
    "opt.start.ai_takeover": "Eine KI übernimmt den Platz von jemandem, der geht",
    "opt.start.auto_single": "Erzwungene Züge automatisch spielen",
    "opt.start.quick": "Schnelles Spiel: die erste Figur im Ziel gewinnt",
    "opt.start.kill_to_unlock": "Eine Figur darf erst nach einem Schlag in ihre Zielgerade",
    "opt.start.teams": "2 gegen 2 (Rot+Gelb gegen Grün+Blau; braucht 4 Plätze)",
    "opt.rules.preset": "Die Regeln einer Vorlage statt der Regeln des Spiels in diesem Kanal",
    "opt.stats.user": "Wessen Ergebnisse (Standard: deine)",
    "opt.end.member": "Alle Spiele und Lobbys dieser Person auf dem Server beenden („Server verwalten“)",
    "opt.settings.language": "Die Sprache des Bots in den Kanälen dieses Servers (Standard: die des Servers)",
    "opt.settings.preset": "Standard-Regelvorlage", "opt.settings.turn_minutes": "Minuten pro Zug",
    "opt.settings.reminder_minutes": "So viele Minuten vor Fristende erinnern (0: nie)",
    "opt.settings.timeout_action": "Bei Fristende: eine KI spielt, der Zug wird übersprungen oder man scheidet "
                                   "nach verpassten Zügen aus",
    "opt.settings.forfeit_after": "Bei „ausscheiden“: verpasste Züge in Folge, bis die Person ausscheidet",
    "opt.game": "Die ID des Spiels (siehe /ludo history)",
    "choice.stacking.forbidden": "verboten", "choice.stacking.allowed": "erlaubt", "choice.stacking.block": "Sperre",
    "choice.game_end.first": "erster", "choice.game_end.all": "alle",
    "choice.preset.classic": "Klassisch",
    "choice.preset.star": "Stern",
    "choice.preset.strict": "Streng",
    "choice.preset.twodice": "Zwei Würfel",
    "choice.timeout_action.ai": "KI spielt", "choice.timeout_action.skip": "überspringen",
    "choice.timeout_action.forfeit": "ausscheiden",
    # the board picture's alt text (engine.describe)
    "describe.red": "Rot", "describe.green": "Grün", "describe.yellow": "Gelb", "describe.blue": "Blau",
    "describe.named": "{name} ({colour})", "describe.and": "{a} und {b}", "describe.or": "{a} oder {b}",
    "describe.place1": "1. {who}", "describe.place2": "2. {who}", "describe.place3": "3. {who}",
    "describe.place4": "4. {who}",
    "describe.team_won": "Spiel vorbei: {a} und {b} gewinnen als Team. Rangliste: {ranking}.",
    "describe.over": "Spiel vorbei. Rangliste: {ranking}.",
    "describe.to_roll": "{who} würfelt.", "describe.to_roll_again": "{who} würfelt nach einer 6 noch einmal.",
    "describe.last_roll": "Letzter Wurf: {dice}.",
    "describe.to_choose": "{who} hat {dice} gewürfelt und wählt, welcher Würfel zuerst zählt.",
    "describe.to_move": "{who} zieht mit der {die}: {moves}.",
    "describe.to_move_then": "{who} zieht mit der {die} (danach die {rest}): {moves}.",
    "describe.token": "Figur {n}", "describe.pair": "Paar {a}+{b}",
    "describe.teams": "Teams: {a} und {b} gegen {c} und {d}.",
    "describe.quick": "Schnelles Spiel: die erste Figur im Ziel gewinnt.",
    "describe.quick_teams": "Schnelles Spiel: wer eine Figur im Ziel hat, ist fertig.",
    "describe.player": "{who}: {parts}.", "describe.player_left": "{who}: hat das Spiel verlassen.",
    "describe.no_tokens": "keine Figuren", "describe.out_of_turns": "keine Züge mehr", "describe.finished": "fertig",
    "describe.all_home": "alle 4 im Ziel", "describe.home": plural("n", one="{n} im Ziel", other="{n} im Ziel"),
    "describe.in_yard": plural("n", one="{n} im Startbereich", other="{n} im Startbereich"),
    "describe.tokens": "Figuren {list}", "describe.on_square": "{what} auf Feld {square} von {of}",
    "describe.locked_pair": "{text}, ein verbundenes Paar", "describe.block": "{text}, eine Sperre",
    "describe.safe": "{text} (sicher)",
    "describe.in_column": plural("left", one="Figur {n} in der Zielgeraden, noch {left} Feld bis ins Ziel",
                                 other="Figur {n} in der Zielgeraden, noch {left} Felder bis ins Ziel"),
    "describe.on_track": plural("n", one="{n} auf der Laufbahn", other="{n} auf der Laufbahn"),
    "describe.in_columns": plural("n", one="{n} in der Zielgeraden", other="{n} in der Zielgeraden"),
    "describe.score": plural("n", one="{n} Punkt", other="{n} Punkte"),
    "describe.turns_left": plural("n", one="noch {n} Zug", other="noch {n} Züge"),
    "describe.column_locked": "Zielgerade gesperrt bis zum ersten Schlag",
    # words in the board picture (render)
    "board.red": "Rot", "board.green": "Grün", "board.yellow": "Gelb", "board.blue": "Blau",
    "board.left": "{colour} · ausgestiegen", "board.placed": "{colour} · {place} im Ziel",
    "board.out": "{colour} · keine Züge mehr", "board.home_count": "{colour} · im Ziel {home}/{tokens}",
    "board.points": "{score} Pkt.",
    "board.place1": "1.", "board.place2": "2.", "board.place3": "3.", "board.place4": "4.",
    "board.replay_caption": "Zug {n} von {total}",
    "board.chart_title": plural("moves", one="Gewinnchancen über {moves} Zug",
                                other="Gewinnchancen über {moves} Züge"), "board.chart_move": "Zug",
    "board.chart_percent": "{value} %",
    # user installs
    "button.times_up": "Zeit abgelaufen",
    "status.deadline_late": " (Zug endet <t:{at}:R>; danach können die anderen auf „Zeit abgelaufen“ drücken)",
    "refused.not_late": "Dieser Zug ist noch nicht vorbei: er endet <t:{at}:R>. Danach kannst du auf „Zeit "
                        "abgelaufen“ drücken.",
    "refused.late_yours": "Du bist am Zug: mach deinen Zug.",
    "refused.no_games_here": "Ludo wird in einem Serverkanal oder einem Gruppenchat gespielt: starte dort ein Spiel.",
    "refused.thread_here": "Einen eigenen Thread bekommt ein Spiel nur auf einem Server, der den Bot hinzugefügt hat; "
                           "hier wird in diesem Chat gespielt.",
    "start.private_here": "Auf diesem Server dürfen Apps, die Mitglieder selbst hinzugefügt haben, nur privat "
                          "antworten, deshalb kann hier nicht mit mir gespielt werden. Ein Moderator kann in diesem "
                          "Kanal „Externe Apps verwenden“ erlauben oder mich zum Server hinzufügen: {link}",
    "choice.language.discord": "die Discord-Sprache des Servers",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": ("Die Nachrichten des Bots auf diesem Server folgen seiner Discord-Sprache, gerade "
                         "**{language}**."),
    # tournaments (/ludo tournament, the sign-up and standing message, the tables' threads, the standing's picture)
    "cmd.tournament": "Ludo-Turniere auf dem Server: K.-o. oder Schweizer System, an einem Abend oder über Tage",
    "cmd.tournament.create": ("Öffne die Anmeldung zu einem Turnier in diesem Kanal („Server verwalten“ oder „Events "
                              "verwalten“)"),
    "cmd.tournament.standings": "Der Stand eines Turniers, nur für dich sichtbar",
    "cmd.tournament.leave": "Verlasse ein Turnier (nach dem Start gibst du dein laufendes Spiel auf)",
    "cmd.tournament.cancel": "Brich ein Turnier ab (die Turnierleitung oder „Server verwalten“)",
    "opt.tournament.format": ("K.-o.-System: die Besten jedes Tisches kommen weiter; Schweizer System: alle spielen "
                              "jede Runde"),
    "opt.tournament.max_players": "Höchstzahl der Teilnehmer, 2 bis 64",
    "opt.tournament.rounds": "Nur Schweizer System: wie viele Runden, 1 bis 10",
    "opt.tournament.fill_with_ai": "Jeden Tisch mit KI-Gegnern auf vier Plätze auffüllen",
    "opt.tournament.round_hours": "Stunden, die eine Runde dauern darf; danach wird gewertet, wie es steht",
    "opt.tournament.id": "Die ID des Turniers (Standard: das dieses Kanals)",
    "choice.format.knockout": "K.-o.-System", "choice.format.swiss": "Schweizer System",
    "tourney.title": "🏆 **Ludo-Turnier** `{id}`: {format}",
    "tourney.format.knockout": ("K.-o.-System (die Besten jedes Tisches kommen weiter, bis ein Finaltisch den Sieger "
                                "entscheidet)"),
    "tourney.format.swiss": plural("rounds", one=("Schweizer System, {rounds} Runde (alle spielen jede Runde; Punkte "
                                                  "nach Platzierung)"),
                                   other=("Schweizer System, {rounds} Runden (alle spielen jede Runde; Punkte nach "
                                          "Platzierung)")),
    "tourney.rules": "Turnierleitung <@{organiser}> · **{preset}**{extra} · {turn} · {round}{fill}",
    "tourney.turn": "{time} pro Zug",
    "tourney.turn_server": "Zugzeit nach Servereinstellung",
    "tourney.round_hours": plural("hours", one="{hours} Stunde pro Runde", other="{hours} Stunden pro Runde"),
    "tourney.fill": " · freie Plätze mit KI-Gegnern aufgefüllt",
    "tourney.entrants": "**Teilnehmer ({count}/{most})**",
    "tourney.nobody": "Noch hat sich niemand angemeldet.",
    "tourney.signup_foot": ("Drück auf „Beitreten“, um mitzuspielen. Die Turnierleitung drückt auf „Starten“, sobald "
                            "alle da sind (mindestens zwei)."),
    "tourney.round": "Runde {round}", "tourney.round_of": "Runde {round} von {rounds}", "tourney.final": "Finale",
    "tourney.final_standings": "Endstand",
    "tourney.round_ends": " (endet <t:{at}:R>)",
    "tourney.table": "Tisch {table} · {where}: {players}",
    "tourney.opening": "wird eröffnet …",
    "tourney.playing": "{players} (läuft)",
    "tourney.ended.settled": " (gewertet, wie er stand, als die Rundenzeit ablief)",
    "tourney.ended.ended": " (vorzeitig beendet)",
    "tourney.ended.abandoned": " (verwaist)",
    "tourney.ended.unplayed": " (nie gespielt: nach Sitzordnung gewertet)",
    "tourney.ended.refused": " (nicht gespielt: Ich darf hier keinen Thread dafür erstellen, daher "
        "nach Sitzordnung gewertet)",
    "tourney.more_tables": plural("count", one="… und {count} weiterer Tisch.", other="… und {count} weitere Tische."),
    "tourney.legend_through": "✅ kommt in die nächste Runde.",
    "tourney.standings_head": "**Stand**",
    "tourney.score": "{rank}. {name}: {points}, {wins}",
    "tourney.points": plural("points", one="{points} Punkt", other="{points} Punkte"),
    "tourney.wins": plural("wins", one="{wins} Sieg", other="{wins} Siege"),
    "tourney.champion": "🏆 Turniersieg: **{name}**!",
    "tourney.no_champion": "🏁 Das Turnier ist ohne Sieger zu Ende: es war niemand mehr übrig.",
    "tourney.cancelled": "❌ Dieses Turnier wurde von <@{who}> abgebrochen.",
    "tourney.thread": "{round} · Tisch {table}",
    "tourney.ai_seats": plural("count", one="{count} KI-Gegner", other="{count} KI-Gegner"),
    "tourney.intro": ("🏆 Ludo-Turnier `{id}`, {round}, Tisch {table}: {players}. Viel Glück! Die Runde endet "
                      "<t:{at}:R>; ein Tisch, der dann noch spielt, wird gewertet, wie er steht."),
    "tourney.announce": "🏆 <@{user}> gewinnt das Ludo-Turnier `{id}`! Herzlichen Glückwunsch!",
    "tourney.announce_none": "🏁 Das Ludo-Turnier `{id}` ist vorbei, ohne Sieger.",
    "tourney.left_signup": "Du stehst nicht mehr auf der Teilnehmerliste von Turnier `{id}`.",
    "tourney.left_running": ("Du bist aus dem Turnier `{id}` ausgestiegen: dein laufendes Spiel gilt als aufgegeben "
                             "(du wirst an deinem Tisch Letzter) und du spielst keine weitere Runde."),
    "tourney.cancel_done": "Turnier `{id}` ist abgebrochen: Tische, an denen noch gespielt wird, enden als verwaist.",
    "status.settled": "⏰ Die Zeit der Runde ist abgelaufen: dieser Tisch wird gewertet, wie er stand.",
    "status.table_places": "Platzierung an diesem Tisch:",
    "stats.tournaments": " Turniere: {played} gespielt, {won} gewonnen.",
    "standing.champion": "Sieger", "standing.cancelled": "Abgebrochen",
    "standing.legend": "",  # (no legend: the swiss table's headers read as they are)
    # the swiss table's headers: short (in two blocks a number's column is as wide as "64"): Siege, Runden
    "standing.rank": "#", "standing.player": "Spieler", "standing.points": "Pkt", "standing.wins": "S",
    "standing.played": "R",
    "refused.tourney_here": ("Turniere brauchen Threads und laufen deshalb nur in den Kanälen eines Servers, auf dem "
                             "der Bot Mitglied ist."),
    "refused.tourney_manage": ("Nur wer die Berechtigung „Server verwalten“ oder „Events verwalten“ hat, kann ein "
                               "Turnier eröffnen."),
    "refused.tourney_thread": "Ein Turnier läuft in einem Kanal, nicht in einem Thread: eröffne es im Kanal selbst.",
    "refused.tourney_bot_permissions": ("Mir fehlen in diesem Kanal Berechtigungen, die ein Turnier braucht (sein "
                                        "Stand hier, jeder Tisch in einem eigenen Thread): {missing}. Bitte das "
                                        "Moderationsteam, sie mir hier zu geben."),
    "refused.tourney_channel_busy": ("In diesem Kanal läuft schon das Turnier `{id}`: pro Kanal gibt es nur ein "
                                     "Turnier auf einmal."),
    "refused.tourney_format": "Das ist kein Turniermodus: wähle K.-o.-System oder Schweizer System.",
    "refused.tourney_players": "Ein Turnier hat 2 bis {most} Teilnehmer.",
    "refused.tourney_rounds": "Ein Turnier im Schweizer System hat 1 bis {most} Runden.",
    "refused.tourney_hours": "Eine Runde dauert {low} bis {high} Stunden.",
    "refused.no_tourney": "Auf diesem Server gibt es kein Turnier `{id}` (oder es ist lange vorbei).",
    "refused.no_tourney_here": "Hier läuft kein Turnier: gib seine ID an.",
    "refused.tourney_forged": "Dieser Button gehört nicht zu diesem Turnier.",
    "refused.tourney_started": "Dieses Turnier hat schon begonnen: die Anmeldung ist geschlossen.",
    "refused.tourney_leave_started": ("Dieses Turnier hat schon begonnen: mit /ludo tournament leave steigst du aus "
                                      "(und gibst dein laufendes Spiel auf)."),
    "refused.tourney_over": "Dieses Turnier ist vorbei.",
    "refused.tourney_joined": "Du bist schon angemeldet.",
    "refused.tourney_full": "Das Turnier ist voll: {most} Teilnehmer.",
    "refused.tourney_not_in": "Du spielst in diesem Turnier nicht mit.",
    "refused.tourney_organiser_starts": "Nur die Turnierleitung, <@{organiser}>, kann das Turnier starten.",
    "refused.tourney_two": "Ein Turnier braucht zum Start mindestens zwei Teilnehmer.",
    "refused.tourney_organiser_cancels": ("Nur die Turnierleitung, <@{organiser}>, oder wer „Server verwalten“ darf, "
                                          "kann das Turnier abbrechen."),
    "refused.tourney_race": "Das Turnier hat sich im selben Moment geändert: versuch es noch einmal.",
}
