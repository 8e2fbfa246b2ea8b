"""The messages of Part IV, the taquin (grader/questions/taquin/: q15-q18), in French and English: the
family's catalogue, found through grader/registry.py and loaded when one of its keys is said. A question's
keys start with its id, its family's with the family's name."""

MESSAGES: dict[str, dict[str, str]] = {
    "q15.title": {"fr": "Q15 — move", "en": "Q15 — move"},
    "q16.title": {"fr": "Q16 — tente_gauche et ses trois sœurs", "en": "Q16 — tente_gauche and its three siblings"},
    "q17.title": {"fr": "Q17 — dfs : DFS* sur l'état global", "en": "Q17 — dfs: DFS* on the global state"},
    "q18.title": {"fr": "Q18 — taquin : une solution optimale", "en": "Q18 — taquin: an optimal solution"},
    "taquin.not_bool": {
        "fr": "{call} doit renvoyer un booléen (True ou False)",
        "en": "{call} must return a bool (True or False)",
    },
    "taquin.convention_first": {
        "fr": "solution : le déplacement le plus récent est en tête, comme la liste Caml de l'énoncé ; accepté, "
        "et tous les cas sont jugés dans cet ordre",
        "en": "solution: the most recent move is first, as in the exam's Caml list; accepted, and every case "
        "is judged in that order",
    },
    "q15.move_grille": {
        "fr": "grid après move (valeur de la case libre ignorée)",
        "en": "grid after move (the blank cell's value ignored)",
    },
    "q15.move_libre": {"fr": "li et lj après move", "en": "li and lj after move"},
    "q15.move_h": {"fr": "h mis à jour par move", "en": "h updated by move"},
    "q15.wrong": {"fr": "après {call}, {name} est faux", "en": "after {call}, {name} is wrong"},
    "q16.refus_bord": {"fr": "refus au bord de la grille", "en": "refusal at the edge of the grid"},
    "q16.refus_oppose": {
        "fr": "refus juste après le déplacement opposé",
        "en": "refusal right after the opposite move",
    },
    "q16.acceptation": {
        "fr": "déplacement effectué et enregistré dans solution",
        "en": "move made and recorded in solution",
    },
    "q16.refus_bord.answer": {
        "fr": "{call} doit renvoyer False : la case libre est en ({li}, {lj}), le déplacement est impossible",
        "en": "{call} must return False: the blank is at ({li}, {lj}), the move is impossible",
    },
    "q16.refus_oppose.answer": {
        "fr": "{call} doit renvoyer False : le dernier déplacement de solution est {opposite}",
        "en": "{call} must return False: the last move in solution is {opposite}",
    },
    "q16.acceptation.answer": {
        "fr": "{call} doit renvoyer True : le déplacement est possible et le dernier n'était pas {opposite}",
        "en": "{call} must return True: the move is possible and the last one was not {opposite}",
    },
    "q16.changed": {
        "fr": "{call} a renvoyé False mais a modifié {name}",
        "en": "{call} returned False but changed {name}",
    },
    "q16.wrong": {"fr": "après {call} (accepté), {name} est faux", "en": "after {call} (accepted), {name} is wrong"},
    "taquin.not_moves": {
        "fr": "{name} doit être une liste de déplacements (Gauche, Bas, Droite, Haut)",
        "en": "{name} must be a list of moves (Gauche, Bas, Droite, Haut)",
    },
    "taquin.moves_case": {
        "fr": "des déplacements sont écrits autrement que Gauche, Bas, Droite, Haut (autre casse, ou valeur d'une "
        "énumération) : lus comme le déplacement qu'ils nomment sans ambiguïté, comme votre enseignant l'a choisi",
        "en": "some moves are not written Gauche, Bas, Droite, Haut (another case, or an enum's value): read as "
        "the move they name unambiguously, as your teacher chose",
    },
    "taquin.mirrored": {
        "fr": "{call} : vos déplacements portent le nom de la direction de la case libre (Haut ↔ Bas, Gauche ↔ "
        "Droite) ; dans l'énoncé, un déplacement porte le nom de la direction où bouge l'entier",
        "en": "{call}: your moves are named by the direction the blank goes (Haut ↔ Bas, Gauche ↔ Droite); in "
        "the exam a move is named by the direction the tile goes",
    },
    "q16.chaine_eleve": {
        "fr": "avec votre propre move ou celui du corrigé : la meilleure des deux notes compte",
        "en": "with your own move or the model answer's: the better of the two grades counts",
    },
    "q17.chaine_eleve": {
        "fr": "avec vos propres move et tente_* ou ceux du corrigé : la meilleure des deux notes compte",
        "en": "with your own move and tente_* or the model answer's: the better of the two grades counts",
    },
    "q18.chaine_eleve": {
        "fr": "avec votre propre dfs ou celui du corrigé : la meilleure des deux notes compte",
        "en": "with your own dfs or the model answer's: the better of the two grades counts",
    },
    "taquin.own_chain_graded": {
        "fr": "noté avec vos propres fonctions : votre enseignant a choisi de ne pas les compléter par celles du corrigé",
        "en": "graded with your own functions: your teacher chose not to complete them with the model answer's",
    },
    "taquin.kit_own_lost": {
        "fr": "noté avec vos propres fonctions ({names}) : ce kit n'a pas le corrigé pour les remplacer ; "
        "vérifiez d'abord {questions} dans ce kit : une erreur qui s'y trouve se reporte sur cette question, "
        "que le correcteur de votre enseignant note aussi avec les fonctions du corrigé ; avec les vôtres : {reason}",
        "en": "graded with your own functions ({names}): this kit has no model answer to stand in for them; "
        "check {questions} in this kit first: an error there carries over to this question, which your "
        "teacher's grader also grades with the model answer's functions; with yours: {reason}",
    },
    "taquin.judged_own": {
        "fr": "noté avec vos propres fonctions ({names})",
        "en": "graded with your own functions ({names})",
    },
    "taquin.judged_own_better": {
        "fr": "noté avec vos propres fonctions ({names}) : {own:num} / {max:num}, mieux qu'avec celles du "
        "corrigé ({model:num} / {max:num}) ; avec les vôtres : {reason}",
        "en": "graded with your own functions ({names}): {own:num} / {max:num}, better than with the model "
        "answer's ({model:num} / {max:num}); with yours: {reason}",
    },
    "taquin.judged_model": {
        "fr": "noté avec {names} du corrigé : {model:num} / {max:num} ; avec les vôtres, {own:num} / "
        "{max:num}, où : {reason}",
        "en": "graded with the model answer's {names}: {model:num} / {max:num}; with yours, {own:num} / "
        "{max:num}, where: {reason}",
    },
    "taquin.judged_model_own_works": {
        "fr": "noté avec {names} du corrigé ; avec les vôtres, ces cas-ci sont justes aussi",
        "en": "graded with the model answer's {names}; with yours, these cases are right too",
    },
    "taquin.judged_model_own_fails": {
        "fr": "noté avec {names} du corrigé ; avec les vôtres : {reason}",
        "en": "graded with the model answer's {names}; with yours: {reason}",
    },
    "q15.blank_unearned": {
        "fr": "ne compte pas : li, lj désignent bien la case donnée à move, mais le correcteur n'a vu l'entier "
        "glisser dans la case libre sur aucun cas (li, lj = i, j seul ne fait que recopier les arguments)",
        "en": "does not count: li, lj do name the cell given to move, but the grader saw the tile slide into the "
        "blank on no case (li, lj = i, j alone only copies the arguments)",
    },
    "q15.blank_partly": {
        "fr": "compte pour {slid} {slid:cas|cas} sur {cases} : li, lj ne comptent que là où le correcteur a vu "
        "l'entier glisser dans la case libre",
        "en": "counts for {slid} {slid:case|cases} of {cases}: li, lj count only where the grader saw the tile slide "
        "into the blank",
    },
    "q16.refusals_unearned": {
        "fr": "ne compte pas : aucun tente_* n'a fait tous les déplacements demandés, et un refus ne compte "
        "que pour une fonction qui sait aussi accepter (return False refuse tout)",
        "en": "does not count: no tente_* made every move asked of it, and a refusal counts only for a "
        "function that can also accept (return False refuses everything)",
    },
    "q16.refusals_partly": {
        "fr": "compte pour {count} {count:fonction|fonctions} sur 4 ({names}) : un refus ne compte que pour une "
        "fonction qui fait aussi les déplacements demandés",
        "en": "counts for {count} {count:function|functions} of 4 ({names}): a refusal counts only for a function "
        "that also makes the moves asked of it",
    },
    "q17.restore_partly": {
        "fr": "compte à {percent} % : laisser l'état inchangé ne compte qu'à la mesure des recherches où le "
        "correcteur, qui voit chaque appel de dfs et chaque état de la grille, a vu dfs explorer les états que DFS* explore (la plus "
        "basse de ses deux parts, sur les recherches fixées et sur celles tirées de la graine ; ne rien faire "
        "laisse aussi l'état inchangé)",
        "en": "counts for {percent} %: leaving the state unchanged counts only as far as the searches where the "
        "grader, which sees every call of dfs and every state of the grid, saw dfs explore the states DFS* explores (the lower of its two "
        "shares, on the fixed searches and on those drawn from the seed; doing nothing leaves the state "
        "unchanged too)",
    },
    "q17.restore_unearned": {
        "fr": "ne compte pas : le correcteur, qui voit chaque appel de dfs et chaque état de la grille, a suivi des recherches fixées et "
        "d'autres tirées de la graine, et n'a vu dfs explorer les états que DFS* explore sur aucune de l'une "
        "des deux sortes (ne rien faire laisse aussi l'état inchangé)",
        "en": "does not count: the grader, which sees every call of dfs and every state of the grid, followed fixed searches and others drawn from "
        "the seed, and saw dfs explore the states DFS* explores on none of one of the two kinds (doing nothing leaves the state unchanged too)",
    },
    "q17.threshold_partly": {
        "fr": "compte à {percent} % : la borne suivante ne compte qu'à la mesure des recherches où le "
        "correcteur, qui voit chaque appel de dfs et chaque état de la grille, a vu dfs explorer les états que DFS* explore (la plus "
        "basse de ses deux parts, sur les recherches fixées et sur celles tirées de la graine ; elle se "
        "devine sans chercher : chaque déplacement change p + h de 0 ou 2)",
        "en": "counts for {percent} %: the next bound counts only as far as the searches where the grader, "
        "which sees every call of dfs and every state of the grid, saw dfs explore the states DFS* explores (the lower of its two shares, on "
        "the fixed searches and on those drawn from the seed; it can be guessed without searching: every "
        "move changes p + h by 0 or 2)",
    },
    "q17.threshold_unearned": {
        "fr": "ne compte pas : le correcteur, qui voit chaque appel de dfs et chaque état de la grille, a suivi des recherches fixées et "
        "d'autres tirées de la graine, et n'a vu dfs explorer les états que DFS* explore sur aucune de l'une "
        "des deux sortes (la borne suivante se devine sans chercher : chaque déplacement change p + h de 0 ou 2)",
        "en": "does not count: the grader, which sees every call of dfs and every state of the grid, followed fixed searches and others drawn from "
        "the seed, and saw dfs explore the states DFS* explores on none of one of the two kinds (the next bound can be guessed without searching: every move changes p + h by 0 or 2)",
    },
    # A served call whose frame only code writing on the channel itself could send (StateServer): refused.
    "taquin.served_shape": {
        "fr": "quand votre code appelle {name}, ce qui parvient au correcteur n'a pas la forme d'un appel (les globales grid, li, lj, h, solution, minimum et les arguments) : appel hors protocole",
        "en": "when your code calls {name}, what reaches the grader is not shaped as a call (the globals grid, li, lj, h, solution, minimum and the arguments): protocol violation",
    },
    "taquin.served_hits": {  # a batch of calls (arrangements.Answers) the proxies never send: refused
        "fr": "ce qui parvient au correcteur comme un lot d'appels de votre code n'en est pas un : plus de {most} à la fois, des réponses qu'il n'a pas données, ou une autre forme : appel hors protocole",
        "en": "what reaches the grader as a batch of your code's calls is not one: more than {most} at once, answers it never gave, or another shape: protocol violation",
    },
    # A served call outside the rules that an honest slip can make (StateServer): a wrong answer.
    "taquin.served_blank": {
        "fr": "pendant {call}, votre code appelle {name} alors que li et lj ne désignent pas une case de la grille (deux entiers de 0 à 3)",
        "en": "during {call}, your code calls {name} while li and lj do not name a cell of the grid (two integers from 0 to 3)",
    },
    "taquin.served_grid": {
        "fr": "pendant {call}, votre code appelle {name} alors que grid n'est plus un état du taquin : une "
        "grille 4 × 4 dont les cases autres que la case libre (li, lj) portent les entiers 0 à 14, chacun "
        "une fois",
        "en": "during {call}, your code calls {name} while grid is no longer a taquin state: a 4 × 4 grid whose "
        "cells other than the blank (li, lj) hold the integers 0 to 14, each once",
    },
    "taquin.served_h": {
        "fr": "pendant {call}, votre code appelle {name} alors que h n'est pas la somme des distances de "
        "Manhattan des cases de grid ({h})",
        "en": "during {call}, your code calls {name} while h is not the sum of the Manhattan distances of "
        "grid's tiles ({h})",
    },
    "taquin.served_solution": {
        "fr": "pendant {call}, votre code appelle {name} alors que solution n'est pas une liste d'au plus "
        "{longest} déplacements",
        "en": "during {call}, your code calls {name} while solution is not a list of at most {longest} moves",
    },
    "taquin.served_minimum": {
        "fr": "pendant {call}, votre code appelle {name} alors que minimum n'est ni un entier ni l'infini",
        "en": "during {call}, your code calls {name} while minimum is neither an integer nor infinity",
    },
    "taquin.served_move_arguments": {
        "fr": "pendant {call}, votre code appelle move avec autre chose que deux entiers",
        "en": "during {call}, your code calls move with something else than two integers",
    },
    "taquin.served_move_outside": {
        "fr": "pendant {call}, votre code appelle move({i}, {j}) : la case ({i}, {j}) est hors de la grille "
        "(la case libre est en ({li}, {lj}))",
        "en": "during {call}, your code calls move({i}, {j}): the cell ({i}, {j}) is off the grid (the blank is "
        "at ({li}, {lj}))",
    },
    "taquin.served_move_not_next": {
        "fr": "pendant {call}, votre code appelle move({i}, {j}) : la case ({i}, {j}) n'est pas voisine de la "
        "case libre ({li}, {lj})",
        "en": "during {call}, your code calls move({i}, {j}): the cell ({i}, {j}) is not next to the blank "
        "({li}, {lj})",
    },
    "taquin.served_dfs": {
        "fr": "pendant {call}, votre code appelle dfs hors de ce que le cas permet : dfs(m, p) attend deux "
        "entiers avec 0 ≤ p ≤ {longest} et 0 ≤ m ≤ p + {diameter}, sur une grille que des déplacements "
        "peuvent résoudre",
        "en": "during {call}, your code calls dfs outside what the case allows: dfs(m, p) takes two integers "
        "with 0 ≤ p ≤ {longest} and 0 ≤ m ≤ p + {diameter}, on a grid that moves can solve",
    },
    "q17.no_minimum": {
        "fr": "votre module n'utilise nulle part la globale minimum (le min de l'énoncé) : "
        "dfs doit y retenir la plus petite valeur p + h qui a dépassé m",
        "en": "your module never uses the global minimum (the exam's min): dfs must keep "
        "there the least p + h that exceeded m",
    },
    "q17.echec_restaure": {
        "fr": "échec sous l'optimum : False, état et solution remis comme avant",
        "en": "failure below the optimum: False, state and solution restored",
    },
    "q17.seuil": {"fr": "minimum : le seuil suivant d'IDA*", "en": "minimum: IDA*'s next threshold"},
    "q17.succes": {
        "fr": "succès à l'optimum et au-delà : True, et solution prolongée d'une solution d'au plus m − p coups",
        "en": "success at the optimum and above: True, and solution extended by a solution of at most m − p moves",
    },
    "q17.found_below": {
        "fr": "{call} doit renvoyer False : d'ici (sans défaire le dernier déplacement), il faut {optimum} coups",
        "en": "{call} must return False: from here (without undoing the last move) it takes {optimum} moves",
    },
    "q17.not_restored": {
        "fr": "{call} a renvoyé False mais n'a pas remis {name} comme avant l'appel",
        "en": "{call} returned False but did not restore {name}",
    },
    "q17.threshold": {
        "fr": "après {call} (échec), minimum doit valoir la plus petite valeur p + h qui a dépassé {m}",
        "en": "after {call} (failure), minimum must be the least p + h that exceeded {m}",
    },
    "q17.not_found": {
        "fr": "{call} doit renvoyer True : il existe une solution en au plus {m} coups",
        "en": "{call} must return True: there is a solution in at most {m} moves",
    },
    "q17.bad_solution": {
        "fr": "{call} a renvoyé True mais solution n'est pas la liste d'avant l'appel suivie d'une solution d'au "
        "plus {m} coups",
        "en": "{call} returned True but solution is not the list from before the call followed by a solution of "
        "at most {m} moves",
    },
    "q18.petites_profondeurs": {
        "fr": "solutions optimales, jusqu'à 24 coups",
        "en": "optimal solutions, up to 24 moves",
    },
    "q18.grandes_profondeurs": {
        "fr": "solutions optimales de 26 à 48 coups, dont certaines après 7 à 9 bornes successives, et un piège "
        "à plus de 60 coups pour une recherche plafonnée",
        "en": "optimal solutions of 26 to 48 moves, some after 7 to 9 successive bounds, and a trap beyond 60 "
        "moves for a capped search",
    },
    "q18.trap_timeout": {
        "fr": "piège non conclu, sans effet sur la note : sur l'état piège (h = {h}, solution optimale en {optimum} coups), "
        "taquin() n'a pas fini en {seconds} s, comme toute réponse juste ; seule une recherche qui abandonne "
        "avant l'optimum répond à temps, et sa réponse est alors jugée",
        "en": "trap undecided, no effect on the grade: on the trap state (h = {h}, optimal solution of {optimum} moves), "
        "taquin() did not end within {seconds} s, as no correct answer does; only a search that gives up "
        "below the optimum answers in time, and its answer is then judged",
    },
    "q18.trap_past_bound": {
        "fr": "piège non conclu, sans effet sur la note : sur l'état piège (h = {h}, solution optimale en {optimum} coups), "
        "taquin() a demandé dfs au-delà de la borne {bound}, comme toute réponse juste, et a été arrêté là ; "
        "une recherche qui abandonne avant est jugée sur ce qu'elle renvoie",
        "en": "trap undecided, no effect on the grade: on the trap state (h = {h}, optimal solution of {optimum} moves), "
        "taquin() asked dfs beyond the bound {bound}, as every correct answer does, and was stopped there; "
        "a search that gives up before is judged on what it returns",
    },
    "q18.ordre": {
        "fr": "liste dans l'ordre où les déplacements sont joués",
        "en": "list in the order the moves are played",
    },
    "q18.defi": {
        "fr": "défi : un taquin difficile, en au plus quelques dizaines de fois le temps du corrigé",
        "en": "challenge: a hard puzzle, within a few tens of times the model answer's time",
    },
    "q18.order_unearned": {
        "fr": "ne compte pas : l'ordre de la liste ne compte qu'avec une solution trouvée en cherchant, sur un "
        "état tiré de la graine qu'aucune table de réponses ne contient (une marche de 12 à 20 coups, un état "
        "profond), or taquin() n'en a résolu aucun dans l'ordre (une table résout aussi les petits états)",
        "en": "does not count: the order of the list counts only with a solution found by searching, on a state "
        "drawn from the seed that no table of answers holds (a walk of 12 to 20 moves, a deep state), and "
        "taquin() solved none in order (a table solves the small states too)",
    },
    "q18.order_unobserved": {
        "fr": "aucune solution renvoyée par taquin() n'a pu être lue, dans un ordre ou dans l'autre",
        "en": "no solution returned by taquin() could be read, in either order",
    },
    "q18.not_from_dfs": {
        "fr": "taquin() doit trouver sa solution par dfs : des appels dfs(m, 0), chaque borne suivante étant le "
        "minimum laissé par l'appel précédent, jusqu'au premier qui réussit ; le correcteur, qui répond à chaque "
        "appel de dfs, n'a pas vu cette suite d'appels",
        "en": "taquin() must find its solution through dfs: calls dfs(m, 0), each next bound the minimum the "
        "previous call left, up to the first that succeeds; the grader, which answers every call of dfs, did "
        "not see that sequence of calls",
    },
    "q18.search_unseen": {
        "fr": "ne compte pas : avec votre dfs, le correcteur, qui voit chaque appel de dfs et chaque "
        "état de la grille, n'a vu taquin() faire les parcours d'IDA* sur aucun des états suivis (chacun celui de DFS* à "
        "sa borne, le premier à h au plus, chaque borne suivante le plus petit p + h coupé, jusqu'au premier qui "
        "trouve) ; sur le premier, le parcours n° {n} s'en écarte (dessin) ; une solution trouvée autrement ne "
        "compte pas",
        "en": "does not count: with your dfs, the grader, which sees every call of dfs and every "
        "state of the grid, saw taquin() make IDA*'s passes on none of the states it watched (each DFS*'s walk at its bound, "
        "the first at h at most, each next bound the least p + h cut, up to the first that finds); on the first, "
        "pass #{n} goes another way (drawing); a solution found another way does not count",
    },
    "q18.search_partly": {
        "fr": "compte à {percent} % : avec votre dfs, seulement à la mesure des états suivis où le correcteur a "
        "vu taquin() faire les parcours d'IDA* par dfs",
        "en": "counts for {percent} %: with your dfs, only as much as the share of watched states on which the "
        "grader saw taquin() make IDA*'s passes through dfs",
    },
    "q18.no_pass": {
        "fr": "taquin() n'a appelé dfs aucune fois (h = {h}) : IDA* cherche par des appels dfs(m, 0)",
        "en": "taquin() never called dfs (h = {h}): IDA* searches through calls dfs(m, 0)",
    },
    "q18.pass_bound": {
        "fr": "le parcours n° {n} a pour borne m = {m} au lieu de {expected} (la première au plus h, chaque "
        "suivante le plus petit p + h coupé par le parcours précédent)",
        "en": "pass #{n} has bound m = {m} instead of {expected} (the first at most h, each next one the least "
        "p + h the previous pass cut)",
    },
    "q18.bound_short": {
        "fr": "taquin() cherche bien par dfs et ne saute aucune borne, mais sans la mise à jour d'IDA* : le parcours "
        "n° {n} a pour borne m = {m}, après {previous}, au lieu de {expected}, le plus petit p + h qui a dépassé "
        "la borne précédente (ce que dfs laisse dans minimum, pour cela) ; un parcours à une borne plus petite "
        "refait le précédent",
        "en": "taquin() does search through dfs and skips no bound, but without IDA*'s update: pass #{n} has "
        "bound m = {m}, after {previous}, instead of {expected}, the least p + h that exceeded the previous bound "
        "(what dfs leaves in minimum, for this purpose); a pass at a smaller bound repeats the previous one",
    },
    "q18.bound_not_minimum": {
        "fr": "ici dfs cherche avec une autre h admissible (Manhattan, plus un par tuile qu'un conflit linéaire "
        "chasse de sa ligne), où le p + h coupé suivant n'est pas toujours m + 2 : le parcours n° {n} a pour "
        "borne m = {m}, après {previous}, au lieu de {expected}, le minimum laissé par dfs",
        "en": "here dfs searches with another admissible h (Manhattan, plus one for each tile a linear conflict "
        "drives out of its line), whose next cut p + h is not always m + 2: pass #{n} has bound m = {m}, after "
        "{previous}, instead of {expected}, the minimum dfs left",
    },
    "q18.pass_after_found": {
        "fr": "taquin() a rappelé dfs après le parcours n° {n}, qui avait trouvé",
        "en": "taquin() called dfs again after pass #{n}, which had found",
    },
    "q18.pass_not_found": {
        "fr": "aucun des {n} {n:parcours|parcours} n'a trouvé l'état final",
        "en": "none of the {n} {n:pass|passes} found the goal",
    },
    "q18.not_a_solution": {
        "fr": "les déplacements renvoyés, rejoués depuis l'état initial, ne mènent pas à l'état final",
        "en": "the moves returned, replayed from the initial state, do not reach the goal",
    },
    "q18.not_optimal": {
        "fr": "solution valide mais non optimale : {moves} {moves:coup|coups} au lieu de {optimum}",
        "en": "valid but not optimal: {moves} {moves:move|moves} instead of {optimum}",
    },
    "q18.reversed": {
        "fr": "taquin() renvoie les déplacements du plus récent au premier joué (la liste Caml !solution telle "
        "quelle) : les solutions sont comptées justes, mais la liste attendue est dans l'ordre où ils sont joués",
        "en": "taquin() returns the moves from the most recent to the first played (the Caml list !solution as "
        "it is): the solutions count as right, but the list is expected in the order the moves are played",
    },
    "q18.skipped": {"fr": "non exécuté : poids nul dans le barème", "en": "not run: no weight in the scheme"},
    "q18.challenge_not_tried": {
        "fr": "non tenté : le défi n'est lancé que si les autres vérifications de q18 réussissent",
        "en": "not tried: the challenge runs only when q18's other checks pass",
    },
    "q16.not_recorded": {
        "fr": "après {call} (accepté), solution ne contient pas le déplacement à sa place",
        "en": "after {call} (accepted), solution does not hold the move where it belongs",
    },
    # q18's passes beside the model answer's (passes.py), as the reports show them.
    "q18.passes_title": {
        "fr": "Les parcours de votre taquin() (sur le dfs du corrigé) à côté de ceux du corrigé",
        "en": "The passes of your taquin() (on the model answer's dfs) beside the model answer's",
    },
    "q18.passes_first": {
        "fr": "Premier écart au parcours n° {k} : seuil m = {got} au lieu de {expected}, le plus petit p + h qui "
        "a dépassé le seuil précédent",
        "en": "First divergence at pass #{k}: bound m = {got} instead of {expected}, the smallest p + h that "
        "exceeded the previous bound",
    },
    "q18.passes_fewer": {
        "fr": "Premier écart après le parcours n° {k} : le corrigé fait encore les parcours de seuils {bounds}",
        "en": "First divergence after pass #{k}: the model answer goes on with the passes of bounds {bounds}",
    },
    "q18.passes_more": {
        "fr": "Premier écart au parcours n° {k} : le corrigé a trouvé sa solution au parcours précédent",
        "en": "First divergence at pass #{k}: the model answer found its solution in the previous pass",
    },
    "q18.passes_same": {
        "fr": "Mêmes seuils que le corrigé",
        "en": "The same bounds as the model answer",
    },
    "q18.passes_pass": {"fr": "parcours", "en": "pass"},
    "q18.passes_student": {"fr": "votre taquin() : seuil m (nœuds)", "en": "your taquin(): bound m (nodes)"},
    "q18.passes_expected": {"fr": "corrigé : seuil m (nœuds)", "en": "model answer: bound m (nodes)"},
    "q18.passes_cut": {"fr": "… {n} parcours en tout", "en": "… {n} passes in all"},
    # q17's diagnosis (diagnosis.py): the student's dfs run again watched, as the reports show it.
    "q17.search_title": {
        "fr": "Votre dfs pas à pas sur ce cas (move et tente_* de l'énoncé ; chaque appel de dfs, ou la grille, "
        "vu par le correcteur)",
        "en": "Your dfs step by step on this case (the exam's move and tente_*; each call of dfs, or the grid, seen "
        "by the grader)",
    },
    "q17.search_pruned": {
        "fr": "DFS* n'explore pas cet état : p + h = {p} + {h} = {f} dépasse le seuil m = {m} ; votre dfs a "
        "pourtant joué un déplacement depuis cet état",
        "en": "DFS* does not explore this state: p + h = {p} + {h} = {f} exceeds the bound m = {m}; yet your dfs "
        "made a move from it",
    },
    "q17.search_goal_expanded": {
        "fr": "DFS* renvoie True sur l'état final (p = {p} ≤ m = {m}, h = {h}, p + h = {f}) ; votre dfs a joué un "
        "déplacement depuis cet état",
        "en": "DFS* returns True on the goal (p = {p} ≤ m = {m}, h = {h}, p + h = {f}); your dfs made a move from it",
    },
    "q17.search_goal_left": {
        "fr": "DFS* renvoie True sur l'état final (p = {p} ≤ m = {m}, h = {h}, p + h = {f}) ; votre dfs en est "
        "reparti sans renvoyer True",
        "en": "DFS* returns True on the goal (p = {p} ≤ m = {m}, h = {h}, p + h = {f}); your dfs left it without "
        "returning True",
    },
    "q17.search_not_expanded": {
        "fr": "DFS* explore cet état : p + h = {p} + {h} = {f} ne dépasse pas le seuil m = {m} ; votre dfs est "
        "revenu en arrière sans jouer aucun déplacement depuis cet état",
        "en": "DFS* explores this state: p + h = {p} + {h} = {f} does not exceed the bound m = {m}; your dfs went "
        "back without making any move from it",
    },
    "q17.search_root_not_expanded": {
        "fr": "DFS* explore l'état de départ de l'appel : p + h = {p} + {h} = {f} ne dépasse pas le seuil m = {m} ; "
        "votre dfs a rendu la main sans jouer aucun déplacement (le correcteur voit les appels de dfs et la grille "
        "globale : une recherche sur une copie de la grille ne se voit pas)",
        "en": "DFS* explores the call's starting state: p + h = {p} + {h} = {f} does not exceed the bound m = {m}; "
        "your dfs returned without making any move (the grader sees the calls of dfs and the global grid: a search on "
        "a copy of the grid is not seen)",
    },
    "q17.search_skipped": {
        "fr": "DFS* essaie depuis cet état (p + h = {p} + {h} = {f} ≤ m = {m}) chaque déplacement possible sauf "
        "celui qui défait le précédent ; votre dfs en est reparti sans essayer {missing}",
        "en": "DFS* tries from this state (p + h = {p} + {h} = {f} ≤ m = {m}) every possible move but the one "
        "undoing the previous one; your dfs left it without trying {missing}",
    },
    "q17.search_undoes_previous": {
        "fr": "votre dfs a joué {move} depuis le départ de l'appel, ce qui défait le dernier déplacement d'avant "
        "l'appel : DFS* ne le joue jamais (tente_* le refuse)",
        "en": "your dfs made {move} from the call's start, which undoes the last move before the call: DFS* never "
        "makes it (tente_* refuses it)",
    },
    "q17.search_true_not_goal": {
        "fr": "votre dfs a renvoyé True sur cet état, qui n'est pas l'état final (h = {h})",
        "en": "your dfs returned True on this state, which is not the goal (h = {h})",
    },
    "q17.search_true_too_deep": {
        "fr": "votre dfs a renvoyé True sur l'état final atteint en p = {p}, au-delà du seuil m = {m} : DFS* "
        "n'explore pas cet état",
        "en": "your dfs returned True on the goal reached at p = {p}, beyond the bound m = {m}: DFS* does not "
        "explore this state",
    },
    "q17.search_stopped": {
        "fr": "suivi arrêté après {n} {n:déplacement|déplacements} (temps, nombre d'appels ou appel refusé), "
        "sans écart à DFS* observé jusque-là",
        "en": "replay stopped after {n} {n:move|moves} (time, number of calls, or a call refused), with no "
        "divergence from DFS* observed until then",
    },
    "q17.search_same": {
        "fr": "les {n} déplacements observés sont ceux que DFS* permet : votre dfs n'est reparti par un "
        "déplacement que d'états où p + h ≤ m, et les a tous explorés",
        "en": "the {n} moves observed are those DFS* allows: your dfs moved on only from states where p + h ≤ m "
        "and explored them all",
    },
    "q17.success_partly": {
        "fr": "compte à {percent} % : un succès ne compte qu'à la mesure des recherches où le correcteur, qui "
        "voit chaque appel de dfs et chaque état de la grille, a vu dfs explorer les états que DFS* explore (une "
        "liste de déplacements trouvée ailleurs s'écrit sans chercher)",
        "en": "counts for {percent} %: a success counts only as far as the searches where the grader, which sees "
        "every call of dfs and every state of the grid, saw dfs explore the states DFS* explores (a list of "
        "moves found elsewhere is written without searching)",
    },
    "q17.success_unearned": {
        "fr": "ne compte pas : le correcteur, qui voit chaque appel de dfs et chaque état de la grille, n'a vu dfs "
        "explorer les états que DFS* explore sur aucune des recherches suivies d'une des deux sortes (fixées, "
        "tirées de la graine) ; une liste de déplacements trouvée ailleurs s'écrit sans chercher",
        "en": "does not count: the grader, which sees every call of dfs and every state of the grid, saw dfs "
        "explore the states DFS* explores on none of the watched searches of one of the two kinds (fixed, drawn "
        "from the seed); a list of moves found elsewhere is written without searching",
    },
    "q17.success_board": {
        "fr": "dfs a renvoyé True avec une solution dans solution, mais la grille n'est pas à l'état final : DFS* "
        "y laisse le taquin quand il trouve (des déplacements écrits sans être joués ne sont pas une recherche)",
        "en": "dfs returned True with a solution in solution, but the grid is not at the goal: DFS* leaves the "
        "puzzle there when it finds (moves written without being made are no search)",
    },
    "q17.walk_bound": {
        "fr": "un appel récursif de dfs a reçu m = {got} au lieu du seuil m = {m} de l'appel suivi",
        "en": "a recursive call of dfs got m = {got} instead of the watched call's bound m = {m}",
    },
    "q17.walk_root": {
        "fr": "les appels de dfs vus ne partent pas de l'appel suivi (p = {p}, l'état de départ), ou dfs a été "
        "rappelé après son retour",
        "en": "the calls of dfs seen do not start from the watched call (p = {p}, the starting state), or dfs was "
        "called again after it returned",
    },
    "q17.walk_after_found": {
        "fr": "votre dfs a encore appelé dfs depuis cet état après qu'un appel y a trouvé : DFS* renvoie True aussitôt",
        "en": "your dfs called dfs again from this state after a call found there: DFS* returns True at once",
    },
    "q17.walk_not_child": {
        "fr": "votre dfs a appelé dfs sur un état qui n'est pas à un déplacement de celui-ci (p + h = {p} + {h} "
        "= {f}, m = {m})",
        "en": "your dfs called dfs on a state that is not one move away from this one (p + h = {p} + {h} = {f}, "
        "m = {m})",
    },
    "q17.walk_jumped": {
        "fr": "la grille est passée de cet état (p + h = {p} + {h} = {f}, m = {m}) à un état qui n'est ni à un "
        "déplacement de lui ni sur le chemin depuis le départ de l'appel",
        "en": "the grid went from this state (p + h = {p} + {h} = {f}, m = {m}) to a state neither one move away "
        "nor on the path from the call's start",
    },
    "q17.walk_twice": {
        "fr": "votre dfs a essayé {move} deux fois depuis cet état : DFS* essaie chaque déplacement une fois",
        "en": "your dfs tried {move} twice from this state: DFS* tries each move once",
    },
    "q17.walk_depth": {
        "fr": "votre dfs a appelé dfs un déplacement plus loin avec p = {got} au lieu de p + 1 = {p} + 1",
        "en": "your dfs called dfs one move further with p = {got} instead of p + 1 = {p} + 1",
    },
    "q17.walk_board_not_goal": {
        "fr": "votre dfs a renvoyé True, la grille ailleurs qu'à l'état final",
        "en": "your dfs returned True, the grid away from the goal",
    },
    "q17.walk_found_dropped": {
        "fr": "un appel depuis cet état a trouvé, mais votre dfs n'y a pas renvoyé True",
        "en": "a call from this state found, but your dfs did not return True there",
    },
    "q17.walk_not_bool": {
        "fr": "l'appel suivi n'a pas renvoyé un booléen",
        "en": "the watched call did not return a bool",
    },
    "q17.walk_minimum": {
        "fr": "votre dfs a exploré les états de DFS*, mais minimum vaut {got} au retour au lieu de {expected}, le "
        "plus petit p + h coupé",
        "en": "your dfs explored DFS*'s states, but minimum is {got} on return instead of {expected}, the least "
        "p + h cut",
    },
    "q17.walk_no_call": {"fr": "aucun appel de dfs vu", "en": "no call of dfs seen"},
    "q17.search_state": {
        "fr": "L'état en question : p = {p}, h = {h}, p + h = {f}, seuil m = {m}",
        "en": "The state in question: p = {p}, h = {h}, p + h = {f}, bound m = {m}",
    },
    "q17.search_root": {
        "fr": "Départ de l'appel : p = {p}, h = {h}",
        "en": "The call's start: p = {p}, h = {h}",
    },
    "q17.search_moves": {
        "fr": "Du départ à cet état : {n} {n:déplacement|déplacements}",
        "en": "From the start to this state: {n} {n:move|moves}",
    },
    "q17.search_trail": {
        "fr": "Déplacements joués par votre dfs jusque-là, du n° {first} au n° {last}",
        "en": "Moves your dfs made until then, from #{first} to #{last}",
    },
    "q17.search_nodes": {
        "fr": "États visités sur cet appel : {student} par votre dfs, {model} par le dfs du corrigé",
        "en": "States visited on this call: {student} by your dfs, {model} by the model answer's dfs",
    },
    "q17.search_nodes_cut": {
        "fr": "États visités sur cet appel : au moins {student} par votre dfs (suivi arrêté), {model} par le dfs "
        "du corrigé",
        "en": "States visited on this call: at least {student} by your dfs (replay stopped), {model} by the model "
        "answer's dfs",
    },
}
