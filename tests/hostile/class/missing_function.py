def bfs():
    return 0
