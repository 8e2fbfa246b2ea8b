"""Messages of the web service (`grader serve`, `grader worker`, `grader submit`)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "service.expect_workers_here": {
        "fr": "un entier de 1 à 64 : sans broker, la file est un fichier de cette machine, qu'il faut corriger ici",
        "en": "an integer from 1 to 64: without a broker, the queue is a file of this machine, graded here",
    },
    "service.expect_replay": {
        "fr": "un numéro de partie de 1 à {high} : chaque question de la classe qui rejoue sa recherche en a au "
        "moins autant",
        "en": "a game number from 1 to {high}: every question of the class that replays its search has that many",
    },
    "service.expect_replay_none": {
        "fr": "rien : aucune question de la classe ({ids}) ne rejoue de recherche",
        "en": "nothing: no question of the class ({ids}) replays a search",
    },
    "service.expect_broker": {
        "fr": "une adresse redis://, rediss:// ou unix://",
        "en": "a redis://, rediss:// or unix:// address",
    },
    "service.expect_database_url": {
        "fr": "une adresse de base de données, comme postgresql+psycopg://grader@127.0.0.1/grader",
        "en": "a database address, such as postgresql+psycopg://grader@127.0.0.1/grader",
    },
    "service.expect_students": {
        "fr": "des identifiants distincts, non vides, de 200 caractères au plus",
        "en": "distinct, non-empty ids of at most 200 characters",
    },
    "service.config_no_seed": {
        "fr": "configuration {path} : la graine secrète de la classe (seed = entier) est obligatoire",
        "en": "configuration {path}: the class's secret seed (seed = integer) is required",
    },
    "service.config_students": {
        "fr": 'configuration {path} : donnez soit students = [...], soit roster = "fichier.csv"',
        "en": 'configuration {path}: give either students = [...] or roster = "file.csv"',
    },
    "service.started": {
        "fr": "Service de la classe {name} : {url} ({workers} {workers:correcteur|correcteurs}). Ctrl-C pour arrêter.",
        "en": "Service of class {name}: {url} ({workers} grading {workers:worker|workers}). Ctrl-C to stop.",
    },
    "service.teacher_url": {
        "fr": "Tableau de bord de l'enseignant : {url}/teacher (mot de passe dans {path})",
        "en": "Teacher's dashboard: {url}/teacher (password in {path})",
    },
    "service.links_written": {
        "fr": "{n} {n:nouveau lien|nouveaux liens} d'élève dans {path} (à distribuer ; ils ne sont écrits qu'une fois)",
        "en": "{n} new student {n:link|links} in {path} (to hand out; they are written only once)",
    },
    "service.submitted": {
        "fr": "tentative n°{attempt} déposée ; correction en cours…",
        "en": "attempt #{attempt} submitted; grading…",
    },
    "service.unreachable": {
        "fr": "service injoignable à {url} : {detail}",
        "en": "service unreachable at {url}: {detail}",
    },
    "service.bad_url": {
        "fr": "--url {url} : donnez l'adresse du service en http:// ou https:// (celle de la page de dépôt)",
        "en": "--url {url}: give the service's address with http:// or https:// (the submission page's)",
    },
    "service.not_the_service": {
        "fr": "{url} a répondu, mais pas comme le service de dépôt : vérifiez l'adresse",
        "en": "{url} answered, but not as the submission service does: check the address",
    },
    "service.cannot_listen": {
        "fr": "impossible d'écouter sur {host}:{port} ({detail}) : adresse déjà prise par un autre programme, "
        "ou invalide (--host, --port de 1 à 65535)",
        "en": "cannot listen on {host}:{port} ({detail}): an address another program holds, or an invalid one "
        "(--host, --port from 1 to 65535)",
    },
    "service.rejected": {
        "fr": "refusé par le service ({status}) : {detail}",
        "en": "refused by the service ({status}): {detail}",
    },
    "service.extra_missing": {
        "fr": "le service web demande le module {module} : pip install 'taquin-grader[service]'",
        "en": "the web service needs the module {module}: pip install 'taquin-grader[service]'",
    },
    "service.bad_token": {
        "fr": "jeton invalide : donnez la fin de votre lien, ou le lien entier",
        "en": "invalid token: give the end of your link, or the whole link",
    },
    "service.not_found": {"fr": "introuvable (lien invalide ?)", "en": "not found (invalid link?)"},
    "service.forbidden": {"fr": "accès refusé", "en": "access denied"},
    "service.deadline": {"fr": "Date limite : {when} ({policy})", "en": "Deadline: {when} ({policy})"},
    "service.late.accept": {
        "fr": "les dépôts en retard sont acceptés et marqués en retard",
        "en": "late submissions are accepted and marked late",
    },
    "service.late.refuse": {"fr": "les dépôts en retard sont refusés", "en": "late submissions are refused"},
    "service.late": {"fr": "en retard", "en": "late"},
    "service.state.queued": {"fr": "en attente", "en": "queued"},
    "service.state.running": {
        "fr": "correction : question {k} sur {n} ({qid})",
        "en": "grading question {k} of {n} ({qid})",
    },
    "service.state.done": {"fr": "corrigé", "en": "done"},
    "service.state.superseded": {"fr": "remplacé par un dépôt plus récent", "en": "superseded by a newer submission"},
    "service.state.ungradable": {"fr": "impossible à corriger", "en": "ungradable"},
    "service.ungradable.oversized": {
        "fr": "impossible à corriger : le résultat est trop volumineux",
        "en": "ungradable: the result is too large",
    },
    "service.ungradable.deliveries": {
        "fr": "impossible à corriger : le correcteur s'est arrêté à chaque essai",
        "en": "ungradable: the grading worker stopped on every try",
    },
    "service.ungradable.error": {
        "fr": "impossible à corriger : erreur du correcteur (l'enseignant est prévenu)",
        "en": "ungradable: grader error (the teacher can see it)",
    },
    "service.refused.deadline": {
        "fr": "la date limite est passée : dépôt refusé",
        "en": "the deadline has passed: submission refused",
    },
    "service.refused.form": {
        "fr": "envoi refusé : au plus {files} fichiers, de {kib} Kio chacun (plus de fichiers : envoyez un .zip)",
        "en": "submission refused: at most {files} files, of {kib} KiB each (more files: send a .zip)",
    },
    "service.refused.nothing_graded": {
        "fr": "aucune question notée dans cette classe ne porte sur ces fichiers",
        "en": "no question graded in this class is about these files",
    },
    "service.refused.rate": {
        "fr": "trop de dépôts rapprochés : réessayez plus tard",
        "en": "too many submissions in a short time: try again later",
    },
    "service.refused.rate_question": {
        "fr": "trop de dépôts rapprochés pour {questions} : réessayez plus tard",
        "en": "too many submissions in a short time for {questions}: try again later",
    },
    "service.refused.both": {
        "fr": "envoyez soit des fichiers, soit du code collé, pas les deux",
        "en": "send either files or pasted code, not both",
    },
    "service.refused.empty": {
        "fr": "rien à corriger : choisissez un fichier ou collez du code",
        "en": "nothing to grade: choose a file or paste code",
    },
    "service.refused.kind": {
        "fr": "{name} : formats acceptés : .py, .zip, .ipynb",
        "en": "{name}: accepted formats: .py, .zip, .ipynb",
    },
    "service.refused.too_large": {
        "fr": "fichier trop volumineux (au plus {kib} Kio)",
        "en": "file too large (at most {kib} KiB)",
    },
    "service.refused.several": {
        "fr": "plusieurs fichiers : seulement des .py de noms différents (sinon un .zip)",
        "en": "several files: only .py files with different names (else one .zip)",
    },
    "service.refused.unreadable": {"fr": "dépôt illisible : {detail}", "en": "unreadable submission: {detail}"},
    "service.refused.no_module": {
        "fr": "ni jeux.py ni taquin.py dans ce dépôt (voir les conventions de l'énoncé)",
        "en": "neither jeux.py nor taquin.py in this submission (see the conventions)",
    },
    "service.student.title": {"fr": "Dépôts {student:de}", "en": "Submissions of {student}"},
    "service.student.submit": {"fr": "Déposer", "en": "Submit"},
    "service.student.files": {
        "fr": "jeux.py, taquin.py, un .zip ou un notebook (au plus {kib} Kio)",
        "en": "jeux.py, taquin.py, a .zip or a notebook (at most {kib} KiB)",
    },
    "service.student.paste": {"fr": "ou collez votre code", "en": "or paste your code"},
    "service.student.send": {"fr": "Envoyer", "en": "Send"},
    "service.student.budget": {"fr": "Dépôts encore possibles maintenant : {n}", "en": "Submissions left for now: {n}"},
    "service.student.history": {"fr": "Mes tentatives", "en": "My attempts"},
    "service.student.live": {"fr": "Cette page se met à jour toute seule.", "en": "This page updates by itself."},
    "service.student.report": {"fr": "Rapport", "en": "Report"},
    "service.when": {"fr": "Date", "en": "When"},
    "service.status": {"fr": "État", "en": "Status"},
    "service.score": {"fr": "Note", "en": "Score"},
    "service.questions": {"fr": "Questions", "en": "Questions"},
    "service.question": {"fr": "Question", "en": "Question"},
    "service.student": {"fr": "Élève", "en": "Student"},
    "service.attempts": {"fr": "Tentatives", "en": "Attempts"},
    "service.open_report": {"fr": "voir le rapport", "en": "open the report"},
    "service.teacher.login": {"fr": "Connexion de l'enseignant", "en": "Teacher sign-in"},
    "service.teacher.password": {"fr": "Mot de passe", "en": "Password"},
    "service.teacher.sign_in": {"fr": "Se connecter", "en": "Sign in"},
    "service.teacher.sign_out": {"fr": "Se déconnecter", "en": "Sign out"},
    "service.teacher.bad_password": {"fr": "mot de passe incorrect", "en": "wrong password"},
    "service.teacher.title": {"fr": "Tableau de bord de la classe", "en": "Class dashboard"},
    "service.teacher.gradebook": {"fr": "Télécharger le carnet de notes (CSV)", "en": "Download the gradebook (CSV)"},
    "service.teacher.exports": {
        "fr": "Tous les exports (Moodle, Canvas, Pronote, tableur, retours PDF…), en zip",
        "en": "Every export (Moodle, Canvas, Pronote, spreadsheet, PDF feedback…), zipped",
    },
    "service.no_submission": {"fr": "aucun dépôt sur le service{reason}", "en": "no submission to the service{reason}"},
    "service.teacher.new_link": {
        "fr": "Nouveau lien pour cet élève (l'ancien cesse de fonctionner)",
        "en": "New link for this student (the old one stops working)",
    },
    "service.teacher.new_link_shown": {
        "fr": "Nouveau lien, affiché une seule fois :",
        "en": "New link, shown only once:",
    },
    "service.teacher.class": {"fr": "La classe", "en": "The class"},
    "service.teacher.stats": {"fr": "Par question", "en": "Per question"},
    "service.teacher.graded": {"fr": "élèves notés", "en": "students graded"},
    "service.teacher.mean": {"fr": "moyenne", "en": "mean"},
    "service.teacher.passed": {"fr": "réussies", "en": "passed"},
    "service.teacher.missing": {"fr": "Pas encore de dépôt", "en": "No submission yet"},
    "service.teacher.waiting": {
        "fr": "{n} {n:tentative|tentatives} en attente ou en cours",
        "en": "{n} {n:attempt|attempts} queued or running",
    },
    "service.download.unmarked": {
        "fr": "Questions rédigées pas encore notées :",
        "en": "Written questions not marked yet:",
    },
    "service.download.unmarked_blank": {
        "fr": "laisser vide la note de l'élève",
        "en": "leave the student's grade blank",
    },
    "service.download.unmarked_zero": {"fr": "les compter 0", "en": "count them as 0"},
    "service.points.title": {"fr": "Points des questions rédigées", "en": "Points of the written questions"},
    "service.points.explain": {
        "fr": "Les points de chaque question rédigée au barème de la classe (0 : pas notée). Enregistrés "
        "ici, ils valent aussitôt pour les notes à la main, le carnet de notes et les exports, sans rien "
        "redémarrer.",
        "en": "The points of each written question in the class's barème (0: not marked). Saved here, they "
        "count at once for the hand marks, the gradebook and the exports, with nothing to restart.",
    },
    "service.points.points": {"fr": "Points", "en": "Points"},
    "service.points.save": {"fr": "Enregistrer les points", "en": "Save the points"},
    "service.points.bad": {
        "fr": "Points refusés pour {questions} : chaque question prend un nombre de 0 à {high} (virgule ou "
        "point décimal) ; rien n'a été changé.",
        "en": "Points refused for {questions}: each question takes a number from 0 to {high}; nothing was changed.",
    },
    "service.points.breaks_marks": {
        "fr": "Points refusés : des notes déjà enregistrées les dépasseraient ; modifiez d'abord ces "
        "notes dans « Notes à la main » :",
        "en": 'Points refused: marks already saved would be above them; change those marks first in "Hand marks":',
    },
    "service.marks.title": {"fr": "Notes à la main (questions rédigées)", "en": "Hand marks (written questions)"},
    "service.marks.explain": {
        "fr": "En TOML (une table par élève) ou en CSV (une ligne par élève, une colonne par question "
        "rédigée) ; tout est vérifié avant d'être gardé, puis repris dans le carnet de notes et les "
        "exports.",
        "en": "In TOML (a table per student) or CSV (a row per student, a column per written question); "
        "everything is checked before it is kept, then used by the gradebook and the exports.",
    },
    "service.marks.no_points": {
        "fr": "Le barème de la classe ne donne de points à aucune question rédigée : donnez-en dans "
        "« Points des questions rédigées » ci-dessus pour les noter ici ; un commentaire sur la copie "
        "est toujours possible.",
        "en": "The class's barème gives no written question any points: give some in \"Points of the "
        'written questions" above to mark them here; a comment on the copy is always possible.',
    },
    "service.marks.waiting": {
        "fr": "{n} {n:élève attend|élèves attendent} encore une note : {students}. {n:Sa note reste vide|"
        "Leurs notes restent vides} dans le carnet de notes et les exports, sauf si vous choisissez « les compter 0 » au téléchargement.",
        "en": "{n} {n:student still waits|students still wait} for a mark: {students}. Their grade stays "
        'blank in the gradebook and the exports, unless you choose "count them as 0" when downloading.',
    },
    "service.marks.stale": {
        "fr": "Les notes enregistrées ne vont plus avec la classe (sa configuration a changé) : elles ne "
        "sont reprises nulle part tant qu'elles ne sont pas corrigées :",
        "en": "The marks saved no longer fit the class (its configuration changed): they are used nowhere "
        "until they are corrected:",
    },
    "service.marks.example": {"fr": "Par exemple, pour cette classe :", "en": "For example, for this class:"},
    "service.marks.example_comment": {"fr": "Bon travail", "en": "Good work"},
    "service.marks.kind": {"fr": "Format", "en": "Format"},
    "service.marks.save": {"fr": "Enregistrer les notes", "en": "Save the marks"},
    "service.regrade.title": {"fr": "Recorriger la classe", "en": "Regrade the class"},
    "service.regrade.explain": {
        "fr": "La dernière copie corrigée de chaque élève est recorrigée avec cette graine et ce barème "
        "(TOML, vide : celui de la classe) ; la page du recorrigé montre l'ancienne et la nouvelle note.",
        "en": "Each student's latest graded copy is graded again with this seed and barème "
        "(TOML, empty: the class's); the regrade's page shows old and new scores.",
    },
    "service.regrade.seed": {"fr": "Nouvelle graine", "en": "New seed"},
    "service.regrade.scheme": {"fr": "Barème (TOML, facultatif)", "en": "Barème (TOML, optional)"},
    "service.regrade.start": {"fr": "Recorriger", "en": "Regrade"},
    "service.regrade.item": {"fr": "Recorrigé n°{n} (graine {seed})", "en": "Regrade #{n} (seed {seed})"},
    "service.regrade.progress": {
        "fr": "copies recorrigées : {done} sur {total} ({ungradable} {ungradable:impossible|impossibles}) ; "
        "rechargez pour suivre",
        "en": "{done} of {total} {total:copy|copies} regraded ({ungradable} ungradable); reload to follow",
    },
    "service.regrade.before": {"fr": "Avant", "en": "Before"},
    "service.regrade.after": {"fr": "Après", "en": "After"},
    "service.regrade.changed": {"fr": "Questions changées", "en": "Questions changed"},
    "service.regrade.moved": {"fr": "{qid} : {old} → {new}", "en": "{qid}: {old} → {new}"},
    "service.regrade.adopt": {
        "fr": "Les notes de la classe ne changent pas : pour adopter cette graine ou ce barème, "
        "mettez-les dans la configuration et redémarrez le service.",
        "en": "The class's scores do not change: to adopt this seed or barème, put them in the "
        "configuration and restart the service.",
    },
    "service.regrade.bad_seed": {"fr": "la graine doit être un entier", "en": "the seed must be an integer"},
    "executor.broker_url": {
        "fr": "{url} n'est pas l'adresse d'un broker Redis ({detail}) ; par exemple redis://hote:6379/0",
        "en": "{url} is not the address of a Redis broker ({detail}); for example redis://host:6379/0",
    },
    "executor.broker_unreachable": {
        "fr": "le broker {url} ne répond pas : {detail}",
        "en": "the broker {url} does not answer: {detail}",
    },
    "executor.workers_with_broker": {
        "fr": "--workers et --broker s'excluent : avec --broker, chaque machine choisit "
        "ses processus (grader worker --broker URL --processes N)",
        "en": "--workers and --broker exclude each other: with --broker, each machine "
        "chooses its processes (grader worker --broker URL --processes N)",
    },
    "executor.worker_usage": {
        "fr": "grader worker attend soit CLASS_CONFIG (les tentatives d'un service), soit "
        "--broker URL (les travaux de grader grade --broker), et --processes N ≥ 0",
        "en": "grader worker takes either CLASS_CONFIG (a service's attempts) or --broker URL "
        "(grader grade --broker's jobs), and --processes N ≥ 0",
    },
    "service.database_unavailable": {
        "fr": "La base de données du service est momentanément indisponible. Vos dépôts "
        "déjà reçus sont conservés ; réessayez dans un instant.",
        "en": "The service's database is unavailable for a moment. Submissions already "
        "received are kept; try again in a moment.",
    },
}
