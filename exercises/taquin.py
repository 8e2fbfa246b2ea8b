"""Jeux à un joueur et solutions optimales (X-ENS 2017, Informatique A) — partie IV, le taquin.

Le correcteur fixe les globales ci-dessous avant chaque appel de vos fonctions :
- `grid` : 4 listes de 4 entiers, grid[i][j] est l'entier à la ligne i, colonne j ; la valeur de la
  case libre n'est pas significative (ne vous en servez pas) ;
- `h` : la valeur de h(e), la somme des distances de Manhattan de l'énoncé ;
- `li`, `lj` : la ligne et la colonne de la case libre ;
- `solution` : la liste des déplacements faits jusqu'ici, le plus récent en DERNIER (append / pop :
  c'est la traduction de la liste Caml de l'énoncé, dont la tête est le plus récent) ;
- `minimum` : la référence `min` de l'énoncé (renommée pour ne pas masquer la fonction `min` de
  Python) ; `math.inf` représente ∞.
Modifiez-les avec `global` dans vos fonctions. Voir exercises/README.md.
"""
import enum
import math

grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf


class Deplacement(enum.Enum):
    """type deplacement = Gauche | Bas | Droite | Haut : la direction dans laquelle bouge l'entier."""

    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"


def move(i: int, j: int) -> None:
    """Question 15. Écrire une fonction `move(i, j)` qui déplace l'entier situé dans la case (i, j)
    vers la case libre, supposée être adjacente. On prendra soin de bien mettre à jour les globales
    `h`, `li` et `lj`. On ne demande pas de vérifier que la case libre est effectivement adjacente.
    """
    raise NotImplementedError


# Donné par l'énoncé : ces quatre fonctions supposent que le mouvement est possible.
def haut():
    move(li + 1, lj)


def gauche():
    move(li, lj + 1)


def bas():
    move(li - 1, lj)


def droite():
    move(li, lj - 1)


def tente_gauche() -> bool:
    """Question 16. Écrire une fonction `tente_gauche() -> bool` qui tente d'effectuer un
    déplacement vers la gauche si cela est possible et si le dernier déplacement effectué, le cas
    échéant, n'était pas un déplacement vers la droite. Le booléen renvoyé indique si le déplacement
    vers la gauche a été effectué. On veillera à mettre à jour `solution` lorsque c'est nécessaire.
    """
    raise NotImplementedError


def tente_bas() -> bool:
    """Question 16 (suite). Comme `tente_gauche`, pour un déplacement vers le bas (refusé si le
    dernier déplacement était vers le haut)."""
    raise NotImplementedError


def tente_droite() -> bool:
    """Question 16 (suite). Comme `tente_gauche`, pour un déplacement vers la droite (refusé si le
    dernier déplacement était vers la gauche)."""
    raise NotImplementedError


def tente_haut() -> bool:
    """Question 16 (suite). Comme `tente_gauche`, pour un déplacement vers le haut (refusé si le
    dernier déplacement était vers le bas)."""
    raise NotImplementedError


def dfs(m: int, p: int) -> bool:
    """Question 17. Écrire une fonction `dfs(m, p) -> bool` correspondant à la fonction DFS* de la
    figure 3 pour le jeu du taquin. Elle prend en argument la profondeur maximale m et la profondeur
    courante p (l'état e est maintenant global). Quand elle renvoie False, l'état global (`grid`,
    `h`, `li`, `lj`, `solution`) doit être celui qu'elle a trouvé ; quand elle renvoie True,
    `solution` contient une solution.
    """
    raise NotImplementedError


def taquin() -> list:
    """Question 18. En déduire enfin une fonction `taquin() -> list` qui renvoie une solution
    optimale (la liste des déplacements dans l'ordre où ils sont joués, le premier en tête),
    lorsqu'une solution existe.
    """
    raise NotImplementedError
