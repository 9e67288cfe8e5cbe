"""French (informal "tu", as on Discord): every key of `locales.en`, translated.

Plural categories (CLDR, fr): "one" (0 and 1: "0 victoire"), "many" (round millions: "1 000 000 de victoires"),
"other". Choices: Ludo told with the words French players know from les petits chevaux (`GLOSSARY`): "pion",
"écurie" for the yard, "case de départ", "escalier" for the home column, "arrivée", "manger" un pion, "rejouer";
"barrage" for a block. Discord's French words: a channel is a "salon", a thread a "fil", a direct message a "MP".
The AI is "IA" (feminine, so its level names are too). French spacing: a no-break space (U+00A0) before « : ; ! ? »
and "%" in messages; the picture's words ("board.") keep plain spaces. Sentences with several counts name each
count ("victoires : 3").
"""

from __future__ import annotations

from ludo_bot.service.words.locales.forms import Plural, plural

GLOSSARY: dict[str, str] = {
    "Ludo": "Ludo (les petits chevaux)",
    "token": "pion",
    "yard": "écurie",
    "start square": "case de départ",
    "square": "case",
    "track": "parcours",
    "home column": "escalier",
    "home / finish": "arrivée",
    "safe square": "case sûre",
    "star": "étoile",
    "roll": "lancer (le dé); faire un nombre (\"faire un 6\")",
    "die / dice": "dé / dés",
    "six": "six",
    "enter a token": "sortir un pion (de l'écurie)",
    "capture": "manger (un pion)",
    "block": "barrage",
    "pair": "paire",
    "bonus roll": "rejouer",
    "turn": "tour",
    "move (one play)": "coup",
    "game": "partie",
    "team (2 against 2)": "équipe",
    "host": "hôte",
    "lobby": "lobby",
    "AI / computer player": "IA",
    "rematch": "revanche", "replay": "replay",
}

