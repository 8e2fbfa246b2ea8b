"""The one catalogue of every message shown to a person, in French (default) and English.

`t(key, lang, **params)` formats a message; an unknown language falls back to French, and an unknown
key is a bug (KeyError), so that no message is silently lost. A number's field may choose between a
singular and a plural, `{n:état|états}` (`#` in either stands for the number): French counts 0 and 1
as singular, English only 1.

argparse's own strings (usage, errors, help headings) are translated too, by `argparse_language`.
"""
from __future__ import annotations

import argparse
import contextlib
import string
from dataclasses import dataclass, field

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
    "engine.reply.timeout": {"fr": "temps limite dépassé (limite de {seconds} s)",
                             "en": "time limit exceeded (limit of {seconds} s)"},
    "engine.reply.timeout_at": {"fr": "temps limite dépassé (limite de {seconds} s ; votre code en était à {where})",
                                "en": "time limit exceeded (limit of {seconds} s; your code was at {where})"},
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
    "engine.reply.invalid": {"fr": "valeur renvoyée inutilisable : {detail}", "en": "unusable value returned: {detail}"},
    # --- Submissions -------------------------------------------------------------------------------
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
        "fr": "barème {path} : clé(s) inconnue(s) : {keys} (connues : time_factor, time_floor, questions)",
        "en": "grading scheme {path}: unknown key(s): {keys} (known: time_factor, time_floor, questions)",
    },
    "error.scheme_bad_value": {
        "fr": "barème {path} : {key} = {value} n'est pas un nombre positif",
        "en": "grading scheme {path}: {key} = {value} is not a non-negative number",
    },
    "error.scheme_unknown_group": {
        "fr": "barème : la question {question} n'a pas de groupe de tests « {group} » (elle a : {groups})",
        "en": "grading scheme: question {question} has no check group '{group}' (it has: {groups})",
    },
    "error.scheme_unknown_question": {
        "fr": "barème {path} : question(s) inconnue(s) : {ids} (voir « grader questions »)",
        "en": "grading scheme {path}: unknown question(s): {ids} (see `grader questions`)",
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
        "fr": "question(s) inconnue(s) : {ids} (voir « grader questions »)",
        "en": "unknown question(s): {ids} (see `grader questions`)",
    },
    "error.judge_raised": {"fr": "{where} : {detail}", "en": "{where}: {detail}"},
    "error.hypothesis": {"fr": "{where} : erreur de Hypothesis dans le correcteur : {detail}",
                         "en": "{where}: Hypothesis error in the grader: {detail}"},
    "error.no_case_judged": {"fr": "{where} : aucun cas n'a été jugé (rien n'est accordé sans cas observé)",
                             "en": "{where}: no case was judged (nothing is granted without a case observed)"},
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
    "cli.seed": {"fr": "Graine : {seed} (pour refaire les mêmes cas : --seed {seed})",
                 "en": "Seed: {seed} (to make the same cases again: --seed {seed})"},
    "cli.isolation": {"fr": "Isolation du code des élèves : {layers}", "en": "Isolation of the students' code: {layers}"},
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
        "fr": "interrompu ({signal}) : {graded} élève(s) sur {total} corrigé(s) et enregistré(s) dans {out}.\n"
              "Pour reprendre là où la correction s'est arrêtée : {command}",
        "en": "interrupted ({signal}): {graded} of {total} student(s) graded and saved in {out}.\n"
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
    "cli.same": {"fr": "même échec que « {title} »", "en": "same failure as \"{title}\""},
    "cli.error": {"fr": "grader : erreur : {message}", "en": "grader: error: {message}"},
    "engine.progress": {"fr": "{qid}{check} : vérification en cours…", "en": "{qid}{check}: checking…"},
    # --help of `grader`
    "cli.help.description": {"fr": "Correcteur automatique de « Jeux à un joueur et solutions optimales » "
                                   "(X-ENS 2017, informatique A).",
                             "en": "Automated grader of \"Jeux à un joueur et solutions optimales\" "
                                   "(X-ENS 2017, Informatique A)."},
    "cli.help.commands": {"fr": "commandes", "en": "commands"},
    "cli.help.command_metavar": {"fr": "COMMANDE", "en": "COMMAND"},
    "cli.help.file_metavar": {"fr": "FICHIER", "en": "FILE"},
    "cli.help.marks": {"fr": "notes manuelles des questions rédigées (CSV ou TOML), reportées dans les rapports",
                       "en": "hand marks of the written questions (CSV or TOML), merged into the reports"},
    "cli.help.export": {"fr": "reporter les notes manuelles et écrire les carnets de notes (Moodle, Canvas…), "
                              "tableurs et retours, depuis OUT/results.json (sans recorriger)",
                        "en": "merge hand marks and write LMS gradebooks, spreadsheets, feedback, from "
                              "OUT/results.json (no regrading)"},
    "cli.help.report": {"fr": "redessiner les rapports HTML d'une correction depuis OUT/results.json, dans une autre "
                              "langue au besoin (sans recorriger)",
                        "en": "draw a graded run's HTML reports again from OUT/results.json, in another language if "
                              "need be (no regrading)"},
    "cli.help.report_lang": {"fr": "langue des rapports (par défaut : celle de la correction)",
                             "en": "language of the reports (default: the one the run was graded in)"},
    "cli.help.report_to": {"fr": "où les écrire (par défaut : OUT)", "en": "where to write them (default: OUT)"},
    "cli.help.run_dir": {"fr": "le dossier de sortie de « grader grade »", "en": "the output folder of `grader grade`"},
    "cli.help.format": {"fr": "ce qu'il faut écrire (répétable ; par défaut : tout)",
                        "en": "what to write (repeatable; default: all)"},
    "cli.help.to": {"fr": "où les écrire (par défaut : OUT/exports)", "en": "where to write them (default: OUT/exports)"},
    "cli.help.out_of": {"fr": "notes exportées sur ce total (par défaut : 20)",
                        "en": "grades exported on this scale (default: 20)"},
    "cli.help.site_lang": {"fr": "langue du site Moodle (par défaut : --lang)",
                           "en": "language of the Moodle site (default: --lang)"},
    "cli.help.moodle_worksheet": {"fr": "la feuille de notes téléchargée de Moodle, à remplir (ses colonnes sont "
                                        "gardées)",
                                  "en": "the grading worksheet downloaded from Moodle, to fill in (its columns are kept)"},
    "cli.help.canvas_assignment": {"fr": "en-tête de colonne Canvas, p. ex. « Taquin (1234) » pour le devoir 1234",
                                   "en": 'Canvas column header, e.g. "Taquin (1234)" to update assignment 1234'},
    "cli.help.export_scheme": {"fr": "un barème qui ne change que les points des questions rédigées (sans recorriger)",
                               "en": "a barème that changes the points of written questions only (no regrading)"},
    "cli.help.gradescope": {"fr": "construire un zip d'autocorrection Gradescope qui corrige avec ce correcteur",
                            "en": "build a Gradescope autograder zip grading with this grader"},
    "cli.help.gradescope_out": {"fr": "le zip à écrire", "en": "the zip to write"},
    "cli.help.export_lang": {"fr": "langue des retours et des messages", "en": "language of feedback and messages"},
    "cli.help.check": {"fr": "corriger une copie (un dossier, un .py ou un .zip)",
                       "en": "grade one submission (a folder, a .py or a .zip)"},
    "cli.help.path_metavar": {"fr": "CHEMIN", "en": "PATH"},
    "cli.help.path": {"fr": "la copie : un dossier, un fichier .py ou un .zip",
                      "en": "the submission: a folder, a .py file or a .zip"},
    "cli.help.json": {"fr": "afficher le résultat en JSON", "en": "print the result as JSON"},
    "cli.help.html": {"fr": "écrire aussi un rapport HTML dans le dossier OUT",
                      "en": "also write an HTML report in the folder OUT"},
    "cli.help.grade": {"fr": "corriger une classe : results.json, grades.csv, rapports HTML",
                       "en": "grade a class folder: results.json, grades.csv, HTML reports"},
    "cli.help.class_metavar": {"fr": "CLASSE", "en": "CLASS"},
    "cli.help.class_dir": {"fr": "la classe telle que Moodle ou Capytale la donne (dossier, .zip ou .tar.gz) : "
                                 "une entrée (dossier, .py, .ipynb ou archive) par élève",
                           "en": "the class as Moodle or Capytale gives it (folder, .zip or .tar.gz): one entry "
                                 "(folder, .py, .ipynb or archive) per student"},
    "cli.help.out": {"fr": "dossier où écrire les résultats et les rapports",
                     "en": "folder to write the results and reports in"},
    "cli.help.workers": {"fr": "nombre de processus en parallèle (par défaut : le nombre de cœurs)",
                         "en": "parallel workers (default: the number of cores)"},
    "cli.help.unsafe": {"fr": "corriger même si aucune couche du bac à sable ne confine le code des élèves à leurs "
                              "propres fichiers (chaque rapport le dit)",
                        "en": "grade even when no sandbox layer confines the students' code to its own files "
                              "(every report says so)"},
    "cli.help.resume": {"fr": "garder les élèves déjà corrigés dans OUT dont les fichiers n'ont pas changé",
                        "en": "keep the students already graded in OUT whose files did not change"},
    "cli.help.roster": {"fr": "liste de classe (CSV : participants Moodle, Pronote, ou nom;prénom;identifiant;"
                              "email;groupe) : les élèves sans soumission sont comptés « non rendu »",
                        "en": "class list (CSV: Moodle participants, Pronote, or nom;prénom;identifiant;email;"
                              "groupe): students without a submission are listed as not submitted"},
    "cli.help.questions": {"fr": "lister les questions, leurs points et leurs groupes de vérifications",
                           "en": "list the questions, their points and check groups"},
    "cli.help.solve": {"fr": "solutions optimales du taquin (voir grader solve --help)",
                       "en": "optimal 15-puzzle solutions (see grader solve --help)"},
    "cli.help.lang": {"fr": "langue des messages (par défaut : fr)", "en": "language of the messages (default: fr)"},
    "cli.help.seed": {"fr": "graine des cas générés (par défaut : une nouvelle à chaque exécution, affichée et "
                            "enregistrée) ; la même graine refait les mêmes cas",
                      "en": "seed of the generated cases (default: a new one each run, shown and recorded); "
                            "the same seed makes the same cases again"},
    "cli.help.seed_metavar": {"fr": "GRAINE", "en": "SEED"},
    "cli.help.memory_metavar": {"fr": "MIO", "en": "MIB"},
    "cli.help.scheme_metavar": {"fr": "BAREME", "en": "SCHEME"},
    "cli.help.scheme": {"fr": "barème (TOML) : points, poids des vérifications, limites de temps",
                        "en": "grading scheme (TOML): points, check weights, time limits"},
    "cli.help.memory": {"fr": "mémoire maximale d'un processus élève, en Mio (par défaut : 1024)",
                        "en": "memory limit of a child, in MiB (default: 1024)"},
    "cli.help.question": {"fr": "ne corriger que cette question (répétable), p. ex. -q q4 -q q7",
                          "en": "grade only this question (repeatable), e.g. -q q4 -q q7"},
    "cli.help.reference": {"fr": "d'où viennent les valeurs attendues : auto (le corrigé s'il est installé, sinon "
                                 "des oracles indépendants), model (le corrigé), oracles",
                           "en": "where expected values come from: auto (the model answer when installed, else "
                                 "independent oracles), model (the model answer), oracles"},
    "cli.help.recalibrate": {"fr": "mesurer à nouveau le temps du corrigé sur cette machine (il est sinon mesuré une "
                                   "fois, au mieux de plusieurs essais, puis gardé)",
                             "en": "measure the model answer's times on this machine again (otherwise measured "
                                   "once, best of several runs, then kept)"},
    "cli.help.extensions": {"fr": "corriger aussi les exercices complémentaires (x1-x4, recherche.py)",
                            "en": "also grade the extension exercises (x1-x4, recherche.py)"},
    # --- grader solve ------------------------------------------------------------------------------
    "solve.help.description": {"fr": "Affiche une solution optimale de chaque état du taquin : sa longueur, "
                                     "puis ses déplacements.",
                               "en": "Print an optimal solution of each 15-puzzle state: its length, then its moves."},
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
    "solve.help.convention": {"fr": "numérotation des états lus et noms des déplacements écrits (par défaut : exam)",
                              "en": "numbering of the input and names of the output moves (default: exam)"},
    "solve.help.metavar": {"fr": "ÉTAT-ou-FICHIER", "en": "STATE-or-FILE"},
    "solve.help.source": {"fr": "16 nombres (ligne par ligne), ou un fichier d'un état par ligne (« - » : entrée standard)",
                          "en": "16 numbers (row-major order), or a file with one state per line ('-': stdin)"},
    "solve.count": {"fr": "un état, c'est 16 nombres ; {count} {count:donné|donnés}",
                    "en": "a state is 16 numbers, got {count}"},
    "solve.one_file": {"fr": "donnez soit 16 nombres, soit un fichier", "en": "give either 16 numbers or one file"},
    "solve.unreadable": {"fr": "impossible de lire {name} : {error}", "en": "cannot read {name}: {error}"},
    "solve.command_line": {"fr": "ligne de commande", "en": "command line"},
    "solve.line": {"fr": "{name}, ligne {number}", "en": "{name}, line {number}"},
    "solve.bad_line": {"fr": "{where} : un état, c'est 16 entiers : {line!r}",
                       "en": "{where}: a state is 16 integers: {line!r}"},
    "solve.not_a_state": {"fr": "{where} : {state} : ce n'est pas un état du taquin, il faut les nombres de 0 à "
                                "15, chacun une fois",
                          "en": "{where}: {state}: not a 15-puzzle state: the numbers 0 to 15 are needed, each once"},
    "solve.unsolvable": {"fr": "{where} : {state} : insoluble, le but n'est pas accessible depuis cet état",
                         "en": "{where}: {state}: unsolvable: the goal cannot be reached from this state"},
    "solve.building": {"fr": "Construction des tables du solveur optimal, une seule fois sur cette machine "
                             "(environ une minute en tout) : table {tiles}, {done} %",
                       "en": "Building the optimal solver's tables, once on this machine (about a minute in all): "
                             "table {tiles}, {done}%"},
    # --- Question titles ---------------------------------------------------------------------------
    "q1.title": {"fr": "Q1 — solution optimale du jeu (1) pour F = {{42}}",
                 "en": "Q1 — optimal solution of game (1) for F = {{42}}"},
    "q2.title": {"fr": "Q2 — BFS renvoie VRAI ssi une solution existe (rédaction)",
                 "en": "Q2 — BFS returns TRUE iff a solution exists (written)"},
    "q3.title": {"fr": "Q3 — complexité exponentielle du BFS sur le jeu (1) (rédaction)",
                 "en": "Q3 — exponential complexity of BFS on game (1) (written)"},
    "q4.title": {"fr": "Q4 — bfs : parcours en largeur", "en": "Q4 — bfs: breadth-first search"},
    "q5.title": {"fr": "Q5 — bfs renvoie une profondeur optimale (rédaction)",
                 "en": "Q5 — bfs returns an optimal depth (written)"},
    "q6.title": {"fr": "Q6 — correction de DFS(m, e0, 0) (rédaction)",
                 "en": "Q6 — correctness of DFS(m, e0, 0) (written)"},
    "q7.title": {"fr": "Q7 — ids : recherche itérée en profondeur", "en": "Q7 — ids: iterative deepening"},
    "q8.title": {"fr": "Q8 — ids renvoie une profondeur optimale (rédaction)",
                 "en": "Q8 — ids returns an optimal depth (written)"},
    "q9.title": {"fr": "Q9 — complexités comparées de BFS et IDS (rédaction)",
                 "en": "Q9 — BFS and IDS complexities compared (written)"},
    "q10.title": {"fr": "Q10 — idastar : l'algorithme IDA*", "en": "Q10 — idastar: the IDA* algorithm"},
    "q11.title": {"fr": "Q11 — h admissible non constante pour le jeu (1)",
                  "en": "Q11 — an admissible non-constant h for game (1)"},
    "q12.title": {"fr": "Q12 — optimalité d'IDA* avec h admissible (rédaction)",
                  "en": "Q12 — optimality of IDA* with an admissible h (written)"},
    "q13.title": {"fr": "Q13 — pourquoi pas de BFS pour le taquin (rédaction)",
                  "en": "Q13 — why not BFS for the 15-puzzle (written)"},
    "q14.title": {"fr": "Q14 — la distance de Manhattan est admissible (rédaction)",
                  "en": "Q14 — the Manhattan distance is admissible (written)"},
    "q15.title": {"fr": "Q15 — move", "en": "Q15 — move"},
    "q16.title": {"fr": "Q16 — tente_gauche et ses trois sœurs", "en": "Q16 — tente_gauche and its three siblings"},
    "q17.title": {"fr": "Q17 — dfs : DFS* sur l'état global", "en": "Q17 — dfs: DFS* on the global state"},
    "q18.title": {"fr": "Q18 — taquin : une solution optimale", "en": "Q18 — taquin: an optimal solution"},
    # --- Questions: jeux (q1 q4 q7 q10 q11) --------------------------------------------------------
    "q1.sequence": {"fr": "suite d'états valide et optimale", "en": "valid and optimal sequence of states"},
    "q1.not_a_list": {"fr": "solution_42 doit renvoyer une liste d'entiers", "en": "solution_42 must return a list of ints"},
    "q1.ends": {"fr": "la suite doit commencer par 1 et finir par 42", "en": "the sequence must start at 1 and end at 42"},
    "q1.step": {"fr": "{b} n'est pas un suivant de {a} (s(n) = {{2n, n + 1}})",
                "en": "{b} is not a successor of {a} (s(n) = {{2n, n + 1}})"},
    "q1.not_optimal": {"fr": "solution valide mais non optimale ({moves} {moves:coup|coups})",
                       "en": "valid but not optimal ({moves} {moves:move|moves})"},
    # q4, q7, q10: check groups, then failures common to the three searches.
    "q4.petits_jeux": {"fr": "profondeur optimale sur de petits jeux finis",
                       "en": "optimal depth on small finite games"},
    "q4.jeu1": {"fr": "profondeur optimale sur le jeu (1), pour diverses cibles t",
                "en": "optimal depth on game (1), for various targets t"},
    "q4.profond": {"fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus",
                   "en": "optimal depth on games whose optimal solution takes 60 moves or more"},
    "q4.algorithme": {"fr": "parcours en largeur : niveau par niveau, sans revenir à un niveau terminé",
                      "en": "breadth-first: level by level, never back to a finished level"},
    "q7.petits_jeux": {"fr": "profondeur optimale sur de petits jeux finis",
                       "en": "optimal depth on small finite games"},
    "q7.jeu1": {"fr": "profondeur optimale sur le jeu (1), pour diverses cibles t",
                "en": "optimal depth on game (1), for various targets t"},
    "q7.profond": {"fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus",
                   "en": "optimal depth on games whose optimal solution takes 60 moves or more"},
    "q7.algorithme": {"fr": "recherche itérée : un parcours en profondeur depuis e0 pour chaque m = 0, 1, 2, …",
                      "en": "iterative deepening: one depth-first search from e0 for each m = 0, 1, 2, …"},
    "q10.petits_jeux": {"fr": "profondeur optimale sur de petits jeux finis, avec des h admissibles variées",
                        "en": "optimal depth on small finite games, with various admissible h"},
    "q10.jeu1": {"fr": "profondeur optimale sur le jeu (1) avec h(n) = ⌈log2(t/n)⌉",
                 "en": "optimal depth on game (1) with h(n) = ⌈log2(t/n)⌉"},
    "q10.profond": {"fr": "profondeur optimale sur des jeux dont la solution optimale est à 60 coups ou plus "
                          "(jusqu'à 61 parcours)",
                    "en": "optimal depth on games whose optimal solution takes 60 moves or more (up to 61 passes)"},
    "q10.algorithme": {"fr": "IDA* : parcours en profondeur successifs, bornés par les minima successifs de p + h",
                       "en": "IDA*: successive depth-first passes, bounded by the successive minima of p + h"},
    "jeux.too_deep": {
        "fr": "{function} a appelé {called} sur un entier de {state} : un état bien plus profond que la solution "
              "optimale (profondeur {depth}) ; la recherche ne s'arrête pas à temps (parcours en profondeur "
              "sans limite ?)",
        "en": "{function} called {called} on an int of {state}: a state far deeper than the optimal solution "
              "(depth {depth}); the search does not stop in time (depth-first without a limit?)",
    },
    "jeux.never_found": {
        "fr": "{function} s'est terminée sans jamais tester un état final de ce jeu : la recherche n'a pas abouti",
        "en": "{function} ended without ever testing a final state of this game: the search did not get there",
    },
    "jeux.not_depth_first": {
        "fr": "ce n'est pas un parcours en profondeur : {call}({state}) est appelé alors que son "
              "prédécesseur {parent} n'est plus sur le chemin courant (un parcours en profondeur ne garde "
              "que le chemin depuis l'état initial ; un parcours en largeur ou un A* saute d'une branche à l'autre)",
        "en": "not a depth-first search: {call}({state}) is called while its predecessor {parent} is no "
              "longer on the current path (a depth-first search keeps only the path from the initial "
              "state; a breadth-first search or an A* jumps between branches)",
    },
    "jeux.wrong_depth": {
        "fr": "{function} a renvoyé {got}, alors qu'une solution optimale est de profondeur {expected}",
        "en": "{function} returned {got}, but an optimal solution has depth {expected}",
    },
    "jeux.not_int": {
        "fr": "{function} doit renvoyer une profondeur, un entier (int) ; valeur renvoyée : {got} (type {type})",
        "en": "{function} must return a depth, an int; it returned {got} (type {type})",
    },
    "jeux.budget": {
        "fr": "{function} ne termine pas, semble-t-il : arrêté après {budget} appels à final, suivants et h "
              "(le corrigé en fait {reference} sur ce jeu)",
        "en": "{function} does not seem to terminate: stopped after {budget} calls to final, suivants and h "
              "(the model answer makes {reference} on this game)",
    },
    "jeux.budget_bound": {
        "fr": "{function} ne termine pas, semble-t-il : arrêté après {budget} appels à final, suivants et h "
              "(une recherche correcte en fait au plus {reference} sur ce jeu)",
        "en": "{function} does not seem to terminate: stopped after {budget} calls to final, suivants and h "
              "(a correct search makes at most {reference} on this game)",
    },
    "jeux.not_a_state": {
        "fr": "{function} a appelé {called} sur {state}, qui n'est pas un état du jeu",
        "en": "{function} called {called} on {state}, which is not a state of the game",
    },
    "jeux.unreachable": {
        "fr": "{function} a testé l'état {state}, qu'aucune suite de coups ne permet d'atteindre depuis "
              "l'état initial : les états doivent venir de initial et de suivants",
        "en": "{function} tested state {state}, which no sequence of moves reaches from the initial state: "
              "states must come from initial and suivants",
    },
    "jeux.garbled": {
        "fr": "les observations de {function} sont illisibles : votre code a modifié le correcteur ?",
        "en": "the observations of {function} are unreadable: did your code tamper with the grader?",
    },
    "q4.not_level_order": {
        "fr": "ce n'est pas un parcours en largeur : l'état {state} (à distance {depth} de l'état initial) "
              "est testé par final après l'état {previous} (à distance {previous_depth}) ; un parcours en "
              "largeur teste tous les états d'une profondeur avant ceux de la suivante",
        "en": "not a breadth-first search: state {state} (at distance {depth} from the initial state) is "
              "tested by final after state {previous} (at distance {previous_depth}); a breadth-first "
              "search tests every state of a depth before those of the next one",
    },
    "q4.restarts": {
        "fr": "le parcours revient à un niveau terminé : {call}({state}) (à distance {depth} de l'état "
              "initial) est appelé après que l'état {later} (à distance {later_depth}) a été atteint ; un "
              "parcours en largeur ne revient jamais en arrière (recherche itérée en profondeur ?)",
        "en": "the search goes back to a finished level: {call}({state}) (at distance {depth} from the "
              "initial state) is called after state {later} (at distance {later_depth}) was reached; a "
              "breadth-first search never goes back (iterative deepening?)",
    },
    "q7.bounds": {
        "fr": "les parcours en profondeur successifs descendent jusqu'aux profondeurs {reach} : une "
              "recherche itérée fait m = 0, 1, 2, … (ou 1, 2, …), un de plus à chaque parcours",
        "en": "the successive depth-first passes go down to depths {reach}: iterative deepening does "
              "m = 0, 1, 2, … (or 1, 2, …), one more each pass",
    },
    "q7.no_restart": {
        "fr": "ce n'est pas une recherche itérée en profondeur : la solution optimale est à la profondeur "
              "{depth}, il faut donc au moins {depth} parcours DFS(m, e0, 0), chacun repartant de l'état "
              "initial ; or final(initial) n'est appelé que {tests} fois et suivants(initial) {expansions} fois",
        "en": "not an iterative deepening search: the optimal solution has depth {depth}, so at least "
              "{depth} searches DFS(m, e0, 0) are needed, each starting again from the initial state; but "
              "final(initial) is called only {tests} times and suivants(initial) {expansions} times",
    },
    "q10.no_h": {"fr": "h n'est jamais appelée : IDA* se guide sur h", "en": "h is never called: IDA* is guided by h"},
    "q10.not_pruned": {
        "fr": "h n'élague pas comme IDA* : au parcours n° {pass}, l'état {state} est développé (suivants) "
              "alors que p + h = {p} + {h} = {f} dépasse la borne m = {bound} de ce parcours (bornes "
              "successives d'IDA* sur ce jeu : {bounds})",
        "en": "h does not prune as in IDA*: in pass {pass}, state {state} is expanded (suivants) although "
              "p + h = {p} + {h} = {f} exceeds that pass's bound m = {bound} (IDA*'s successive bounds on "
              "this game: {bounds})",
    },
    "q10.not_expanded": {
        "fr": "au parcours n° {pass}, l'état {state} n'est pas développé alors que p + h = {p} + {h} = {f} "
              "ne dépasse pas la borne m = {bound} : la borne n'est pas le plus petit p + h qui a dépassé la "
              "précédente (bornes successives d'IDA* sur ce jeu : {bounds})",
        "en": "in pass {pass}, state {state} is not expanded although p + h = {p} + {h} = {f} does not "
              "exceed the bound m = {bound}: the bound is not the smallest p + h that exceeded the previous "
              "one (IDA*'s successive bounds on this game: {bounds})",
    },
    "q10.single_pass": {
        "fr": "une seule exploration, qui ne repart jamais de l'état initial, alors qu'IDA* fait {expected} "
              "parcours en profondeur sur ce jeu (bornes successives : {bounds}) : un A* ou un parcours "
              "sans borne n'est pas IDA*",
        "en": "a single sweep that never starts again from the initial state, whereas IDA* makes {expected} "
              "depth-first passes on this game (successive bounds: {bounds}): an A* or an unbounded search "
              "is not IDA*",
    },
    "q10.extra_pass": {
        "fr": "{count} parcours en profondeur, alors qu'IDA* en fait {expected} sur ce jeu (bornes "
              "successives : {bounds}) : la borne ne suit pas les minima successifs de p + h",
        "en": "{count} depth-first passes, whereas IDA* makes {expected} on this game (successive bounds: "
              "{bounds}): the bound does not follow the successive minima of p + h",
    },
    "q10.missing_passes": {
        "fr": "{count} parcours en profondeur seulement, alors qu'IDA* en fait {expected} sur ce jeu (bornes "
              "successives : {bounds}) : une borne a été sautée",
        "en": "only {count} depth-first passes, whereas IDA* makes {expected} on this game (successive "
              "bounds: {bounds}): a bound was skipped",
    },
    "q11.admissible": {"fr": "h admissible : jamais plus que la distance de n à t (1 ≤ n ≤ t ≤ 300)",
                       "en": "admissible h: never more than the distance from n to t (1 ≤ n ≤ t ≤ 300)"},
    "q11.grands_t": {"fr": "h admissible pour de grands t, jusqu'à 2^62 (valeurs comparées exactement, flottants "
                           "compris) ; h doit aussi y répondre vite",
                     "en": "admissible h for large t, up to 2^62 (values compared exactly, floats included); h "
                           "must answer quickly there too"},
    "q11.non_constante": {"fr": "h non constante", "en": "h not constant"},
    "q11.entier": {"fr": "h renvoie un entier naturel (int ≥ 0)", "en": "h returns a natural number (int ≥ 0)"},
    "q11.too_large": {
        "fr": "h_jeu1({n}, {t}) = {got}, mais la distance de {n} à {t} n'est que {distance} : h surestime, "
              "elle n'est pas admissible",
        "en": "h_jeu1({n}, {t}) = {got}, but the distance from {n} to {t} is only {distance}: h "
              "overestimates, it is not admissible",
    },
    "q11.not_a_number": {
        "fr": "h_jeu1({n}, {t}) = {got} n'est pas un nombre", "en": "h_jeu1({n}, {t}) = {got} is not a number",
    },
    "q11.constant": {
        "fr": "pour chaque t ≤ {t}, h_jeu1(n, t) a la même valeur pour tous les 1 ≤ n ≤ t : h doit être non constante",
        "en": "for each t ≤ {t}, h_jeu1(n, t) takes the same value for all 1 ≤ n ≤ t: h must not be constant",
    },
    "q11.not_natural": {
        "fr": "h_jeu1({n}, {t}) = {got} (type {type}) : un entier naturel (int ≥ 0) est attendu",
        "en": "h_jeu1({n}, {t}) = {got} (type {type}): a natural number (int ≥ 0) is expected",
    },
    "q11.raised": {
        "fr": "h_jeu1({n}, {t}) a levé une exception : {detail}", "en": "h_jeu1({n}, {t}) raised: {detail}",
    },
    # --- Questions: taquin (q15 q16 q17 q18) -------------------------------------------------------
    "taquin.not_bool": {"fr": "{call} doit renvoyer un booléen (True ou False)",
                        "en": "{call} must return a bool (True or False)"},
    "taquin.convention_first": {
        "fr": "solution : le déplacement le plus récent est en tête, comme la liste Caml de l'énoncé ; accepté, "
              "et tous les cas sont jugés dans cet ordre",
        "en": "solution: the most recent move is first, as in the exam's Caml list; accepted, and every case "
              "is judged in that order",
    },
    "q15.move_grille": {"fr": "grid après move (valeur de la case libre ignorée)",
                        "en": "grid after move (the blank cell's value ignored)"},
    "q15.move_libre": {"fr": "li et lj après move", "en": "li and lj after move"},
    "q15.move_h": {"fr": "h mis à jour par move", "en": "h updated by move"},
    "q15.wrong": {"fr": "après {call}, {name} est faux", "en": "after {call}, {name} is wrong"},
    "q16.refus_bord": {"fr": "refus au bord de la grille", "en": "refusal at the edge of the grid"},
    "q16.refus_oppose": {"fr": "refus juste après le déplacement opposé", "en": "refusal right after the opposite move"},
    "q16.acceptation": {"fr": "déplacement effectué et enregistré dans solution",
                        "en": "move made and recorded in solution"},
    "q16.refus_bord.answer": {
        "fr": "{call} doit renvoyer False : la case libre est en ({li}, {lj}), le déplacement est impossible",
        "en": "{call} must return False: the blank is at ({li}, {lj}), the move is impossible",
    },
    "q16.refus_oppose.answer": {
        "fr": "{call} doit renvoyer False : le dernier déplacement de solution est {opposite}",
        "en": "{call} must return False: the last move in solution is {opposite}",
    },
    "q16.acceptation.answer": {
        "fr": "{call} doit renvoyer True : le déplacement est possible et le dernier n'était pas {opposite}",
        "en": "{call} must return True: the move is possible and the last one was not {opposite}",
    },
    "q16.changed": {"fr": "{call} a renvoyé False mais a modifié {name}",
                    "en": "{call} returned False but changed {name}"},
    "q16.wrong": {"fr": "après {call} (accepté), {name} est faux", "en": "after {call} (accepted), {name} is wrong"},
    "taquin.not_moves": {"fr": "{name} doit être une liste de déplacements (Gauche, Bas, Droite, Haut)",
                         "en": "{name} must be a list of moves (Gauche, Bas, Droite, Haut)"},
    "taquin.moves_case": {
        "fr": "des déplacements sont écrits autrement que Gauche, Bas, Droite, Haut (autre casse, ou valeur d'une "
              "énumération) : lus comme le déplacement qu'ils nomment sans ambiguïté (barème : noms = \"souple\")",
        "en": "some moves are not written Gauche, Bas, Droite, Haut (another case, or an enum's value): read as "
              "the move they name unambiguously (scheme: noms = \"souple\")",
    },
    "taquin.mirrored": {
        "fr": "{call} : vos déplacements portent le nom de la direction de la case libre (Haut ↔ Bas, Gauche ↔ "
              "Droite) ; dans l'énoncé, un déplacement porte le nom de la direction où bouge l'entier",
        "en": "{call}: your moves are named by the direction the blank goes (Haut ↔ Bas, Gauche ↔ Droite); in "
              "the exam a move is named by the direction the tile goes",
    },
    "q16.chaine_eleve": {"fr": "avec votre propre move (sans effet sur la note : tente_* est noté avec le move du corrigé)",
                         "en": "with your own move (no effect on the grade: tente_* is graded with the model answer's move)"},
    "q17.chaine_eleve": {"fr": "avec vos propres move et tente_* (sans effet sur la note : dfs est noté avec ceux du corrigé)",
                         "en": "with your own move and tente_* (no effect on the grade: dfs is graded with the model answer's)"},
    "q18.chaine_eleve": {"fr": "avec votre propre dfs (sans effet sur la note : taquin est noté avec le dfs du corrigé)",
                         "en": "with your own dfs (no effect on the grade: taquin is graded with the model answer's dfs)"},
    "taquin.own_chain_graded": {"fr": "noté avec vos propres fonctions (barème : dependances = \"eleve\")",
                                "en": "graded with your own functions (scheme: dependances = \"eleve\")"},
    "q17.no_minimum": {"fr": "votre module n'utilise nulle part la globale minimum (le min de l'énoncé) : "
                             "dfs doit y retenir la plus petite valeur p + h qui a dépassé m",
                       "en": "your module never uses the global minimum (the exam's min): dfs must keep "
                             "there the least p + h that exceeded m"},
    "q17.echec_restaure": {"fr": "échec sous l'optimum : False, état et solution remis comme avant",
                           "en": "failure below the optimum: False, state and solution restored"},
    "q17.seuil": {"fr": "minimum : le seuil suivant d'IDA*", "en": "minimum: IDA*'s next threshold"},
    "q17.succes": {"fr": "succès à l'optimum et au-delà : True, et solution prolongée d'une solution d'au plus m − p coups",
                   "en": "success at the optimum and above: True, and solution extended by a solution of at most m − p moves"},
    "q17.found_below": {"fr": "{call} doit renvoyer False : d'ici (sans défaire le dernier déplacement), il faut "
                              "{optimum} coups",
                        "en": "{call} must return False: from here (without undoing the last move) it takes "
                              "{optimum} moves"},
    "q17.not_restored": {"fr": "{call} a renvoyé False mais n'a pas remis {name} comme avant l'appel",
                         "en": "{call} returned False but did not restore {name}"},
    "q17.threshold": {
        "fr": "après {call} (échec), minimum doit valoir la plus petite valeur p + h qui a dépassé {m}",
        "en": "after {call} (failure), minimum must be the least p + h that exceeded {m}",
    },
    "q17.not_found": {"fr": "{call} doit renvoyer True : il existe une solution en au plus {m} coups",
                      "en": "{call} must return True: there is a solution in at most {m} moves"},
    "q17.bad_solution": {
        "fr": "{call} a renvoyé True mais solution n'est pas la liste d'avant l'appel suivie d'une solution d'au "
              "plus {m} coups",
        "en": "{call} returned True but solution is not the list from before the call followed by a solution of "
              "at most {m} moves",
    },
    "q18.petites_profondeurs": {"fr": "solutions optimales, jusqu'à 24 coups", "en": "optimal solutions, up to 24 moves"},
    "q18.grandes_profondeurs": {"fr": "solutions optimales de 26 à 48 coups", "en": "optimal solutions of 26 to 48 moves"},
    "q18.ordre": {"fr": "liste dans l'ordre où les déplacements sont joués", "en": "list in the order the moves are played"},
    "q18.defi": {"fr": "défi : un taquin difficile, en au plus quelques dizaines de fois le temps du corrigé",
                 "en": "challenge: a hard puzzle, within a few tens of times the model answer's time"},
    "q18.order_unobserved": {"fr": "aucune solution renvoyée par taquin() n'a pu être lue, dans un ordre ou dans l'autre",
                             "en": "no solution returned by taquin() could be read, in either order"},
    "q18.not_a_solution": {
        "fr": "les déplacements renvoyés, rejoués depuis l'état initial, ne mènent pas à l'état final",
        "en": "the moves returned, replayed from the initial state, do not reach the goal",
    },
    "q18.not_optimal": {"fr": "solution valide mais non optimale : {moves} {moves:coup|coups} au lieu de {optimum}",
                        "en": "valid but not optimal: {moves} {moves:move|moves} instead of {optimum}"},
    "q18.reversed": {
        "fr": "taquin() renvoie les déplacements du plus récent au premier joué (la liste Caml !solution telle "
              "quelle) : les solutions sont comptées justes, mais la liste attendue est dans l'ordre où ils sont joués",
        "en": "taquin() returns the moves from the most recent to the first played (the Caml list !solution as "
              "it is): the solutions count as right, but the list is expected in the order the moves are played",
    },
    "q18.skipped": {"fr": "non exécuté : poids nul dans le barème", "en": "not run: no weight in the scheme"},
    "q18.challenge_not_tried": {
        "fr": "non tenté : le défi n'est lancé que si les autres vérifications de q18 réussissent",
        "en": "not tried: the challenge runs only when q18's other checks pass",
    },
    "q16.not_recorded": {"fr": "après {call} (accepté), solution ne contient pas le déplacement à sa place",
                         "en": "after {call} (accepted), solution does not hold the move where it belongs"},
    # --- Questions: recherche (x1 x2 x3 x4) --------------------------------------------------------
    "x1.title": {"fr": "X1 — search : IDA* renvoyant le chemin", "en": "X1 — search: IDA* returning the path"},
    "x2.title": {"fr": "X2 — astar : A* sur le taquin", "en": "X2 — astar: A* on the sliding puzzle"},
    "x3.title": {"fr": "X3 — bfs_taquin : parcours en largeur du taquin",
                 "en": "X3 — bfs_taquin: breadth-first search on the sliding puzzle"},
    "x4.title": {"fr": "X4 — dfs_taquin : parcours en profondeur du taquin",
                 "en": "X4 — dfs_taquin: depth-first search on the sliding puzzle"},
    "x1.graphs": {"fr": "plus court chemin sur des graphes quelconques (états entiers ou chaînes)",
                  "en": "shortest path on arbitrary graphs (int or string states)"},
    "x1.puzzles": {"fr": "plus court chemin sur des taquins 3×3 et 4×4 (distance de Manhattan)",
                   "en": "shortest path on 3×3 and 4×4 puzzles (Manhattan distance)"},
    "x1.not_a_list": {"fr": "search doit renvoyer le chemin, une liste d'états [start, …, goal]",
                      "en": "search must return the path, a list of states [start, …, goal]"},
    "x1.empty": {"fr": "chemin vide : il contient au moins l'état de départ",
                 "en": "empty path: it holds at least the start state"},
    "x1.not_a_state": {"fr": "{state} n'est pas un état du problème", "en": "{state} is not a state of the problem"},
    "x1.start": {"fr": "le chemin doit commencer par l'état de départ {start}",
                 "en": "the path must begin with the start state {start}"},
    "x1.step": {"fr": "{b} n'est pas dans next_states({a})", "en": "{b} is not in next_states({a})"},
    "x1.end": {"fr": "le chemin doit finir par l'état but {goal}", "en": "the path must end with the goal state {goal}"},
    "x1.not_optimal": {"fr": "chemin valide mais pas le plus court : {steps} {steps:étape|étapes} au lieu de {optimum}",
                       "en": "valid path but not a shortest one: {steps} {steps:step|steps} instead of {optimum}"},
    "x2.optimal3": {"fr": "solution la plus courte sur des taquins 3×3", "en": "shortest solution on 3×3 puzzles"},
    "x2.optimal4": {"fr": "solution la plus courte sur des taquins 4×4 proches du but",
                    "en": "shortest solution on 4×4 puzzles close to the goal"},
    "x2.closed": {"fr": "liste closed : aucun état développé deux fois (instances de 21-22 coups)",
                  "en": "closed list: no state developed twice (21-22 move instances)"},
    "x2.too_slow": {
        "fr": "temps limite dépassé ({limit} s) alors que le corrigé développe environ mille états : un A* "
              "sans liste closed (condition c1), qui développe plusieurs fois un même taquin, explose ici",
        "en": "time limit exceeded ({limit} s) where the model answer develops about a thousand states: an A* "
              "without the closed list (condition c1), developing the same puzzle again and again, blows up here",
    },
    "x3.short": {"fr": "solution la plus courte sur des taquins 3×3 à au plus 10 coups du but",
                 "en": "shortest solution on 3×3 puzzles at most 10 moves from the goal"},
    "x3.long": {"fr": "solution la plus courte à 14, 17 et 20 coups, dans le temps imparti",
                "en": "shortest solution at 14, 17 and 20 moves, within the time limit"},
    "x3.too_slow": {
        "fr": "temps limite dépassé ({limit} s) : sans closed, ou avec closed dans une liste (recherche "
              "linéaire), le parcours en largeur devient trop lent ; un set de tuples convient",
        "en": "time limit exceeded ({limit} s): without closed, or with closed kept in a list (linear search), "
              "the breadth-first search is too slow; a set of tuples will do",
    },
    "x4.valid": {"fr": "solution valide sur des taquins 3×3 proches du but",
                 "en": "valid solution on 3×3 puzzles close to the goal"},
    "x4.limits": {"fr": "terminaison dans le temps et la mémoire impartis, jusqu'à 31 coups du but",
                  "en": "ends within the time and memory limits, up to 31 moves from the goal"},
    "x4.too_slow": {
        "fr": "temps limite dépassé ({limit} s, assez pour explorer tout le taquin 3×3) : sans closed, le "
              "parcours en profondeur boucle ; recopier le chemin dans chaque nœud empilé est aussi trop coûteux",
        "en": "time limit exceeded ({limit} s, enough to explore the whole 3×3 puzzle): without closed, the "
              "depth-first search loops; copying the path into every stacked node is too costly as well",
    },
    "recherche.not_a_list": {
        "fr": "{function} doit renvoyer la liste des opérations, des chaînes parmi \"Up\", \"Down\", \"Left\", \"Right\"",
        "en": "{function} must return the list of operations, strings among \"Up\", \"Down\", \"Left\", \"Right\"",
    },
    "recherche.unknown_move": {
        "fr": "opération n° {index} inconnue : {move!r} (attendu : \"Up\", \"Down\", \"Left\" ou \"Right\", "
              "le sens où se déplace la case vide)",
        "en": "operation #{index} is unknown: {move!r} (expected \"Up\", \"Down\", \"Left\" or \"Right\", "
              "the direction the blank moves)",
    },
    "recherche.illegal_move": {"fr": "opération n° {index} ({move}) impossible : la case vide sortirait du plateau",
                               "en": "operation #{index} ({move}) is impossible: the blank would leave the board"},
    "recherche.not_solved": {"fr": "les opérations, rejouées, ne mènent pas à l'état final",
                             "en": "replayed, the operations do not lead to the goal"},
    "recherche.tile_convention": {
        "fr": "les opérations décrivent le déplacement de la tuile : elles doivent décrire celui de la case vide "
              "(\"Up\" : la case vide monte)",
        "en": "the operations describe how the tile moves: they must describe how the blank moves "
              "(\"Up\": the blank goes up)",
    },
    "recherche.not_optimal": {"fr": "solution valide mais pas la plus courte : {moves} {moves:opération|opérations} au lieu de {optimum}",
                              "en": "valid solution but not a shortest one: {moves} {moves:operation|operations} instead of {optimum}"},
    # --- Reports ----------------------------------------------------------------------------------
    "report.class_title": {"fr": "Résultats de la classe", "en": "Class results"},
    "report.student_title": {"fr": "Copie de {id}", "en": "Report for {id}"},
    "report.print_all_title": {"fr": "Toutes les copies", "en": "All reports"},
    "report.print_all": {"fr": "Toutes les copies, à imprimer (une par page)",
                         "en": "All reports, for printing (one per page)"},
    "report.print": {"fr": "Imprimer", "en": "Print"},
    "report.back": {"fr": "← Résultats de la classe", "en": "← Class results"},
    "report.no_submissions": {"fr": "Aucune copie.", "en": "No submission."},
    "report.table": {"fr": "Notes", "en": "Scores"},
    "report.sort_hint": {"fr": "Cliquez sur un en-tête de colonne pour trier.",
                         "en": "Click a column header to sort."},
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
    "report.rate.failed": {"fr": "échoué (dont erreur, temps, plantage, mémoire)",
                           "en": "failed (incl. error, timeout, crash, memory)"},
    "report.rate.missing": {"fr": "absent ou non traité", "en": "missing or not implemented"},
    "report.rate_count": {"fr": "{label} : {n}", "en": "{label}: {n}"},
    "report.rate_value": {"fr": "{pct} % réussi", "en": "{pct}% passed"},
    "report.failures": {"fr": "Échecs les plus fréquents", "en": "Most frequent failures"},
    "report.no_failures": {"fr": "aucun échec", "en": "no failure"},
    "report.students_one": {"fr": "{n} élève", "en": "{n} student"},
    "report.students_many": {"fr": "{n} élèves", "en": "{n} students"},
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
    "report.seconds": {"fr": "{s} s de calcul", "en": "{s} s of computing"},
    "report.counterexample": {"fr": "Contre-exemple", "en": "Counterexample"},
    "report.expected": {"fr": "Attendu", "en": "Expected"},
    "report.got": {"fr": "Obtenu", "en": "Got"},
    "report.cut": {"fr": "… affichage coupé : {n} {n:caractère|caractères} de plus non {n:affiché|affichés}",
                   "en": "… display cut: {n} more {n:character|characters} not shown"},
    "report.output": {"fr": "Sortie capturée de votre code", "en": "Your code's captured output"},
    "report.dropped": {"fr": "SORTIE TRONQUÉE : {n} {n:octet de plus n'a pas été conservé|octets de plus n'ont pas été conservés}.",
                       "en": "OUTPUT TRUNCATED: {n} more {n:byte was|bytes were} not kept."},
    "report.start": {"fr": "État de départ", "en": "Start state"},
    "report.reached": {"fr": "État atteint par vos déplacements", "en": "State your moves reach"},
    "report.goal": {"fr": "But", "en": "Goal"},
    "report.solved": {"fr": "le but est atteint", "en": "the goal is reached"},
    "report.not_solved": {"fr": "le but n'est pas atteint", "en": "the goal is not reached"},
    "report.h": {"fr": "h = {h}", "en": "h = {h}"},
    "report.your_moves": {"fr": "Vos déplacements ({n})", "en": "Your moves ({n})"},
    "report.optimal_moves": {"fr": "Une solution optimale ({n})", "en": "An optimal solution ({n})"},
    "report.illegal": {"fr": "Le déplacement n° {k} ({move}) est impossible : la suite n'est pas jouée.",
                       "en": "Move {k} ({move}) is impossible: the rest is not played."},
    "report.unknown": {"fr": "Le déplacement n° {k} ({move}) n'est pas un déplacement connu ({names}) : la suite "
                             "n'est pas jouée.",
                       "en": "Move {k} ({move}) is not a known move ({names}): the rest is not played."},
    "report.moves_tile": {"fr": "Déplacements ({names}) : le sens où glisse la tuile, comme dans l'énoncé.",
                          "en": "Moves ({names}): the direction the tile slides, as in the exam."},
    "report.moves_blank": {"fr": "Opérations ({names}) : le sens où se déplace la case vide.",
                           "en": "Operations ({names}): the direction the blank moves."},
    "report.reached_shown": {"fr": "État après {n:le premier déplacement (le seul affiché)|les # premiers déplacements (les seuls affichés)}",
                             "en": "State after {n:the first move (the only one shown)|the first # moves (the only ones shown)}"},
    "report.more_moves": {"fr": "… et {n} {n:déplacement|déplacements} de plus, non {n:affiché|affichés}",
                          "en": "… and {n} more {n:move|moves}, not shown"},
    "report.part": {"fr": "Vos déplacements s'écartent de cette solution optimale au déplacement n° {k} "
                          "(surligné).",
                    "en": "Your moves leave this optimal solution at move {k} (highlighted)."},
    "report.same": {"fr": "Vos déplacements sont ceux de cette solution optimale.",
                    "en": "Your moves are those of this optimal solution."},
    "report.step": {"fr": "Déplacement", "en": "Move"},
    "report.first": {"fr": "Début", "en": "Start"},
    "report.prev": {"fr": "Précédent", "en": "Previous"},
    "report.next": {"fr": "Suivant", "en": "Next"},
    "report.last": {"fr": "Fin", "en": "End"},
    "report.game": {"fr": "Le jeu du contre-exemple", "en": "The counterexample's game"},
    "report.game_legend": {"fr": "{n} {n:état|états} ; état initial : double bord ; états finals : en vert.",
                           "en": "{n} {n:state|states}; initial state: double border; final states: green."},
    "report.adjacency": {"fr": "Liste des successeurs ({n} {n:état|états})",
                         "en": "Successors list ({n} {n:state|states})"},
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
    "report.limit.time_factor": {"fr": "Temps par appel : multiple du temps du corrigé",
                                 "en": "Time per call: multiple of the reference's time"},
    "report.limit.time_floor": {"fr": "Temps par appel : au moins", "en": "Time per call: at least"},
    "report.limit.open_files": {"fr": "Fichiers ouverts", "en": "Open files"},
    "report.limit.disk_bytes": {"fr": "Disque du dossier de l'enfant", "en": "Disk of the child's folder"},
    "report.limit.disk_files": {"fr": "Fichiers du dossier de l'enfant", "en": "Files in the child's folder"},
    "report.limit.uid_first": {"fr": "Premier uid des enfants (si root)", "en": "First uid of the children (when root)"},
    "report.limit.uid_count": {"fr": "Nombre d'uid des enfants (si root)", "en": "Number of children's uids (when root)"},
    "report.limit.namespaces": {"fr": "Espaces de noms PID, réseau et montage", "en": "PID, network and mount namespaces"},
    "report.limit.landlock": {"fr": "Landlock", "en": "Landlock"},
    "report.limit.seccomp": {"fr": "seccomp", "en": "seccomp"},
    "report.limit.isolation": {"fr": "Isolation effective", "en": "Isolation in force"},
}

