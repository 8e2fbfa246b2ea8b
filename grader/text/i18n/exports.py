"""Messages of the exports, hand marks, feedback and similarity report."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- Hand marks ---------------------------------------------------------------------------
    "marks.invalid": {
        "fr": "fichier de notes {path} : {n} {n:problème|problèmes}, rien n'a été fusionné :",
        "en": "marks file {path}: {n} {n:problem|problems}, nothing was merged:",
    },
    # Marks typed in the dashboard: said by line, in the dashboard's words (no file, no command line).
    "marks.invalid_typed": {
        "fr": "notes saisies : {n} {n:problème|problèmes}, rien n'a été gardé (votre texte est ci-dessous, à corriger) :",
        "en": "marks typed in: {n} {n:problem|problems}, nothing was kept (your text is below, to correct):",
    },
    "marks.typed": {"fr": "notes saisies,", "en": "marks typed in,"},
    "marks.line": {"fr": "ligne {line}", "en": "line {line}"},
    "marks.unreadable": {"fr": "illisible : {error}", "en": "unreadable: {error}"},
    "marks.format": {
        "fr": "extension {suffix} inconnue : donnez un fichier .csv ou .toml",
        "en": "unknown extension {suffix}: give a .csv or .toml file",
    },
    "marks.syntax": {"fr": "TOML invalide : {error}", "en": "invalid TOML: {error}"},
    "marks.expect_table": {
        "fr": "une table par élève ([nom] puis q2 = 1.5)",
        "en": "one table per student ([name] then q2 = 1.5)",
    },
    "marks.expect_mark": {
        "fr": 'une note (q2 = 1.5) ou une table (q2 = {{ note = 1.5, commentaire = "…" }})',
        "en": 'a mark (q2 = 1.5) or a table (q2 = {{ mark = 1.5, comment = "…" }})',
    },
    "marks.empty": {"fr": "le fichier est vide", "en": "the file is empty"},
    "marks.no_student_column": {
        "fr": "aucune colonne d'élève (l'une de : {names})",
        "en": "no student column (one of: {names})",
    },
    "marks.column": {
        "fr": "colonne « {column} » incomprise (attendu : q2, « q2 commentaire », commentaire)",
        "en": 'column "{column}" not understood (expected: q2, "q2 comment", comment)',
    },
    "marks.unknown_student": {
        "fr": "{where} : élève inconnu « {student} » (noms proches : {close})",
        "en": '{where}: unknown student "{student}" (close names: {close})',
    },
    "marks.twice": {
        "fr": "{where} : « {student} » est déjà noté ({first})",
        "en": '{where}: "{student}" is already marked ({first})',
    },
    "marks.unknown_question": {
        "fr": "{where} : question inconnue « {question} » (questions rédigées : {written})",
        "en": '{where}: unknown question "{question}" (written questions: {written})',
    },
    "marks.automatic": {
        "fr": "{where} : {question} est corrigée automatiquement ; seules les questions rédigées "
        "se notent à la main ({written})",
        "en": "{where}: {question} is graded automatically; only written questions are marked by hand ({written})",
    },
    "marks.not_a_mark": {
        "fr": "{where} : {question} : « {value} » n'est pas une note (nombre positif attendu)",
        "en": '{where}: {question}: "{value}" is not a mark (a non-negative number expected)',
    },
    "marks.too_high": {
        "fr": "{where} : {question} : {mark:num} dépasse {points:# point|# points}, le maximum du barème",
        "en": "{where}: {question}: {mark:num} is above {points:# point|# points}, the barème's maximum",
    },
    "marks.no_points": {
        "fr": "{where} : {question} vaut 0 point dans le barème de cette correction : donnez-lui "
        "des points (--scheme, [questions.{question}] points = ...)",
        "en": "{where}: {question} is worth 0 points in this run's barème: give it points "
        "(--scheme, [questions.{question}] points = ...)",
    },
    "marks.no_points_typed": {
        "fr": "{where} : {question} vaut 0 point au barème de la classe : donnez-lui des points dans "
        "« Points des questions rédigées », plus haut sur cette page",
        "en": "{where}: {question} is worth 0 points in the class's barème: give it points in "
        '"Points of the written questions", higher on this page',
    },
    # --- Exports ------------------------------------------------------------------------------
    "export.total": {"fr": "Total : {score}/{max}", "en": "Total: {score}/{max}"},
    "export.total_pending": {
        "fr": "Total provisoire : {score}/{max} — note en attente (à noter : {questions})",
        "en": "Total so far: {score}/{max} — grade pending (to be marked: {questions})",
    },
    "export.grade_on": {"fr": "note : {grade}/{out_of}", "en": "grade: {grade}/{out_of}"},
    "export.comment": {"fr": "Commentaire : {comment}", "en": "Comment: {comment}"},
    "export.no_run": {
        "fr": "{path} introuvable : donnez le dossier de sortie d'un « grader grade »",
        "en": '{path} not found: give the output folder of a "grader grade"',
    },
    "export.bad_run": {"fr": "{path} illisible ({error})", "en": "{path} unreadable ({error})"},
    "export.bad_scheme": {
        "fr": "le barème {path} change les points de {questions}, corrigées automatiquement : "
        "il faut recorriger (grader grade) ; seules les questions rédigées peuvent changer "
        "ici",
        "en": "the scheme {path} changes the points of {questions}, graded automatically: regrade "
        "(grader grade); only written questions may change here",
    },
    "export.unmarked": {
        "fr": "{n} {n:élève attend|élèves attendent} une note de question rédigée : {n:sa note est laissée "
        "vide|leurs notes sont laissées vides} dans chaque export et tableur (Moodle, Canvas et "
        "PrairieLearn ignorent une note vide) en attendant vos notes (--marks) ; pour compter 0 ces "
        "questions non notées : --unmarked zero. Questions à noter : {students}",
        "en": "{n} {n:student waits|students wait} for a written question's mark: {n:their grade is|their "
        "grades are} left blank in every export and spreadsheet (Moodle, Canvas and PrairieLearn skip a "
        "blank grade) until you mark them (--marks); to count those unmarked questions as 0: --unmarked "
        "zero. Questions to mark: {students}",
    },
    "export.moodle_missing": {
        "fr": "feuille Moodle : {n} {n:élève|élèves} sans ligne (pas d'identifiant de participant "
        "Moodle ou absent de la feuille) : {students}",
        "en": "Moodle worksheet: {n} {n:student|students} without a row (no Moodle participant id, or "
        "not in the worksheet): {students}",
    },
    "export.moodle_max": {
        "fr": "feuille Moodle : la note maximale du devoir est {max} ; les notes de tous les exports "
        "sont sur {max} (--out-of pour en choisir une autre hors de Moodle)",
        "en": "Moodle worksheet: the assignment's maximum grade is {max}; every export's grades are "
        "out of {max} (--out-of to choose another outside Moodle)",
    },
    "export.moodle_max_differs": {
        "fr": "feuille Moodle : la note maximale du devoir est {max}, pas {out_of} : la feuille Moodle "
        "est remplie sur {max} (Moodle ignore une note au-dessus), les autres exports sur {out_of}",
        "en": "Moodle worksheet: the assignment's maximum grade is {max}, not {out_of}: the Moodle "
        "worksheet is filled on {max} (Moodle skips a grade above it), the other exports on {out_of}",
    },
    "export.moodle_no_max": {
        "fr": "feuille Moodle écrite sur {out_of} sans --moodle-worksheet : la note maximale du devoir "
        "Moodle doit être {out_of} (Moodle propose 100 par défaut, et ignore une note au-dessus du "
        "maximum) ; donnez de préférence la feuille téléchargée de Moodle (--moodle-worksheet)",
        "en": "Moodle worksheet written on {out_of} without --moodle-worksheet: the Moodle assignment's "
        "maximum grade must be {out_of} (Moodle's default is 100, and it skips a grade above the "
        "maximum); better give the worksheet downloaded from Moodle (--moodle-worksheet)",
    },
    "export.canvas_by_name": {
        "fr": "carnet Canvas écrit sans --canvas-gradebook : Canvas reconnaîtra les élèves à leur seul "
        "nom ; donnez de préférence le carnet exporté de Canvas (--canvas-gradebook)",
        "en": "Canvas gradebook written without --canvas-gradebook: Canvas will match students by "
        "name alone; better give the gradebook exported from Canvas (--canvas-gradebook)",
    },
    "export.canvas_homonyms": {
        "fr": "carnet Canvas : {n} {n:élève|élèves} que Canvas ne distinguerait pas à {n:son|leur} nom, "
        "{n:laissé|laissés} sans note : {students} ; donnez le carnet exporté de Canvas (--canvas-gradebook)",
        "en": "Canvas gradebook: {n} {n:student|students} Canvas could not tell apart by name, left "
        "without a grade: {students}; give the gradebook exported from Canvas (--canvas-gradebook)",
    },
    "export.canvas_missing": {
        "fr": "carnet Canvas : {n} {n:élève|élèves} sans ligne (ni courriel ni nom retrouvé dans le "
        "carnet) : {students}",
        "en": "Canvas gradebook: {n} {n:student|students} without a row (neither email nor name found "
        "in the gradebook): {students}",
    },
    "export.prairielearn_missing": {
        "fr": "PrairieLearn : {n} {n:élève|élèves} sans uid (le courriel de la liste de classe, --roster) : {students}",
        "en": "PrairieLearn: {n} {n:student|students} without a uid (the roster's email, --roster): {students}",
    },
    "canvas.unreadable": {
        "fr": "carnet Canvas {path} illisible : {error}",
        "en": "Canvas gradebook {path} unreadable: {error}",
    },
    "canvas.not_gradebook": {
        "fr": "{path} n'est pas un carnet de notes exporté de Canvas (colonnes : {headers})",
        "en": "{path} is not a gradebook exported from Canvas (columns: {headers})",
    },
    "export.feedback_missing": {
        "fr": "retours : {n} {n:élève|élèves} sans identifiant de participant Moodle, "
        "{n:absent|absents} du zip (leurs dossiers sont écrits) : {students}",
        "en": "feedback: {n} {n:student|students} without a Moodle participant id, left out of the "
        "zip (their folders are written): {students}",
    },
    "export.gradescope_written": {
        "fr": "autograder Gradescope écrit : {path} (graine {seed} ; gardez ce zip privé, il contient les corrigés)",
        "en": "Gradescope autograder written: {path} (seed {seed}; keep this zip private, it holds the model answers)",
    },
    "export.gradescope_not_graded": {
        "fr": "Vos fichiers n'ont pas été corrigés : le correcteur n'a pas pu tourner sur ce serveur. "
        "Votre enseignant en voit la raison ; il relancera la correction.",
        "en": "Your files were not graded: the grader could not run on this server. Your teacher sees why "
        "and will grade them again.",
    },
    "export.gradescope_old_python": {
        "fr": "taquin-grader demande Python 3.10 ou plus récent ; cette image Gradescope a {found} et "
        "aucun n'a pu être installé : choisissez une image de base Ubuntu 22.04 (Configure Autograder > "
        "Base image) et reconstruisez l'autograder",
        "en": "taquin-grader needs Python 3.10 or newer; this Gradescope image has {found} and none could "
        "be installed: choose an Ubuntu 22.04 base image (Configure Autograder > Base image) and rebuild "
        "the autograder",
    },
    "export.cannot_write": {"fr": "impossible d'écrire {path} : {error}", "en": "cannot write {path}: {error}"},
    "export.written_files": {
        "fr": "{n} {n:fichier écrit|fichiers écrits} dans {out}",
        "en": "{n} {n:file|files} written in {out}",
    },
    "export.bad_out_of": {
        "fr": "--out-of doit être un nombre positif (reçu {value})",
        "en": "--out-of must be a positive number (got {value})",
    },
    "moodle.unreadable": {
        "fr": "feuille Moodle {path} illisible : {error}",
        "en": "Moodle worksheet {path} unreadable: {error}",
    },
    "moodle.not_worksheet": {
        "fr": "{path} n'est pas une feuille d'évaluation Moodle (colonnes : {headers})",
        "en": "{path} is not a Moodle grading worksheet (columns: {headers})",
    },
    "export.col.id": {"fr": "Identifiant", "en": "Id"},
    "export.col.name": {"fr": "Nom", "en": "Name"},
    "export.col.participant": {"fr": "Participant", "en": "Participant"},
    "export.col.status": {"fr": "Statut", "en": "Status"},
    "export.col.total": {"fr": "Total", "en": "Total"},
    "export.col.max": {"fr": "Maximum", "en": "Maximum"},
    "export.col.grade_on": {"fr": "Note sur {out_of}", "en": "Grade out of {out_of}"},
    "export.col.pronote_student": {"fr": "Élève", "en": "Student"},
    "export.col.question": {"fr": "Question", "en": "Question"},
    "export.col.title": {"fr": "Intitulé", "en": "Title"},
    "export.col.points": {"fr": "Points", "en": "Points"},
    "export.col.count": {"fr": "Copies comptées", "en": "Copies counted"},
    "export.col.mean": {"fr": "Moyenne", "en": "Mean"},
    "export.col.median": {"fr": "Médiane", "en": "Median"},
    "export.col.pass_rate": {"fr": "Taux de réussite (%)", "en": "Pass rate (%)"},
    "pdf.title": {"fr": "Taquin (X-ENS 2017) — retour de correction", "en": "Taquin (X-ENS 2017) — feedback"},
    "pdf.col.question": {"fr": "Q.", "en": "Q."},
    "pdf.col.title": {"fr": "Question", "en": "Question"},
    "pdf.col.points": {"fr": "Points", "en": "Points"},
    "pdf.col.status": {"fr": "Statut", "en": "Status"},
    "pdf.col.detail": {"fr": "Remarque", "en": "Remark"},
    "pdf.graded": {
        "fr": "Corrigé le {date} par taquin-grader {version}, graine {seed} ; isolation : {isolation}.",
        "en": "Graded on {date} by taquin-grader {version}, seed {seed}; isolation: {isolation}.",
    },
    "pdf.graded_questions": {
        "fr": "{questions} : corrigé le {date} par taquin-grader {version}, graine {seed} ; isolation : {isolation}.",
        "en": "{questions}: graded on {date} by taquin-grader {version}, seed {seed}; isolation: {isolation}.",
    },
    "pdf.isolation_unrecorded": {"fr": "non enregistrée", "en": "not recorded"},
    "pdf.graded_unrecorded": {
        "fr": "Corrigé le {date} ; la graine et l'isolation de cette correction, antérieure à leur "
        "enregistrement, ne sont pas connues.",
        "en": "Graded on {date}; the seed and isolation of this grading, older than their recording, are not known.",
    },
    "pdf.details": {
        "fr": "Le rapport détaillé (rapport.html) montre chaque contre-exemple.",
        "en": "The detailed report (rapport.html) shows every counterexample.",
    },
    # --- Similarity report ----------------------------------------------------------------------
    "similarity.boilerplate_unreadable": {
        "fr": "--boilerplate {path} illisible ({detail}) : donnez un fichier .py en UTF-8",
        "en": "--boilerplate {path} cannot be read ({detail}): give a .py file in UTF-8",
    },
    "similarity.title": {
        "fr": "Similarités entre copies (paires à examiner)",
        "en": "Similarities between submissions (pairs to review)",
    },
    "similarity.caution": {
        "fr": "Ce rapport classe des paires de fichiers à relire ; ce n'est pas un verdict. Une "
        "similarité élevée peut venir d'un code court, d'un algorithme classique écrit de "
        "la même façon, d'une aide autorisée ou d'un travail en commun permis : seule la "
        "lecture des deux fichiers permet d'en juger. Calculé sur cette machine, aucun code "
        "n'a été envoyé.",
        "en": "This report ranks pairs of files to read; it is not a verdict. A high similarity "
        "can come from short code, a classic algorithm written the usual way, allowed help "
        "or permitted group work: only reading both files can tell. Computed on this "
        "machine; no code was sent anywhere.",
    },
    "similarity.method": {
        "fr": "Méthode : empreintes de fragments (winnowing, bibliothèque copydetect) après "
        "normalisation des noms, chaînes et commentaires ; seul le code fourni est exclu (le squelette "
        "de l'énoncé et les fichiers donnés avec --boilerplate, comme une fonction dictée en classe) : "
        "un fragment que presque toute la classe partage compte. Score : part des fragments restants "
        "communs aux deux fichiers. Des copies reliées par des paires semblables à {link} % ou plus "
        "forment un groupe, donné avec la part de leur code que toutes ont en commun.",
        "en": "Method: fragment fingerprints (winnowing, the copydetect library) after names, "
        "strings and comments are normalised; only the code handed out is left out (the exam's stub "
        "and the files given with --boilerplate, such as a function dictated in class): a fragment "
        "almost the whole class shares counts. Score: the share of the remaining fragments the two "
        "files have in common. Submissions linked by pairs {link}% or more similar form a group, given "
        "with the share of their code all of them have.",
    },
    "similarity.module_info": {
        "fr": "{n} copies comparées ; code fourni exclu : {stubs}",
        "en": "{n} submissions compared; code handed out left out: {stubs}",
    },
    "similarity.cluster": {
        "fr": "{n} copies sur {total} partagent {pct} % de {module}.py :",
        "en": "{n} of {total} submissions share {pct}% of {module}.py:",
    },
    "similarity.back": {"fr": "← Toutes les paires", "en": "← All pairs"},
    "similarity.student_a": {"fr": "Copie A", "en": "Submission A"},
    "similarity.student_b": {"fr": "Copie B", "en": "Submission B"},
    "similarity.score": {"fr": "Similarité", "en": "Similarity"},
    "similarity.shares": {"fr": "Part de A · de B", "en": "Share of A · of B"},
    "similarity.compare": {"fr": "comparer", "en": "compare"},
    "similarity.no_pairs": {"fr": "Aucune paire n'a de fragment commun.", "en": "No pair shares a fragment."},
    "similarity.nothing": {
        "fr": "Moins de deux copies par fichier : rien à comparer.",
        "en": "Fewer than two submissions per file: nothing to compare.",
    },
    "similarity.legend": {
        "fr": "Surligné : fragments communs aux deux fichiers (noms de variables mis à part).",
        "en": "Highlighted: fragments both files share (variable names aside).",
    },
    "similarity.share": {"fr": "{pct} % de ce fichier en commun", "en": "{pct}% of this file shared"},
    "similarity.no_copydetect": {
        "fr": "le rapport de similarité demande copydetect : pip install "
        "'taquin-grader[similarity]' (ou pip install copydetect)",
        "en": "the similarity report needs copydetect: pip install "
        "'taquin-grader[similarity]' (or pip install copydetect)",
    },
    "similarity.written": {"fr": "rapport de similarité : {index}", "en": "similarity report: {index}"},
}
