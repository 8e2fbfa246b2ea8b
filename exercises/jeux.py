"""Jeux à un joueur et solutions optimales (X-ENS 2017, Informatique A) — parties I à III.

Le correcteur fixe les globales ci-dessous avant chaque appel de vos fonctions :
- `initial` : l'état initial (une valeur hachable quelconque) ;
- `suivants(e)` : la liste des états atteignables en un coup depuis e (avec d'éventuelles répétitions) ;
- `final(e)` : True si e est un état gagnant ;
- `h(e)` : un minorant (entier) du nombre de coups restant à jouer (partie III seulement).
N'en dépendez pas au chargement du module : elles n'ont de sens que pendant un appel.
Voir exercises/README.md pour les conventions et la commande `grader check`.
"""
import math

initial = None
suivants = None
final = None
h = None


def solution_42() -> list[int]:
    """Question 1. Donner une solution optimale pour le jeu (1) (e0 = 1, s(n) = {2n, n + 1})
    lorsque F = {42}.

    Renvoie la séquence des états e0 e1 … ep, de 1 à 42, sous forme de liste d'entiers.
    """
    raise NotImplementedError


def bfs() -> int:
    """Question 4. Écrire une fonction `bfs() -> int` qui effectue un parcours en largeur à partir
    de l'état initial et renvoie la profondeur de la première solution trouvée. Lorsqu'il n'y a pas
    de solution, le comportement de cette fonction pourra être arbitraire.

    Indication : on pourra avantageusement réaliser les ensembles A et B par des listes, sans
    chercher à éliminer les doublons, et utiliser une fonction récursive plutôt qu'une boucle while.
    """
    raise NotImplementedError


def ids() -> int:
    """Question 7. Écrire une fonction `ids() -> int` qui effectue une recherche itérée en
    profondeur (DFS(m, e0, 0) de la figure 2 pour m = 0, 1, 2, …) et renvoie la profondeur d'une
    solution optimale. Lorsqu'il n'y a pas de solution, cette fonction ne termine pas.
    """
    raise NotImplementedError


def idastar() -> int:
    """Question 10. Écrire une fonction `idastar() -> int` qui réalise l'algorithme IDA* (figure 3)
    et renvoie la profondeur de la première solution rencontrée. Lorsqu'il n'y a pas de solution, le
    comportement de cette fonction pourra être arbitraire. Il est suggéré de décomposer le code en
    plusieurs fonctions. On utilisera une globale `minimum` (la référence `min` de l'énoncé,
    renommée pour ne pas masquer la fonction `min` de Python) ; `math.inf` représente ∞.
    """
    raise NotImplementedError


def h_jeu1(n: int, t: int) -> int:
    """Question 11. Proposer une fonction h admissible pour le jeu (1), non constante, en supposant
    que l'ensemble F est un singleton {t} avec t ≥ 1.

    Renvoie h(n) pour l'état n et la cible t : un entier naturel qui ne dépasse jamais la distance
    de n à t lorsque t est atteignable depuis n. (La justification se rédige sur copie.)
    """
    raise NotImplementedError
