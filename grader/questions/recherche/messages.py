"""The messages of the companion exercises (recherche.py: x1-x4), in French and English,
found through grader/registry.py (the family's messages module) and loaded when one of its keys is said.
A question's keys start with its id, its family's with the family's name."""

MESSAGES: dict[str, dict[str, str]] = {
    "x1.title": {"fr": "X1 — search : IDA* renvoyant le chemin", "en": "X1 — search: IDA* returning the path"},
    # x2 and x3 are given a matrix and nothing to call: only the operations returned and the time are seen
    # (docs/judging.md), and their titles say so rather than promise the algorithm is checked.
    "x2.title": {
        "fr": "X2 — astar : A* sur le taquin (jugé sur les opérations renvoyées et le temps, pas sur l'algorithme)",
        "en": "X2 — astar: A* on the sliding puzzle (judged on the operations returned and the time, not the "
        "algorithm)",
    },
    "x3.title": {
        "fr": "X3 — bfs_taquin : parcours en largeur du taquin (jugé sur les opérations renvoyées et le temps, "
        "pas sur l'algorithme)",
        "en": "X3 — bfs_taquin: breadth-first search on the sliding puzzle (judged on the operations returned "
        "and the time, not the algorithm)",
    },
    "x4.title": {
        "fr": "X4 — dfs_taquin : parcours en profondeur du taquin",
        "en": "X4 — dfs_taquin: depth-first search on the sliding puzzle",
    },
    "x1.graphs": {
        "fr": "plus court chemin sur des graphes quelconques (états entiers ou chaînes), trouvé par les parcours "
        "d'IDA* que montrent les appels à next_states et heuristic",
        "en": "shortest path on arbitrary graphs (int or string states), found by the passes of IDA* that the "
        "calls to next_states and heuristic show",
    },
    "x1.puzzles": {
        "fr": "plus court chemin sur des taquins 3×3 et 4×4 (distance de Manhattan), jusqu'à 44 coups du but ; "
        "compté si les graphes ont montré IDA*",
        "en": "shortest path on 3×3 and 4×4 puzzles (Manhattan distance), up to 44 moves from the goal; counted "
        "when the graphs showed IDA*",
    },
    # The search a graph's trace shows, when it is not IDA* (replay.unobserved).
    "x1.algorithm_no_h": {
        "fr": "ce n'est pas IDA* : search n'appelle jamais heuristic, alors qu'IDA* compare p + h au seuil pour "
        "chaque état atteint",
        "en": "this is not IDA*: search never calls heuristic, while IDA* compares p + h with the bound for every "
        "state it reaches",
    },
    "x1.algorithm_first_bound": {
        "fr": "ce n'est pas IDA* : dès le premier parcours, la recherche explore l'état {state} au-delà du premier "
        "seuil m = h(départ) = {bound} (IDA* n'explore un état qu'au bout d'un chemin depuis le départ dont chaque "
        "p + h reste sous le seuil, une fois par tel chemin ; un A* explore tout en un seul parcours)",
        "en": "this is not IDA*: in its first pass the search explores state {state} beyond the first bound "
        "m = h(start) = {bound} (IDA* explores a state only at the end of a path from the start whose every p + h "
        "stays within the bound, once per such path; an A* explores everything in a single pass)",
    },
    "x1.algorithm_passes": {
        "fr": "ce n'est pas IDA* : le départ est exploré à nouveau {passes} fois en tout, comme {passes} "
        "{passes:parcours|parcours}, là où IDA* n'en fait qu'un par seuil ({bounds} {bounds:seuil|seuils} sur ce "
        "graphe)",
        "en": "this is not IDA*: the start is explored anew {passes} times in all, as {passes} "
        "{passes:pass|passes}, where IDA* makes one per bound ({bounds} {bounds:bound|bounds} on this graph)",
    },
    "x1.algorithm_pass_incomplete": {
        "fr": "ce n'est pas IDA* : le parcours n° {pass}, suivi d'un autre, n'a pas exploré l'état {state}, qu'un "
        "chemin depuis le départ dont chaque p + h reste sous son seuil m = {bound} atteint (un parcours d'IDA* "
        "qui échoue explore chacun de ces chemins, dans n'importe quel ordre)",
        "en": "this is not IDA*: pass {pass}, which another follows, did not explore state {state}, which a path "
        "from the start whose every p + h stays within its bound m = {bound} reaches (a failed pass of IDA* "
        "explores every such path, in any order)",
    },
    "x1.algorithm_next_bound": {
        "fr": "ce n'est pas IDA* : le parcours n° {pass} explore l'état {state} au-delà de son seuil m = {bound}, le "
        "plus petit p + h qui a dépassé le seuil du parcours précédent (IDA* n'explore un état qu'au bout d'un "
        "chemin depuis le départ dont chaque p + h reste sous le seuil, une fois par tel chemin)",
        "en": "this is not IDA*: pass {pass} explores state {state} beyond its bound m = {bound}, the smallest "
        "p + h that exceeded the bound of the pass before (IDA* explores a state only at the end of a path from "
        "the start whose every p + h stays within the bound, once per such path)",
    },
    "x1.algorithm_not_depth_first": {
        "fr": "ce n'est pas IDA* : le parcours n° {pass} explore l'état {state}, qui n'est le successeur d'aucun "
        "état du chemin en cours (ou d'un état dont il est déjà revenu) : IDA* parcourt les chemins en profondeur "
        "d'abord, une recherche par meilleur p + h ou en largeur saute d'une branche à l'autre",
        "en": "this is not IDA*: pass {pass} explores state {state}, which is a successor of no state on the "
        "current path (or of one it already came back from): IDA* walks the paths depth first, a search by "
        "least p + h or breadth first jumps from one branch to another",
    },
    "x1.algorithm_cached_not_depth_first": {
        "fr": "ce n'est pas IDA* : la recherche appelle next_states une fois par état (mémorisé), puis un appel sur "
        "l'état {state} ne prolonge aucun chemin en cours : IDA* rentre dans une branche qu'il a quittée en "
        "demandant heuristic sur ses états, un A* ou un parcours en largeur y revient sans appel",
        "en": "this is not IDA*: the search calls next_states once per state (cached), then a call on state "
        "{state} extends no current path: IDA* enters a branch it left again asking heuristic on its states, an "
        "A* or a breadth-first search comes back to it without a call",
    },
    "x1.algorithm_cached_beyond": {
        "fr": "ce n'est pas IDA* : la recherche appelle next_states une fois par état (mémorisé) et explore l'état "
        "{state}, qu'aucun chemin depuis le départ n'atteint avec chaque p + h sous le dernier seuil d'IDA*, "
        "m = {bound}",
        "en": "this is not IDA*: the search calls next_states once per state (cached) and explores state {state}, "
        "which no path from the start reaches with every p + h within IDA*'s last bound, m = {bound}",
    },
    "x1.algorithm_cached_pass": {
        "fr": "ce n'est pas IDA* : la recherche appelle next_states une fois par état (mémorisé) et explore l'état "
        "{state}, qu'IDA* explore dès le parcours de seuil m = {bound}, après un état qu'il n'explore qu'au "
        "parcours de seuil m = {later} (un seuil sauté, ou un autre ordre que celui des seuils)",
        "en": "this is not IDA*: the search calls next_states once per state (cached) and explores state {state}, "
        "which IDA* explores from its pass of bound m = {bound} on, after a state it explores only in its pass "
        "of bound m = {later} (a bound skipped, or another order than the bounds')",
    },
    "x1.puzzles_unobserved": {
        "fr": "non compté : sur les graphes, les appels à next_states et heuristic n'ont pas montré les parcours "
        "d'IDA* (voir les graphes) ; des chemins les plus courts sur le taquin ne montrent pas l'algorithme",
        "en": "not counted: on the graphs, the calls to next_states and heuristic did not show the passes of "
        "IDA* (see the graphs); shortest paths on the puzzle do not show the algorithm",
    },
    "x1.too_slow": {
        "fr": "temps limite dépassé ({limit} s) sur un taquin 4×4 dont la distance de Manhattan est la longueur "
        "optimale (le corrigé le résout en un seul parcours) : la recherche n'est pas guidée par "
        "heuristic(state, goal) (fonction ignorée, ou arguments inversés)",
        "en": "time limit exceeded ({limit} s) on a 4×4 puzzle whose Manhattan distance is the optimal length "
        "(the model answer solves it in a single pass): the search is not guided by heuristic(state, goal) "
        "(ignored, or its arguments swapped)",
    },
    "x1.not_a_list": {
        "fr": "search doit renvoyer le chemin, une liste d'états [start, …, goal]",
        "en": "search must return the path, a list of states [start, …, goal]",
    },
    "x1.empty": {
        "fr": "chemin vide : il contient au moins l'état de départ",
        "en": "empty path: it holds at least the start state",
    },
    "x1.not_a_state": {"fr": "{state} n'est pas un état du problème", "en": "{state} is not a state of the problem"},
    "x1.start": {
        "fr": "le chemin doit commencer par l'état de départ {start}",
        "en": "the path must begin with the start state {start}",
    },
    "x1.step": {"fr": "{b} n'est pas dans next_states({a})", "en": "{b} is not in next_states({a})"},
    "x1.end": {
        "fr": "le chemin doit finir par l'état but {goal}",
        "en": "the path must end with the goal state {goal}",
    },
    "x1.not_optimal": {
        "fr": "chemin valide mais pas le plus court : {steps} {steps:étape|étapes} au lieu de {optimum}",
        "en": "valid path but not a shortest one: {steps} {steps:step|steps} instead of {optimum}",
    },
    # A graph case is served by the parent (replay.py): what stopped a run there.
    "x1.served_not_shipped": {
        "fr": "appel de {function} refusé : ses arguments n'ont pas la forme d'états envoyés par le correcteur "
        "(appel hors protocole)",
        "en": "call of {function} refused: its arguments are not shaped as the grader sends states (protocol violation)",
    },
    "x1.called_not_a_state": {
        "fr": "search a appelé {called} avec {state}, qui n'est pas un état du graphe",
        "en": "search called {called} with {state}, which is not a state of the graph",
    },
    "x1.budget": {
        "fr": "search ne termine pas, semble-t-il : arrêtée après {budget} appels à next_states et heuristic "
        "(l'IDA* du carnet en fait {reference} sur ce graphe)",
        "en": "search does not seem to terminate: stopped after {budget} calls to next_states and heuristic "
        "(the notebook's IDA* makes {reference} on this graph)",
    },
    # The replay of a failed graph check: what the notebook's IDA* does where the student's search went
    # another way (replay.py).
    "x1.replay_no_h": {
        "fr": "IDA* appelle heuristic(état, {goal}) sur chaque état atteint, pour comparer p + h au seuil m",
        "en": "IDA* calls heuristic(state, {goal}) on every state it reaches, to compare p + h with the bound m",
    },
    "x1.replay_h_args": {
        "fr": "IDA* estime la distance de l'état au but : heuristic({state}, {goal}), pas heuristic({a}, {b})",
        "en": "IDA* estimates the distance from the state to the goal: heuristic({state}, {goal}), not "
        "heuristic({a}, {b})",
    },
    "x1.replay_found": {
        "fr": "IDA* s'arrête là : il atteint le but {goal} dans le parcours de seuil m = {bound}",
        "en": "IDA* stops there: it reaches the goal {goal} in the pass with bound m = {bound}",
    },
    "x1.replay_restart": {
        "fr": "IDA* a exploré tout ce que permet le seuil m = {bound} : il repart de {start} avec m = {next}, "
        "le plus petit p + h qui a dépassé le seuil",
        "en": "IDA* has explored all the bound m = {bound} allows: it starts again from {start} with m = {next}, "
        "the smallest p + h that exceeded the bound",
    },
    "x1.replay_on_path": {
        "fr": "IDA* ne prolonge pas le chemin par {state} : cet état est déjà sur le chemin courant",
        "en": "IDA* does not extend the path with {state}: that state is already on the current path",
    },
    "x1.replay_again": {
        "fr": "IDA* explore encore l'état {state}, atteint cette fois par un autre chemin (p + h = {p} + {h} = "
        "{f} ne dépasse pas le seuil m = {bound}) : il n'écarte que les états du chemin courant",
        "en": "IDA* explores state {state} again, reached this time by another path (p + h = {p} + {h} = {f} "
        "does not exceed the bound m = {bound}): it only leaves out the states of the current path",
    },
    "x1.replay_twice": {
        "fr": "IDA* explore encore l'état {state} par le même chemin (p + h = {p} + {h} = {f} ne dépasse pas le "
        "seuil m = {bound}) : next_states le donne deux fois, et IDA* n'écarte que les états du chemin courant",
        "en": "IDA* explores state {state} again by the same path (p + h = {p} + {h} = {f} does not exceed the "
        "bound m = {bound}): next_states gives it twice, and IDA* only leaves out the states of the current path",
    },
    "x1.replay_expand": {
        "fr": "IDA* explore ici l'état {state} : p + h = {p} + {h} = {f} ne dépasse pas le seuil m = {bound}",
        "en": "IDA* explores state {state} here: p + h = {p} + {h} = {f} does not exceed the bound m = {bound}",
    },
    "x1.replay_same": {
        "fr": "votre recherche fait les appels de l'IDA* du carnet : c'est le chemin renvoyé qui ne va pas",
        "en": "your search makes the calls of the notebook's IDA*: the path returned is what is wrong",
    },
    "x2.optimal3": {
        "fr": "solution la plus courte sur des taquins 3×3, jusqu'à 27 coups du but",
        "en": "shortest solution on 3×3 puzzles, up to 27 moves from the goal",
    },
    "x2.hard_timeout": {
        "fr": "non conclu sur un taquin à {distance} coups : temps limite dépassé, ce que juge le groupe closed",
        "en": "undecided on a {distance}-move puzzle: time limit exceeded, which the closed group judges",
    },
    "x2.optimal4": {
        "fr": "solution la plus courte sur des taquins 4×4 proches du but",
        "en": "shortest solution on 4×4 puzzles close to the goal",
    },
    "x2.optimal4_unearned": {
        "fr": "ne compte que si {function} résout aussi les taquins 3×3 tirés au hasard (groupe {group}) : "
        "un solveur 4×4 seul ne montre pas un A*",
        "en": "counts only if {function} also solves the 3×3 puzzles drawn at random (group {group}): a 4×4 "
        "solver alone does not show an A*",
    },
    "x2.closed": {
        "fr": "solution la plus courte de trois taquins de 21-22 coups, dans le temps que prend un A* avec closed "
        "(sans closed, un A* y développe 200 à 300 fois plus d'états) ; le correcteur juge les opérations et "
        "mesure le temps, il ne voit ni l'algorithme ni les états développés",
        "en": "shortest solution of three 21-22 move puzzles, within the time an A* with closed takes (without "
        "closed, an A* develops 200 to 300 times more states there); the grader judges the operations and "
        "measures the time, it sees neither the algorithm nor the states developed",
    },
    "x2.too_slow": {
        "fr": "temps limite dépassé ({limit} s) alors que le corrigé développe environ mille états : un A* "
        "sans liste closed (condition c1), qui développe plusieurs fois un même taquin, explose ici",
        "en": "time limit exceeded ({limit} s) where the model answer develops about a thousand states: an A* "
        "without the closed list (condition c1), developing the same puzzle again and again, blows up here",
    },
    "x3.short": {
        "fr": "solution la plus courte sur des taquins 3×3 à au plus 10 coups du but",
        "en": "shortest solution on 3×3 puzzles at most 10 moves from the goal",
    },
    "x3.long": {
        "fr": "solution la plus courte à 14, 17 et 28 coups, dans le temps que prend un parcours en largeur avec "
        "closed dans un set ; le correcteur juge les opérations et mesure le temps, il ne voit pas l'algorithme",
        "en": "shortest solution at 14, 17 and 28 moves, within the time a breadth-first search with closed in "
        "a set takes; the grader judges the operations and measures the time, it does not see the algorithm",
    },
    "x3.too_slow": {
        "fr": "temps limite dépassé ({limit} s) : sans closed, ou avec closed dans une liste (recherche "
        "linéaire), le parcours en largeur devient trop lent ; un set de tuples convient",
        "en": "time limit exceeded ({limit} s): without closed, or with closed kept in a list (linear search), "
        "the breadth-first search is too slow; a set of tuples will do",
    },
    "x4.valid": {
        "fr": "solution valide sur des taquins 3×3 proches du but",
        "en": "valid solution on 3×3 puzzles close to the goal",
    },
    "x4.limits": {
        "fr": "terminaison dans le temps et la mémoire impartis, sur des taquins à 20 coups du but et plus",
        "en": "ends within the time and memory limits, on puzzles 20 moves from the goal or more",
    },
    "x4.profondeur": {
        "fr": "parcours en profondeur : sur les taquins à 20 coups du but et plus, la solution est exactement celle d'un "
        "parcours avec une pile (LIFO) et closed, pour un ordre fixe des opérations (des milliers d'opérations, "
        "aucun état deux fois)",
        "en": "depth-first: on the puzzles 20 moves from the goal or more, the solution is exactly that of a search with a stack "
        "(LIFO) and closed, for a fixed order of the operations (thousands of operations, no state twice)",
    },
    "x4.revisits": {
        "fr": "la solution du taquin à {optimum} coups repasse par un état déjà atteint (après {index} "
        "opérations sur {moves}) : le parcours en profondeur demandé rend un chemin de son arbre, qui ne revient "
        "jamais sur un état fermé",
        "en": "the solution of the {optimum}-move puzzle comes back to a state already reached (after {index} of "
        "its {moves} operations): the depth-first search asked for returns a path of its tree, which never "
        "comes back to a closed state",
    },
    "x4.shallow": {
        "fr": "la solution du taquin à {optimum} coups a {moves} {moves:opération|opérations} et n'est celle d'aucun "
        "parcours en profondeur de la description : celui-ci s'enfonce d'abord et en rend d'ordinaire des milliers "
        "(moins de {least} ici) ; une solution aussi courte est celle d'un parcours en largeur (ou A*)",
        "en": "the solution of the {optimum}-move puzzle has {moves} {moves:operation|operations} and is no "
        "depth-first search's of the description: that search goes deep first and usually returns thousands "
        "(fewer than {least} here); a solution this short is a breadth-first search's (or A*'s)",
    },
    "x4.not_searched": {
        "fr": "la solution du taquin à {optimum} coups ({moves} {moves:opération|opérations}, aucun état deux fois) "
        "n'est celle d'aucun parcours en profondeur de la description : avec une pile (LIFO) et closed, pour "
        "chacun des 24 ordres des opérations (closed rempli au dépilement ou à l'empilement, but testé à la "
        "sélection ou à la génération), le chemin renvoyé est celui de l'arbre de recherche, et il est unique",
        "en": "the solution of the {optimum}-move puzzle ({moves} {moves:operation|operations}, no state twice) is "
        "that of no depth-first search of the description: with a stack (LIFO) and closed, in each of the 24 "
        "orders of the operations (closed filled when popped or when pushed, the goal tested when selected or "
        "when generated), the path returned is that of the search tree, and it is unique",
    },
    "x4.depth_unobserved": {
        "fr": "aucun des taquins à 20 coups du but et plus n'est résolu : rien ne montre un parcours en profondeur",
        "en": "none of the puzzles 20 moves from the goal or more is solved: nothing shows a depth-first search",
    },
    "x2.closed_teacher_only": {
        "fr": "vérifié par l'enseignant : les taquins de ce groupe sont fixes, et le kit de l'élève ne les "
        "contient pas (une table de leurs solutions les passerait) ; ce groupe est jugé par le correcteur de "
        "l'enseignant",
        "en": "checked by the teacher: this group's puzzles are fixed, and the student kit does not hold them "
        "(a table of their solutions would pass them); the teacher's grader judges this group",
    },
    "x2.hard_teacher_only": {
        "fr": "taquins tirés au hasard réussis ; les taquins difficiles fixes (où une heuristique non "
        "admissible se trompe) sont vérifiés par l'enseignant : le kit de l'élève ne les contient pas",
        "en": "the puzzles drawn at random are solved; the fixed hard puzzles (where a heuristic that is not "
        "admissible goes wrong) are checked by the teacher: the student kit does not hold them",
    },
    "x4.depth_teacher_only": {
        "fr": "non jugé ici : reconnaître la solution d'un parcours en profondeur demande de refaire ce parcours, "
        "que le kit de l'élève ne contient pas ; ce groupe est jugé par le correcteur de l'enseignant",
        "en": "not judged here: telling a depth-first search's solution takes running that search again, which "
        "the student kit does not hold; the teacher's grader judges this group",
    },
    "x4.too_slow": {
        "fr": "temps limite dépassé ({limit} s, assez pour explorer tout le taquin 3×3) : sans closed, le "
        "parcours en profondeur boucle ; recopier le chemin dans chaque nœud empilé est aussi trop coûteux",
        "en": "time limit exceeded ({limit} s, enough to explore the whole 3×3 puzzle): without closed, the "
        "depth-first search loops; copying the path into every stacked node is too costly as well",
    },
    "recherche.fixed_unearned": {
        "fr": "ne compte que si {function} résout aussi les taquins tirés au hasard (groupe {group}) : des "
        "solutions justes sur ces seuls cas ne montrent pas une recherche",
        "en": "counts only if {function} also solves the puzzles drawn at random (group {group}): right "
        "solutions on these cases alone do not show a search",
    },
    "recherche.not_a_list": {
        "fr": '{function} doit renvoyer la liste des opérations, des chaînes parmi "Up", "Down", "Left", "Right"',
        "en": '{function} must return the list of operations, strings among "Up", "Down", "Left", "Right"',
    },
    "recherche.unknown_move": {
        "fr": 'opération n° {index} inconnue : {move!r} (attendu : "Up", "Down", "Left" ou "Right", '
        "le sens où se déplace la case vide)",
        "en": 'operation #{index} is unknown: {move!r} (expected "Up", "Down", "Left" or "Right", '
        "the direction the blank moves)",
    },
    "recherche.illegal_move": {
        "fr": "opération n° {index} ({move}) impossible : la case vide sortirait du plateau",
        "en": "operation #{index} ({move}) is impossible: the blank would leave the board",
    },
    "recherche.not_solved": {
        "fr": "les opérations, rejouées, ne mènent pas à l'état final",
        "en": "replayed, the operations do not lead to the goal",
    },
    "recherche.tile_convention": {
        "fr": "les opérations décrivent le déplacement de la tuile : elles doivent décrire celui de la case vide "
        '("Up" : la case vide monte)',
        "en": "the operations describe how the tile moves: they must describe how the blank moves "
        '("Up": the blank goes up)',
    },
    "recherche.not_optimal": {
        "fr": "solution valide mais pas la plus courte : {moves} {moves:opération|opérations} au lieu de {optimum}",
        "en": "valid solution but not a shortest one: {moves} {moves:operation|operations} instead of {optimum}",
    },
}