from grader.i18n_exports import CATALOGUE as _EXPORTS  # noqa: E402 - the exports' messages, kept apart

CATALOGUE.update(_EXPORTS)

from grader.i18n_service import CATALOGUE as _SERVICE  # noqa: E402 - the web service's messages

CATALOGUE.update(_SERVICE)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, format_spec: str):
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            singular = abs(value) < 2 if self.lang == "fr" else value == 1
            return (one if singular else many).replace("#", str(value))
        return super().format_field(value, format_spec)


def t(key: str, lang: str = "fr", /, **params) -> str:
    entry = CATALOGUE[key]
    lang = lang if lang in entry else "fr"
    params = {k: v.text(lang) if isinstance(v, Message) else v for k, v in params.items()}
    return _Formatter(lang).format(entry[lang], **params)


@dataclass(frozen=True)
class Message:
    """A message as results keep it: a catalogue key and its parameters, said in a language only where
    it is shown (the terminal, the reports, the exports, the web pages). A parameter may itself be a
    Message (a grader error inside a check's message), said in the same language."""

    key: str
    params: dict = field(default_factory=dict, hash=False)

    def text(self, lang: str) -> str:
        return t(self.key, lang, **self.params)

    def to_dict(self) -> dict:
        return {"key": self.key, "params": {k: v.to_dict() if isinstance(v, Message) else v
                                            for k, v in self.params.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> "Message":
        params = data.get("params", {})
        return cls(data["key"], {k: cls.from_dict(v) if _is_message(v) else v for k, v in params.items()})


def _is_message(value) -> bool:
    return type(value) is dict and set(value) == {"key", "params"}


def say(message: "Message | None", lang: str) -> str:
    """A result's message in `lang` ("" for none)."""
    return message.text(lang) if message is not None else ""


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
        value = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else \
            word.split("=", 1)[1] if word.startswith("--lang=") else None
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
    "ambiguous option: %(option)s could match %(matches)s":
        "option ambiguë : %(option)s peut désigner %(matches)s",
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
    saved = argparse._, argparse.ngettext

    def ngettext(one, many, n):
        return ARGPARSE_FR.get(one if n == 1 else many, one if n == 1 else many)

    argparse._ = lambda text: ARGPARSE_FR.get(text, text)
    argparse.ngettext = ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved
