"""The one catalogue of every message shown to a person, in French (default) and English: the
grader's own here, the exports' and the service's in i18n_exports.py and i18n_service.py, and each
question family's beside its code (grader/questions/<family>_messages.py), merged below.

`t(key, lang, **params)` formats a message; an unknown language falls back to French, and an unknown
key is a bug (KeyError), so that no message is silently lost. A number's field may choose between a
singular and a plural, `{n:état|états}` (`#` in either stands for the number): French counts 0 and 1
as singular, English only 1. A float parameter is written with the language's decimal mark (`0,25` in
French); `local_time` says a moment in the reader's local time.

argparse's own strings (usage, errors, help headings) are translated too, by `argparse_language`.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import string
from datetime import datetime, timezone

from grader.text.message import Message

LANGS = ("fr", "en")

CATALOGUE: dict[str, dict[str, str]] = {
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
    # --- Engine: why a check failed, whatever the question ------------------------------------------
    "engine.import_failed": {
        "fr": "le chargement de {module}.py a échoué :\n{error}",
        "en": "importing {module}.py failed:\n{error}",
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
    "engine.reply.memory": {"fr": "mémoire épuisée ({detail})", "en": "out of memory ({detail})"},
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
        "fr": "appel de {name} refusé : le correcteur ne fournit pas cette fonction pour cette question "
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
        "fr": "{file} : lignes propres à IPython (magies %, commandes !) ignorées dans les cellules {cells}",
        "en": "{file}: IPython-only lines (% magics, ! commands) dropped in cells {cells}",
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
        "fr": "refusé : plusieurs soumissions portent l'identifiant {id} ({origins}) ; aucune n'est corrigée, "
        "renommez ou retirez celles en trop",
        "en": "refused: several submissions have the id {id} ({origins}); none is graded, rename or remove the extra ones",
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
        "fr": "{file} refusé : lien symbolique ou physique ({detail})",
        "en": "{file} refused: a symbolic or hard link ({detail})",
    },
    "intake.refused_special": {"fr": "{file} refusé : fichier spécial", "en": "{file} refused: a special file"},
    "intake.refused_bomb": {
        "fr": "{file} refusé : trop gros ou trop compressé (bombe d'archive ? {detail} octets)",
        "en": "{file} refused: too large or too compressed (an archive bomb? {detail} bytes)",
    },
    "intake.refused_depth": {
        "fr": "{file} refusé : archives imbriquées sur plus de {detail} niveaux",
        "en": "{file} refused: archives nested more than {detail} levels deep",
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
        "fr": "archive {archive} refusée : plus de {limit} une fois décompressée",
        "en": "archive {archive} refused: more than {limit} once decompressed",
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
    # --- Errors that end a command (grader/errors.py) --------------------------------------------------
    "error.scheme_unreadable": {
        "fr": "barème {path} illisible : {detail}",
        "en": "grading scheme {path} cannot be read: {detail}",
    },
    "error.scheme_unknown_keys": {
        "fr": "barème {path} : {count:clé inconnue|clés inconnues} : {keys} (connues : time_factor, time_floor, "
        "questions)",
        "en": "grading scheme {path}: unknown {count:key|keys}: {keys} (known: time_factor, time_floor, questions)",
    },
    "error.scheme_bad_value": {
        "fr": "barème {path} : {key} = {value} n'est pas un nombre positif",
        "en": "grading scheme {path}: {key} = {value} is not a non-negative number",
    },
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
    "cli.only_written": {
        "fr": "{ids} : {count:question rédigée, corrigée|questions rédigées, corrigées} à la main ; rien à "
        "vérifier ici (les questions vérifiées : « grader questions »)",
        "en": "{ids}: written {count:question|questions}, marked by hand; nothing to check here (the checked "
        "questions: `grader questions`)",
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
    "error.bad_workers": {
        "fr": "--workers {value} : il faut un nombre entier de processus, 1 ou plus (0 : autant que de cœurs)",
        "en": "--workers {value}: give a whole number of processes, 1 or more (0: as many as cores)",
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
    # --- Command line ------------------------------------------------------------------------------
    "cli.report_written": {"fr": "rapport écrit : {path}", "en": "report written: {path}"},
    "cli.graded": {
        "fr": "{count} {count:soumission corrigée|soumissions corrigées} dans {out} ; rapport de la classe : {index}",
        "en": "{count} {count:submission|submissions} graded in {out}; class report: {index}",
    },
    "cli.progress": {"fr": "[{done}/{total}] {name} ({seconds} s)", "en": "[{done}/{total}] {name} ({seconds} s)"},
    "cli.seed": {
        "fr": "Graine : {seed} (pour refaire les mêmes cas : --seed {seed})",
        "en": "Seed: {seed} (to make the same cases again: --seed {seed})",
    },
    "cli.isolation": {
        "fr": "Isolation du code des élèves : {layers}",
        "en": "Isolation of the students' code: {layers}",
    },
    "cli.unconfined_refused": {
        "fr": "aucune couche de ce système n'empêche le code d'un élève de lire ou d'écrire vos fichiers "
        "(ni Landlock, ni root avec espaces de noms). Pour en avoir une : un noyau Linux >= 5.13 avec "
        "Landlock activé, ou lancez grader en root dans un conteneur (docker/podman) ou sous bubblewrap "
        "(voir le README). Pour corriger quand même, en connaissance de cause : --unsafe.",
        "en": "no layer on this system keeps a student's code from reading or writing your files "
        "(neither Landlock nor root with namespaces). To get one: a Linux kernel >= 5.13 with Landlock "
        "enabled, or run grader as root in a container (docker/podman) or under bubblewrap (see the "
        "README). To grade anyway, knowing the risk: --unsafe.",
    },
    "cli.unconfined_unsafe": {
        "fr": "--unsafe : le code des élèves n'est pas confiné à son dossier ; chaque rapport le dit.",
        "en": "--unsafe: the students' code is not confined to its folder; every report says so.",
    },
    "cli.unconfined_check": {
        "fr": "Attention : sur ce système, votre code n'est pas confiné à son dossier (pas de Landlock) ; "
        "grader check ne lance que votre propre code.",
        "en": "Warning: on this system your code is not confined to its folder (no Landlock); grader check "
        "only runs your own code.",
    },
    "cli.interrupted": {
        "fr": "interrompu ({signal}) : copies corrigées et enregistrées dans {out} : {graded} sur {total}.\n"
        "Pour reprendre là où la correction s'est arrêtée : {command}",
        "en": "interrupted ({signal}): {graded} of {total} {total:student|students} graded and saved in {out}.\n"
        "To resume where grading stopped: {command}",
    },
    "cli.stopped": {"fr": "interrompu", "en": "interrupted"},
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
    "cli.manual": {"fr": "correction manuelle", "en": "graded by hand"},
    "cli.extension": {"fr": "hors barème", "en": "extension"},
    "cli.counterexample": {"fr": "contre-exemple", "en": "counterexample"},
    "cli.expected": {"fr": "attendu", "en": "expected"},
    "cli.got": {"fr": "obtenu", "en": "got"},
    "cli.output": {"fr": "sortie de votre code", "en": "your code's output"},
    "cli.total": {"fr": "Total", "en": "Total"},
    "cli.colon": {"fr": " : ", "en": ": "},  # French puts a space before a colon
    "cli.see": {"fr": "(voir {qid})", "en": "(see {qid})"},
    "cli.same": {"fr": "même échec que « {title} »", "en": 'same failure as "{title}"'},
    "cli.error": {"fr": "grader : erreur : {message}", "en": "grader: error: {message}"},
    "engine.progress": {"fr": "{qid}{check} : vérification en cours…", "en": "{qid}{check}: checking…"},
    # --help of `grader`
    "cli.help.description": {
        "fr": "Correcteur automatique de « Jeux à un joueur et solutions optimales » (X-ENS 2017, informatique A).",
        "en": 'Automated grader of "Jeux à un joueur et solutions optimales" (X-ENS 2017, Informatique A).',
    },
    "cli.help.commands": {"fr": "commandes", "en": "commands"},
    "cli.help.command_metavar": {"fr": "COMMANDE", "en": "COMMAND"},
    "cli.help.file_metavar": {"fr": "FICHIER", "en": "FILE"},
    "cli.help.marks": {
        "fr": "notes manuelles des questions rédigées (CSV ou TOML), reportées dans les rapports",
        "en": "hand marks of the written questions (CSV or TOML), merged into the reports",
    },
    "cli.help.export": {
        "fr": "reporter les notes manuelles et écrire les carnets de notes (Moodle, Canvas…), "
        "tableurs et retours, depuis OUT/results.json (sans recorriger)",
        "en": "merge hand marks and write LMS gradebooks, spreadsheets, feedback, from OUT/results.json (no regrading)",
    },
    "cli.help.report": {
        "fr": "redessiner les rapports HTML d'une correction depuis OUT/results.json, dans une autre "
        "langue au besoin (sans recorriger)",
        "en": "draw a graded run's HTML reports again from OUT/results.json, in another language if "
        "need be (no regrading)",
    },
    "cli.help.report_lang": {
        "fr": "langue des rapports (par défaut : celle de la correction)",
        "en": "language of the reports (default: the one the run was graded in)",
    },
    "cli.help.report_to": {"fr": "où les écrire (par défaut : OUT)", "en": "where to write them (default: OUT)"},
    "cli.help.run_dir": {"fr": "le dossier de sortie de « grader grade »", "en": "the output folder of `grader grade`"},
    "cli.help.format": {
        "fr": "ce qu'il faut écrire (répétable ; par défaut : tout)",
        "en": "what to write (repeatable; default: all)",
    },
    "cli.help.to": {
        "fr": "où les écrire (par défaut : OUT/exports)",
        "en": "where to write them (default: OUT/exports)",
    },
    "cli.help.out_of": {
        "fr": "notes exportées sur ce total (par défaut : la note maximale de --moodle-worksheet, sinon 20)",
        "en": "grades exported on this scale (default: the maximum grade of --moodle-worksheet, else 20)",
    },
    "cli.help.site_lang": {
        "fr": "langue du site Moodle (par défaut : --lang)",
        "en": "language of the Moodle site (default: --lang)",
    },
    "cli.help.moodle_worksheet": {
        "fr": "la feuille de notes téléchargée de Moodle, à remplir (ses colonnes sont gardées)",
        "en": "the grading worksheet downloaded from Moodle, to fill in (its columns are kept)",
    },
    "cli.help.canvas_gradebook": {
        "fr": "le carnet de notes exporté de Canvas (Notes > Exporter), à remplir : ses élèves et leurs "
        "identifiants Canvas",
        "en": "the gradebook exported from Canvas (Grades > Export), to fill in: its students and their Canvas ids",
    },
    "cli.help.prairielearn_qid": {
        "fr": "la question de l'évaluation PrairieLearn qui reçoit la note (par défaut : taquin)",
        "en": "the question of the PrairieLearn assessment that takes the score (default: taquin)",
    },
    "cli.help.canvas_assignment": {
        "fr": "en-tête de colonne Canvas, p. ex. « Taquin (1234) » pour le devoir 1234",
        "en": 'Canvas column header, e.g. "Taquin (1234)" to update assignment 1234',
    },
    "cli.help.export_scheme": {
        "fr": "un barème qui ne change que les points des questions rédigées (sans recorriger)",
        "en": "a barème that changes the points of written questions only (no regrading)",
    },
    "cli.help.gradescope": {
        "fr": "construire un zip d'autocorrection Gradescope qui corrige avec ce correcteur",
        "en": "build a Gradescope autograder zip grading with this grader",
    },
    "cli.help.gradescope_out": {"fr": "le zip à écrire", "en": "the zip to write"},
    "cli.help.kit": {
        "fr": "écrire le kit à distribuer aux élèves : le correcteur sans corrigé (wheel), les squelettes, "
        "les consignes et l'installation sous Windows, macOS et Linux",
        "en": "write the kit to hand out to students: the grader without model answers (a wheel), the "
        "stubs, the instructions and how to install on Windows, macOS and Linux",
    },
    "cli.help.kit_out": {"fr": "le dossier du kit (nouveau ou vide)", "en": "the kit's folder (new or empty)"},
    "kit.written": {
        "fr": "kit écrit dans {out} : {wheel}, exercices/ ({stubs}), LISEZMOI.md, INSTALLER.md. "
        "À distribuer tel quel : il ne contient aucun corrigé.",
        "en": "kit written in {out}: {wheel}, exercices/ ({stubs}), LISEZMOI.md, INSTALLER.md. "
        "Hand it out as it is: it holds no model answer.",
    },
    "kit.no_checkout": {
        "fr": "grader kit se lance depuis le dépôt de l'enseignant (pip install -e .) : {path} manque",
        "en": "grader kit runs from the teacher's repository (pip install -e .): {path} is missing",
    },
    "kit.out_not_empty": {
        "fr": "{path} existe et n'est pas un dossier vide : donnez un dossier nouveau ou vide pour le kit",
        "en": "{path} exists and is not an empty folder: give a new or empty folder for the kit",
    },
    "kit.build_failed": {
        "fr": "la construction du wheel a échoué (pip wheel) :\n{detail}",
        "en": "building the wheel failed (pip wheel):\n{detail}",
    },
    "kit.answers_inside": {
        "fr": "le wheel construit contient des corrigés ({files}) : kit refusé (setup.py doit les exclure)",
        "en": "the wheel built holds model answers ({files}): kit refused (setup.py must leave them out)",
    },
    "kit.no_tables": {
        "fr": "le wheel construit n'a pas les tables du solveur (reference/solver/tables/) : kit refusé",
        "en": "the wheel built lacks the solver's tables (reference/solver/tables/): kit refused",
    },
    "cli.help.export_lang": {"fr": "langue des retours et des messages", "en": "language of feedback and messages"},
    "cli.help.check": {
        "fr": "corriger une copie (un dossier, un .py ou un .zip)",
        "en": "grade one submission (a folder, a .py or a .zip)",
    },
    "cli.help.path_metavar": {"fr": "CHEMIN", "en": "PATH"},
    "cli.help.path": {
        "fr": "la copie : un dossier, un fichier .py ou un .zip",
        "en": "the submission: a folder, a .py file or a .zip",
    },
    "cli.help.json": {"fr": "afficher le résultat en JSON", "en": "print the result as JSON"},
    "cli.help.html": {
        "fr": "écrire aussi un rapport HTML dans le dossier OUT",
        "en": "also write an HTML report in the folder OUT",
    },
    "cli.help.grade": {
        "fr": "corriger une classe : results.json, grades.csv, rapports HTML",
        "en": "grade a class folder: results.json, grades.csv, HTML reports",
    },
    "cli.help.class_metavar": {"fr": "CLASSE", "en": "CLASS"},
    "cli.help.class_dir": {
        "fr": "la classe telle que Moodle ou Capytale la donne (dossier, .zip ou .tar.gz) : "
        "une entrée (dossier, .py, .ipynb ou archive) par élève",
        "en": "the class as Moodle or Capytale gives it (folder, .zip or .tar.gz): one entry "
        "(folder, .py, .ipynb or archive) per student",
    },
    "cli.help.out": {
        "fr": "dossier où écrire les résultats et les rapports",
        "en": "folder to write the results and reports in",
    },
    "cli.help.workers": {
        "fr": "nombre de processus en parallèle (par défaut : le nombre de cœurs)",
        "en": "parallel workers (default: the number of cores)",
    },
    "cli.help.unsafe": {
        "fr": "corriger même si aucune couche du bac à sable ne confine le code des élèves à leurs "
        "propres fichiers (chaque rapport le dit)",
        "en": "grade even when no sandbox layer confines the students' code to its own files (every report says so)",
    },
    "cli.help.job_deadline": {
        "fr": "durée au-delà de laquelle la correction d'un élève (ou d'une de ses questions) est arrêtée "
        "et comptée comme erreur du correcteur, en secondes (défaut : 1800)",
        "en": "time past which grading a student (or one of their questions) is stopped and counted as the "
        "grader's error, in seconds (default: 1800)",
    },
    "cli.help.resume": {
        "fr": "garder les élèves déjà corrigés dans OUT dont les fichiers n'ont pas changé",
        "en": "keep the students already graded in OUT whose files did not change",
    },
    "cli.help.roster": {
        "fr": "liste de classe (CSV : participants Moodle, Pronote, ou nom;prénom;identifiant;"
        "email;groupe) : les élèves sans soumission sont comptés « non rendu »",
        "en": "class list (CSV: Moodle participants, Pronote, or nom;prénom;identifiant;email;"
        "groupe): students without a submission are listed as not submitted",
    },
    "cli.help.questions": {
        "fr": "lister les questions, leurs points et leurs groupes de vérifications",
        "en": "list the questions, their points and check groups",
    },
    "cli.help.solve": {
        "fr": "solutions optimales du taquin (voir grader solve --help)",
        "en": "optimal 15-puzzle solutions (see grader solve --help)",
    },
    "cli.help.lang": {"fr": "langue des messages (par défaut : fr)", "en": "language of the messages (default: fr)"},
    "cli.help.seed": {
        "fr": "graine des cas générés (par défaut : une nouvelle à chaque exécution, affichée et "
        "enregistrée) ; la même graine refait les mêmes cas",
        "en": "seed of the generated cases (default: a new one each run, shown and recorded); "
        "the same seed makes the same cases again",
    },
    "cli.help.seed_metavar": {"fr": "GRAINE", "en": "SEED"},
    "cli.help.memory_metavar": {"fr": "MIO", "en": "MIB"},
    "cli.help.scheme_metavar": {"fr": "BAREME", "en": "SCHEME"},
    "cli.help.scheme": {
        "fr": "barème (TOML) : points, poids des vérifications, limites de temps",
        "en": "grading scheme (TOML): points, check weights, time limits",
    },
    "cli.help.memory": {
        "fr": "mémoire maximale d'un processus élève, en Mio (par défaut : 1024)",
        "en": "memory limit of a child, in MiB (default: 1024)",
    },
    "cli.help.question": {
        "fr": "ne corriger que cette question (répétable), p. ex. -q q4 -q q7",
        "en": "grade only this question (repeatable), e.g. -q q4 -q q7",
    },
    "cli.help.reference": {
        "fr": "d'où viennent les valeurs attendues : auto (le corrigé s'il est installé, sinon "
        "des oracles indépendants), model (le corrigé), oracles",
        "en": "where expected values come from: auto (the model answer when installed, else "
        "independent oracles), model (the model answer), oracles",
    },
    "cli.help.recalibrate": {
        "fr": "mesurer à nouveau le temps du corrigé sur cette machine (il est sinon mesuré une "
        "fois, au mieux de plusieurs essais, puis gardé)",
        "en": "measure the model answer's times on this machine again (otherwise measured "
        "once, best of several runs, then kept)",
    },
    "cli.help.extensions": {
        "fr": "corriger aussi les exercices complémentaires (x1-x4, recherche.py)",
        "en": "also grade the extension exercises (x1-x4, recherche.py)",
    },
    # --- grader solve ------------------------------------------------------------------------------
    "solve.help.description": {
        "fr": "Affiche une solution optimale de chaque état du taquin : sa longueur, puis ses déplacements.",
        "en": "Print an optimal solution of each 15-puzzle state: its length, then its moves.",
    },
    "solve.help.epilog": {
        "fr": "ÉTAT : 16 nombres, ligne par ligne ; FICHIER : un état par ligne (lignes vides et commentaires\n"
        "« # » ignorés, nombres après le 16e ignorés) ; « - » lit l'entrée standard.\n\n"
        "Conventions :\n"
        "  exam (par défaut)  tuiles 0 à 14, case libre notée 15, but 0 1 … 14 avec la case libre en bas\n"
        "                     à droite ; déplacements nommés comme dans l'énoncé par le sens où va la\n"
        "                     tuile : Gauche, Bas, Droite, Haut.\n"
        "  korf               0 est la case libre, but 0 1 … 15 avec la case libre en haut à gauche (les\n"
        "                     100 instances de Korf) ; déplacements nommés par le sens où va la case\n"
        "                     libre : Up, Down, Left, Right.\n\n"
        "Tous les états sont vérifiés avant d'en résoudre un ; un état invalide ou insoluble est signalé\n"
        "sur la sortie d'erreur, avec le code de sortie 2.",
        "en": "STATE: 16 numbers in row-major order; FILE: one state per line (blank lines and `#` comments\n"
        "skipped, numbers after the 16th ignored); `-` reads standard input.\n\n"
        "Conventions:\n"
        "  exam (default)  tiles 0-14, the blank written 15, goal 0 1 ... 14 with the blank bottom right;\n"
        "                  moves are the exam's names of the direction the tile goes: Gauche, Bas,\n"
        "                  Droite, Haut.\n"
        "  korf            0 is the blank, goal 0 1 ... 15 with the blank top left (Korf's 100\n"
        "                  instances); moves are the direction the blank goes: Up, Down, Left, Right.\n\n"
        "Every state is checked before any is solved; an invalid or unsolvable one is reported on\n"
        "standard error with exit status 2.",
    },
    "solve.help.convention": {
        "fr": "numérotation des états lus et noms des déplacements écrits (par défaut : exam)",
        "en": "numbering of the input and names of the output moves (default: exam)",
    },
    "solve.help.metavar": {"fr": "ÉTAT-ou-FICHIER", "en": "STATE-or-FILE"},
    "solve.help.source": {
        "fr": "16 nombres (ligne par ligne), ou un fichier d'un état par ligne (« - » : entrée standard)",
        "en": "16 numbers (row-major order), or a file with one state per line ('-': stdin)",
    },
    "solve.count": {
        "fr": "un état, c'est 16 nombres ; {count} {count:donné|donnés}",
        "en": "a state is 16 numbers, got {count}",
    },
    "solve.one_file": {"fr": "donnez soit 16 nombres, soit un fichier", "en": "give either 16 numbers or one file"},
    "solve.unreadable": {"fr": "impossible de lire {name} : {error}", "en": "cannot read {name}: {error}"},
    "solve.command_line": {"fr": "ligne de commande", "en": "command line"},
    "solve.line": {"fr": "{name}, ligne {number}", "en": "{name}, line {number}"},
    "solve.bad_line": {
        "fr": "{where} : un état, c'est 16 entiers : {line!r}",
        "en": "{where}: a state is 16 integers: {line!r}",
    },
    "solve.not_a_state": {
        "fr": "{where} : {state} : ce n'est pas un état du taquin, il faut les nombres de 0 à 15, chacun une fois",
        "en": "{where}: {state}: not a 15-puzzle state: the numbers 0 to 15 are needed, each once",
    },
    "solve.unsolvable": {
        "fr": "{where} : {state} : insoluble, le but n'est pas accessible depuis cet état",
        "en": "{where}: {state}: unsolvable: the goal cannot be reached from this state",
    },
    "solve.building": {
        "fr": "Construction des tables du solveur optimal, une seule fois sur cette machine "
        "(environ une minute en tout) : table {tiles}, {done} %",
        "en": "Building the optimal solver's tables, once on this machine (about a minute in all): "
        "table {tiles}, {done}%",
    },
    # --- Dates: local time, with the zone's name --------------------------------------------------
    "time.date_format": {"fr": "%d/%m/%Y", "en": "%Y-%m-%d"},
    "time.local": {"fr": "{date} à {time} ({zone})", "en": "{date} {time} ({zone})"},
    # --- Reports ----------------------------------------------------------------------------------
    "report.class_title": {"fr": "Résultats de la classe", "en": "Class results"},
    "report.student_title": {"fr": "Copie de {name}", "en": "Report for {name}"},
    "report.print_all_title": {"fr": "Toutes les copies", "en": "All reports"},
    "report.print_all": {
        "fr": "Toutes les copies, à imprimer (une par page)",
        "en": "All reports, for printing (one per page)",
    },
    "report.print": {"fr": "Imprimer", "en": "Print"},
    "report.back": {"fr": "← Résultats de la classe", "en": "← Class results"},
    "report.no_submissions": {"fr": "Aucune copie.", "en": "No submission."},
    "report.table": {"fr": "Notes", "en": "Scores"},
    "report.sort_hint": {"fr": "Cliquez sur un en-tête de colonne pour trier.", "en": "Click a column header to sort."},
    "report.student": {"fr": "Élève", "en": "Student"},
    "report.total": {"fr": "Total", "en": "Total"},
    "report.total_value": {"fr": "Total : {score} / {max}", "en": "Total: {score} / {max}"},
    "report.question": {"fr": "Question", "en": "Question"},
    "report.score": {"fr": "Points", "en": "Score"},
    "report.status": {"fr": "Statut", "en": "Status"},
    "report.legend": {"fr": "Légende", "en": "Legend"},
    "report.histogram": {"fr": "Distribution des totaux", "en": "Distribution of totals"},
    "report.histogram_axis": {"fr": "total (sur {max})", "en": "total (out of {max})"},
    "report.histogram_count": {"fr": "nombre d'élèves", "en": "number of students"},
    "report.bin": {"fr": "de {low} à {high} : {count}", "en": "{low} to {high}: {count}"},
    "report.pass_rates": {"fr": "Réussite par question", "en": "Pass rate per question"},
    "report.rate.passed": {"fr": "réussi", "en": "passed"},
    "report.rate.partial": {"fr": "partiel", "en": "partial"},
    "report.rate.failed": {
        "fr": "échoué (dont erreur, temps, plantage, mémoire)",
        "en": "failed (incl. error, timeout, crash, memory)",
    },
    "report.rate.missing": {"fr": "absent ou non traité", "en": "missing or not implemented"},
    "report.rate_count": {"fr": "{label} : {n}", "en": "{label}: {n}"},
    "report.rate_value": {"fr": "{pct} % réussi", "en": "{pct}% passed"},
    "report.failures": {"fr": "Échecs les plus fréquents", "en": "Most frequent failures"},
    "report.no_failures": {"fr": "aucun échec", "en": "no failure"},
    "report.students_one": {"fr": "{n} élève", "en": "{n} student"},
    "report.students_many": {"fr": "{n} élèves", "en": "{n} students"},
    # Students counted apart from the class's statistics (SubmissionResult.has_grade).
    "report.apart.not_submitted": {"fr": "{n} {n:non rendu|non rendus}", "en": "{n} not submitted"},
    "report.apart.duplicate": {
        "fr": "{n} {n:refusé|refusés} (doublons)",
        "en": "{n} refused (duplicates)",
    },
    "report.apart.grader_failed": {
        "fr": "{n} {n:erreur|erreurs} du correcteur",
        "en": "{n} grader {n:error|errors}",
    },
    "report.run": {"fr": "Paramètres de la correction", "en": "Grading parameters"},
    "report.seed": {"fr": "Graine", "en": "Seed"},
    "report.version": {"fr": "Version du correcteur", "en": "Grader version"},
    "report.date": {"fr": "Date", "en": "Date"},
    "report.scheme": {"fr": "Barème", "en": "Grading scheme"},
    "report.limits": {"fr": "Limites", "en": "Limits"},
    "report.summary": {"fr": "Résumé", "en": "Summary"},
    "report.warnings": {"fr": "Avertissements", "en": "Warnings"},
    "report.manual": {"fr": "corrigée à la main", "en": "graded by hand"},
    "report.extension": {"fr": "hors barème", "en": "outside the exam's scale"},
    "report.no_checks": {"fr": "Aucune vérification automatique.", "en": "No automatic check."},
    "report.check_passed": {"fr": "réussie", "en": "passed"},
    "report.check_failed": {"fr": "échouée", "en": "failed"},
    "report.check_skipped": {"fr": "non effectuée", "en": "not run"},
    "report.seconds": {"fr": "{s} s de calcul", "en": "{s} s of computing"},
    "report.counterexample": {"fr": "Contre-exemple", "en": "Counterexample"},
    "report.expected": {"fr": "Attendu", "en": "Expected"},
    "report.got": {"fr": "Obtenu", "en": "Got"},
    "report.cut": {
        "fr": "… affichage coupé : {n} {n:caractère|caractères} de plus non {n:affiché|affichés}",
        "en": "… display cut: {n} more {n:character|characters} not shown",
    },
    "report.output": {"fr": "Sortie capturée de votre code", "en": "Your code's captured output"},
    "report.dropped": {
        "fr": "SORTIE TRONQUÉE : {n} {n:octet de plus n'a pas été conservé|octets de plus n'ont pas été conservés}.",
        "en": "OUTPUT TRUNCATED: {n} more {n:byte was|bytes were} not kept.",
    },
    "report.start": {"fr": "État de départ", "en": "Start state"},
    "report.reached": {"fr": "État atteint par vos déplacements", "en": "State your moves reach"},
    "report.goal": {"fr": "But", "en": "Goal"},
    "report.solved": {"fr": "le but est atteint", "en": "the goal is reached"},
    "report.not_solved": {"fr": "le but n'est pas atteint", "en": "the goal is not reached"},
    "report.h": {"fr": "h = {h}", "en": "h = {h}"},
    "report.your_moves": {"fr": "Vos déplacements ({n})", "en": "Your moves ({n})"},
    "report.optimal_moves": {"fr": "Une solution optimale ({n})", "en": "An optimal solution ({n})"},
    "report.illegal": {
        "fr": "Le déplacement n° {k} ({move}) est impossible : la suite n'est pas jouée.",
        "en": "Move {k} ({move}) is impossible: the rest is not played.",
    },
    "report.unknown": {
        "fr": "Le déplacement n° {k} ({move}) n'est pas un déplacement connu ({names}) : la suite n'est pas jouée.",
        "en": "Move {k} ({move}) is not a known move ({names}): the rest is not played.",
    },
    "report.moves_tile": {
        "fr": "Déplacements ({names}) : le sens où glisse la tuile, comme dans l'énoncé.",
        "en": "Moves ({names}): the direction the tile slides, as in the exam.",
    },
    "report.moves_blank": {
        "fr": "Opérations ({names}) : le sens où se déplace la case vide.",
        "en": "Operations ({names}): the direction the blank moves.",
    },
    "report.reached_shown": {
        "fr": "État après {n:le premier déplacement (le seul affiché)|les # premiers déplacements (les seuls affichés)}",
        "en": "State after {n:the first move (the only one shown)|the first # moves (the only ones shown)}",
    },
    "report.more_moves": {
        "fr": "… et {n} {n:déplacement|déplacements} de plus, non {n:affiché|affichés}",
        "en": "… and {n} more {n:move|moves}, not shown",
    },
    "report.part": {
        "fr": "Vos déplacements s'écartent de cette solution optimale au déplacement n° {k} (surligné).",
        "en": "Your moves leave this optimal solution at move {k} (highlighted).",
    },
    "report.same": {
        "fr": "Vos déplacements sont ceux de cette solution optimale.",
        "en": "Your moves are those of this optimal solution.",
    },
    "report.step": {"fr": "Déplacement", "en": "Move"},
    "report.first": {"fr": "Début", "en": "Start"},
    "report.prev": {"fr": "Précédent", "en": "Previous"},
    "report.next": {"fr": "Suivant", "en": "Next"},
    "report.last": {"fr": "Fin", "en": "End"},
    "report.game": {"fr": "Le jeu du contre-exemple", "en": "The counterexample's game"},
    "report.game_legend": {
        "fr": "{n} {n:état|états} ; état initial : double bord ; états finals : en vert.",
        "en": "{n} {n:state|states}; initial state: double border; final states: green.",
    },
    "report.adjacency": {
        "fr": "Liste des successeurs ({n} {n:état|états})",
        "en": "Successors list ({n} {n:state|states})",
    },
    "report.initial": {"fr": "initial", "en": "initial"},
    "report.final": {"fr": "final", "en": "final"},
    "report.no_successor": {"fr": "aucun successeur", "en": "no successor"},
    "report.more_states": {"fr": "… et {n} {n:autre état|autres états}", "en": "… and {n} more {n:state|states}"},
    "report.points": {"fr": "Points", "en": "Points"},
    "report.groups": {"fr": "Vérifications (part des points)", "en": "Checks (share of the points)"},
    "report.share": {"fr": "{label} ({pct} %)", "en": "{label} ({pct}%)"},
    "report.unit.0": {"fr": "octets", "en": "bytes"},
    "report.unit.1": {"fr": "Kio", "en": "KiB"},
    "report.unit.2": {"fr": "Mio", "en": "MiB"},
    "report.unit.3": {"fr": "Gio", "en": "GiB"},
    "report.limit.memory_bytes": {"fr": "Mémoire", "en": "Memory"},
    "report.limit.cpu_seconds": {"fr": "Temps de calcul par processus", "en": "CPU time per process"},
    "report.limit.processes": {"fr": "Nombre de processus", "en": "Number of processes"},
    "report.limit.file_bytes": {"fr": "Taille d'un fichier écrit", "en": "Size of a written file"},
    "report.limit.output_bytes": {"fr": "Sortie conservée", "en": "Output kept"},
    "report.limit.import_seconds": {"fr": "Chargement du module", "en": "Module import"},
    "report.limit.grace_seconds": {"fr": "Délai avant l'arrêt forcé", "en": "Grace before the hard kill"},
    "report.limit.time_factor": {
        "fr": "Temps par appel : multiple du temps du corrigé",
        "en": "Time per call: multiple of the reference's time",
    },
    "report.limit.time_floor": {"fr": "Temps par appel : au moins", "en": "Time per call: at least"},
    "report.limit.open_files": {"fr": "Fichiers ouverts", "en": "Open files"},
    "report.limit.disk_bytes": {"fr": "Disque du dossier de l'enfant", "en": "Disk of the child's folder"},
    "report.limit.disk_files": {"fr": "Fichiers du dossier de l'enfant", "en": "Files in the child's folder"},
    "report.limit.uid_first": {
        "fr": "Premier uid des enfants (si root)",
        "en": "First uid of the children (when root)",
    },
    "report.limit.uid_count": {
        "fr": "Nombre d'uid des enfants (si root)",
        "en": "Number of children's uids (when root)",
    },
    "report.limit.namespaces": {
        "fr": "Espaces de noms PID, réseau et montage",
        "en": "PID, network and mount namespaces",
    },
    "report.limit.landlock": {"fr": "Landlock", "en": "Landlock"},
    "report.limit.seccomp": {"fr": "seccomp", "en": "seccomp"},
    "report.limit.isolation": {"fr": "Isolation effective", "en": "Isolation in force"},
    "report.limit.fork_server": {
        "fr": "Enfants démarrés par le serveur de fork",
        "en": "Children started by the fork server",
    },
    "report.limit.stdio": {
        "fr": "Chemin portable (sans confinement du noyau)",
        "en": "Portable path (no confinement by the kernel)",
    },
    "report.limit.private_root": {"fr": "Racine privée", "en": "Private root"},
    "report.true": {"fr": "oui", "en": "yes"},
    "report.false": {"fr": "non", "en": "no"},
    # The sandbox's layers in force (process.Child.describe), on every report and after every run.
    "isolation.rlimits": {"fr": "limites de ressources (rlimits)", "en": "rlimits"},
    "isolation.no_rlimits": {"fr": "pas de limites de ressources (système non POSIX)", "en": "no rlimits (not POSIX)"},
    "isolation.namespaces": {
        "fr": "espaces de noms PID, réseau et montage",
        "en": "PID, network and mount namespaces",
    },
    "isolation.namespaces_user": {
        "fr": "espaces de noms PID, réseau et montage (espace de noms utilisateur, sans capacité)",
        "en": "PID, network and mount namespaces (user namespace, no capability)",
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
    "isolation.not_confined": {"fr": "NON CONFINÉ", "en": "NOT CONFINED"},
}

from grader.text.i18n.exports import CATALOGUE as _EXPORTS  # noqa: E402 - the exports' messages, kept apart
from grader.text.i18n.service import CATALOGUE as _SERVICE  # noqa: E402 - the web service's messages

# Each question family's messages live beside its code (grader/questions/<family>_messages.py).
from grader.questions import jeux_messages, manual_messages, recherche_messages, taquin_messages  # noqa: E402

FAMILY_MESSAGES = (jeux_messages, taquin_messages, recherche_messages, manual_messages)


def _merge(part: dict[str, dict[str, str]], source: str) -> None:
    # A key defined twice would silently say only one of its texts: refused when the grader starts.
    twice = sorted(set(part) & set(CATALOGUE))
    if twice:
        raise RuntimeError(f"message keys defined twice ({source}): {', '.join(twice)}")
    CATALOGUE.update(part)


_merge(_EXPORTS, "grader/text/i18n/exports.py")
_merge(_SERVICE, "grader/text/i18n/service.py")
for _family in FAMILY_MESSAGES:
    _merge(_family.MESSAGES, _family.__name__)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, format_spec: str):
        if format_spec == "num":  # points: at most two decimals, a decimal comma in French
            text = f"{value:.2f}".rstrip("0").rstrip(".")
            return text.replace(".", ",") if self.lang == "fr" else text
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            singular = abs(value) < 2 if self.lang == "fr" else value == 1
            return (one if singular else many).replace("#", decimal(value, self.lang))
        if type(value) is float and not format_spec:
            return decimal(value, self.lang)
        return super().format_field(value, format_spec)


def decimal(value, lang: str) -> str:
    """A number as Python writes it, with the language's decimal mark (0.25 -> "0,25" in French), a
    whole float without its ".0" (12.0 -> "12")."""
    if type(value) is float and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = str(value)
    return text.replace(".", ",") if lang == "fr" and type(value) is float else text


def local_time(moment: datetime | float | str, lang: str) -> str:
    """A moment (a datetime, a POSIX timestamp, or an ISO 8601 text with its offset, as results.json
    keeps it) in this machine's local time, as `lang` writes dates, with the zone's name."""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment)
        except ValueError:
            return str(moment)  # not a date the grader wrote: shown as it is
    elif not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment, timezone.utc)
    if moment.tzinfo is None:  # a naive moment is UTC, as everything the grader records
        moment = moment.replace(tzinfo=timezone.utc)
    local = moment.astimezone()
    return t(
        "time.local",
        lang,
        date=local.strftime(t("time.date_format", lang)),
        time=local.strftime("%H:%M"),
        zone=local.tzname() or "",
    )


def t(key: str, lang: str = "fr", /, **params) -> str:
    return _formatted(key, lang, params) if params else _constant(key, lang)


@functools.cache
def _constant(key: str, lang: str) -> str:
    """A message without parameters, formatted once: a class's report asks for its labels tens of
    thousands of times."""
    return _formatted(key, lang, {})


def _formatted(key: str, lang: str, params: dict) -> str:
    entry = CATALOGUE[key]
    lang = lang if lang in entry else "fr"
    params = {k: say(v, lang) if isinstance(v, Message) else v for k, v in params.items()}
    return _Formatter(lang).format(entry[lang], **params)


def say(message: Message | None, lang: str) -> str:
    """A result's message in `lang` ("" for none)."""
    return t(message.key, lang, **message.params) if message is not None else ""


