"""The child's side of the page-cache attack: a class of one student (page_cache_student.py) graded on
q1 as a teacher would (`grade_class`), while tests/test_attacks.py runs the accomplice as another account.
Run as `python page_cache_scene.py BASE REPORT.json`, as root or as an ordinary user, with whatever python
can import the grader; writes the layers in force, the verdict, what the child printed, and the copies of the
standard library kept in the cache: their mode and owner, and whether each still holds what it copied."""

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's grader and tests
    base, report = Path(sys.argv[1]), Path(sys.argv[2])
    home, cache, class_dir, out, tmp = (base / name for name in ("home", "cache", "class", "out", "tmp"))
    for folder in (home, cache, class_dir, tmp):
        folder.mkdir(parents=True)
    tmp.chmod(0o711)  # as root, each child's uid passes through to its own folder
    os.environ.update(HOME=str(home), TAQUIN_GRADER_CACHE=str(cache))
    tempfile.tempdir = str(tmp)

    from grader.judge.settings import Settings
    from grader.registry import all_questions
    from grader.results.records import isolation_text
    from grader.results.scoring import Scheme
    from grader.run.grading import grade_class
    from grader.sandbox import stdlib_copy
    from grader.sandbox.limits import Limits

    shutil.copy(Path(__file__).with_name("page_cache_student.py"), class_dir / "eve.py")
    q1 = [q for q in all_questions() if q.id == "q1"]
    settings = Settings(scheme=Scheme(time_floor=2.0), limits=Limits(import_seconds=5.0))
    run = grade_class(class_dir, out, q1, settings, workers=1)
    question = run.submissions[0].questions[0]
    json.dump(
        {
            "user": os.geteuid(),
            "isolation": isolation_text(run.limits, "en"),
            "status": question.status,
            "output": question.output.stdout,
            "left_in_tmp": sorted(os.listdir(tmp)),
            "copies": [
                {
                    "name": copy.name,
                    "mode": oct(copy.stat().st_mode & 0o777),
                    "owner_is_user": copy.stat().st_uid == os.geteuid(),
                    "intact": stdlib_copy.manifest(str(copy / Path(stdlib_copy.real_folder()).name))
                    == stdlib_copy.manifest(stdlib_copy.real_folder()),
                }
                for copy in sorted(cache.iterdir())
                if copy.name.startswith("stdlib-") and not copy.name.endswith(stdlib_copy.LOCK)
            ],
        },
        report.open("w"),
    )


if __name__ == "__main__":
    main()
