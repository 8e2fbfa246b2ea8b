"""Exercices complémentaires (hors barème) : IDA*, A*, BFS et DFS, d'après deux documents
d'accompagnement (un carnet IDA* et la description d'un projet de taquin).

Taquin de ces exercices (attention : ce n'est PAS la convention du sujet) :
- `matrice` est une liste de n listes de n entiers (n = 3 ou 4), 0 pour la case vide ;
- l'état final est 1, 2, …, n²−1 ligne par ligne, la case vide en bas à droite, par exemple
  [[1, 2, 3], [4, 5, 6], [7, 8, 0]] ;
- une opération est le sens dans lequel se déplace la CASE VIDE : "Up", "Down", "Left" ou "Right"
  ("Up" échange la case vide avec la tuile située au-dessus d'elle).

Vérifier : `grader check recherche.py -q x1` (ou -q x2, -q x3, -q x4).
"""


def search(start, goal, next_states, heuristic) -> list:
    """Exercice x1. Écrire l'IDA* du carnet : `search(start, goal, next_states, heuristic)` renvoie un
    plus court chemin [start, …, goal], liste d'états dont chacun appartient à next_states du précédent.

    - `next_states(s)` renvoie l'ensemble (set) ou la liste des états atteignables depuis s en un pas ;
    - `heuristic(s, goal)` est un minorant (admissible) de la longueur d'un plus court chemin de s à goal.
    Les états sont quelconques (entiers, chaînes, tuples…) : seules l'égalité et le hachage servent.
    Indication : une fonction auxiliaire dl_search(Path, goal, next_states, limit, heuristic) cherche
    un chemin de longueur au plus `limit` prolongeant Path, et renvoie sinon le plus petit
    f = g + h ayant dépassé `limit`, qui sert d'horizon à l'essai suivant.
    On peut supposer que goal est accessible depuis start.
    """
    raise NotImplementedError


def astar(matrice) -> list[str]:
    """Exercice x2. Écrire `astar(matrice) -> list[str]` : l'algorithme A* de la description, avec
    f(n) = g(n) + h(n), h étant la distance de Manhattan (somme, sur les tuiles, de la distance à
    leur place finale), une liste open des taquins à traiter et une liste closed des taquins déjà
    traités. Un fils t est ignoré si (c1) sa matrice est dans closed, ou (c2) un taquin de même
    matrice et de meilleur f attend déjà dans open.

    Renvoie une liste d'opérations de longueur minimale menant de `matrice` à l'état final.
    """
    raise NotImplementedError


def bfs_taquin(matrice) -> list[str]:
    """Exercice x3. Écrire `bfs_taquin(matrice) -> list[str]` : le parcours en largeur de la
    description (open est une file, FIFO ; closed contient les taquins déjà traités ; un fils déjà
    dans closed est ignoré).

    Renvoie une liste d'opérations de longueur minimale menant de `matrice` à l'état final.
    """
    raise NotImplementedError


def dfs_taquin(matrice) -> list[str]:
    """Exercice x4. Écrire `dfs_taquin(matrice) -> list[str]` : le parcours en profondeur de la
    description (open est une pile, LIFO ; closed contient les taquins déjà traités ; un fils déjà
    dans closed est ignoré, ce qui garantit la terminaison).

    Renvoie une liste d'opérations (pas forcément la plus courte) menant de `matrice` à l'état final.
    """
    raise NotImplementedError