TEXTS: dict[str, str | Plural] = {
    # colours are nouns for the player in sentences ("c'est au rouge de jouer"): masculine, lower case
    "colour.red": "rouge", "colour.green": "vert", "colour.yellow": "jaune", "colour.blue": "bleu",
    "word.and": "{a} et {b}",
    "word.comma": "{a}, {b}",
    "ai.random": "aléatoire", "ai.greedy": "gourmande", "ai.expert": "experte", "ai.master": "maître",
    "seat.ai": "{colour} (IA {level})",
    # buttons
    "button.roll": "Lancer", "button.die_first": "D'abord le {value}", "button.enter": "Sortir le pion {token}",
    "button.move": "Pion {token} : {start} → {end}", "button.pair": "Paire {a}+{b} : {start} → {end}",
    "button.enter_any": "Sortir un pion ({tokens})",
    "button.move_any": "Un pion ({tokens}) : {start} → {end}",
    "button.pair_any": "Une paire ({pairs}) : {start} → {end}",
    "button.home": "arrivée",
    "button.join": "Rejoindre", "button.leave": "Quitter", "button.start": "Démarrer", "button.cancel": "Annuler",
    "button.ai0": "Ajouter une IA (aléatoire)", "button.ai1": "Ajouter une IA (gourmande)",
    "button.ai2": "Ajouter une IA (experte)", "button.ai3": "Ajouter une IA (maître)",
    "button.spectate": "Regarder", "button.refresh": "Actualiser", "button.replay": "Replay",
    "button.rematch": "Revanche",
    # what happened
    "event.rolled": "🎲 {who} fait {dice}.",
    "event.entered": "{who} sort le pion {token} de l'écurie.",
    "event.moved": "{who} avance le pion {token} de la case {start} à la case {end}.",
    "event.captured": "💥 {who} mange {victims}.",
    "event.victim": "le pion {token} de {owner}",
    "event.bonus_roll": "{who} rejoue.",
    "event.third_six": "Troisième 6 d'affilée : le tour de {who} est fini.",
    "event.die_forfeited": "{who} ne peut pas jouer le {die}.",
    "event.token_home": "🏠 Le pion {token} de {who} est arrivé.",
    "event.finished": "🏁 {who} a terminé !",
    "event.out_of_turns": "{who} a joué tous ses tours.",
    "event.resigned": "{who} a quitté la partie.",
    "event.skipped": "{who} passe son tour.",
    "event.game_over": "🏆 Partie terminée : {who} gagne !",
    "ranking.points": plural("points", one=" — {points} point", many=" — {points} de points",
                             other=" — {points} points"),
    "ranking.left": " (a quitté)",
    # /ludo rules
    "rules.head": "**{name}** : parcours de {track} cases, escalier de {home} cases, {dice}.",
    "rules.one_die": "1 dé", "rules.dice": plural("n", one="{n} dé", many="{n} de dés", other="{n} dés"),
    "rules.enter": "Un pion sort de l'écurie sur un {value}.",
    "rules.enter_either": "Un pion sort de l'écurie sur un {value} à l'un des deux dés.",
    "rules.bonus_on_six": "un 6 fait rejouer", "rules.third_six": "un troisième 6 d'affilée termine le tour",
    "rules.capture_bonus": "manger un pion fait rejouer",
    "rules.safe_starts": "les cases de départ et les étoiles sont sûres", "rules.safe_stars": "les étoiles sont sûres",
    "rules.stacking_forbidden": "tu ne peux pas t'arrêter sur ton propre pion",
    "rules.stacking_allowed": "tes pions peuvent partager une case",
    "rules.stacking_block": "deux de tes pions sur une case forment un barrage que personne ne passe",
    "rules.pairs": "un barrage peut avancer en paire sur un lancer pair",
    "rules.scoring": "chaque case rapporte un point ; chaque pion arrivé multiplie le score",
    "rules.turn_limit": plural("n", one="{n} tour chacun au maximum", many="{n} de tours chacun au maximum",
                               other="{n} tours chacun au maximum"),
    "rules.kill_to_unlock": "un pion ne monte son escalier qu'une fois que son joueur a mangé un pion",
    "rules.teams": "2 contre 2 : rouge et jaune contre vert et bleu ; des partenaires ne se mangent jamais, "
                   "une équipe gagne quand ses deux partenaires sont arrivés",
    "rules.quick": "rapide : un joueur a fini dès son premier pion arrivé",
    "rules.first_wins": "le premier arrivé gagne",
    "rules.all_places": "après le gagnant, les autres continuent pour les places suivantes",
    "rules.default_here": "Il n'y a pas de partie dans ce salon : voici les règles que /ludo start applique ici "
                          "quand aucun préréglage n'est choisi. L'option `preset` de /ludo rules présente les "
                          "autres.",
    "rules.default_dm": "On joue au Ludo dans un salon de serveur ou dans un groupe privé ; là-bas, /ludo start "
                        "applique ces règles, sauf si tu choisis un préréglage ou si le serveur en a fixé un autre. "
                        "L'option `preset` de /ludo rules présente les autres.",
    "variant.quick": "rapide", "variant.kill_to_unlock": "manger pour monter", "variant.teams": "équipes",
    # the lobby
    "lobby.head": "🎲 **Lobby de Ludo** — <@{host}> organise **{rules}**{extra} pour {seats} joueurs.",
    "lobby.ai": "IA ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(libre)",
    "lobby.foot": "Rejoins (ou choisis ta couleur), puis l'hôte démarre la partie (2 joueurs au moins).",
    "lobby.side_by_side": ("⚠️ S'ils ne jouent qu'à deux, ces joueurs doivent se faire face (rouge et jaune, ou "
                           "vert et bleu) : {who}, choisis le {colour}, sauf si un troisième joueur arrive."),
    "lobby.rematch": "🔁 Revanche de la partie `{id}`.",
    "lobby.not_tournament": "🤝 Une partie à part, hors du tournoi `{id}` : elle ne change rien à son classement.",
    "lobby.invited": "{players} : appuyez sur **Rejoindre** ou sur votre couleur pour rejouer.",
    "rematch.opened_there": "Le lobby de la revanche est ouvert dans <#{channel}>.",
    "lobby.started": "🎲 La partie a commencé.\n{order}",
    "lobby.cancelled": "Ce lobby de Ludo a été annulé.",
    # the game message
    "game.header": "🎲 **Ludo — {rules}**{extra} · partie `{id}`",
    "game.caption": "partie {id} · coup {ply}",
    "game.seed": "🔓 Graine des dés `{seed}` (sha256 `{digest}`, comme annoncé) : vérifie chaque lancer avec "
                 "`/ludo verify {id}`.",
    "game.commitment": "🔒 Graine des dés scellée : `{digest}…` (vérifiable après la partie avec /ludo verify)",
    "account.more": "… et {n} de plus avant",
    "game.forced": "▶️ {who} n'avait qu'un seul coup possible, alors le bot l'a joué.",
    "game.order": "Lancer pour l'ordre de jeu : {rolls}\nOrdre : {order}", "game.reroll": " | relance : ",
    "game.remind": "⏰ <@{user}>, c'est ton tour dans la partie de Ludo `{id}` : il se termine <t:{at}:R>.",
    "game.timed_out": "⌛ Temps écoulé pour {who}.",
    "game.by_clicks": "🔒 Je ne peux plus écrire dans ce salon : la partie continue avec vos clics, "
        "sans rappels. Quand un tour est écoulé, les autres peuvent appuyer sur Temps écoulé.",
    "status.turn": "C'est au tour de {who} ({colour}) : {doing}{deadline}.",
    "status.roll": "lancer les dés", "status.thinking": "en pleine réflexion…",
    "status.choose": "choisir quel dé jouer d'abord ({dice})",
    "status.move": "avancer un pion avec le {die}", "status.deadline": " (fin du tour <t:{at}:R>)",
    "status.over": "🏆 **Partie terminée**",
    "status.ended_by": "⏹️ Cette partie a été arrêtée par {who}.",
    "status.ended_early": "⏹️ Cette partie a été arrêtée.",
    "status.abandoned": "⏹️ Cette partie a été arrêtée pour abandon : personne n'a joué depuis <t:{at}:f>. Elle ne "
                        "compte dans les stats de personne.",
    "spectate.header": "👁️ **Ludo en spectateur — {rules}**{extra} · partie `{id}` · à <t:{now}:T>",
    "spectate.only_you": "Cette vue n'est visible que par toi ; Actualiser montre le plateau tel qu'il est maintenant.",
    "replay.alt": plural("actions",
                         one="Replay animé de la partie de Ludo {id}, {actions} action. Position finale : ",
                         many="Replay animé de la partie de Ludo {id}, {actions} d'actions. Position finale : ",
                         other="Replay animé de la partie de Ludo {id}, {actions} actions. Position finale : "),
    "replay.private": "Replay de la partie `{id}`", "replay.public": "🎞️ Replay de la partie de Ludo `{id}`",
    # replies to commands
    "reply.left": "Tu as quitté la partie.",
    "reply.ended": "⏹️ La partie de Ludo `{id}` a été arrêtée par {who}.",
    "reply.ended_member": "⏹️ Tout ce que {who} hébergeait sur ce serveur est arrêté. Parties de Ludo : {games} ; "
                          "lobbys : {lobbies}.",
    "reply.export": "📄 Partie `{id}` : vérifie-la avec `python -m ludo_bot.engine.verify ludo-{id}.json`.",
    # /ludo games (private)
    "games.head": "🎲 **Tes parties de Ludo sur ce serveur** ({count}), celles où c'est ton tour d'abord :",
    "games.line": "• {turn} · **{rules}** · partie `{id}`{ends} · {link}",
    "games.yours": "**à toi de jouer**", "games.theirs": "au tour de {who}",
    "games.ends": " · fin du tour <t:{at}:R>",
    "games.more": "… et {n} de plus.",
    "games.none": "Tu ne joues aucune partie de Ludo sur ce serveur en ce moment : /ludo start en ouvre une.",
    "stats.none": "{who} n'a encore terminé aucune partie de Ludo ici.",
    "stats.rating": "cote **{ordinal:.1f}** (μ {mu:.1f}, σ {sigma:.1f})",
    "stats.unrated": "pas encore de cote (seules les parties contre d'autres personnes comptent)",
    "stats.favourite": ", règles préférées **{preset}**",
    "stats.line": "**{name}** : {rating} ; parties : {games}, victoires : {wins}, place moyenne : {average:.2f}, "
                  "pions mangés : {captures}{favourite}.",
    "leaderboard.head": "🏆 **Classement Ludo** (par niveau de jeu ; les parties contre des IA seules ne comptent "
                        "pas)",
    "leaderboard.rated": plural("wins", one="{place}. <@{user}> — {wins} victoire · cote **{ordinal:.1f}**",
                                many="{place}. <@{user}> — {wins} de victoires · cote **{ordinal:.1f}**",
                                other="{place}. <@{user}> — {wins} victoires · cote **{ordinal:.1f}**"),
    "leaderboard.unrated": plural("wins", one="{place}. <@{user}> — {wins} victoire · pas encore de cote",
                                  many="{place}. <@{user}> — {wins} de victoires · pas encore de cote",
                                  other="{place}. <@{user}> — {wins} victoires · pas encore de cote"),
    "leaderboard.empty": "Pas encore de partie.",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "Saisons classées : un nouveau classement chaque mois ou chaque trimestre (UTC)",
    "opt.settings.season_channel": "Le salon où le top 10 final de chaque saison est publié",
    "choice.season.off": "désactivées",
    "choice.season.monthly": "mensuelles",
    "choice.season.quarterly": "trimestrielles",
    "opt.leaderboard.season": "Les cotes de cette saison, le classement final de la précédente, ou depuis toujours",
    "choice.board.current": "cette saison",
    "choice.board.previous": "saison dernière",
    "choice.board.all": "depuis toujours",
    "leaderboard.season_head": ("🏆 **Classement Ludo, saison `{season}`** (cotes depuis le début de la saison ; les "
                                "parties contre des IA seules ne comptent pas)"),
    "leaderboard.season_final": "🏁 **Classement final de la saison `{season}`**",
    "leaderboard.season_none": "Aucune partie n'a compté pour la cote pendant cette saison.",
    "leaderboard.all_time_head": ("🏆 **Classement Ludo de tous les temps** (par niveau de jeu ; les parties contre "
                                  "des IA seules ne comptent pas)"),
    "settings.season": ("Saisons classées : **{length}** ; le top 10 final de chaque saison est publié dans "
                        "<#{channel}>."),
    "settings.season_unposted": ("Saisons classées : **{length}** ; choisis un season_channel pour que le top 10 final"
                                 " de chaque saison y soit publié."),
    "settings.season_off": ("Saisons classées : désactivées (le classement porte sur toutes les parties depuis le "
                            "début)."),
    "season.over": ("🏁 **La saison `{season}` est terminée !** Voici son top 10 final. Une nouvelle saison commence, "
                    "et la cote de chacun repart de zéro."),
    "refused.no_seasons": ("Ce serveur ne joue pas en saisons, donc son classement porte sur toutes les parties "
                           "depuis le début. Quelqu'un qui gère le serveur peut activer les saisons avec "
                           "/ludo settings."),
    "refused.board_choice": "Ce classement n'existe pas : choisis cette saison, la saison dernière ou depuis toujours.",
    "settings.saved": ("Réglages Ludo : règles **{preset}**, tours de {turn}, rappel {reminder} avant, à la fin du "
                       "temps : {action}."),
    "settings.language": "Les messages du bot sur ce serveur : **{language}**.",
    "settings.language_kept": ("Les lobbys, parties et tournois déjà ouverts gardent leur langue ; les nouveaux "
                               "parleront celle-ci."),
    "settings.after": plural("misses", one=" (après {misses} tour manqué)", many=" (après {misses} de tours manqués)",
                             other=" (après {misses} tours manqués)"),
    "verify.ok": "✅ Tous les lancers sont bons : partie `{id}`, graine `{seed}`, sceau `{commitment}`.",
    "verify.bad": "❌ Cette partie n'est PAS conforme : partie `{id}`, graine `{seed}`, sceau `{commitment}`.",
    "history.head": "📜 **Dernières parties de Ludo** (`/ludo replay <id>`, `/ludo verify <id>`)",
    "history.then": " · puis {others}", "history.empty": "Aucune partie de Ludo terminée ici pour l'instant.",
    # refusals and errors (private)
    "refused.rules": "Ces règles ne vont pas ensemble : {error}",
    "refused.settings": "Ces réglages ne sont pas possibles : {error}",
    "refused.settings_race": "Les réglages ont changé au même moment ; réessaie.",
    "refused.channel_busy": "Ce salon a déjà une partie de Ludo ({holder}) : termine-la ou arrête-la d'abord.",
    "refused.lobby_closed": "Ce lobby est fermé.",
    "refused.already_in": "Tu es déjà dans cette partie.",
    "refused.full": "Cette partie est complète.",
    "refused.host_leaves": "En tant qu'hôte, tu ne peux pas quitter ; annule plutôt le lobby.",
    "refused.not_in": "Tu n'es pas dans cette partie.",
    "refused.host_adds_ai": "Seul l'hôte peut ajouter des IA.",
    "refused.ai_levels": "Ce niveau d'IA n'est plus proposé ; "
                         "la plus forte que tu puisses ajouter, c'est maintenant l'IA {level}.",
    "refused.lobby_race": "Le lobby a changé au même moment ; réessaie.",
    "refused.host_cancels": "Seul l'hôte peut annuler cette partie.",
    "refused.host_starts": "Seul l'hôte peut démarrer la partie.",
    "refused.two_players": "Il faut au moins 2 joueurs : invite quelqu'un ou ajoute une IA.",
    "refused.teams_seats": "En équipes, on joue à 2 contre 2 : les 4 places doivent être prises (actuellement "
                           "{now}) ; invite des joueurs ou ajoute des IA.",
    "refused.seats": "Une partie a de 2 à {most} places, pas {seats}.",
    "refused.turn_length": "Un tour dure de {low} à {high} minutes, pas {minutes}.",
    "refused.teams_option": "En équipes, on joue à 2 contre 2, il faut donc 4 places, pas {seats} : laisse `seats` "
                            "à 4.",
    "refused.colour_taken": "Le {colour} est déjà pris : choisis une couleur libre.",
    "refused.colour_yours": "Tu joues déjà le {colour}.",
    "refused.side_by_side": "À deux, les joueurs se font face (rouge et jaune, ou vert et bleu) : que l'un de vous "
                            "prenne la couleur en face de celle de l'autre.",
    "refused.rematch_not_over": "Cette partie n'est pas encore finie.",
    "refused.rematch_players": "Seuls les joueurs de cette partie peuvent demander sa revanche.",
    "refused.rematch_open": "Une revanche de cette partie est déjà ouverte dans <#{channel}> : rejoins-la là-bas.",
    "refused.rematch_playing": "La revanche de cette partie est déjà en cours dans <#{channel}>.",
    "refused.rematch_opening": "La revanche de cette partie est en train de s'ouvrir : son lobby arrive tout de suite.",
    "refused.rematch_not_posted": "Je n'ai pas pu publier le lobby de la revanche dans <#{channel}> (je n'ai "
                                  "peut-être pas le droit d'y envoyer des messages), donc elle n'a pas été ouverte.",
    "refused.no_game": "Cette partie n'existe plus.",
    "refused.over": "Cette partie est terminée.",
    "refused.moved_on": "La partie a avancé depuis la création de ce bouton : utilise le message de partie le plus "
                        "récent.",
    "refused.moved_on_reposted": ("La partie avait avancé sans que ce message le montre, "
                                  "alors le message de partie le plus récent a été republié ci-dessous."),
    "refused.not_playing": "Tu ne joues pas dans cette partie.",
    "refused.left_already": "Tu as déjà quitté cette partie (ou tu l'as finie) : il n'y a rien à quitter.",
    "refused.thread_member": "Tu ne peux pas créer de fils dans ce salon, donc la partie ne peut pas avoir son "
                             "propre fil : démarre-la sans `thread`.",
    "refused.thread_bot": "Je n'ai pas le droit de créer des fils et d'y écrire dans ce salon (Créer des fils "
                          "publics, Envoyer des messages dans les fils) : démarre la partie sans `thread` ou demande "
                          "à un modérateur.",
    "refused.bot_permissions": ("Il me manque dans ce salon des permissions dont une partie a besoin : {missing}. "
                                "Demande à un modérateur de me les accorder ici, puis relance la partie."),
    # the bot's permissions in a channel, named as Discord's client names them
    "perm.view_channel": "Voir le salon",
    "perm.send_messages": "Envoyer des messages",
    "perm.send_messages_in_threads": "Envoyer des messages dans les fils",
    "perm.create_public_threads": "Créer des fils publics",
    "perm.attach_files": "Joindre des fichiers",
    "perm.read_message_history": "Voir les anciens messages",
    "refused.not_your_turn": "Ce n'est pas ton tour : c'est à {who} de jouer ({colour}).",
    "refused.other_channel": "Ce bouton appartient à une partie d'un autre salon.",
    "refused.foreign_button": "Ce bouton n'appartient pas à cette partie.",
    "refused.illegal": "Pas autorisé : {error}.",
    # the engine's reasons, filled into refused.rules, refused.settings and refused.illegal (service.errors.reason)
    "rules_error.unknown_option": "il n'y a pas d'option `{option}`",
    "rules_error.unknown_preset": "il n'y a pas de règles `{value}` (celles qui existent : {presets})",
    "rules_error.value": "`{option}` ne peut pas valoir `{value}`",
    "rules_error.strict_only": "`{option}` (la longueur de l'escalier) ne va qu'avec les règles strict",
    "rules_error.pairs_need_blocks": ("avec ces règles, les barrages avancent en paire, donc `stacking` doit rester "
                                      "sur barrage"),
    "rules_error.two_dice_only": ("avec ces règles, on relance un 6 qui ne peut rien jouer, ce qui demande deux "
                                  "dés : laisse `dice` à 2"),
    "rules_error.seat_count": "une partie se joue à 2 à {most} joueurs, pas {seats}",
    "rules_error.seat_numbers": "chaque place ne peut être prise qu'une fois",
    "rules_error.teams_seats": ("en équipes, on joue à 2 contre 2, donc les 4 places doivent être prises "
                                "(actuellement {seats})"),
    "settings_error.language": "le bot ne parle aucune langue `{value}`",
    "settings_error.value": "`{option}` ne peut pas prendre cette valeur",
    "illegal.roll": "lance d'abord le dé",
    "illegal.choose": "choisis d'abord quel dé tu joues",
    "illegal.move": "avance un pion avec le dé en jeu",
    "illegal.over": "la partie est terminée",
    "illegal.no_die": "aucun dé ne montre un {value}",
    "illegal.die_no_move": "rien ne peut avancer avec le {value}",
    "illegal.token_number": "les pions sont numérotés de 1 à {most}",
    "illegal.pair_number": "une paire, ce sont deux pions différents, numérotés de 1 à {most}",
    "illegal.not_playing": "le {colour} ne joue pas",
    "illegal.dice_values": "ces dés ne vont pas avec ces règles (dés par lancer : {dice})",
    "illegal.what_token": "le pion {tokens}",
    "illegal.what_pair": "la paire {tokens}",
    "illegal.what_tokens": "les pions {tokens}",
    "illegal.home": "{what} est déjà arrivé",
    "illegal.locked": "{what} reste lié à sa paire jusqu'à une case sûre : avance la paire",
    "illegal.enter": "{what} a besoin d'un {detail} pour sortir",
    "illegal.overshoot": "{what} dépasserait l'arrivée ({detail} de trop)",
    "illegal.pass_block": "{what} ne peut pas franchir le barrage du {colour}",
    "illegal.land_block": "{what} ne peut pas s'arrêter sur le barrage du {colour}",
    "illegal.own_square": "{what} ne peut pas finir sur une case où tu es déjà",
    "illegal.no_block": "{what} ne forment pas de barrage",
    "illegal.split": "{what} casserait une paire liée",
    "illegal.odd": "{what} n'avance qu'avec un lancer pair",
    "illegal.no_pairs": "avec ces règles, les paires n'avancent pas ensemble",
    "illegal.cannot_move": "{what} ne peut pas avancer maintenant",
    "refused.already_over": "Cette partie est déjà terminée.",
    "refused.host_ends": "Seul l'hôte ou quelqu'un qui peut gérer ce salon peut arrêter la partie.",
    "refused.table_player_ends": ("Tu joues à cette table, tu ne peux donc pas l'arrêter : elle continue jusqu'au "
                                  "bout ou jusqu'à la fin du temps de la manche."),
    "refused.end_member": "Seuls les membres qui peuvent gérer ce serveur peuvent arrêter d'un coup toutes les "
                          "parties de Ludo d'un membre.",
    "refused.game_race": "La partie a changé au même moment ; réessaie.",
    "refused.channel_has_game": "Ce salon a déjà une partie de Ludo.",
    "refused.act_race": "Quelqu'un a joué dans cette partie au même moment : la partie a avancé.",
    "refused.no_channel_game": "Il n'y a pas de partie de Ludo dans ce salon : lances-en une avec /ludo start.",
    "refused.lobby_not_game": "Ce salon a un lobby, pas encore une partie : l'hôte la démarre avec son bouton "
                              "Démarrer.",
    "refused.manage_server": "Seuls les membres qui peuvent gérer ce serveur peuvent changer ses réglages Ludo.",
    "refused.settings_no_server": "Seuls les serveurs ont des réglages Ludo, et personne ne gère un groupe privé ou "
                                  "un MP : ici, choisis les règles de chaque partie avec les options de /ludo start.",
    "refused.unknown_game": "Il n'y a pas de partie de Ludo `{id}` sur ce serveur (les parties terminées sont "
                            "gardées 30 jours) : regarde /ludo history.",
    "refused.not_finished": "La partie `{id}` n'est pas finie : la graine de ses dés reste secrète jusqu'à "
                            "la fin. Son sceau : `{commitment}`",
    "refused.still_playing": "La partie `{id}` est encore en cours : son replay viendra quand elle sera finie.",
    "refused.user_open": plural(
        "most",
        one="Tu as déjà {most} lobby de Ludo ouvert sur ce serveur, le maximum qu'un joueur peut héberger à la "
            "fois : démarre-le ou annule-le, puis réessaie.",
        many="Tu as déjà {most} de lobbys de Ludo ouverts sur ce serveur, le maximum qu'un joueur peut héberger à la "
             "fois : démarres-en ou annules-en un, puis réessaie.",
        other="Tu as déjà {most} lobbys de Ludo ouverts sur ce serveur, le maximum qu'un joueur peut héberger à la "
              "fois : démarres-en ou annules-en un, puis réessaie."),
    "refused.user_alone": "Tu héberges déjà autant de lobbys et de parties de Ludo qu'un joueur peut en avoir ouverts "
                          "à la fois sur ce serveur ({most}), en comptant les parties que tu joues seul contre l'IA : "
                          "termine ou arrête l'une d'elles (/ludo end dans son salon) ou annule un lobby, puis "
                          "réessaie.",
    "refused.guild_open": plural(
        "most",
        one="Ce serveur a déjà {most} lobby ou partie de Ludo ouvert, le maximum autorisé : termine ou arrête la "
            "partie (/ludo end) ou annule le lobby, puis réessaie.",
        many="Ce serveur a déjà {most} de lobbys et parties de Ludo ouverts à la fois, le maximum autorisé : termine "
             "ou arrête une partie (/ludo end) ou annule un lobby, puis réessaie.",
        other="Ce serveur a déjà {most} lobbys et parties de Ludo ouverts à la fois, le maximum autorisé : termine "
              "ou arrête une partie (/ludo end) ou annule un lobby, puis réessaie."),
    "refused.user_burst": "Tu ouvres des lobbys de Ludo plus vite que le bot ne le permet : réessaie <t:{at}:R>.",
    "refused.guild_burst": "Des lobbys de Ludo s'ouvrent sur ce serveur plus vite que le bot ne le permet : réessaie "
                           "<t:{at}:R>.",
    "refused.wait_replay": "Tu viens de demander un replay ; en dessiner un demande beaucoup de travail au bot, "
                           "donc tu pourras en demander un autre <t:{at}:R> (dans {seconds} s).",
    "refused.wait_verify": "Tu viens d'utiliser /ludo verify : réessaie <t:{at}:R> (dans {seconds} s).",
    "refused.wait_export": "Tu viens d'utiliser /ludo export : réessaie <t:{at}:R> (dans {seconds} s).",
    "refused.wait_board": "Tu viens d'utiliser /ludo board : réessaie <t:{at}:R> (dans {seconds} s).",
    "refused.replays_busy": "Le bot dessine beaucoup de replays en ce moment : redemande dans une minute.",
    "button.review": "Analyse", "button.post_review": "Publier dans le salon",
    "cmd.review": "L'analyse d'une partie finie : l'effet des dés, celui des choix, les décisions les plus coûteuses",
    "refused.review_playing": "La partie `{id}` est encore en cours : son analyse viendra quand elle sera finie.",
    "refused.reviews_busy": "Le bot analyse beaucoup de parties en ce moment : redemande dans une minute.",
    "refused.wait_review": "Tu viens de demander une analyse : réessaie <t:{at}:R> (dans {seconds} s).",
    "refused.wait_review_post": "Tu viens de publier une analyse : réessaie <t:{at}:R> (dans {seconds} s).",
    "review.head": "📈 **Analyse de la partie `{id}`** : chances de victoire selon le moteur (à environ ±{error} "
                   "points près)",
    "review.player": "**{who}** ({colour}) : {start} % → {end} % · dés {dice} · ses choix {choices} · choix des "
                     "autres {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="précision de {share} % sur {decisions} décision",
                              many="précision de {share} % sur {decisions} de décisions",
                              other="précision de {share} % sur {decisions} décisions"),
    "review.no_choices": "aucun vrai choix de toute la partie",
    "review.costliest": "Décisions les plus coûteuses de **{who}** (numérotées de 1 à 3 sur le graphique) :",
    "review.decision": plural("cost", one="{n}. coup {move} : joué {played} ; il valait mieux {best} (−{cost} point)",
                              many="{n}. coup {move} : joué {played} ; il valait mieux {best} (−{cost} de points)",
                              other="{n}. coup {move} : joué {played} ; il valait mieux {best} (−{cost} points)"),
    "review.no_mistakes": "**{who}** n'a pris aucune décision coûteuse.",
    "review.shared": "<@{user}> partage cette analyse :",
    "review.chart_alt": "Graphique des chances de victoire de chaque joueur au fil de la partie de Ludo {id}",
    "review.best_label": "meilleur", "review.played_label": "joué",
    "review.caption": "décision {n} · coup {move}",
    "review.decision_alt": "La position de la décision coûteuse {n}, au coup {move} : le coup joué et le meilleur sont "
                           "marqués",
    "reply.saved_after_all": "Ton coup a bien été enregistré : le message de la partie est republié ci-dessous.",
    "reply.move_not_shown": "Ton coup compte, mais Discord n'a pas accepté le message de partie mis à jour : "
                            "`/ludo board` montre la partie telle qu'elle est maintenant.",
    "reply.start_not_shown": "La partie a commencé, mais Discord n'a pas accepté son message : `/ludo board` dans le "
                             "salon de la partie (ou dans son fil) la montre.",
    "reply.leave_not_shown": "Tu as quitté la partie, mais Discord n'a pas accepté le message de partie mis à jour : "
                             "`/ludo board` montre la partie telle qu'elle est maintenant.",
    "error.storage": "Le stockage est indisponible pour le moment : réessaie dans un instant. Si ton coup a été "
                     "enregistré juste avant, le message de la partie le montrera dès que le stockage répondra.",
    "error.unexpected": "Désolé, quelque chose s'est mal passé de notre côté et rien n'a été modifié (référence "
                        "`{reference}`).",
    "error.outdated": "Ce bouton est périmé : utilise le message de partie le plus récent.",
    "error.command": "Cette commande n'a pas pu s'exécuter : {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": "🔔 Alertes de tour activées : je t'envoie un MP quand c'est ton tour dans une partie de Ludo, et "
                 "au rappel du tour. `/ludo notify alerts:non` les désactive. Discord doit me laisser t'écrire "
                 "(Confidentialité : messages privés des membres du serveur).",
    "notify.off": "🔕 Alertes de tour désactivées : plus de MP sur tes tours.",
    "alert.turn": "🎲 C'est ton tour dans la partie de Ludo `{id}` ({rules}) : {link}",
    "alert.remind": "⏰ Rappel : ton tour dans la partie de Ludo `{id}` ({rules}) se termine <t:{at}:R> : {link}",
    "alert.deadline": "Ton tour se termine <t:{at}:R>.",
    "alert.stop": "-# `/ludo notify alerts:non` arrête ces messages.",
    "alert.alt": "Le plateau de la partie de Ludo {id} : ",
    "alert.refused": "🔕 Tes alertes de tour Ludo ont été coupées : Discord ne m'a pas laissé t'envoyer de MP (tes "
                     "paramètres de confidentialité bloquent peut-être les MP des membres de ce serveur). "
                     "Autorise-les, puis réactive les alertes avec `/ludo notify alerts:oui`.",
    "cmd.notify": "Un MP quand c'est ton tour dans une partie de Ludo : oui ou non",
    "opt.notify.alerts": "oui : un MP quand c'est ton tour (et à son rappel) ; non : aucun",
    "choice.notify.on": "oui", "choice.notify.off": "non",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "Jouer au Ludo dans ce salon",
    "cmd.start": "Ouvrir un lobby de Ludo dans ce salon",
    "cmd.board": "Republier ici le message de la partie en cours",
    "cmd.games": "Tes parties de Ludo sur ce serveur, avec liens : celles où c'est ton tour d'abord",
    "cmd.rules": "Les règles de la partie de ce salon, ou d'un préréglage",
    "cmd.leave": "Quitter la partie de ce salon (abandon)",
    "cmd.end": "Arrêter la partie de ce salon (hôte ou Gérer les salons)",
    "cmd.stats": "Les résultats Ludo d'un joueur sur ce serveur",
    "cmd.leaderboard": "Les meilleurs joueurs de Ludo du serveur, par niveau de jeu",
    "cmd.settings": "Les réglages par défaut du serveur pour les nouvelles parties (Gérer le serveur)",
    "cmd.export": "Le fichier d'une partie finie (règles, places, graine, historique), vérifiable partout",
    "cmd.verify": "Rejouer une partie finie à partir de sa graine dévoilée et vérifier chaque lancer",
    "cmd.history": "Les dernières parties de Ludo terminées sur ce serveur",
    "cmd.replay": "Le replay animé d'une partie finie",
    "opt.start.preset": "Règles (par défaut : celles du serveur)", "opt.start.seats": "Places, de 2 à 4",
    "opt.start.turn_minutes": "Minutes que peut durer un tour", "opt.start.thread": "Jouer dans un fil à part",
    "opt.start.dice": "strict seulement : un ou deux dés", "opt.start.end_path": "strict seulement : 4 ou 5",
    "opt.start.bonus_on_six": "Un 6 fait rejouer",
    "opt.start.third_six_ends_turn": "Un troisième 6 d'affilée termine le tour",
    "opt.start.capture_bonus": "Manger un pion fait rejouer", "opt.start.stacking": "Deux de ses pions sur une case",
    "opt.start.game_end": ("premier : le premier arrivé gagne ; tous : les autres continuent pour les places "
                           "suivantes"),
    "opt.start.turn_limit": "Tours par joueur (0 : illimité)",
    "opt.start.ai_takeover": "Une IA prend la place d'un joueur qui part",
    "opt.start.auto_single": "Jouer automatiquement les coups forcés",
    "opt.start.quick": "Partie rapide : le premier pion arrivé gagne",
    "opt.start.kill_to_unlock": "Un pion ne monte son escalier qu'après avoir mangé",
    "opt.start.teams": "2 contre 2 (rouge+jaune contre vert+bleu ; 4 places nécessaires)",
    "opt.rules.preset": "Les règles d'un préréglage au lieu de la partie de ce salon",
    "opt.stats.user": "De qui voir les résultats (par défaut : toi)",
    "opt.end.member": "Arrêter toutes les parties et tous les lobbys de ce membre (Gérer le serveur)",
    "opt.settings.language": "La langue des messages du bot sur ce serveur (par défaut : celle du serveur)",
    "opt.settings.preset": "Règles par défaut", "opt.settings.turn_minutes": "Minutes que peut durer un tour",
    "opt.settings.reminder_minutes": "Rappel au joueur tant de minutes avant la fin du temps (0 : jamais)",
    "opt.settings.timeout_action": "À la fin du temps : une IA joue le tour, on le passe, ou forfait après des tours "
                                   "manqués",
    "opt.settings.forfeit_after": "Avec forfait : tours manqués d'affilée avant que le joueur soit éliminé",
    "opt.game": "L'id de la partie (voir /ludo history)",
    "choice.stacking.forbidden": "interdit", "choice.stacking.allowed": "autorisé", "choice.stacking.block": "barrage",
    "choice.game_end.first": "premier", "choice.game_end.all": "tous",
    "choice.preset.classic": "classique",
    "choice.preset.star": "étoile",
    "choice.preset.strict": "strict",
    "choice.preset.twodice": "deux dés",
    "choice.timeout_action.ai": "une IA joue", "choice.timeout_action.skip": "passer",
    "choice.timeout_action.forfeit": "forfait",
    # the board picture's alt text (engine.describe)
    "describe.red": "rouge", "describe.green": "vert", "describe.yellow": "jaune", "describe.blue": "bleu",
    "describe.named": "{name} ({colour})", "describe.and": "{a} et {b}", "describe.or": "{a} ou {b}",
    "describe.place1": "1er {who}", "describe.place2": "2e {who}", "describe.place3": "3e {who}",
    "describe.place4": "4e {who}",
    "describe.team_won": "Partie terminée : {a} et {b} gagnent en équipe. Classement : {ranking}.",
    "describe.over": "Partie terminée. Classement : {ranking}.",
    "describe.to_roll": "À {who} de lancer.", "describe.to_roll_again": "{who} relance après un 6.",
    "describe.last_roll": "Dernier lancer : {dice}.",
    "describe.to_choose": "{who} a fait {dice} et choisit quel dé jouer d'abord.",
    "describe.to_move": "{who} joue le {die} : {moves}.",
    "describe.to_move_then": "{who} joue le {die} (puis le {rest}) : {moves}.",
    "describe.token": "pion {n}", "describe.pair": "paire {a}+{b}",
    "describe.teams": "Équipes : {a} et {b} contre {c} et {d}.",
    "describe.quick": "Partie rapide : le premier pion arrivé gagne.",
    "describe.quick_teams": "Partie rapide : un joueur a fini avec un pion arrivé.",
    "describe.player": "{who} : {parts}.", "describe.player_left": "{who} : a quitté la partie.",
    "describe.no_tokens": "aucun pion", "describe.out_of_turns": "plus de tours", "describe.finished": "a fini",
    "describe.all_home": "les 4 arrivés",
    "describe.home": plural("n", one="{n} arrivé", many="{n} d'arrivés", other="{n} arrivés"),
    "describe.in_yard": "{n} à l'écurie",
    "describe.tokens": "pions {list}", "describe.on_square": "{what} sur la case {square} (parcours de {of})",
    "describe.locked_pair": "{text}, une paire liée", "describe.block": "{text}, un barrage",
    "describe.safe": "{text} (case sûre)",
    "describe.in_column": plural("left", one="pion {n} dans l'escalier, à {left} case de l'arrivée",
                                 many="pion {n} dans l'escalier, à {left} de cases de l'arrivée",
                                 other="pion {n} dans l'escalier, à {left} cases de l'arrivée"),
    "describe.on_track": "{n} sur le parcours", "describe.in_columns": "{n} dans l'escalier",
    "describe.score": "score {n}",
    "describe.turns_left": plural("n", one="encore {n} tour", many="encore {n} de tours", other="encore {n} tours"),
    "describe.column_locked": "escalier fermé tant qu'aucun pion n'est mangé",
    # words in the board picture (render)
    "board.red": "rouge", "board.green": "vert", "board.yellow": "jaune", "board.blue": "bleu",
    "board.left": "{colour} · parti", "board.placed": "{colour} · {place} arrivé",
    "board.out": "{colour} · hors jeu", "board.home_count": "{colour} · arrivés {home}/{tokens}",
    "board.points": "{score} pts",
    "board.place1": "1er", "board.place2": "2e", "board.place3": "3e", "board.place4": "4e",
    "board.replay_caption": "coup {n} sur {total}",
    "board.chart_title": plural("moves", one="chances de victoire sur {moves} coup",
                                many="chances de victoire sur {moves} de coups",
                                other="chances de victoire sur {moves} coups"),
    "board.chart_move": "coup",
    "board.chart_percent": "{value} %",
    # user installs
    "button.times_up": "Temps écoulé",
    "status.deadline_late": " (fin du tour <t:{at}:R> ; ensuite, les autres pourront appuyer sur Temps écoulé)",
    "refused.not_late": "Ce tour n'est pas encore fini : il se termine <t:{at}:R>. Ensuite, tu pourras appuyer sur "
                        "Temps écoulé.",
    "refused.late_yours": "C'est ton tour : joue ton coup.",
    "refused.no_games_here": "On joue au Ludo dans un salon de serveur ou dans un groupe privé : lance une partie "
                             "là-bas.",
    "refused.thread_here": "Une partie n'a son propre fil que sur un serveur qui a ajouté le bot ; ici, elle se "
                           "joue dans cette discussion.",
    "start.private_here": "Sur ce serveur, les applis que les membres ont ajoutées eux-mêmes ne peuvent répondre "
                          "qu'en privé, donc on ne peut pas jouer avec moi ici. Un modérateur peut autoriser "
                          "« Utiliser des applications externes » dans ce salon, ou m'ajouter au serveur : {link}",
    "choice.language.discord": "la langue Discord du serveur",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": ("Les messages du bot sur ce serveur suivent la langue Discord du serveur, actuellement "
                         "**{language}**."),
    # tournaments (/ludo tournament, the sign-up and standing message, the tables' threads, the standing's picture)
    "cmd.tournament": "Tournois de Ludo : élimination directe ou suisse, en une soirée ou sur plusieurs jours",
    "cmd.tournament.create": ("Ouvrir les inscriptions à un tournoi dans ce salon (Gérer le serveur ou Gérer les "
                              "événements)"),
    "cmd.tournament.standings": "Le classement d'un tournoi, visible par toi seul",
    "cmd.tournament.leave": "Quitter un tournoi (s'il a déjà commencé, tu abandonnes ta partie en cours)",
    "cmd.tournament.cancel": "Annuler un tournoi (son organisateur, ou Gérer le serveur)",
    "opt.tournament.format": ("élimination directe : les meilleurs de chaque table passent ; suisse : tous jouent "
                              "chaque manche"),
    "opt.tournament.max_players": "Le nombre maximum de joueurs, de 2 à 64",
    "opt.tournament.rounds": "Système suisse seulement : le nombre de manches, de 1 à 10",
    "opt.tournament.fill_with_ai": "Compléter chaque table à quatre places avec des IA",
    "opt.tournament.round_hours": ("Heures que peut durer une manche ; les tables encore en jeu sont alors arrêtées "
                                   "en l'état"),
    "opt.tournament.id": "L'identifiant du tournoi (par défaut : celui de ce salon)",
    "choice.format.knockout": "élimination directe", "choice.format.swiss": "système suisse",
    "tourney.title": "🏆 **Tournoi de Ludo** `{id}` : {format}",
    "tourney.format.knockout": ("élimination directe (les meilleurs de chaque table se qualifient, jusqu'à une table "
                                "finale qui désigne le vainqueur)"),
    "tourney.format.swiss": plural("rounds", one=("système suisse, {rounds} manche (tout le monde joue chaque manche ; "
                                                  "points selon la place)"),
                                   many=("système suisse, {rounds} de manches (tout le monde joue chaque manche ; "
                                         "points selon la place)"),
                                   other=("système suisse, {rounds} manches (tout le monde joue chaque manche ; "
                                          "points selon la place)")),
    "tourney.rules": "Organisé par <@{organiser}> · **{preset}**{extra} · {turn} · {round}{fill}",
    "tourney.turn": "{time} par tour",
    "tourney.turn_server": "durée des tours fixée par le serveur",
    "tourney.round_hours": plural("hours", one="{hours} heure par manche", many="{hours} d'heures par manche",
                                  other="{hours} heures par manche"),
    "tourney.fill": " · tables incomplètes complétées par des IA",
    "tourney.entrants": "**Joueurs ({count}/{most})**",
    "tourney.nobody": "Personne ne s'est encore inscrit.",
    "tourney.signup_foot": ("Appuie sur Rejoindre pour jouer. L'organisateur appuie sur Démarrer quand tout le monde "
                            "est là (au moins deux joueurs)."),
    "tourney.round": "Manche {round}", "tourney.round_of": "Manche {round} sur {rounds}", "tourney.final": "Finale",
    "tourney.final_standings": "Classement final",
    "tourney.round_ends": " (se termine <t:{at}:R>)",
    "tourney.table": "Table {table} · {where} : {players}",
    "tourney.opening": "ouverture…",
    "tourney.playing": "{players} (en cours)",
    "tourney.ended.settled": " (arrêtée en l'état à la fin du temps de la manche)",
    "tourney.ended.ended": " (arrêtée avant la fin)",
    "tourney.ended.abandoned": " (abandonnée)",
    "tourney.ended.unplayed": " (jamais jouée : classée dans l'ordre des places)",
    "tourney.ended.refused": " (non jouée : je ne peux pas créer son fil ici, elle est donc classée "
        "dans l'ordre des places)",
    "tourney.more_tables": plural("count", one="… et {count} autre table.", many="… et {count} d'autres tables.",
                                  other="… et {count} autres tables."),
    "tourney.legend_through": "✅ qualifié pour la manche suivante.",
    "tourney.standings_head": "**Classement**",
    "tourney.score": "{rank}. {name} : {points}, {wins}",
    "tourney.points": plural("points", one="{points} point", many="{points} de points", other="{points} points"),
    "tourney.wins": plural("wins", one="{wins} victoire", many="{wins} de victoires", other="{wins} victoires"),
    "tourney.champion": "🏆 Vainqueur : **{name}** !",
    "tourney.no_champion": "🏁 Le tournoi est terminé sans vainqueur : il ne restait plus personne.",
    "tourney.cancelled": "❌ Ce tournoi a été annulé par <@{who}>.",
    "tourney.thread": "{round} · table {table}",
    "tourney.ai_seats": plural("count", one="{count} IA", many="{count} d'IA", other="{count} IA"),
    "tourney.intro": ("🏆 Tournoi de Ludo `{id}`, {round}, table {table} : {players}. Bonne chance ! La manche se "
                      "termine <t:{at}:R> ; une table encore en jeu à ce moment-là est arrêtée en l'état."),
    "tourney.announce": "🏆 <@{user}> remporte le tournoi de Ludo `{id}` ! Félicitations !",
    "tourney.announce_none": "🏁 Le tournoi de Ludo `{id}` est terminé, sans vainqueur.",
    "tourney.left_signup": "Tu n'es plus inscrit au tournoi `{id}`.",
    "tourney.left_running": ("Tu as quitté le tournoi `{id}` : tu abandonnes ta partie en cours (tu finis dernier à "
                             "ta table) et tu ne joues plus aucune manche."),
    "tourney.cancel_done": "Le tournoi `{id}` est annulé : les tables encore en jeu s'arrêtent pour abandon.",
    "status.settled": "⏰ Le temps de la manche est écoulé : cette table est arrêtée et classée en l'état.",
    "status.table_places": "Classement à cette table :",
    "stats.tournaments": " Tournois joués : {played}, gagnés : {won}.",
    "standing.champion": "Vainqueur", "standing.cancelled": "Annulé",
    "standing.legend": "",  # (no legend: the swiss table's headers read as they are)
    # the swiss table's headers: short (in two blocks a number's column is as wide as "64")
    "standing.rank": "#", "standing.player": "Joueur", "standing.points": "Pts", "standing.wins": "V",
    "standing.played": "J",
    "refused.tourney_here": ("Les tournois ont besoin de fils, donc ils se jouent seulement dans les salons d'un "
                             "serveur dont le bot est membre."),
    "refused.tourney_manage": ("Seuls les membres qui ont la permission « Gérer le serveur » ou « Gérer les "
                               "événements » peuvent créer un tournoi."),
    "refused.tourney_thread": "Un tournoi se joue dans un salon, pas dans un fil : crée-le dans le salon lui-même.",
    "refused.tourney_bot_permissions": ("Il me manque dans ce salon des permissions dont un tournoi a besoin (son "
                                        "classement ici, chaque table dans son propre fil) : {missing}. Demande à un "
                                        "modérateur de me les accorder ici."),
    "refused.tourney_channel_busy": ("Ce salon accueille déjà le tournoi `{id}` : un seul tournoi à la fois par "
                                     "salon."),
    "refused.tourney_format": "Ce n'est pas une formule : choisis élimination directe ou système suisse.",
    "refused.tourney_players": "Un tournoi accueille de 2 à {most} joueurs.",
    "refused.tourney_rounds": "Un tournoi en système suisse compte de 1 à {most} manches.",
    "refused.tourney_hours": "Une manche dure de {low} à {high} heures.",
    "refused.no_tourney": "Il n'y a pas de tournoi `{id}` sur ce serveur (ou il est fini depuis longtemps).",
    "refused.no_tourney_here": "Il n'y a pas de tournoi ici : donne son identifiant.",
    "refused.tourney_forged": "Ce bouton n'appartient pas à ce tournoi.",
    "refused.tourney_started": "Ce tournoi a commencé : les inscriptions sont closes.",
    "refused.tourney_leave_started": ("Ce tournoi a commencé : /ludo tournament leave te retire du tournoi (tu "
                                      "abandonnes ta partie en cours)."),
    "refused.tourney_over": "Ce tournoi est terminé.",
    "refused.tourney_joined": "Tu es déjà inscrit.",
    "refused.tourney_full": "Le tournoi est complet : {most} joueurs.",
    "refused.tourney_not_in": "Tu ne joues pas dans ce tournoi.",
    "refused.tourney_organiser_starts": "Seul l'organisateur, <@{organiser}>, peut démarrer le tournoi.",
    "refused.tourney_two": "Il faut au moins deux joueurs pour démarrer un tournoi.",
    "refused.tourney_organiser_cancels": ("Seul l'organisateur, <@{organiser}>, ou un membre qui a la permission "
                                          "« Gérer le serveur » peut annuler le tournoi."),
    "refused.tourney_race": "Le tournoi a changé au même moment : réessaie.",
}
