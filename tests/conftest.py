import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the tests marked slow")


def pytest_collection_modifyitems(config, items):
    # Slow tests always run in CI; locally they are opt-in.
    if config.getoption("--runslow") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs them)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
