# Gaspard — affiche beaucoup, et du HTML
initial = None
suivants = None
final = None
h = None

print("<script>document.title = 'pwned'; window.__pwned = 1;</script>")


def solution_42():
    print("<b>calcul</b> " * 2000)
    return "<img src=x onerror=alert(1)>"


def bfs():
    a, p = [initial], 0
    while True:
        if any(final(x) for x in a):
            return p
        a = [y for x in a for y in suivants(x)]
        p += 1