def title(key: str, lang: str) -> str:
    """A question's or a check group's title from its key in a result (the key itself when the
    catalogue has none: a question id a barème named)."""
    return t(key, lang) if key in CATALOGUE else key.removesuffix(".title")


_process_lang = "fr"


def use(lang: str) -> None:
    """The language of messages said outside any command's own output (e.g. the solver building its
    tables), as the command line asked for."""
    global _process_lang
    _process_lang = lang if lang in LANGS else "fr"


def current() -> str:
    return _process_lang


def lang_of(argv: list[str], default: str = "fr") -> str:
    """The language a command line asks for (`--lang en`, `--lang=en`), read before parsing it, so
    that the parser itself (help, errors) speaks it."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        value = (
            argv[index + 1]
            if word == "--lang" and index + 1 < len(argv)
            else word.split("=", 1)[1]
            if word.startswith("--lang=")
            else None
        )
        if value in LANGS:
            return value
    return default


# argparse's own strings (its gettext message ids), in French.
ARGPARSE_FR = {
    "usage: ": "usage : ",
    "positional arguments": "arguments positionnels",
    "options": "options",
    "optional arguments": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "unrecognized arguments: %s": "arguments non reconnus : %s",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "choix invalide : %(value)r (choisir parmi %(choices)s)",
    "invalid %(type)s value: %(value)r": "valeur invalide pour %(type)s : %(value)r",
    "expected one argument": "une valeur est attendue",
    "expected at least one argument": "au moins une valeur est attendue",
    "expected at most one argument": "au plus une valeur est attendue",
    "expected %s argument": "%s valeur attendue",
    "expected %s arguments": "%s valeurs attendues",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë : %(option)s peut désigner %(matches)s",
    "not allowed with argument %s": "interdit avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "ignored explicit argument %r": "argument explicite ignoré : %r",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir « %(filename)s » : %(error)s",
    "show program's version number and exit": "afficher la version et quitter",
}


@contextlib.contextmanager
def argparse_language(lang: str):
    """While parsing, argparse's own strings in `lang` (argparse looks them up through its module's
    `_` and `ngettext`, the standard gettext hooks; English is its own text)."""
    if lang != "fr":
        yield
        return
    hooks = vars(argparse)  # (typeshed does not list these two names of argparse's)
    saved = hooks["_"], hooks["ngettext"]

    def ngettext(one, many, n):
        return ARGPARSE_FR.get(one if n == 1 else many, one if n == 1 else many)

    hooks["_"] = lambda text: ARGPARSE_FR.get(text, text)
    hooks["ngettext"] = ngettext
    try:
        yield
    finally:
        hooks["_"], hooks["ngettext"] = saved
