"""The red team's submission (findings/model-answer-in-child): no move or tente_* of its own, only calls
to the exam's, taken from sys.modules where the grader once loaded them into every taquin child: 0 on
q15 and q16 (tests/test_cheap_strategies_hunting.py grades it with `grader grade`, and in the three
configurations)."""
import enum, math, sys
grid = [[4 * i + j for j in range(4)] for i in range(4)]
h = 0
li = 3
lj = 3
solution = []
minimum = math.inf

class Deplacement(enum.Enum):
    Gauche = "Gauche"
    Bas = "Bas"
    Droite = "Droite"
    Haut = "Haut"

def _exam():
    tm = sys.modules["reference.answers.taquin_moves"]
    values = {n: Deplacement[n] for n in ("Gauche", "Bas", "Droite", "Haut")}
    named = lambda v: v.name if isinstance(v, Deplacement) else None
    return tm.exam_functions(sys.modules[__name__], False, values, named)

def move(i, j):
    _exam()["move"](i, j)

def haut(): move(li + 1, lj)
def gauche(): move(li, lj + 1)
def bas(): move(li - 1, lj)
def droite(): move(li, lj - 1)
def tente_gauche(): return _exam()["tente_gauche"]()
def tente_bas(): return _exam()["tente_bas"]()
def tente_droite(): return _exam()["tente_droite"]()
def tente_haut(): return _exam()["tente_haut"]()
def dfs(m, p):
    raise NotImplementedError
def taquin():
    raise NotImplementedError
