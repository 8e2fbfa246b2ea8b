"""`grader serve`: students submit through a web page, workers grade in the sandbox, the teacher
watches the class live. One command, one machine, data in one folder (see docs/service.md).

    config.py  the class's TOML, checked      store.py  what is kept (SQLAlchemy: SQLite, PostgreSQL)
    tasks.py   the grading job and its queue  web.py    the pages and the JSON API (Starlette)
    client.py  `grader submit`
"""
