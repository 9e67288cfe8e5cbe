"""Spanish (es-ES, also served to Latin America; informal "tú"): every key of `locales.en`, translated.

Plural categories (CLDR, es): "one" (1), "many" (round millions: "1 000 000 de victorias"), "other".
Choices: the game is Ludo, told with the words Spanish players know from parchís (`GLOSSARY`): "ficha", "casa" for
the yard, "salida", "seguro", "pasillo" for the home column, "meta", "comer", "barrera". Words that differ between
Spain and Latin America are avoided ("ordenador"/"computadora": "IA"; "coger": "elegir", "ocupado"). The AI is
"IA" (feminine, so its level names are too). Two tokens moving together are a "barrera" (a "pareja" is a team of
two, as in parchís por parejas). Sentences with several counts name each count ("victorias: 3").
"""

from __future__ import annotations

from ludo_bot.service.words.locales.forms import Plural, plural

GLOSSARY: dict[str, str] = {
    "Ludo": "Ludo (the parchís family)",
    "token": "ficha",
    "yard": "casa",
    "start square": "salida",
    "square": "casilla",
    "track": "recorrido",
    "home column": "pasillo",
    "home / finish": "meta",
    "safe square": "seguro",
    "star": "estrella",
    "roll": "tirar (el dado); sacar un número (\"saca un 6\")",
    "die / dice": "dado / dados",
    "six": "seis",
    "enter a token": "sacar ficha (de casa)",
    "capture": "comer (\"te como\")",
    "block": "barrera",
    "pair": "barrera (moving as one)",
    "bonus roll": "volver a tirar",
    "turn": "turno",
    "move (one play)": "jugada",
    "game": "partida",
    "team (2 against 2)": "equipo, por parejas",
    "host": "anfitrión",
    "lobby": "sala",
    "AI / computer player": "IA",
    "rematch": "revancha",
}

