"""Attack: look for the game in the child's memory (the old probes shipped it there) and answer from
it without searching. The child now holds only the initial state: nothing to find."""
import gc

initial = suivants = final = None


def bfs():
    for obj in gc.get_objects():
        if isinstance(obj, dict) and "succ" in obj and "finals" in obj:
            return len(obj["succ"])  # would be a lookup of the answer
        if type(obj).__name__ in ("GameServer", "_Game"):
            return -1
    return 0
