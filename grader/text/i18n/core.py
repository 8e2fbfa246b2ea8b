"""The grader's own messages that results and runs hold: statuses, why a check failed whatever the
question (engine), what intake found, errors that end a command, resume and roster, the sandbox's
layers, dates."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- Statuses -------------------------------------------------------------------------------
    "status.passed": {"fr": "réussi", "en": "passed"},
    "status.partial": {"fr": "partiel", "en": "partial"},
    "status.failed": {"fr": "échoué", "en": "failed"},
    "status.error": {"fr": "erreur", "en": "error"},
    "status.timeout": {"fr": "temps dépassé", "en": "timeout"},
    "status.crashed": {"fr": "plantage", "en": "crashed"},
    "status.memory": {"fr": "mémoire dépassée", "en": "out of memory"},
    "status.missing": {"fr": "absent", "en": "missing"},
    "status.not_implemented": {"fr": "non traité", "en": "not implemented"},
    # A submission's status, before or instead of its questions' (SubmissionResult.status).
    "submission.graded": {"fr": "corrigé", "en": "graded"},
    "submission.not_submitted": {"fr": "non rendu", "en": "not submitted"},
    "submission.unreadable": {"fr": "illisible", "en": "unreadable"},
    "submission.duplicate": {"fr": "refusé (doublon)", "en": "refused (duplicate)"},
    "submission.grader_failed": {"fr": "erreur du correcteur", "en": "grader error"},
    "submission.unmarked": {"fr": "à noter : {questions}", "en": "to be marked: {questions}"},
    # --- Engine: why a check failed, whatever the question ------------------------------------------
    "engine.import_failed": {
        "fr": "le chargement de {module}.py a échoué :\n{error}",
        "en": "importing {module}.py failed:\n{error}",
    },
    "engine.cell_failed": {
        "fr": "{file}, cellule {cell}, ligne {line} : {error}. À l'import, cette cellule s'est arrêtée là (ce "
        "qu'elle définit avant reste) ; les autres cellules ont été exécutées",
        "en": "{file}, cell {cell}, line {line}: {error}. At import, this cell stopped there (what it defines "
        "before stays); the other cells ran",
    },
    "engine.cell_failed_unplaced": {
        "fr": "{file}, cellule {cell} : {error}. À l'import, cette cellule n'a pas été exécutée ; les autres l'ont été",
        "en": "{file}, cell {cell}: {error}. At import, this cell did not run; the other cells did",
    },
    "engine.module_missing": {
        "fr": "la soumission ne contient pas de fichier {module}.py",
        "en": "the submission has no {module}.py file",
    },
    "engine.function_missing": {
        "fr": "{count:fonction non définie|fonctions non définies} : {names}",
        "en": "{count:function not defined|functions not defined}: {names}",
    },
    "engine.stub": {
        "fr": "{names} {count:lève|lèvent} encore NotImplementedError",
        "en": "{names} still {count:raises|raise} NotImplementedError",
    },
    "engine.grader_bug": {
        "fr": "erreur interne du correcteur sur cette question (ce n'est pas votre faute ; prévenez votre "
        "enseignant) : {detail}",
        "en": "internal grader error on this question (not your fault; tell your teacher): {detail}",
    },
    "engine.reply.error": {"fr": "votre code a levé une exception : {detail}", "en": "your code raised: {detail}"},
    "engine.reply.timeout": {
        "fr": "temps limite dépassé (limite de {seconds} s)",
        "en": "time limit exceeded (limit of {seconds} s)",
    },
    "engine.reply.timeout_at": {
        "fr": "temps limite dépassé (limite de {seconds} s ; votre code en était à {where})",
        "en": "time limit exceeded (limit of {seconds} s; your code was at {where})",
    },
    "engine.reply.timeout_import": {
        "fr": "temps limite dépassé (limite de {seconds} s) : le chargement de {module}.py a pris à lui seul "
        "{import_seconds} s de calcul, comptées dans ce premier cas ; ce qui est calculé au chargement "
        "compte comme s'il l'était dans l'appel (mettre les essais sous if __name__ == \"__main__\":)",
        "en": "time limit exceeded (limit of {seconds} s): importing {module}.py alone took {import_seconds} s "
        "of CPU, counted in this first case; what is computed at import counts as if it were in the call "
        '(keep tests under if __name__ == "__main__":)',
    },
    "engine.reply.memory": {"fr": "mémoire épuisée ({detail})", "en": "out of memory ({detail})"},
    "engine.reply.disk": {
        "fr": "votre code a rempli son dossier au-delà de {mib} Mio ou de {files} fichiers et dossiers : "
        "il a été arrêté",
        "en": "your code filled its folder past {mib} MiB or {files} files and folders: it was stopped",
    },
    "engine.reply.tasks": {
        "fr": "votre code a lancé plus de {tasks} fils d'exécution à la fois : il a été arrêté",
        "en": "your code ran more than {tasks} threads at once: it was stopped",
    },
    "engine.reply.crashed": {
        "fr": "le processus qui exécutait votre code s'est arrêté : {detail}",
        "en": "the process running your code died: {detail}",
    },
    "engine.reply.missing": {"fr": "nom non défini : {detail}", "en": "name not defined: {detail}"},
    "engine.reply.not_implemented": {
        "fr": "fonction non traitée (NotImplementedError)",
        "en": "function not implemented (NotImplementedError)",
    },
    "engine.reply.not_implemented_at": {
        "fr": "fonction non traitée : NotImplementedError levée en {where}",
        "en": "function not implemented: NotImplementedError raised at {where}",
    },
    "engine.reply.not_served": {
        "fr": "appel {name:de} refusé : le correcteur ne fournit pas cette fonction pour cette question "
        "(appel hors protocole)",
        "en": "call of {name} refused: the grader does not provide that function for this question "
        "(protocol violation)",
    },
    "engine.reply.invalid": {
        "fr": "valeur renvoyée inutilisable : {detail}",
        "en": "unusable value returned: {detail}",
    },
    # --- Submissions -------------------------------------------------------------------------------
    "warning.results_capped": {
        "fr": "les résultats de cette copie dépassaient {limit} Mio : ce que le code a affiché et les valeurs "
        "des vérifications (contre-exemples, valeurs obtenues) n'ont pas été gardés",
        "en": "this submission's results exceeded {limit} MiB: what the code printed and the checks' values "
        "(counterexamples, values got) were not kept",
    },
    "warning.encoding": {
        "fr": "{file} n'est pas en UTF-8 : lu comme {encoding}. Enregistrez-le en UTF-8 (conseillé), ou "
        "déclarez son encodage réel en première ligne : # -*- coding: {encoding} -*-",
        "en": "{file} is not UTF-8: read as {encoding}. Save it as UTF-8 (advised), or declare its real "
        "encoding on its first line: # -*- coding: {encoding} -*-",
    },
    "intake.module_chosen": {
        "fr": "{module}.py : pris dans {file} (définit : {functions} ; autres candidats : {others})",
        "en": "{module}.py: taken from {file} (defines: {functions}; other candidates: {others})",
    },
    "intake.notebook_dropped": {
        "fr": "{file} : lignes propres à IPython (magies %, commandes !, aide ?) non exécutées dans les cellules "
        "{cells} (l'instruction d'un %time ou %timeit est exécutée une fois, sans mesure)",
        "en": "{file}: IPython-only lines (% magics, ! commands, ? help) not run in cells {cells} (the statement "
        "of a %time or %timeit runs once, untimed)",
    },
    "intake.notebook_unreadable": {
        "fr": "{file} n'est pas un notebook lisible, ignoré : {detail}",
        "en": "{file} is not a readable notebook, ignored: {detail}",
    },
    "intake.empty": {"fr": "non rendu : la soumission est vide", "en": "not submitted: the submission is empty"},
    "intake.no_code": {
        "fr": "non rendu : ni fichier Python ni notebook (trouvé : {files})",
        "en": "not submitted: no Python file nor notebook (found: {files})",
    },
    "intake.duplicate": {
        "fr": "refusé : {origins} sont le même participant {participant} mais donnent deux versions différentes "
        "de {file} ; aucune n'est corrigée, gardez-en une",
        "en": "refused: {origins} are the same participant {participant} but hold two different versions of "
        "{file}; neither is graded, keep one",
    },
    "intake.participant_names": {
        "fr": "le participant {participant} porte plusieurs noms ({names}) : une seule copie, réunie par son numéro",
        "en": "participant {participant} has several names ({names}): one submission, joined by its number",
    },
    "intake.moodle_ambiguous": {
        "fr": "{file} : le préfixe de Moodle (_<participant>_assignsubmission_) y figure deux fois, on ne peut "
        "dire lequel est le sien : corrigé sous ce nom, sans numéro de participant",
        "en": "{file}: Moodle's prefix (_<participant>_assignsubmission_) is in it twice, which one is its own "
        "cannot be told: graded under this name, with no participant number",
    },
    "intake.hidden": {
        "fr": "{name} ignoré : son nom commence par un point (caché) ; renommez-le pour qu'il soit corrigé",
        "en": "{name} ignored: its name starts with a dot (hidden); rename it to have it graded",
    },
    "intake.grader_output": {
        "fr": "{folder} ignoré : un dossier de résultats du correcteur, pas une copie d'élève",
        "en": "{folder} ignored: a folder of the grader's results, not a student's submission",
    },
    "intake.ignored": {
        "fr": "{file} ignoré : ni dossier d'élève, ni fichier Python, notebook ou archive",
        "en": "{file} ignored: not a student's folder, a Python file, a notebook nor an archive",
    },
    "intake.refused_path": {
        "fr": "{file} refusé : chemin absolu ou sortant de l'archive",
        "en": "{file} refused: an absolute path or one that leaves the archive",
    },
    "intake.refused_link": {
        "fr": "{name} refusé : un lien symbolique ou physique, que le correcteur ne suit ni ne lit ; aucun "
        "fichier {module} n'est corrigé, ses questions comptent absentes. Rendez le fichier lui-même",
        "en": "{name} refused: a symbolic or hard link, which the grader neither follows nor reads; no {module} "
        "file is graded, its questions count as missing. Hand in the file itself",
    },
    "intake.skipped_link": {
        "fr": "{name} ignoré : un lien symbolique ou physique, que le correcteur ne suit ni ne lit ; le reste "
        "de la copie est corrigé",
        "en": "{name} ignored: a symbolic or hard link, which the grader neither follows nor reads; the rest of "
        "the submission is graded",
    },
    "intake.venv": {
        "fr": "{name} ignoré : un environnement virtuel de Python (il contient pyvenv.cfg), pas le travail de l'élève",
        "en": "{name} ignored: a Python virtual environment (it holds pyvenv.cfg), not the student's work",
    },
    "intake.tooling": {
        "fr": "{name} ignoré : un dossier que Python remplit lui-même (fichiers compilés, paquets installés), "
        "pas le travail de l'élève",
        "en": "{name} ignored: a folder Python fills itself (compiled files, installed packages), not the "
        "student's work",
    },
    "intake.refused_special": {"fr": "{file} refusé : fichier spécial", "en": "{file} refused: a special file"},
    "intake.refused_bomb": {
        "fr": "{file} refusé : trop gros ou trop compressé (bombe d'archive ? {detail} octets)",
        "en": "{file} refused: too large or too compressed (an archive bomb? {detail} bytes)",
    },
    "intake.refused_size": {
        "fr": "{file} refusé : plus de {detail} Mio, la taille maximale d'un tel fichier ; il n'est pas lu",
        "en": "{file} refused: over {detail} MiB, the most such a file may weigh; it is not read",
    },
    "intake.refused_members": {
        "fr": "{file} refusé : plus de {detail} fichiers et dossiers dans la copie ; rien de plus n'en est lu",
        "en": "{file} refused: more than {detail} files and folders in the submission; nothing more of it is read",
    },
    "intake.refused_total": {
        "fr": "{file} refusé : la copie dépasse {detail} Mio en tout (fichiers Python, notebooks et archives) ; "
        "rien de plus n'en est lu",
        "en": "{file} refused: the submission is over {detail} MiB in all (Python files, notebooks and archives); "
        "nothing more of it is read",
    },
    "intake.refused_folder": {
        "fr": "{file} refusé : les fichiers Python de la copie, écrits dans le dossier où son code tourne, "
        "dépasseraient ce qu'il tient ({detail} Mio, {files} fichiers) ; aucun n'est lancé",
        "en": "{file} refused: the submission's Python files, written in the folder its code runs in, would "
        "exceed what it holds ({detail} MiB, {files} files); none is run",
    },
    "intake.refused_depth": {
        "fr": "{file} refusé : archives imbriquées sur plus de {detail} niveaux",
        "en": "{file} refused: archives nested more than {detail} levels deep",
    },
    "intake.refused_notebook_tokens": {
        "fr": "{file} refusé : plus de {detail} valeurs JSON (listes, objets, chaînes), ce qu'aucun éditeur "
        "n'écrit pour un notebook ; il n'est pas lu. Effacez ses sorties et renvoyez-le, ou rendez le code en .py",
        "en": "{file} refused: over {detail} JSON values (lists, objects, strings), which no editor writes for "
        "a notebook; it is not read. Clear its outputs and send it again, or hand the code in as a .py file",
    },
    "intake.refused_notebook_cells": {
        "fr": "{file} refusé : plus de {detail} cellules ; il n'est pas lu. Rendez le code en .py",
        "en": "{file} refused: over {detail} cells; it is not read. Hand the code in as a .py file",
    },
    "intake.refused_notebook_code": {
        "fr": "{file} refusé : ses cellules de code dépassent {detail} Mio en tout, la taille maximale d'un "
        "fichier .py ; il n'est pas lu",
        "en": "{file} refused: its code cells are over {detail} MiB in all, the most a .py file may weigh; it is not read",
    },
    "intake.refused_notebooks": {
        "fr": "{file} refusé : la copie a plus de {detail} notebooks ; aucun n'est lu. Gardez celui à corriger",
        "en": "{file} refused: the submission holds over {detail} notebooks; none is read. Keep the one to grade",
    },
    "intake.refused_broken": {"fr": "{file} illisible : {detail}", "en": "{file} cannot be read: {detail}"},
    "intake.archive_broken": {
        "fr": "archive {archive} illisible : {detail}",
        "en": "archive {archive} cannot be read: {detail}",
    },
    "intake.archive_members": {
        "fr": "archive {archive} refusée : {count} éléments (au plus {limit})",
        "en": "archive {archive} refused: {count} members (at most {limit})",
    },
    "intake.archive_too_big": {
        "fr": "archive {archive} refusée : plus de {limit} Mio une fois décompressée",
        "en": "archive {archive} refused: more than {limit} MiB once decompressed",
    },
    "intake.not_a_class": {
        "fr": "{path} n'est ni un dossier, ni une archive .zip/.tar.gz, ni un fichier .py/.ipynb",
        "en": "{path} is neither a folder, a .zip/.tar.gz archive nor a .py/.ipynb file",
    },
    "intake.not_a_submission": {
        "fr": "{path} n'est ni un dossier, ni un fichier .py/.ipynb, ni une archive .zip/.tar.gz",
        "en": "{path} is neither a folder, a .py/.ipynb file nor a .zip/.tar.gz archive",
    },
    "warning.grader_failed": {
        "fr": "le correcteur n'a pas pu corriger cette soumission (erreur interne, pas la vôtre) : {reason}",
        "en": "the grader could not grade this submission (an internal error, not yours): {reason}",
    },
    # --- Settings files: the barème, the service's configuration, hand marks in TOML (grader/settings_files.py)
    "settings.file.scheme": {"fr": "barème", "en": "grading scheme"},
    "settings.file.config": {"fr": "configuration", "en": "configuration"},
    "settings.file.marks": {"fr": "fichier de notes", "en": "marks file"},
    "settings.unreadable": {
        "fr": "{file} {path} illisible : {detail}",
        "en": "{file} {path} cannot be read: {detail}",
    },
    "settings.toml.declared_twice": {
        "fr": "la clé ou la table {name} est déclarée deux fois",
        "en": "the key or table {name} is declared twice",
    },
    "settings.toml.redefined": {
        "fr": "une valeur ou une table déjà définie est redéfinie{name}",
        "en": "a value or table already defined is defined again{name}",
    },
    "settings.toml.equals_expected": {
        "fr": "il manque le signe « = » après une clé",
        "en": "a key is not followed by '='",
    },
    "settings.toml.closing_expected": {
        "fr": "il manque « {name} » à la fin de l'en-tête de table",
        "en": "'{name}' is missing at the end of a table header",
    },
    "settings.toml.one_per_line": {
        "fr": "rien ne peut suivre une valeur sur sa ligne",
        "en": "nothing may follow a value on its line",
    },
    "settings.toml.bad_statement": {
        "fr": "ligne incompréhensible : une ligne est « clé = valeur » ou un en-tête « [table] »",
        "en": "unreadable line: a line is 'key = value' or a '[table]' header",
    },
    "settings.toml.expected": {"fr": "{name} attendu ici", "en": "{name} expected here"},
    "settings.toml.bad_character": {"fr": "caractère {name} interdit ici", "en": "character {name} not allowed here"},
    "settings.toml.bad_key": {
        "fr": "une clé ne peut pas commencer ainsi (lettres, chiffres, _ et - ou une clé entre guillemets)",
        "en": "a key cannot start this way (letters, digits, _ and - or a quoted key)",
    },
    "settings.toml.bad_value": {
        "fr": 'valeur invalide (un texte va entre guillemets : "...")',
        "en": 'invalid value (text goes between quotes: "...")',
    },
    "settings.toml.unclosed": {
        "fr": "liste ou table entre accolades non refermée",
        "en": "a list or inline table is not closed",
    },
    "settings.toml.bad_string": {
        "fr": "texte entre guillemets non refermé, ou « \\ » seul dans un texte",
        "en": "a quoted text is not closed, or a lone '\\' in a text",
    },
    "settings.unknown_keys": {
        "fr": "{file} {where} : {count:clé inconnue|clés inconnues} : {keys} (connues : {known})",
        "en": "{file} {where}: unknown {count:key|keys}: {keys} (known: {known})",
    },
    "settings.bad_value": {
        "fr": "{file} {where} : valeur refusée pour {key} : {value} (attendu : {expected})",
        "en": "{file} {where}: value refused for {key}: {value} (expected: {expected})",
    },
    "settings.missing": {
        "fr": "{file} {where} : {key} manque (attendu : {expected})",
        "en": "{file} {where}: {key} is missing (expected: {expected})",
    },
    "settings.expect.anything": {"fr": "une valeur", "en": "a value"},
    "settings.expect.number": {"fr": "un nombre", "en": "a number"},
    "settings.expect.integer": {"fr": "un entier", "en": "an integer"},
    "settings.expect.between": {"fr": "{what} de {low} à {high}", "en": "{what} from {low} to {high}"},
    "settings.expect.at_least": {"fr": "{what} supérieur ou égal à {low}", "en": "{what} of at least {low}"},
    "settings.expect.above": {"fr": "{what} strictement supérieur à {low}", "en": "{what} above {low}"},
    "settings.expect.text": {"fr": "un texte entre guillemets", "en": "a text in quotes"},
    "settings.expect.filled": {"fr": "un texte non vide", "en": "a non-empty text"},
    "settings.expect.choice": {"fr": "l'une des valeurs {choices}", "en": "one of {choices}"},
    "settings.expect.moment": {
        "fr": "une date et une heure avec leur décalage, comme 2026-06-01T23:59:00+02:00",
        "en": "a date and time with its offset, such as 2026-06-01T23:59:00+02:00",
    },
    "settings.expect.list": {
        "fr": "une liste non vide dont chaque élément est {item}",
        "en": "a non-empty list, each item {item}",
    },
    "settings.expect.table": {"fr": "une table", "en": "a table"},
    "settings.expect.either": {"fr": "{one} ou {other}", "en": "{one} or {other}"},
    # --- Errors that end a command (grader/errors.py) --------------------------------------------------
    "error.scheme_no_weight": {
        "fr": "barème {path} : la question {question} a des points, mais tous ses groupes de tests pèsent 0 : "
        "aucune réponse, même juste, ne pourrait les gagner",
        "en": "grading scheme {path}: question {question} has points, but all its check groups weigh 0: no "
        "answer, even a correct one, could earn them",
    },
    "error.scheme_unknown_group": {
        "fr": "barème : la question {question} n'a pas de groupe de tests « {group} » (elle a : {groups})",
        "en": "grading scheme: question {question} has no check group '{group}' (it has: {groups})",
    },
    "error.scheme_unknown_question": {
        "fr": "barème {path} : {count:question inconnue|questions inconnues} : {ids} (voir « grader questions »)",
        "en": "grading scheme {path}: unknown {count:question|questions}: {ids} (see `grader questions`)",
    },
    "error.scheme_unknown_option": {
        "fr": "barème {path} : la question {question} n'a pas de réglage {keys} (elle a : {known})",
        "en": "grading scheme {path}: question {question} has no setting {keys} (it has: {known})",
    },
    "error.scheme_bad_option": {
        "fr": "barème {path} : {key} = {value} n'est pas accepté (valeurs possibles : {accepted})",
        "en": "grading scheme {path}: {key} = {value} is not accepted (possible values: {accepted})",
    },
    "error.unknown_question": {
        "fr": "{count:question inconnue|questions inconnues} : {ids} (voir « grader questions »)",
        "en": "unknown {count:question|questions}: {ids} (see `grader questions`)",
    },
    "error.judge_raised": {"fr": "{where} : {detail}", "en": "{where}: {detail}"},
    "error.hypothesis": {
        "fr": "{where} : erreur de Hypothesis dans le correcteur : {detail}",
        "en": "{where}: Hypothesis error in the grader: {detail}",
    },
    "error.no_case_judged": {
        "fr": "{where} : aucun cas n'a été jugé (rien n'est accordé sans cas observé)",
        "en": "{where}: no case was judged (nothing is granted without a case observed)",
    },
    "error.no_oracle": {
        "fr": "cette question ne peut pas encore être vérifiée sans le corrigé, absent de cette installation "
        "(pas d'oracle pour {probe} de {module}.py) ; votre enseignant la corrigera",
        "en": "this question cannot be checked yet without the model answer, which this installation does not "
        "hold (no oracle for {probe} of {module}.py); your teacher will grade it",
    },
    "error.path_missing": {"fr": "{path} n'existe pas", "en": "{path} does not exist"},
    "results.format": {
        "fr": "{path} est au format {found}, celui d'une autre version du correcteur (celle-ci lit le format "
        "{expected}) : corrigez à nouveau la classe avec « grader grade »",
        "en": "{path} is in format {found}, another grader version's (this one reads format {expected}): "
        "grade the class again with `grader grade`",
    },
    "error.bad_memory": {
        "fr": "--memory {value} : il faut un nombre entier de Mio, de {low} à {high} (défaut : 1024)",
        "en": "--memory {value}: give a whole number of MiB, from {low} to {high} (default: 1024)",
    },
    "error.bad_job_deadline": {
        "fr": "--job-deadline {value} : il faut un nombre de secondes de {low} à {high} (défaut : 1800)",
        "en": "--job-deadline {value}: give a number of seconds from {low} to {high} (default: 1800)",
    },
    "error.bad_replay": {
        "fr": "--replay {value} : il faut un numéro de partie, de 1 à {high} (parties par question : "
        "{counts} ; -q choisit les questions)",
        "en": "--replay {value}: give a game number, from 1 to {high} (games per question: {counts}; -q "
        "selects the questions)",
    },
    "error.replay_none": {
        "fr": "--replay : pas de recherche à rejouer dans les questions choisies ({ids}) ; celles qui en ont "
        "une : {replayable}",
        "en": "--replay: no search to replay in the questions selected ({ids}); those that have one: {replayable}",
    },
    "error.bad_workers": {
        "fr": "--workers {value} : il faut un nombre entier de processus, 1 ou plus (0 : autant que de cœurs)",
        "en": "--workers {value}: give a whole number of processes, 1 or more (0: as many as cores)",
    },
    "error.too_many_workers": {
        "fr": "--workers {value} : trop de processus pour ce compte, dont les élèves partagent l'identifiant "
        "(pas d'espace de noms utilisateur) ; sa limite de tâches (ulimit -Hu) en permet {most} au plus",
        "en": "--workers {value}: too many processes for this account, whose uid the students' code shares "
        "(no user namespace); its task limit (ulimit -Hu) allows {most} at most",
    },
    "error.sandbox": {
        "fr": "le bac à sable ne peut pas être mis en place sur ce système : {detail}",
        "en": "the sandbox cannot be set up on this system: {detail}",
    },
    "error.internal": {
        "fr": "erreur interne du correcteur (ce n'est pas la faute de vos fichiers ; merci de la signaler "
        "avec le message ci-dessous) : {detail}",
        "en": "internal grader error (not your files' fault; please report it with the message below): {detail}",
    },
    "resume.mismatch": {
        "fr": "--resume refusé : {out} a été corrigé avec d'autres réglages ({fields}) ; mélanger les deux "
        "donnerait des notes incomparables. Corrigez dans un autre dossier --out, ou sans --resume.",
        "en": "--resume refused: {out} was graded with other settings ({fields}); mixing both would give "
        "grades that cannot be compared. Grade into another --out folder, or without --resume.",
    },
    "resume.unreadable": {
        "fr": "--resume refusé : {out} ne contient pas un état de correction lisible ({detail})",
        "en": "--resume refused: {out} holds no readable grading state ({detail})",
    },
    "roster.absent": {
        "fr": "non rendu : aucune soumission trouvée pour cet élève de la liste de classe",
        "en": "not submitted: no submission found for this student of the class list",
    },
    "roster.unmatched": {
        "fr": "{id} ({name}) ne correspond à aucun élève de la liste de classe",
        "en": "{id} ({name}) matches no student of the class list",
    },
    "roster.claimed": {
        "fr": "{name}, de la liste de classe, correspond à plusieurs copies ({ids}) : aucune ne prend son nom ni "
        "ses identifiants ; renommez celle qui est la sienne",
        "en": "{name}, of the class list, matches several submissions ({ids}): none takes its name nor its ids; "
        "rename the one that is theirs",
    },
    "roster.homonyms": {
        "fr": "{count} élèves de la liste s'appellent {name} : seul l'identifiant peut les distinguer",
        "en": "{count} students of the list are called {name}: only their ids can tell them apart",
    },
    "roster.spreadsheet": {
        "fr": "{path} : enregistrez la liste de classe au format CSV (Fichier > Enregistrer sous > CSV)",
        "en": "{path}: save the class list as CSV (File > Save as > CSV)",
    },
    "roster.unreadable": {
        "fr": "{path} : liste de classe illisible ({detail}) ; donnez un fichier CSV",
        "en": "{path}: the class list cannot be read ({detail}); give a CSV file",
    },
    "roster.not_text": {
        "fr": "{path} : ce n'est pas du texte (un tableur ? une image ?) ; donnez la liste de classe en CSV",
        "en": "{path}: this is not text (a spreadsheet? an image?); give the class list as CSV",
    },
    "roster.empty": {"fr": "{path} : la liste de classe est vide", "en": "{path}: the class list is empty"},
    "roster.no_names": {
        "fr": "{path} : aucune colonne de noms reconnue (colonnes : {columns}) ; attendu par exemple "
        "nom;prénom;identifiant;email;groupe",
        "en": "{path}: no name column recognised (columns: {columns}); expected e.g. "
        "nom;prénom;identifiant;email;groupe",
    },
    "engine.progress": {"fr": "{qid}{check} : vérification en cours…", "en": "{qid}{check}: checking…"},
    # --- Dates: local time, with the zone's name --------------------------------------------------
    "time.date_format": {"fr": "%d/%m/%Y", "en": "%Y-%m-%d"},
    "time.local": {"fr": "{date} à {time} ({zone})", "en": "{date} {time} ({zone})"},
    # The sandbox's layers in force (process.Child.describe), on every report and after every run.
    "isolation.rlimits": {"fr": "limites de ressources (rlimits)", "en": "rlimits"},
    "isolation.no_rlimits": {"fr": "pas de limites de ressources (système non POSIX)", "en": "no rlimits (not POSIX)"},
    "isolation.namespaces": {
        "fr": "espaces de noms PID, IPC, réseau et montage",
        "en": "PID, IPC, network and mount namespaces",
    },
    "isolation.namespaces_user": {
        "fr": "espaces de noms PID, IPC, réseau et montage (espace de noms utilisateur, sans capacité)",
        "en": "PID, IPC, network and mount namespaces (user namespace, no capability)",
    },
    "isolation.subreaper": {
        "fr": "récupérateur des processus enfants (pas d'espace de noms PID ni réseau)",
        "en": "child subreaper (no PID or network namespace)",
    },
    "isolation.private_root": {
        "fr": "racine privée (son dossier et la bibliothèque standard)",
        "en": "private root (its folder and the standard library)",
    },
    "isolation.uid": {
        "fr": "un uid par enfant ({first}..{last})",
        "en": "own uid per child ({first}..{last})",
    },
    "isolation.tmpfs": {
        "fr": "dossier en tmpfs ({mib} Mio, {files} fichiers)",
        "en": "tmpfs folder ({mib} MiB, {files} files)",
    },
    "isolation.watched_folder": {
        "fr": "dossier compté par le correcteur ({mib} Mio, {files} fichiers et dossiers)",
        "en": "folder counted by the grader ({mib} MiB, {files} files and folders)",
    },
    "isolation.landlock": {"fr": "Landlock ABI {abi} (fichiers)", "en": "Landlock ABI {abi} (files)"},
    "isolation.landlock_net": {"fr": "Landlock ABI {abi} (fichiers, TCP)", "en": "Landlock ABI {abi} (files, TCP)"},
    "isolation.landlock_scoped": {
        "fr": "Landlock ABI {abi} (fichiers, TCP, signaux, sockets abstraites)",
        "en": "Landlock ABI {abi} (files, TCP, signals, abstract sockets)",
    },
    "isolation.no_landlock": {"fr": "pas de Landlock", "en": "no Landlock"},
    "isolation.seccomp": {"fr": "seccomp", "en": "seccomp"},
    "isolation.no_seccomp": {"fr": "pas de seccomp", "en": "no seccomp"},
    "isolation.no_supervisor": {
        "fr": "pas de superviseur (chemin portable) : les processus lancés par le code de l'élève peuvent lui survivre",
        "en": "no supervisor (portable path): processes started by the student's code may outlive it",
    },
    "isolation.in_process": {
        "fr": "dans le processus du correcteur (vérification dans le navigateur) : aucun bac à sable, et le code "
        "vérifié pourrait changer ce résultat : une vérification pour l'élève, pas une note",
        "en": "in the grader's own process (the browser's self-check): no sandbox, and the code checked could "
        "change this result: a check for the student, not a grade",
    },
    "isolation.web_worker": {
        "fr": "dans un Web Worker à part (vérification dans le navigateur) : le code vérifié ne partage rien avec "
        "le correcteur, qui juge ses réponses ; pas de bac à sable du système : une vérification pour l'élève, "
        "pas une note",
        "en": "in a Web Worker of its own (the browser's self-check): the code checked shares nothing with the "
        "grader, which judges its answers; no system sandbox: a check for the student, not a grade",
    },
    "isolation.not_confined": {"fr": "NON CONFINÉ", "en": "NOT CONFINED"},
    "status.ungraded": {"fr": "à noter", "en": "to be marked"},
}