TEXTS: dict[str, str | Plural] = {
    # colours are nouns for the player in sentences ("le toca al rojo"): masculine, lower case
    "colour.red": "rojo", "colour.green": "verde", "colour.yellow": "amarillo", "colour.blue": "azul",
    "word.and": "{a} y {b}",
    "word.comma": "{a}, {b}",
    "ai.random": "aleatoria", "ai.greedy": "codiciosa", "ai.expert": "experta", "ai.master": "maestra",
    "seat.ai": "{colour} (IA {level})",
    # buttons
    "button.roll": "Tirar", "button.die_first": "Primero el {value}", "button.enter": "Sacar ficha {token}",
    "button.move": "Ficha {token}: {start} → {end}", "button.pair": "Barrera {a}+{b}: {start} → {end}",
    "button.enter_any": "Sacar una ficha ({tokens})",
    "button.move_any": "Una ficha ({tokens}): {start} → {end}",
    "button.pair_any": "Una barrera ({pairs}): {start} → {end}",
    "button.home": "meta",
    "button.join": "Unirse", "button.leave": "Salir", "button.start": "Empezar", "button.cancel": "Cancelar",
    "button.ai0": "Añadir IA (aleatoria)", "button.ai1": "Añadir IA (codiciosa)",
    "button.ai2": "Añadir IA (experta)", "button.ai3": "Añadir IA (maestra)",
    "button.spectate": "Ver partida", "button.refresh": "Actualizar", "button.replay": "Repetición",
    "button.rematch": "Revancha",
    # what happened
    "event.rolled": "🎲 {who} saca {dice}.",
    "event.entered": "{who} saca de casa la ficha {token}.",
    "event.moved": "{who} mueve la ficha {token} de la casilla {start} a la {end}.",
    "event.captured": "💥 {who} se come {victims}.",
    "event.victim": "la ficha {token} de {owner}",
    "event.bonus_roll": "{who} vuelve a tirar.",
    "event.third_six": "Tercer 6 seguido: se acaba el turno de {who}.",
    "event.die_forfeited": "{who} no puede usar el {die}.",
    "event.token_home": "🏠 La ficha {token} de {who} llega a la meta.",
    "event.finished": "🏁 ¡{who} ha terminado!",
    "event.out_of_turns": "{who} ha gastado todos sus turnos.",
    "event.resigned": "{who} ha dejado la partida.",
    "event.skipped": "{who} pierde el turno.",
    "event.game_over": "🏆 Fin de la partida: ¡gana {who}!",
    "ranking.points": plural("points", one=" — {points} punto", many=" — {points} de puntos",
                             other=" — {points} puntos"),
    "ranking.left": " (abandonó)",
    # /ludo rules
    "rules.head": "**{name}**: recorrido de {track} casillas, {home} casillas de pasillo, {dice}.",
    "rules.one_die": "1 dado", "rules.dice": plural("n", one="{n} dado", many="{n} de dados", other="{n} dados"),
    "rules.enter": "Se saca ficha de casa con un {value}.",
    "rules.enter_either": "Se saca ficha de casa con un {value} en cualquiera de los dos dados.",
    "rules.bonus_on_six": "con un 6 vuelves a tirar", "rules.third_six": "el tercer 6 seguido acaba el turno",
    "rules.capture_bonus": "si comes, vuelves a tirar",
    "rules.safe_starts": "las salidas y las estrellas son casillas seguras",
    "rules.safe_stars": "las estrellas son casillas seguras",
    "rules.stacking_forbidden": "no puedes caer en una casilla con una ficha tuya",
    "rules.stacking_allowed": "tus fichas pueden compartir casilla",
    "rules.stacking_block": "dos fichas tuyas en una casilla forman una barrera que nadie pasa",
    "rules.pairs": "una barrera puede moverse entera con una tirada par",
    "rules.scoring": "cada casilla avanzada suma un punto; cada ficha en la meta multiplica la puntuación",
    "rules.turn_limit": plural("n", one="como mucho {n} turno por jugador",
                               many="como mucho {n} de turnos por jugador",
                               other="como mucho {n} turnos por jugador"),
    "rules.kill_to_unlock": "una ficha solo entra en su pasillo cuando su jugador ya ha comido alguna",
    "rules.teams": "2 contra 2: rojo y amarillo contra verde y azul; los compañeros nunca se comen entre sí, "
                   "y un equipo gana cuando los dos compañeros llegan a la meta",
    "rules.quick": "rápida: un jugador termina al meter su primera ficha en la meta",
    "rules.first_wins": "gana el primero que llega a la meta",
    "rules.all_places": "tras el ganador, los demás siguen jugando por los puestos restantes",
    "rules.default_here": "No hay ninguna partida en este canal, así que estas son las reglas con las que /ludo "
                          "start juega aquí si no eliges un modo de juego. La opción `preset` de /ludo rules explica "
                          "los demás.",
    "rules.default_dm": "El Ludo se juega en un canal de un servidor o en un MD de grupo; allí, /ludo start usa "
                        "estas reglas salvo que elijas un modo de juego o que el servidor haya fijado otro. La "
                        "opción `preset` de /ludo rules explica los demás.",
    "variant.quick": "rápida", "variant.kill_to_unlock": "comer para entrar", "variant.teams": "por parejas",
    # the lobby
    "lobby.head": "🎲 **Sala de Ludo** — <@{host}> organiza **{rules}**{extra} para {seats} jugadores.",
    "lobby.ai": "IA ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(libre)",
    "lobby.foot": "Únete (o elige tu color) y el anfitrión empieza la partida (mínimo 2 jugadores).",
    "lobby.side_by_side": ("⚠️ Si solo juegan estos dos, tienen que sentarse enfrente (rojo y amarillo, o verde y "
                           "azul): {who}, elige el {colour}, salvo que se una un tercer jugador."),
    "lobby.rematch": "🔁 Revancha de la partida `{id}`.",
    "lobby.not_tournament": "🤝 Una partida aparte, fuera del torneo `{id}`: no cambia nada en su clasificación.",
    "lobby.invited": "{players}: para jugar otra vez, que cada uno pulse **Unirse** o su color.",
    "rematch.opened_there": "La sala de la revancha está abierta en <#{channel}>.",
    "lobby.started": "🎲 La partida ha empezado.\n{order}",
    "lobby.cancelled": "Esta sala de Ludo se ha cancelado.",
    # the game message
    "game.header": "🎲 **Ludo — {rules}**{extra} · partida `{id}`",
    "game.caption": "partida {id} · jugada {ply}",
    "game.seed": "🔓 Semilla de los dados `{seed}` (sha256 `{digest}`, el mismo que se selló): comprueba cada tirada "
                 "con `/ludo verify {id}`.",
    "game.commitment": "🔒 Semilla de los dados sellada: `{digest}…` (compruébala al final con /ludo verify)",
    "account.more": "… y {n} más antes",
    "game.forced": "▶️ {who} solo tenía una jugada posible, así que la ha hecho el bot.",
    "game.order": "Tirada para el orden: {rolls}\nOrden: {order}", "game.reroll": " | desempate: ",
    "game.remind": "⏰ <@{user}>, te toca en la partida de Ludo `{id}`: tu turno acaba <t:{at}:R>.",
    "game.timed_out": "⌛ A {who} se le ha acabado el tiempo.",
    "game.by_clicks": "🔒 Ya no puedo escribir en este canal: la partida sigue con vuestros clics, "
        "sin recordatorios. Cuando se acabe un turno, los demás pueden pulsar Tiempo agotado.",
    "status.turn": "Le toca a {who} ({colour}): {doing}{deadline}.",
    "status.roll": "tirar los dados", "status.thinking": "pensando…",
    "status.choose": "elegir qué dado usar primero ({dice})",
    "status.move": "mover una ficha con el {die}", "status.deadline": " (el turno acaba <t:{at}:R>)",
    "status.over": "🏆 **Fin de la partida**",
    "status.ended_by": "⏹️ {who} ha dado por terminada esta partida.",
    "status.ended_early": "⏹️ Esta partida se ha terminado.",
    "status.abandoned": "⏹️ Esta partida se ha dado por abandonada: nadie ha jugado desde <t:{at}:f>. No cuenta "
                        "en las estadísticas de nadie.",
    "spectate.header": "👁️ **Mirando Ludo — {rules}**{extra} · partida `{id}` · a las <t:{now}:T>",
    "spectate.only_you": "Solo tú ves esta vista; Actualizar muestra el tablero tal como está ahora.",
    "replay.alt": plural("actions",
                         one="Repetición animada de la partida de Ludo {id}, {actions} acción. Posición final: ",
                         many="Repetición animada de la partida de Ludo {id}, {actions} de acciones. Posición final: ",
                         other="Repetición animada de la partida de Ludo {id}, {actions} acciones. Posición final: "),
    "replay.private": "Repetición de la partida `{id}`",
    "replay.public": "🎞️ Repetición de la partida de Ludo `{id}`",
    # replies to commands
    "reply.left": "Has dejado la partida.",
    "reply.ended": "⏹️ {who} ha dado por terminada la partida de Ludo `{id}`.",
    "reply.ended_member": "⏹️ Se ha terminado todo lo que {who} organizaba en este servidor. Partidas de Ludo: "
                          "{games}; salas: {lobbies}.",
    "reply.export": "📄 Partida `{id}`: compruébala con `python -m ludo_bot.engine.verify ludo-{id}.json`.",
    # /ludo games (private)
    "games.head": "🎲 **Tus partidas de Ludo en este servidor** ({count}), primero las que te tocan:",
    "games.line": "• {turn} · **{rules}** · partida `{id}`{ends} · {link}",
    "games.yours": "**te toca**", "games.theirs": "le toca a {who}", "games.ends": " · el turno acaba <t:{at}:R>",
    "games.more": "… y {n} más.",
    "games.none": "Ahora mismo no estás jugando al Ludo en este servidor: /ludo start abre una partida.",
    "stats.none": "{who} todavía no ha terminado ninguna partida de Ludo aquí.",
    "stats.rating": "nivel **{ordinal:.1f}** (μ {mu:.1f}, σ {sigma:.1f})",
    "stats.unrated": "todavía sin nivel (solo cuentan las partidas contra otras personas)",
    "stats.favourite": ", reglas favoritas **{preset}**",
    "stats.line": "**{name}**: {rating}; partidas: {games}, victorias: {wins}, puesto medio: {average:.2f}, "
                  "fichas comidas: {captures}{favourite}.",
    "leaderboard.head": "🏆 **Clasificación de Ludo** (por nivel de juego; las partidas solo contra IAs no "
                        "puntúan)",
    "leaderboard.rated": plural("wins", one="{place}. <@{user}> — {wins} victoria · nivel **{ordinal:.1f}**",
                                many="{place}. <@{user}> — {wins} de victorias · nivel **{ordinal:.1f}**",
                                other="{place}. <@{user}> — {wins} victorias · nivel **{ordinal:.1f}**"),
    "leaderboard.unrated": plural("wins", one="{place}. <@{user}> — {wins} victoria · todavía sin nivel",
                                  many="{place}. <@{user}> — {wins} de victorias · todavía sin nivel",
                                  other="{place}. <@{user}> — {wins} victorias · todavía sin nivel"),
    "leaderboard.empty": "Todavía no hay partidas.",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "Temporadas de clasificación: una clasificación nueva cada mes o cada trimestre (UTC)",
    "opt.settings.season_channel": "El canal donde se publica el top 10 final de cada temporada",
    "choice.season.off": "desactivadas",
    "choice.season.monthly": "mensuales",
    "choice.season.quarterly": "trimestrales",
    "opt.leaderboard.season": "El nivel de esta temporada, la clasificación final de la anterior o la histórica",
    "choice.board.current": "esta temporada",
    "choice.board.previous": "temporada anterior",
    "choice.board.all": "histórica",
    "leaderboard.season_head": ("🏆 **Clasificación de Ludo, temporada `{season}`** (nivel desde el inicio de la "
                                "temporada; las partidas solo contra IAs no puntúan)"),
    "leaderboard.season_final": "🏁 **Clasificación final de la temporada `{season}`**",
    "leaderboard.season_none": "No hay partidas que cuenten para el nivel en esta temporada.",
    "leaderboard.all_time_head": ("🏆 **Clasificación histórica de Ludo** (por nivel de juego; las partidas solo "
                                  "contra IAs no puntúan)"),
    "settings.season": "Temporadas: **{length}**; el top 10 final de cada temporada se publica en <#{channel}>.",
    "settings.season_unposted": ("Temporadas: **{length}**; elige un season_channel para que se publique el top 10 "
                                 "final de cada temporada."),
    "settings.season_off": "Temporadas: desactivadas (la clasificación es la histórica).",
    "season.over": ("🏁 **¡Se acabó la temporada `{season}`!** Este es su top 10 final. Empieza una temporada nueva y "
                    "el nivel de todos vuelve a empezar de cero."),
    "refused.no_seasons": ("Este servidor no juega por temporadas, así que su clasificación es la histórica. Quien "
                           "gestione el servidor puede activarlas en /ludo settings."),
    "refused.board_choice": "Esa clasificación no existe: elige esta temporada, la temporada anterior o la histórica.",
    "settings.saved": ("Ajustes de Ludo: reglas **{preset}**, turnos de {turn}, aviso {reminder} antes, al acabar "
                       "el tiempo: {action}."),
    "settings.language": "Los mensajes del bot en este servidor: **{language}**.",
    "settings.language_kept": "Las salas, partidas y torneos ya abiertos siguen en su idioma; los nuevos usarán este.",
    "settings.after": plural("misses", one=" (tras {misses} turno perdido)",
                             many=" (tras {misses} de turnos perdidos)",
                             other=" (tras {misses} turnos perdidos)"),
    "verify.ok": "✅ Todas las tiradas cuadran: partida `{id}`, semilla `{seed}`, sello `{commitment}`.",
    "verify.bad": "❌ Esta partida NO cuadra: partida `{id}`, semilla `{seed}`, sello `{commitment}`.",
    "history.head": "📜 **Últimas partidas de Ludo** (`/ludo replay <id>`, `/ludo verify <id>`)",
    "history.then": " · después {others}", "history.empty": "Aquí todavía no ha terminado ninguna partida de Ludo.",
    # refusals and errors (private)
    "refused.rules": "Esas reglas no funcionan juntas: {error}",
    "refused.settings": "Esos ajustes no son posibles: {error}",
    "refused.settings_race": "Los ajustes han cambiado en ese mismo momento; inténtalo otra vez.",
    "refused.channel_busy": "Este canal ya tiene una partida de Ludo ({holder}): hay que terminarla o cerrarla antes.",
    "refused.lobby_closed": "Esta sala está cerrada.",
    "refused.already_in": "Ya estás en esta partida.",
    "refused.full": "Esta partida está completa.",
    "refused.host_leaves": "El anfitrión no puede salir; cancela la sala.",
    "refused.not_in": "No estás en esta partida.",
    "refused.host_adds_ai": "Solo el anfitrión puede añadir IAs.",
    "refused.ai_levels": "Ese nivel de IA ya no está disponible; "
                         "la más fuerte que puedes añadir ahora es la IA {level}.",
    "refused.lobby_race": "La sala ha cambiado en ese mismo momento; inténtalo otra vez.",
    "refused.host_cancels": "Solo el anfitrión puede cancelar esta partida.",
    "refused.host_starts": "Solo el anfitrión puede empezar la partida.",
    "refused.two_players": "Una partida necesita al menos 2 jugadores: invita a alguien o añade una IA.",
    "refused.teams_seats": "Por parejas se juega 2 contra 2: hay que ocupar los 4 puestos (ahora {now}); invita a "
                           "más jugadores o añade IAs.",
    "refused.seats": "Una partida tiene de 2 a {most} puestos, no {seats}.",
    "refused.turn_length": "Un turno dura de {low} a {high} minutos, no {minutes}.",
    "refused.teams_option": "Por parejas se juega 2 contra 2, así que hacen falta 4 puestos, no {seats}: deja "
                            "`seats` en 4.",
    "refused.colour_taken": "El color {colour} ya está ocupado: elige uno libre.",
    "refused.colour_yours": "Ya juegas con el {colour}.",
    "refused.side_by_side": "En una partida de dos, los jugadores se sientan enfrente (rojo y amarillo, o verde y "
                            "azul): que uno de los dos elija el color opuesto al del otro.",
    "refused.rematch_not_over": "Esta partida todavía no ha terminado.",
    "refused.rematch_players": "Solo quienes han jugado esta partida pueden pedir la revancha.",
    "refused.rematch_open": "Ya hay una revancha de esta partida abierta en <#{channel}>: únete allí.",
    "refused.rematch_playing": "La revancha de esta partida ya se está jugando en <#{channel}>.",
    "refused.rematch_opening": "La revancha de esta partida se está abriendo ahora mismo: su sala aparecerá enseguida.",
    "refused.rematch_not_posted": "No he podido publicar la sala de la revancha en <#{channel}> (quizá no puedo "
                                  "enviar mensajes allí), así que no se ha abierto.",
    "refused.no_game": "Esta partida ya no existe.",
    "refused.over": "Esta partida ha terminado.",
    "refused.moved_on": "La partida ha avanzado desde que se creó este botón: usa el mensaje más reciente de la "
                        "partida.",
    "refused.moved_on_reposted": ("La partida había avanzado sin que este mensaje lo mostrara, "
                                  "así que el mensaje más reciente de la partida se ha vuelto a publicar abajo."),
    "refused.not_playing": "No estás jugando en esta partida.",
    "refused.left_already": "Ya has dejado esta partida (o la has terminado): no hay nada que dejar.",
    "refused.thread_member": "No puedes crear hilos en este canal, así que la partida no puede tener un hilo "
                             "propio: empiézala sin `thread`.",
    "refused.thread_bot": "No puedo crear hilos ni escribir en ellos en este canal (Crear hilos públicos, Enviar "
                          "mensajes en hilos): empieza la partida sin `thread` o pídeselo a un moderador.",
    "refused.bot_permissions": ("Me faltan permisos en este canal que una partida necesita: {missing}. Pídele a un "
                                "moderador que me los dé aquí y luego vuelve a empezar."),
    # the bot's permissions in a channel, named as Discord's client names them
    "perm.view_channel": "Ver canal",
    "perm.send_messages": "Enviar mensajes",
    "perm.send_messages_in_threads": "Enviar mensajes en hilos",
    "perm.create_public_threads": "Crear hilos públicos",
    "perm.attach_files": "Adjuntar archivos",
    "perm.read_message_history": "Leer el historial de mensajes",
    "refused.not_your_turn": "No es tu turno: le toca a {who} ({colour}).",
    "refused.other_channel": "Ese botón es de una partida de otro canal.",
    "refused.foreign_button": "Ese botón no es de esta partida.",
    "refused.illegal": "No se puede: {error}.",
    # the engine's reasons, filled into refused.rules, refused.settings and refused.illegal (service.errors.reason)
    "rules_error.unknown_option": "`{option}` no es ninguna opción",
    "rules_error.unknown_preset": "no existe el reglamento `{value}` (los que hay: {presets})",
    "rules_error.value": "`{option}` no puede valer `{value}`",
    "rules_error.strict_only": "`{option}` (el largo del pasillo) solo va con el reglamento **estricto**",
    "rules_error.pairs_need_blocks": ("con estas reglas las barreras se mueven enteras, así que `stacking` tiene "
                                      "que quedarse en barrera"),
    "rules_error.two_dice_only": ("con estas reglas se vuelve a tirar un 6 que no puede mover, y eso pide dos "
                                  "dados: deja `dice` en 2"),
    "rules_error.seat_count": "en una partida juegan de 2 a {most} jugadores, no {seats}",
    "rules_error.seat_numbers": "cada puesto solo se puede ocupar una vez",
    "rules_error.teams_seats": "por parejas se juega 2 contra 2, así que hay que ocupar los 4 puestos (ahora {seats})",
    "settings_error.language": "el bot no habla ningún idioma `{value}`",
    "settings_error.value": "`{option}` no admite ese valor",
    "illegal.roll": "primero tira el dado",
    "illegal.choose": "elige primero qué dado juegas",
    "illegal.move": "mueve una ficha con el dado que toca",
    "illegal.over": "la partida ya ha terminado",
    "illegal.no_die": "ningún dado marca un {value}",
    "illegal.die_no_move": "con el {value} no se mueve nada",
    "illegal.token_number": "las fichas van numeradas del 1 al {most}",
    "illegal.pair_number": "una barrera son dos fichas distintas, numeradas del 1 al {most}",
    "illegal.not_playing": "el {colour} no está jugando",
    "illegal.dice_values": "esos dados no van con estas reglas (dados por tirada: {dice})",
    "illegal.what_token": "la ficha {tokens}",
    "illegal.what_pair": "la barrera {tokens}",
    "illegal.what_tokens": "las fichas {tokens}",
    "illegal.home": "{what} ya está en la meta",
    "illegal.locked": "{what} va atada a su barrera hasta llegar a un seguro: mueve la barrera",
    "illegal.enter": "{what} necesita un {detail} para salir",
    "illegal.overshoot": "{what} se pasaría de la meta (le sobran {detail})",
    "illegal.pass_block": "{what} no puede pasar la barrera del {colour}",
    "illegal.land_block": "{what} no puede caer en la barrera del {colour}",
    "illegal.own_square": "{what} no puede acabar en una casilla que ya ocupas",
    "illegal.no_block": "{what} no forman barrera",
    "illegal.split": "{what} rompería una barrera atada",
    "illegal.odd": "{what} solo se mueve con una tirada par",
    "illegal.no_pairs": "con estas reglas las barreras no se mueven enteras",
    "illegal.cannot_move": "{what} no puede moverse ahora",
    "refused.already_over": "Esta partida ya ha terminado.",
    "refused.host_ends": "Solo el anfitrión o alguien que gestione este canal puede terminar la partida.",
    "refused.table_player_ends": ("Juegas en esta mesa, así que no puedes terminarla: sigue hasta el final o hasta "
                                  "que se acabe el tiempo de la ronda."),
    "refused.end_member": "Solo quien puede gestionar este servidor puede terminar de una vez todas las partidas de "
                          "Ludo de un miembro.",
    "refused.game_race": "La partida ha cambiado en ese mismo momento; inténtalo otra vez.",
    "refused.channel_has_game": "Este canal ya tiene una partida de Ludo.",
    "refused.act_race": "Alguien ha jugado en esta partida en ese mismo momento: la partida ya ha avanzado.",
    "refused.no_channel_game": "No hay ninguna partida de Ludo en este canal: empieza una con /ludo start.",
    "refused.lobby_not_game": "En este canal hay una sala, todavía no una partida: el anfitrión la empieza con su "
                              "botón Empezar.",
    "refused.manage_server": "Solo quien puede gestionar este servidor puede cambiar sus ajustes de Ludo.",
    "refused.settings_no_server": "Solo los servidores tienen ajustes de Ludo, y nadie gestiona un MD de grupo ni un "
                                  "MD: aquí, elige las reglas de cada partida con las opciones de /ludo start.",
    "refused.unknown_game": "No hay ninguna partida de Ludo `{id}` en este servidor (las partidas terminadas se "
                            "guardan 30 días): mira /ludo history.",
    "refused.not_finished": "La partida `{id}` no ha terminado: su semilla de dados es secreta hasta el "
                            "final. Su sello: `{commitment}`",
    "refused.still_playing": "La partida `{id}` todavía se está jugando: podrás ver su repetición cuando termine.",
    "refused.user_open": plural(
        "most",
        one="Ya tienes {most} sala de Ludo abierta en este servidor, el máximo que puede organizar un jugador a la "
            "vez: empiézala o cancélala y vuelve a intentarlo.",
        many="Ya tienes {most} de salas de Ludo abiertas en este servidor, el máximo que puede organizar un jugador "
             "a la vez: empieza o cancela alguna y vuelve a intentarlo.",
        other="Ya tienes {most} salas de Ludo abiertas en este servidor, el máximo que puede organizar un jugador a "
              "la vez: empieza o cancela alguna y vuelve a intentarlo."),
    "refused.user_alone": "Ya organizas tantas salas y partidas de Ludo como un jugador puede tener abiertas a la vez "
                          "en este servidor ({most}), contando las partidas que juegas solo contra la IA: termina una "
                          "de ellas (/ludo end en su canal) o cancela una sala y vuelve a intentarlo.",
    "refused.guild_open": plural(
        "most",
        one="Este servidor ya tiene {most} sala o partida de Ludo abierta, el máximo permitido: termina la partida "
            "(/ludo end) o cancela la sala y vuelve a intentarlo.",
        many="Este servidor ya tiene {most} de salas y partidas de Ludo abiertas a la vez, el máximo permitido: "
             "termina una partida (/ludo end) o cancela una sala y vuelve a intentarlo.",
        other="Este servidor ya tiene {most} salas y partidas de Ludo abiertas a la vez, el máximo permitido: "
              "termina una partida (/ludo end) o cancela una sala y vuelve a intentarlo."),
    "refused.user_burst": "Estás abriendo salas de Ludo más rápido de lo que permite el bot: vuelve a intentarlo "
                          "<t:{at}:R>.",
    "refused.guild_burst": "En este servidor se están abriendo salas de Ludo más rápido de lo que permite el bot: "
                           "vuelve a intentarlo <t:{at}:R>.",
    "refused.wait_replay": "Acabas de pedir una repetición; dibujarla le cuesta mucho al bot, así que podrás pedir "
                           "la siguiente <t:{at}:R> (en {seconds} s).",
    "refused.wait_verify": "Acabas de usar /ludo verify: vuelve a intentarlo <t:{at}:R> (en {seconds} s).",
    "refused.wait_export": "Acabas de usar /ludo export: vuelve a intentarlo <t:{at}:R> (en {seconds} s).",
    "refused.wait_board": "Acabas de usar /ludo board: vuelve a intentarlo <t:{at}:R> (en {seconds} s).",
    "refused.replays_busy": "El bot está dibujando muchas repeticiones ahora mismo: vuelve a pedirla en un minuto.",
    "button.review": "Análisis", "button.post_review": "Publicar en el canal",
    "cmd.review": "Análisis de una partida terminada: el peso de los dados, el de las decisiones y los peores errores",
    "refused.review_playing": "La partida `{id}` todavía se está jugando: podrás ver su análisis cuando termine.",
    "refused.reviews_busy": "El bot está analizando muchas partidas ahora mismo: vuelve a pedirlo en un minuto.",
    "refused.wait_review": "Acabas de pedir un análisis: vuelve a intentarlo <t:{at}:R> (en {seconds} s).",
    "refused.wait_review_post": "Acabas de publicar un análisis: vuelve a intentarlo <t:{at}:R> (en {seconds} s).",
    "review.head": "📈 **Análisis de la partida `{id}`**: probabilidades de ganar según el motor (con un margen de "
                   "unos ±{error} puntos)",
    "review.player": "**{who}** ({colour}): {start} % → {end} % · dados {dice} · decisiones propias {choices} · "
                     "decisiones ajenas {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="precisión del {share} % en {decisions} decisión",
                              many="precisión del {share} % en {decisions} de decisiones",
                              other="precisión del {share} % en {decisions} decisiones"),
    "review.no_choices": "ninguna decisión real en toda la partida",
    "review.costliest": "Las decisiones que más le costaron a **{who}** (marcadas del 1 al 3 en el gráfico):",
    "review.decision": "{n}. jugada {move}: jugó {played}; mejor habría sido {best} (−{cost} puntos)",
    "review.no_mistakes": "**{who}** no tomó ninguna decisión que le costara caro.",
    "review.shared": "<@{user}> comparte este análisis:",
    "review.chart_alt": "Gráfico de la probabilidad de ganar de cada jugador a lo largo de la partida de Ludo {id}",
    "review.best_label": "mejor", "review.played_label": "jugada",
    "review.caption": "decisión {n} · jugada {move}",
    "review.decision_alt": "La posición del error {n}, en la jugada {move}: están marcadas la jugada hecha y la mejor",
    "reply.saved_after_all": "Al final tu jugada sí se guardó: el mensaje de la partida se ha vuelto a publicar abajo.",
    "reply.move_not_shown": "Tu jugada cuenta, pero Discord no aceptó el mensaje actualizado de la partida: "
                            "`/ludo board` muestra la partida tal como está ahora.",
    "reply.start_not_shown": "La partida ha empezado, pero Discord no aceptó su mensaje: `/ludo board` en el canal de "
                             "la partida (o en su hilo) la muestra.",
    "reply.leave_not_shown": "Has dejado la partida, pero Discord no aceptó el mensaje actualizado de la partida: "
                             "`/ludo board` muestra la partida tal como está ahora.",
    "error.storage": "El almacenamiento no está disponible ahora mismo: inténtalo de nuevo en un momento. Si tu "
                     "jugada se guardó justo antes, el mensaje de la partida la mostrará en cuanto el almacenamiento "
                     "vuelva a responder.",
    "error.unexpected": "Lo sentimos, algo ha fallado por nuestra parte y no se ha cambiado nada (referencia "
                        "`{reference}`).",
    "error.outdated": "Este botón está desactualizado: usa el mensaje más reciente de la partida.",
    "error.command": "No se ha podido ejecutar ese comando: {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": "🔔 Avisos de turno activados: te enviaré un mensaje directo cuando te toque en una partida de Ludo "
                 "y con el recordatorio del turno. `/ludo notify alerts:desactivar` los quita. Discord tiene que "
                 "dejarme escribirte (Privacidad: mensajes directos de miembros del servidor).",
    "notify.off": "🔕 Avisos de turno desactivados: ya no recibirás mensajes directos sobre tus turnos.",
    "alert.turn": "🎲 Te toca en la partida de Ludo `{id}` ({rules}): {link}",
    "alert.remind": "⏰ Recordatorio: tu turno en la partida de Ludo `{id}` ({rules}) acaba <t:{at}:R>: {link}",
    "alert.deadline": "Tu turno acaba <t:{at}:R>.",
    "alert.stop": "-# `/ludo notify alerts:desactivar` quita estos mensajes.",
    "alert.alt": "El tablero de la partida de Ludo {id}: ",
    "alert.refused": "🔕 Tus avisos de turno de Ludo se han desactivado: Discord no me dejó enviarte un mensaje "
                     "directo (puede que tu privacidad no permita mensajes directos de miembros de este servidor). "
                     "Permítelos y vuelve a activar los avisos con `/ludo notify alerts:activar`.",
    "cmd.notify": "Un mensaje directo cuando te toque en una partida de Ludo: activar o desactivar",
    "opt.notify.alerts": "activar: un MD cuando te toque (y con su recordatorio); desactivar: ninguno",
    "choice.notify.on": "activar", "choice.notify.off": "desactivar",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "Jugar al Ludo en este canal",
    "cmd.start": "Abrir una sala de Ludo en este canal",
    "cmd.board": "Volver a publicar aquí el mensaje de la partida en curso",
    "cmd.games": "Tus partidas de Ludo en este servidor, con enlaces: primero las que te tocan",
    "cmd.rules": "Las reglas de la partida de este canal o de un modo de juego",
    "cmd.leave": "Dejar la partida de este canal (cuenta como abandono)",
    "cmd.end": "Terminar la partida de este canal (anfitrión o Gestionar canales)",
    "cmd.stats": "Los resultados de Ludo de un jugador en este servidor",
    "cmd.leaderboard": "Los mejores jugadores de Ludo del servidor, por nivel de juego",
    "cmd.settings": "Los ajustes de este servidor para nuevas partidas (Gestionar servidor)",
    "cmd.export": "El archivo de una partida terminada (reglas, puestos, semilla, registro) para comprobarla donde "
                  "sea",
    "cmd.verify": "Rehacer una partida terminada con su semilla revelada y comprobar cada tirada",
    "cmd.history": "Las últimas partidas de Ludo terminadas en este servidor",
    "cmd.replay": "La repetición animada de una partida terminada",
    "opt.start.preset": "Reglas (por defecto: las del servidor)", "opt.start.seats": "Puestos, de 2 a 4",
    "opt.start.turn_minutes": "Minutos que puede durar cada turno", "opt.start.thread": "Jugar en un hilo propio",
    "opt.start.dice": "solo estricto: uno o dos dados", "opt.start.end_path": "solo estricto: 4 o 5",
    "opt.start.bonus_on_six": "Con un 6 se vuelve a tirar",
    "opt.start.third_six_ends_turn": "El tercer 6 seguido acaba el turno",
    "opt.start.capture_bonus": "Si comes, vuelves a tirar", "opt.start.stacking": "Dos fichas propias en una casilla",
    "opt.start.game_end": "primero: gana el primero en la meta; todos: los demás siguen por los puestos restantes",
    "opt.start.turn_limit": "Turnos por jugador (0: sin límite)",
    "opt.start.ai_takeover": "Una IA ocupa el puesto de quien se vaya",
    "opt.start.auto_single": "Hacer automáticamente las jugadas obligadas",
    "opt.start.quick": "Partida rápida: gana la primera ficha en la meta",
    "opt.start.kill_to_unlock": "Una ficha solo entra en su pasillo después de comer",
    "opt.start.teams": "2 contra 2 (rojo+amarillo contra verde+azul; hacen falta 4 puestos)",
    "opt.rules.preset": "Las reglas de un modo de juego en vez de las de la partida de este canal",
    "opt.stats.user": "Resultados de quién (por defecto: los tuyos)",
    "opt.end.member": "Terminar todas las partidas y salas que organiza este miembro (Gestionar servidor)",
    "opt.settings.language": "El idioma de los mensajes del bot en este servidor (por defecto: el del servidor)",
    "opt.settings.preset": "Reglas por defecto", "opt.settings.turn_minutes": "Minutos que puede durar un turno",
    "opt.settings.reminder_minutes": "Avisar al jugador estos minutos antes de que acabe el tiempo (0: nunca)",
    "opt.settings.timeout_action": "Al acabar el tiempo: una IA juega el turno, se salta o el jugador queda fuera "
                                   "tras varios fallos",
    "opt.settings.forfeit_after": "Con eliminar: turnos perdidos seguidos antes de quedar fuera",
    "opt.game": "El id de la partida (mira /ludo history)",
    "choice.stacking.forbidden": "prohibido", "choice.stacking.allowed": "permitido",
    "choice.stacking.block": "barrera",
    "choice.game_end.first": "primero", "choice.game_end.all": "todos",
    "choice.preset.classic": "clásico",
    "choice.preset.star": "estrella",
    "choice.preset.strict": "estricto",
    "choice.preset.twodice": "dos dados",
    "choice.timeout_action.ai": "juega la IA", "choice.timeout_action.skip": "saltar",
    "choice.timeout_action.forfeit": "eliminar",
    # the board picture's alt text (engine.describe)
    "describe.red": "rojo", "describe.green": "verde", "describe.yellow": "amarillo", "describe.blue": "azul",
    "describe.named": "{name} ({colour})", "describe.and": "{a} y {b}", "describe.or": "{a} o {b}",
    "describe.place1": "1.º {who}", "describe.place2": "2.º {who}", "describe.place3": "3.º {who}",
    "describe.place4": "4.º {who}",
    "describe.team_won": "Fin de la partida: {a} y {b} ganan por parejas. Clasificación: {ranking}.",
    "describe.over": "Fin de la partida. Clasificación: {ranking}.",
    "describe.to_roll": "Le toca tirar a {who}.", "describe.to_roll_again": "{who} vuelve a tirar tras un 6.",
    "describe.last_roll": "Última tirada: {dice}.",
    "describe.to_choose": "{who} ha sacado {dice} y elige qué dado usar primero.",
    "describe.to_move": "{who} mueve con el {die}: {moves}.",
    "describe.to_move_then": "{who} mueve con el {die} (luego el {rest}): {moves}.",
    "describe.token": "ficha {n}", "describe.pair": "barrera {a}+{b}",
    "describe.teams": "Parejas: {a} y {b} contra {c} y {d}.",
    "describe.quick": "Partida rápida: gana la primera ficha en la meta.",
    "describe.quick_teams": "Partida rápida: un jugador termina con una ficha en la meta.",
    "describe.player": "{who}: {parts}.", "describe.player_left": "{who}: ha dejado la partida.",
    "describe.no_tokens": "ninguna ficha", "describe.out_of_turns": "sin turnos", "describe.finished": "terminado",
    "describe.all_home": "las 4 en la meta", "describe.home": "{n} en la meta", "describe.in_yard": "{n} en casa",
    "describe.tokens": "fichas {list}", "describe.on_square": "{what} en la casilla {square} de {of}",
    "describe.locked_pair": "{text}, una barrera que va junta", "describe.block": "{text}, una barrera",
    "describe.safe": "{text} (seguro)",
    "describe.in_column": plural("left", one="ficha {n} en el pasillo, a {left} casilla de la meta",
                                 many="ficha {n} en el pasillo, a {left} de casillas de la meta",
                                 other="ficha {n} en el pasillo, a {left} casillas de la meta"),
    "describe.on_track": "{n} en el recorrido", "describe.in_columns": "{n} en el pasillo",
    "describe.score": "puntuación {n}",
    "describe.turns_left": plural("n", one="queda {n} turno", many="quedan {n} de turnos", other="quedan {n} turnos"),
    "describe.column_locked": "pasillo cerrado hasta comer",
    # words in the board picture (render)
    "board.red": "rojo", "board.green": "verde", "board.yellow": "amarillo", "board.blue": "azul",
    "board.left": "{colour} · abandonó", "board.placed": "{colour} · {place} en llegar",
    "board.out": "{colour} · fuera", "board.home_count": "{colour} · meta {home}/{tokens}",
    "board.points": "{score} pts",
    "board.place1": "1.º", "board.place2": "2.º", "board.place3": "3.º", "board.place4": "4.º",
    "board.replay_caption": "jugada {n} de {total}",
    "board.chart_title": plural("moves", one="% de victoria en {moves} jugada",
                                many="% de victoria en {moves} de jugadas",
                                other="% de victoria en {moves} jugadas"),
    "board.chart_move": "jugada",
    "board.chart_percent": "{value} %",
    # user installs
    "button.times_up": "Tiempo agotado",
    "status.deadline_late": " (el turno acaba <t:{at}:R>; después, los demás pueden pulsar Tiempo agotado)",
    "refused.not_late": "Este turno aún no ha terminado: acaba <t:{at}:R>. Después podrás pulsar Tiempo agotado.",
    "refused.late_yours": "Es tu turno: haz tu jugada.",
    "refused.no_games_here": "El Ludo se juega en un canal de un servidor o en un MD de grupo: empieza una partida "
                             "allí.",
    "refused.thread_here": "Una partida solo tiene hilo propio en un servidor que haya añadido el bot; aquí se "
                           "juega en este chat.",
    "start.private_here": "En este servidor, las apps que los miembros han añadido por su cuenta solo pueden "
                          "responder en privado, así que aquí no se puede jugar conmigo. Un moderador puede "
                          "permitir «Usar aplicaciones externas» en este canal o añadirme al servidor: {link}",
    "choice.language.discord": "el idioma del servidor en Discord",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": "Los mensajes del bot en este servidor siguen su idioma de Discord, ahora **{language}**.",
    # tournaments (/ludo tournament, the sign-up and standing message, the tables' threads, the standing's picture)
    "cmd.tournament": "Torneos de Ludo en el servidor: eliminación directa o suizo, en una noche o a lo largo de días",
    "cmd.tournament.create": ("Abrir la inscripción a un torneo en este canal (Gestionar servidor o Gestionar "
                              "eventos)"),
    "cmd.tournament.standings": "La clasificación de un torneo, solo para ti",
    "cmd.tournament.leave": "Dejar un torneo (si ya ha empezado, cuenta como abandono de tu partida en curso)",
    "cmd.tournament.cancel": "Cancelar un torneo (quien lo organiza, o Gestionar servidor)",
    "opt.tournament.format": ("eliminación directa: pasan los mejores de cada mesa; sistema suizo: todos juegan todas "
                              "las rondas"),
    "opt.tournament.max_players": "El máximo de jugadores, de 2 a 64",
    "opt.tournament.rounds": "Solo sistema suizo: cuántas rondas, de 1 a 10",
    "opt.tournament.fill_with_ai": "Completar cada mesa hasta cuatro puestos con jugadores IA",
    "opt.tournament.round_hours": "Horas que puede durar una ronda; las mesas que sigan jugando se cierran como estén",
    "opt.tournament.id": "El id del torneo (por defecto: el de este canal)",
    "choice.format.knockout": "eliminación directa", "choice.format.swiss": "sistema suizo",
    "tourney.title": "🏆 **Torneo de Ludo** `{id}`: {format}",
    "tourney.format.knockout": ("eliminación directa (pasan los mejores de cada mesa, hasta que una mesa final "
                                "decida el campeón)"),
    "tourney.format.swiss": plural("rounds", one=("sistema suizo, {rounds} ronda (todos juegan todas las rondas; "
                                                  "puntos según el puesto)"),
                                   many=("sistema suizo, {rounds} de rondas (todos juegan todas las rondas; puntos "
                                         "según el puesto)"),
                                   other=("sistema suizo, {rounds} rondas (todos juegan todas las rondas; puntos "
                                          "según el puesto)")),
    "tourney.rules": "Organiza <@{organiser}> · **{preset}**{extra} · {turn} · {round}{fill}",
    "tourney.turn": "{time} por turno",
    "tourney.turn_server": "duración de turno del servidor",
    "tourney.round_hours": plural("hours", one="{hours} hora por ronda", many="{hours} de horas por ronda",
                                  other="{hours} horas por ronda"),
    "tourney.fill": " · mesas incompletas completadas con IA",
    "tourney.entrants": "**Jugadores ({count}/{most})**",
    "tourney.nobody": "Todavía no se ha unido nadie.",
    "tourney.signup_foot": ("Pulsa «Unirse» para jugar. Quien organiza pulsa «Empezar» cuando estén todos (al menos "
                            "dos jugadores)."),
    "tourney.round": "Ronda {round}", "tourney.round_of": "Ronda {round} de {rounds}", "tourney.final": "Final",
    "tourney.final_standings": "Clasificación final",
    "tourney.round_ends": " (termina <t:{at}:R>)",
    "tourney.table": "Mesa {table} · {where}: {players}",
    "tourney.opening": "abriendo…",
    "tourney.playing": "{players} (en juego)",
    "tourney.ended.settled": " (cerrada como estaba al acabarse el tiempo de la ronda)",
    "tourney.ended.ended": " (terminada antes de tiempo)",
    "tourney.ended.abandoned": " (abandonada)",
    "tourney.ended.unplayed": " (nunca se ha jugado: clasificada por el orden de los puestos)",
    "tourney.ended.refused": " (no se ha jugado: no puedo crear su hilo aquí, así que se clasifica por el "
        "orden de los puestos)",
    "tourney.more_tables": plural("count", one="… y {count} mesa más.", many="… y {count} de mesas más.",
                                  other="… y {count} mesas más."),
    "tourney.legend_through": "✅ pasa a la siguiente ronda.",
    "tourney.standings_head": "**Clasificación**",
    "tourney.score": "{rank}. {name}: {points}, {wins}",
    "tourney.points": plural("points", one="{points} punto", many="{points} de puntos", other="{points} puntos"),
    "tourney.wins": plural("wins", one="{wins} victoria", many="{wins} de victorias", other="{wins} victorias"),
    "tourney.champion": "🏆 ¡Campeón: **{name}**!",
    "tourney.no_champion": "🏁 El torneo ha terminado sin campeón: no quedaba nadie para ganarlo.",
    "tourney.cancelled": "❌ <@{who}> ha cancelado este torneo.",
    "tourney.thread": "{round} · mesa {table}",
    "tourney.ai_seats": plural("count", one="{count} jugador IA", many="{count} de jugadores IA",
                               other="{count} jugadores IA"),
    "tourney.intro": ("🏆 Torneo de Ludo `{id}`, {round}, mesa {table}: {players}. ¡Suerte! La ronda termina "
                      "<t:{at}:R>; una mesa que siga jugando entonces se cierra como esté."),
    "tourney.announce": "🏆 ¡<@{user}> es campeón del torneo de Ludo `{id}`! ¡Felicidades!",
    "tourney.announce_none": "🏁 El torneo de Ludo `{id}` ha terminado sin campeón.",
    "tourney.left_signup": "Ya no estás en la lista del torneo `{id}`.",
    "tourney.left_running": ("Has dejado el torneo `{id}`: tu partida en curso cuenta como abandono (quedas último en "
                             "tu mesa) y no juegas más rondas."),
    "tourney.cancel_done": "El torneo `{id}` está cancelado: las mesas que siguen jugando terminan por abandono.",
    "status.settled": "⏰ Se ha acabado el tiempo de la ronda: esta mesa se cierra como estaba.",
    "status.table_places": "Puestos en esta mesa:",
    "stats.tournaments": " Torneos jugados: {played}, ganados: {won}.",
    "standing.champion": "Campeón", "standing.cancelled": "Cancelado",
    "standing.legend": "",  # (no legend: the swiss table's headers read as they are)
    # the swiss table's headers: short (in two blocks a number's column is as wide as "64"); a standings table's
    # "G" (ganadas) and "PJ" (partidas jugadas)
    "standing.rank": "#", "standing.player": "Jugador", "standing.points": "Pts", "standing.wins": "G",
    "standing.played": "PJ",
    "refused.tourney_here": ("Los torneos necesitan hilos, así que solo se juegan en los canales de un servidor del "
                             "que el bot es miembro."),
    "refused.tourney_manage": ("Solo quien tiene el permiso «Gestionar servidor» o «Gestionar eventos» puede crear "
                               "un torneo."),
    "refused.tourney_thread": "Un torneo se juega en un canal, no en un hilo: créalo en el propio canal.",
    "refused.tourney_bot_permissions": ("Me faltan permisos en este canal que un torneo necesita (su clasificación "
                                        "aquí y cada mesa en su propio hilo): {missing}. Pídele a un moderador que me "
                                        "los dé aquí."),
    "refused.tourney_channel_busy": ("En este canal ya se juega el torneo `{id}`: un solo torneo a la vez por "
                                     "canal."),
    "refused.tourney_format": "Ese formato no existe: elige eliminación directa o sistema suizo.",
    "refused.tourney_players": "Un torneo admite de 2 a {most} jugadores.",
    "refused.tourney_rounds": "Un torneo de sistema suizo tiene de 1 a {most} rondas.",
    "refused.tourney_hours": "Una ronda dura de {low} a {high} horas.",
    "refused.no_tourney": "No hay ningún torneo `{id}` en este servidor (o terminó hace mucho).",
    "refused.no_tourney_here": "Aquí no hay ningún torneo: indica su id.",
    "refused.tourney_forged": "Ese botón no es de este torneo.",
    "refused.tourney_started": "Este torneo ya ha empezado: la inscripción está cerrada.",
    "refused.tourney_leave_started": ("Este torneo ya ha empezado: /ludo tournament leave te saca del torneo (tu "
                                      "partida en curso cuenta como abandono)."),
    "refused.tourney_over": "Este torneo ya ha terminado.",
    "refused.tourney_joined": "Ya estás inscrito.",
    "refused.tourney_full": "El torneo está completo: {most} jugadores.",
    "refused.tourney_not_in": "No juegas en este torneo.",
    "refused.tourney_organiser_starts": "Solo quien organiza, <@{organiser}>, puede empezar el torneo.",
    "refused.tourney_two": "Un torneo necesita al menos dos jugadores para empezar.",
    "refused.tourney_organiser_cancels": ("Solo quien organiza, <@{organiser}>, o alguien con el permiso «Gestionar "
                                          "servidor» puede cancelar el torneo."),
    "refused.tourney_race": "El torneo ha cambiado en ese mismo momento: inténtalo otra vez.",
}
