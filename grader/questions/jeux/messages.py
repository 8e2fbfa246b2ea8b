"""The messages of Parts I-III (jeux.py: q1, q4, q7, q10, q11), in French and English,
found through grader/registry.py (the family's messages module) and loaded when one of its keys is said.
A question's keys start with its id, its family's with the family's name."""

MESSAGES: dict[str, dict[str, str]] = {
    "q1.title": {
        "fr": "Q1 — solution optimale du jeu (1) pour F = {{42}}",
        "en": "Q1 — optimal solution of game (1) for F = {{42}}",
    },
    "q4.title": {"fr": "Q4 — bfs : parcours en largeur", "en": "Q4 — bfs: breadth-first search"},
    "q7.title": {"fr": "Q7 — ids : recherche itérée en profondeur", "en": "Q7 — ids: iterative deepening"},
    "q10.title": {"fr": "Q10 — idastar : l'algorithme IDA*", "en": "Q10 — idastar: the IDA* algorithm"},
    "q11.title": {
        "fr": "Q11 — h admissible non constante pour le jeu (1)",
        "en": "Q11 — an admissible non-constant h for game (1)",
    },
    "q1.sequence": {"fr": "suite d'états valide et optimale", "en": "valid and optimal sequence of states"},
    "q1.not_a_list": {
        "fr": "solution_42 doit renvoyer une liste d'entiers",
        "en": "solution_42 must return a list of ints",
    },
    "q1.ends": {
        "fr": "la suite doit commencer par 1 et finir par 42",
        "en": "the sequence must start at 1 and end at 42",
    },
    "q1.step": {
        "fr": "{b} n'est pas un suivant de {a} (s(n) = {{2n, n + 1}})",
        "en": "{b} is not a successor of {a} (s(n) = {{2n, n + 1}})",
    },
    "q1.not_optimal": {
        "fr": "solution valide mais non optimale ({moves} {moves:coup|coups})",
        "en": "valid but not optimal ({moves} {moves:move|moves})",
    },
    # q4, q7, q10: check groups, then failures common to the three searches.
    "q4.petits_jeux": {
        "fr": "profondeur optimale sur de petits jeux finis",
        "en": "optimal depth on small finite games",
    },
    "q4.jeu1": {
        "fr": "profondeur optimale sur le jeu (1), pour diverses cibles t",
        "en": "optimal depth on game (1), for various targets t",
    },
    "q4.profond": {
        "fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus, "
        "dont un avec un niveau de plus de mille états",
        "en": "optimal depth on games whose optimal solution takes 60 moves or more, "
        "one of them with a level of over a thousand states",
    },
    "q4.algorithme": {
        "fr": "parcours en largeur : niveau par niveau, sans revenir à un niveau terminé",
        "en": "breadth-first: level by level, never back to a finished level",
    },
    "q7.petits_jeux": {
        "fr": "profondeur optimale sur de petits jeux finis",
        "en": "optimal depth on small finite games",
    },
    "q7.jeu1": {
        "fr": "profondeur optimale sur le jeu (1), pour diverses cibles t",
        "en": "optimal depth on game (1), for various targets t",
    },
    "q7.profond": {
        "fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus",
        "en": "optimal depth on games whose optimal solution takes 60 moves or more",
    },
    "q7.algorithme": {
        "fr": "recherche itérée : un parcours en profondeur depuis e0 pour chaque m = 0, 1, 2, …",
        "en": "iterative deepening: one depth-first search from e0 for each m = 0, 1, 2, …",
    },
    "q10.petits_jeux": {
        "fr": "profondeur optimale sur de petits jeux finis, avec des h admissibles variées",
        "en": "optimal depth on small finite games, with various admissible h",
    },
    "q10.jeu1": {
        "fr": "profondeur optimale sur le jeu (1), avec h = 0",
        "en": "optimal depth on game (1), with h = 0",
    },
    "q10.profond": {
        "fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus (jusqu'à 61 parcours)",
        "en": "optimal depth on games whose optimal solution takes 60 moves or more (up to 61 passes)",
    },
    "q10.algorithme": {
        "fr": "IDA* : parcours en profondeur successifs, bornés par les minima successifs de p + h",
        "en": "IDA*: successive depth-first passes, bounded by the successive minima of p + h",
    },
    "jeux.too_deep": {
        "fr": "{function} a appelé {called} sur un entier de {state} : un état bien plus profond que la solution "
        "optimale (profondeur {depth}) ; la recherche ne s'arrête pas à temps (parcours en profondeur "
        "sans limite ?)",
        "en": "{function} called {called} on an int of {state}: a state far deeper than the optimal solution "
        "(depth {depth}); the search does not stop in time (depth-first without a limit?)",
    },
    "jeux.never_found": {
        "fr": "{function} s'est terminée sans jamais tester un état final de ce jeu : la recherche n'a pas abouti",
        "en": "{function} ended without ever testing a final state of this game: the search did not get there",
    },
    "jeux.not_depth_first": {
        "fr": "ce n'est pas un parcours en profondeur : {call}({state}) est appelé alors que son "
        "prédécesseur {parent} n'est plus sur le chemin courant (un parcours en profondeur ne garde "
        "que le chemin depuis l'état initial ; un parcours en largeur ou un A* saute d'une branche à l'autre)",
        "en": "not a depth-first search: {call}({state}) is called while its predecessor {parent} is no "
        "longer on the current path (a depth-first search keeps only the path from the initial "
        "state; a breadth-first search or an A* jumps between branches)",
    },
    "jeux.wrong_depth": {
        "fr": "{function} a renvoyé {got}, alors qu'une solution optimale est de profondeur {expected}",
        "en": "{function} returned {got}, but an optimal solution has depth {expected}",
    },
    "jeux.depth_unobserved": {
        "fr": "{function} a renvoyé la profondeur optimale {got}, mais le correcteur n'a vu aucun chemin de cette "
        "longueur jusqu'à un état final (chaque état du chemin développé par suivants, l'état final testé par "
        "final) : une profondeur se trouve en cherchant, pas en devinant",
        "en": "{function} returned the optimal depth {got}, but the grader saw no path of that length to a final "
        "state (each state on it expanded with suivants, the final state tested with final): a depth is found "
        "by searching, not guessed",
    },
    "jeux.not_int": {
        "fr": "{function} doit renvoyer une profondeur, un entier (int) ; valeur renvoyée : {got} (type {type})",
        "en": "{function} must return a depth, an int; it returned {got} (type {type})",
    },
    "jeux.budget": {
        "fr": "{function} ne termine pas, semble-t-il : arrêté après {budget} appels à final, suivants et h "
        "(le corrigé en fait {reference} sur ce jeu)",
        "en": "{function} does not seem to terminate: stopped after {budget} calls to final, suivants and h "
        "(the model answer makes {reference} on this game)",
    },
    "jeux.budget_bound": {
        "fr": "{function} ne termine pas, semble-t-il : arrêté après {budget} appels à final, suivants et h "
        "(une recherche correcte en fait au plus {reference} sur ce jeu)",
        "en": "{function} does not seem to terminate: stopped after {budget} calls to final, suivants and h "
        "(a correct search makes at most {reference} on this game)",
    },
    "jeux.not_a_state": {
        "fr": "{function} a appelé {called} sur {state}, qui n'est pas un état du jeu",
        "en": "{function} called {called} on {state}, which is not a state of the game",
    },
    "jeux.served_not_shipped": {
        "fr": "appel de {function} refusé : son argument n'a pas la forme d'un état envoyé par le correcteur "
        "(appel hors protocole)",
        "en": "call of {function} refused: its argument is not shaped as the grader sends a state (protocol violation)",
    },
    "jeux.served_told": {  # calls told by the child (probes.Held) that the proxies never tell: refused
        "fr": "ce qui parvient au correcteur comme des appels de votre code à final ou h n'en est pas : plus de "
        "{most} à la fois, des états qu'il n'a pas donnés, ou une autre forme : appel hors protocole",
        "en": "what reaches the grader as your code's calls to final or h is not such calls: more than {most} at "
        "once, states it never gave, or another shape: protocol violation",
    },
    "jeux.unreachable": {
        "fr": "{function} a testé l'état {state}, qu'aucune suite de coups ne permet d'atteindre depuis "
        "l'état initial : les états doivent venir de initial et de suivants",
        "en": "{function} tested state {state}, which no sequence of moves reaches from the initial state: "
        "states must come from initial and suivants",
    },
    "jeux.garbled": {
        "fr": "les observations de {function} sont illisibles : votre code a modifié le correcteur ?",
        "en": "the observations of {function} are unreadable: did your code tamper with the grader?",
    },
    "q4.not_level_order": {
        "fr": "ce n'est pas un parcours en largeur : l'état {state} (à distance {depth} de l'état initial) "
        "est testé par final après l'état {previous} (à distance {previous_depth}) ; un parcours en "
        "largeur teste tous les états d'une profondeur avant ceux de la suivante",
        "en": "not a breadth-first search: state {state} (at distance {depth} from the initial state) is "
        "tested by final after state {previous} (at distance {previous_depth}); a breadth-first "
        "search tests every state of a depth before those of the next one",
    },
    "q4.restarts": {
        "fr": "le parcours revient à un niveau terminé : {call}({state}) (à distance {depth} de l'état "
        "initial) est appelé après que l'état {later} (à distance {later_depth}) a été atteint ; un "
        "parcours en largeur ne revient jamais en arrière (recherche itérée en profondeur ?)",
        "en": "the search goes back to a finished level: {call}({state}) (at distance {depth} from the "
        "initial state) is called after state {later} (at distance {later_depth}) was reached; a "
        "breadth-first search never goes back (iterative deepening?)",
    },
    "q7.bounds": {
        "fr": "les parcours en profondeur successifs descendent jusqu'aux profondeurs {reach} : une "
        "recherche itérée fait m = 0, 1, 2, … (ou 1, 2, …), un de plus à chaque parcours",
        "en": "the successive depth-first passes go down to depths {reach}: iterative deepening does "
        "m = 0, 1, 2, … (or 1, 2, …), one more each pass",
    },
    "q7.no_restart": {
        "fr": "ce n'est pas une recherche itérée en profondeur : la solution optimale est à la profondeur "
        "{depth}, il faut donc au moins {depth} parcours DFS(m, e0, 0), chacun repartant de l'état "
        "initial ; or final(initial) n'est appelé que {tests} fois et suivants(initial) {expansions} fois",
        "en": "not an iterative deepening search: the optimal solution has depth {depth}, so at least "
        "{depth} searches DFS(m, e0, 0) are needed, each starting again from the initial state; but "
        "final(initial) is called only {tests} times and suivants(initial) {expansions} times",
    },
    "q10.no_h": {"fr": "h n'est jamais appelée : IDA* se guide sur h", "en": "h is never called: IDA* is guided by h"},
    "q10.not_pruned": {
        "fr": "h n'élague pas comme IDA* : au parcours n° {pass}, l'état {state} est développé (suivants) "
        "alors que p + h = {p} + {h} = {f} dépasse la borne m = {bound} de ce parcours (bornes "
        "successives d'IDA* sur ce jeu : {bounds})",
        "en": "h does not prune as in IDA*: in pass {pass}, state {state} is expanded (suivants) although "
        "p + h = {p} + {h} = {f} exceeds that pass's bound m = {bound} (IDA*'s successive bounds on "
        "this game: {bounds})",
    },
    "q10.not_expanded": {
        "fr": "au parcours n° {pass}, l'état {state} n'est pas développé alors que p + h = {p} + {h} = {f} "
        "ne dépasse pas la borne m = {bound} : la borne n'est pas le plus petit p + h qui a dépassé la "
        "précédente (bornes successives d'IDA* sur ce jeu : {bounds})",
        "en": "in pass {pass}, state {state} is not expanded although p + h = {p} + {h} = {f} does not "
        "exceed the bound m = {bound}: the bound is not the smallest p + h that exceeded the previous "
        "one (IDA*'s successive bounds on this game: {bounds})",
    },
    "q10.single_pass": {
        "fr": "une seule exploration, qui ne repart jamais de l'état initial, alors qu'IDA* fait {expected} "
        "parcours en profondeur sur ce jeu (bornes successives : {bounds}) : un A* ou un parcours "
        "sans borne n'est pas IDA*",
        "en": "a single sweep that never starts again from the initial state, whereas IDA* makes {expected} "
        "depth-first passes on this game (successive bounds: {bounds}): an A* or an unbounded search "
        "is not IDA*",
    },
    "q10.extra_pass": {
        "fr": "{count} parcours en profondeur, alors qu'IDA* en fait {expected} sur ce jeu (bornes "
        "successives : {bounds}) : la borne ne suit pas les minima successifs de p + h",
        "en": "{count} depth-first passes, whereas IDA* makes {expected} on this game (successive bounds: "
        "{bounds}): the bound does not follow the successive minima of p + h",
    },
    "q10.missing_passes": {
        "fr": "{count} parcours en profondeur seulement, alors qu'IDA* en fait {expected} sur ce jeu (bornes "
        "successives : {bounds}) : une borne a été sautée",
        "en": "only {count} depth-first passes, whereas IDA* makes {expected} on this game (successive "
        "bounds: {bounds}): a bound was skipped",
    },
    "q11.admissible": {
        "fr": "h admissible : jamais plus que la distance de n à t (1 ≤ n ≤ t ≤ 300)",
        "en": "admissible h: never more than the distance from n to t (1 ≤ n ≤ t ≤ 300)",
    },
    "q11.grands_t": {
        "fr": "h admissible pour de grands t, jusqu'à 2^62 (valeurs comparées exactement, flottants "
        "compris) ; h doit aussi y répondre vite",
        "en": "admissible h for large t, up to 2^62 (values compared exactly, floats included); h "
        "must answer quickly there too",
    },
    "q11.non_constante": {"fr": "h non constante", "en": "h not constant"},
    "q11.entier": {"fr": "h renvoie un entier naturel (int ≥ 0)", "en": "h returns a natural number (int ≥ 0)"},
    "q11.too_large": {
        "fr": "h_jeu1({n}, {t}) = {got}, mais la distance de {n} à {t} n'est que {distance} : h surestime, "
        "elle n'est pas admissible",
        "en": "h_jeu1({n}, {t}) = {got}, but the distance from {n} to {t} is only {distance}: h "
        "overestimates, it is not admissible",
    },
    "q11.not_a_number": {
        "fr": "h_jeu1({n}, {t}) = {got} n'est pas un nombre",
        "en": "h_jeu1({n}, {t}) = {got} is not a number",
    },
    "q11.constant": {
        "fr": "pour chaque t ≤ {t}, h_jeu1(n, t) a la même valeur pour tous les 1 ≤ n ≤ t : h doit être non constante",
        "en": "for each t ≤ {t}, h_jeu1(n, t) takes the same value for all 1 ≤ n ≤ t: h must not be constant",
    },
    "q11.constant_unearned": {
        "fr": "ne compte que pour un h non constant : pour chaque t ≤ {t}, h_jeu1(n, t) a la même valeur "
        "pour tous les n, et un h constant (return 0) ne guide pas la recherche",
        "en": "counts only for an h that is not constant: for each t ≤ {t}, h_jeu1(n, t) takes the same "
        "value for every n, and a constant h (return 0) does not guide the search",
    },
    "q11.negative_unearned": {
        "fr": "ne compte que pour un h à valeurs naturelles : h_jeu1({n}, {t}) = {got} est négatif, et une "
        "valeur négative guide moins la recherche que h = 0",
        "en": "counts only for an h with natural values: h_jeu1({n}, {t}) = {got} is negative, and a negative "
        "value guides the search less than h = 0",
    },
    "q11.positive_unearned": {
        "fr": "ne compte que pour un h positif quelque part : h_jeu1(n, t) ≤ 0 pour tous les t ≤ {t}, et IDA* "
        "avec ce h est IDA* avec h = 0",
        "en": "counts only for an h that is positive somewhere: h_jeu1(n, t) ≤ 0 for every t ≤ {t}, and IDA* "
        "with this h is IDA* with h = 0",
    },
    "q11.admissible_unearned": {
        "fr": "ne compte que pour un h admissible : h_jeu1 surestime la distance pour un (n, t) au moins avec "
        "t ≤ {t} (groupe admissible), et une fonction qui n'est pas admissible ne répond pas à la question",
        "en": "counts only for an admissible h: h_jeu1 overestimates the distance for at least one (n, t) with "
        "t ≤ {t} (group admissible), and a function that is not admissible does not answer the question",
    },
    "q11.not_natural": {
        "fr": "h_jeu1({n}, {t}) = {got} (type {type}) : un entier naturel (int ≥ 0) est attendu",
        "en": "h_jeu1({n}, {t}) = {got} (type {type}): a natural number (int ≥ 0) is expected",
    },
    "q11.raised": {
        "fr": "h_jeu1({n}, {t}) a levé une exception : {detail}",
        "en": "h_jeu1({n}, {t}) raised: {detail}",
    },
    "jeux.jeu1_data": {
        "fr": "les données du jeu (1) ({path}) ne correspondent pas aux cas des questions : "
        "`python -m reference.answers.jeu1` les récrit depuis les corrigés",
        "en": "the data of game (1) ({path}) do not match the questions' cases: `python -m reference.answers.jeu1` "
        "writes them again from the model answers",
    },
    # The replay of a failed algorithm check (replay.py): what the algorithm does where the
    # student's search went another way, then the reports' labels.
    # IDA*'s (q10, x1) and the iterative deepening's (q7, "_ids"), each with its numbers.
    "jeux.replay_pruned": {
        "fr": "{state} : p + h = {p} + {h} = {f} > m = {bound}, IDA* le coupe dans ce parcours ; votre code l'a "
        "développé",
        "en": "{state}: p + h = {p} + {h} = {f} > m = {bound}, IDA* cuts it in this pass; your code expanded it",
    },
    "jeux.replay_pruned_ids": {
        "fr": "{state}, à la profondeur {p} > m = {bound} : la recherche itérée ne l'atteint pas dans ce "
        "parcours ; votre code a appelé {call}({state})",
        "en": "{state}, at depth {p} > m = {bound}: iterative deepening does not reach it in this pass; your "
        "code called {call}({state})",
    },
    "jeux.replay_unexplored": {
        "fr": "{state} : p + h = {p} + {h} = {f} ≤ m = {bound}, IDA* l'explore ; votre code l'a coupé",
        "en": "{state}: p + h = {p} + {h} = {f} ≤ m = {bound}, IDA* explores it; your code cut it",
    },
    "jeux.replay_unexplored_ids": {
        "fr": "{state}, à la profondeur {p} ≤ m = {bound} : la recherche itérée l'explore dans ce parcours ; "
        "votre code l'a laissé",
        "en": "{state}, at depth {p} ≤ m = {bound}: iterative deepening explores it in this pass; your code left it",
    },
    "jeux.replay_skipped": {
        "fr": "{state} : p + h = {p} + {h} = {f} ≤ m = {bound}, IDA* l'explore dans ce parcours ; votre code ne "
        "l'a pas atteint",
        "en": "{state}: p + h = {p} + {h} = {f} ≤ m = {bound}, IDA* explores it in this pass; your code did not "
        "reach it",
    },
    "jeux.replay_skipped_ids": {
        "fr": "{state}, à la profondeur {p} ≤ m = {bound} : la recherche itérée l'explore dans ce parcours ; "
        "votre code ne l'a pas atteint",
        "en": "{state}, at depth {p} ≤ m = {bound}: iterative deepening explores it in this pass; your code did "
        "not reach it",
    },
    "jeux.replay_deeper": {
        "fr": "IDA* descend d'abord de {parent} dans {state} (p + h = {p} + {h} = {f} ≤ m = {bound}) avant de "
        "passer à {other} ; votre code est passé à {other} avant",
        "en": "IDA* first goes down from {parent} into {state} (p + h = {p} + {h} = {f} ≤ m = {bound}) before "
        "moving on to {other}; your code moved on to {other} first",
    },
    "jeux.replay_estimate": {
        "fr": "IDA* estime d'abord {state}, fils de {parent} (p + h = {p} + {h} = {f} > m = {bound} : il le "
        "coupe), avant de passer à {other} ; votre code est passé à {other} avant",
        "en": "IDA* first estimates {state}, a child of {parent} (p + h = {p} + {h} = {f} > m = {bound}: it cuts "
        "it), before moving on to {other}; your code moved on to {other} first",
    },
    "jeux.replay_unestimated": {
        "fr": "IDA* estime {state} dans ce parcours (p + h = {p} + {h} = {f} > m = {bound} : il le coupe) ; votre "
        "code ne l'a pas atteint",
        "en": "IDA* estimates {state} in this pass (p + h = {p} + {h} = {f} > m = {bound}: it cuts it); your code "
        "did not reach it",
    },
    "jeux.replay_deeper_ids": {
        "fr": "la recherche itérée descend d'abord de {parent} dans {state} (profondeur {p} ≤ m = {bound}) avant "
        "de passer à {other} ; votre code est passé à {other} avant",
        "en": "iterative deepening first goes down from {parent} into {state} (depth {p} ≤ m = {bound}) before "
        "moving on to {other}; your code moved on to {other} first",
    },
    "jeux.replay_jump": {
        "fr": "IDA* n'atteint {state} qu'en descendant de {parent}, développé dans ce parcours ; votre code a "
        "appelé {call}({state}) sans développer {parent} dans ce parcours",
        "en": "IDA* reaches {state} only by going down from {parent}, expanded in this pass; your code called "
        "{call}({state}) without expanding {parent} in this pass",
    },
    "jeux.replay_jump_ids": {
        "fr": "la recherche itérée n'atteint {state} qu'en descendant de {parent}, développé dans ce parcours ; "
        "votre code a appelé {call}({state}) sans développer {parent} dans ce parcours",
        "en": "iterative deepening reaches {state} only by going down from {parent}, expanded in this pass; your "
        "code called {call}({state}) without expanding {parent} in this pass",
    },
    "jeux.replay_stops": {
        "fr": "IDA* s'arrête là : il atteint l'état final {goal} au parcours de seuil m = {bound} ; votre code a "
        "continué",
        "en": "IDA* stops there: it reaches the final state {goal} in the pass with bound m = {bound}; your code "
        "went on",
    },
    "jeux.replay_stops_ids": {
        "fr": "la recherche itérée s'arrête là : elle atteint l'état final {goal} au parcours m = {bound} ; votre "
        "code a continué",
        "en": "iterative deepening stops there: it reaches the final state {goal} in pass m = {bound}; your code "
        "went on",
    },
    "jeux.replay_goal_beyond": {
        "fr": "{state} : p + h = {p} + {h} = {f} > m = {bound}, IDA* ne s'y arrête pas dans ce parcours et repart "
        "de {start} avec m = {next} ; votre code s'y est arrêté",
        "en": "{state}: p + h = {p} + {h} = {f} > m = {bound}, IDA* does not stop there in this pass and starts "
        "again from {start} with m = {next}; your code stopped there",
    },
    "jeux.replay_goal_later": {
        "fr": "{state} : p + h = {p} + {h} = {f} > m = {bound} par ce chemin, IDA* ne s'y arrête pas et "
        "l'atteint plus loin dans ce parcours, à p = {found} ; votre code s'y est arrêté",
        "en": "{state}: p + h = {p} + {h} = {f} > m = {bound} by this path, IDA* does not stop there and reaches "
        "it further on in this pass, at p = {found}; your code stopped there",
    },
    "jeux.replay_goal_beyond_ids": {
        "fr": "{state}, à la profondeur {p} > m = {bound} : la recherche itérée ne s'y arrête pas dans ce "
        "parcours et repart de {start} avec m = {next} ; votre code s'y est arrêté",
        "en": "{state}, at depth {p} > m = {bound}: iterative deepening does not stop there in this pass and "
        "starts again from {start} with m = {next}; your code stopped there",
    },
    "jeux.replay_bfs_level": {
        "fr": "un parcours en largeur teste tous les états à distance {level} (dont {left}) avant d'appeler "
        "{call} sur l'état {state}, à distance {depth}",
        "en": "a breadth-first search tests every state at distance {level} ({left} among them) before calling "
        "{call} on state {state}, at distance {depth}",
    },
    "jeux.replay_bfs_once": {
        "fr": "un parcours en largeur ne revient jamais à un niveau terminé : il ne refait pas {call}({state}) "
        "(distance {depth})",
        "en": "a breadth-first search never goes back to a finished level: it does not call {call}({state}) "
        "(distance {depth}) again",
    },
    "jeux.replay_no_h": {
        "fr": "IDA* appelle h sur chaque état atteint, pour comparer p + h au seuil m",
        "en": "IDA* calls h on every state it reaches, to compare p + h with the bound m",
    },
    "jeux.replay_other": {
        "fr": "la recherche demandée ne fait pas cet appel à ce moment-là",
        "en": "the requested search does not make this call at that point",
    },
    # A passed check replayed on request (--replay): no divergence.
    "jeux.replay_same": {
        "fr": "même recherche que l'algorithme demandé, aux variantes permises près",
        "en": "the same search as the requested algorithm, up to the variants the exam allows",
    },
    "jeux.replay_none": {"fr": "Aucun écart", "en": "No divergence"},
    "jeux.replay_game": {"fr": "partie {game} sur {games}", "en": "game {game} of {games}"},
    "jeux.replay_title": {
        "fr": "Votre recherche rejouée à côté de l'algorithme demandé",
        "en": "Your search replayed beside the requested algorithm",
    },
    "jeux.replay_student": {"fr": "votre code ({seen})", "en": "your code ({seen})"},
    "jeux.replay_expected": {"fr": "algorithme demandé ({algorithm})", "en": "requested algorithm ({algorithm})"},
    "jeux.replay_first": {
        "fr": "Premier écart, appel n° {step} : {call}",
        "en": "First divergence, call #{step}: {call}",
    },
    "jeux.replay_first_both": {
        "fr": "Premier écart : votre code, appel n° {step} : {call} ; l'algorithme, appel n° {expected_step} : "
        "{expected}",
        "en": "First divergence: your code, call #{step}: {call}; the algorithm, call #{expected_step}: {expected}",
    },
    "jeux.replay_cut": {
        "fr": "… {length} appels en tout",
        "en": "… {length} calls in all",
    },
    "jeux.replay_level": {"fr": "profondeur {bound}", "en": "depth {bound}"},
    "jeux.replay_pass_m": {"fr": "parcours m = {bound}", "en": "pass m = {bound}"},
    "jeux.replay_reach": {"fr": "parcours jusqu'à la profondeur {bound}", "en": "pass down to depth {bound}"},
    # What a pass of the student's was seen to do (never a bound: their code's is what is in question).
    "jeux.replay_seen_reach": {
        "fr": "plus grand p + h développé : {reach}",
        "en": "largest p + h expanded: {reach}",
    },
    "jeux.replay_seen_cut": {"fr": "plus petit p + h coupé : {cut}", "en": "smallest p + h cut: {cut}"},
    "jeux.replay_seen_goal": {"fr": "but atteint à p + h = {goal}", "en": "goal reached at p + h = {goal}"},
    "jeux.replay_seen_nothing": {"fr": "rien de développé", "en": "nothing expanded"},
    "jeux.replay_class": {
        "fr": "Algorithmes reconnus dans les copies",
        "en": "Algorithms recognised in the copies",
    },
    "jeux.replay_class_legend": {
        "fr": "Par question de recherche, la recherche que le correcteur a reconnue dans chaque copie, d'après "
        "les appels observés sur les jeux construits pour les distinguer ; chaque lien ouvre une copie "
        "dont la recherche est rejouée à côté de l'algorithme demandé",
        "en": "For each search question, the search the grader recognised in each copy, from the calls "
        "observed on the games built to tell them apart; each link opens a copy whose search is replayed "
        "beside the requested algorithm",
    },
    "jeux.replay_asked": {"fr": "demandé", "en": "requested"},
    "jeux.replay_example": {"fr": "une copie rejouée ({algorithm})", "en": "one copy replayed ({algorithm})"},
    "jeux.replay_unread": {
        "fr": "{n} {n:copie|copies} dont la recherche n'a pas pu être lue (non écrite, arrêtée ou en erreur)",
        "en": "{n} {n:copy|copies} whose search could not be read (not written, stopped or failing)",
    },
    "jeux.replay_step": {"fr": "Appel n°", "en": "Call #"},
    "jeux.replay_pass": {"fr": "parcours", "en": "pass"},
    "jeux.replay_pass_seen": {"fr": "parcours ({seen})", "en": "pass ({seen})"},
    "jeux.replay_pass_m_seen": {"fr": "parcours m = {bound} ({seen})", "en": "pass m = {bound} ({seen})"},
    "jeux.states_keyed": {
        "fr": "États trop longs pour leur cercle :",
        "en": "States too long for their circle:",
    },
    "jeux.replay_graph": {
        "fr": "Le jeu par profondeur ; sous chaque état, le numéro du premier appel qui l'a atteint (final, h "
        "ou heuristic) : votre code · l'algorithme (– : pas atteint dans les appels montrés)",
        "en": "The game by depth; under each state, the number of the first call that reached it (final, h or "
        "heuristic): your code · the algorithm (– : not reached in the calls shown)",
    },
    "jeux.algo_bfs": {"fr": "parcours en largeur", "en": "breadth-first search"},
    "jeux.algo_ids": {"fr": "recherche itérée en profondeur", "en": "iterative deepening"},
    "jeux.algo_idastar": {"fr": "IDA*", "en": "IDA*"},
    "jeux.algo_astar": {"fr": "A*", "en": "A*"},
    "jeux.algo_dfs": {"fr": "parcours en profondeur sans reprise", "en": "depth-first search without restart"},
    "jeux.algo_passes": {
        "fr": "parcours en profondeur répétés (ni IDS ni IDA*)",
        "en": "repeated depth-first passes (neither IDS nor IDA*)",
    },
    "jeux.algo_other": {"fr": "autre", "en": "other"},
}
