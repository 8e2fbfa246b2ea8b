"""The command line's messages: every sub-command's help and output (`grader check`, `grade`, `report`,
`kit`, `solve`, `serve`, `worker`, `submit`...)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "cli.only_written": {
        "fr": "{ids} : {count:question rédigée, corrigée|questions rédigées, corrigées} à la main ; rien à "
        "vérifier ici (les questions vérifiées : « grader questions »)",
        "en": "{ids}: written {count:question|questions}, marked by hand; nothing to check here (the checked "
        "questions: `grader questions`)",
    },
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
    "cli.sandbox": {"fr": "{sentence} Détails : --details.", "en": "{sentence} Details: --details."},
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
    "cli.help.unmarked": {
        "fr": "une question rédigée notée au barème mais pas encore notée à la main : blank (défaut) laisse "
        "vide la note de l'élève dans chaque export, zero la compte 0",
        "en": "a written question worth points but not marked yet: blank (default) leaves the student's grade "
        "blank in every export, zero counts it as 0",
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
    "kit.own_functions": {
        "fr": "noté avec vos propres fonctions ({names}) : ce kit n'a pas le corrigé ; si l'une d'elles est "
        "fausse, l'erreur se reporte ici, alors que le correcteur de votre enseignant note aussi cette question "
        "avec les fonctions du corrigé",
        "en": "graded with your own functions ({names}): this kit has no model answer; if one of them is wrong, "
        "the error carries over here, whereas your teacher's grader also grades this question with the model "
        "answer's functions",
    },
    "kit.web_not_a_grade": {
        "fr": "Vérification pour vous, pas une note : le code de ce notebook s'exécute dans le même Python que "
        "le correcteur, il peut donc falsifier ce résultat ; seule la correction de votre enseignant compte.",
        "en": "A check for you, not a grade: this notebook's code runs in the same Python as the grader, so it "
        "can forge this result; only your teacher's grading counts.",
    },
    "kit.written": {
        "fr": "kit écrit dans {out} : {wheel}, exercices/ ({stubs}), LISEZMOI.md, INSTALLER.md. "
        "À distribuer tel quel : il ne contient aucun corrigé.",
        "en": "kit written in {out}: {wheel}, exercices/ ({stubs}), LISEZMOI.md, INSTALLER.md. "
        "Hand it out as it is: it holds no model answer.",
    },
    "kit.web_written": {
        "fr": "kit web écrit dans {out} ({mib} Mo, {count} {count:fichier|fichiers}) : à servir tel quel par un serveur "
        "web (page index.html) ; il ne contient aucun corrigé.",
        "en": "web kit written in {out} ({mib} MB, {count} {count:file|files}): serve it as it is from a web server "
        "(page index.html); it holds no model answer.",
    },
    "kit.fetch_failed": {
        "fr": "impossible d'obtenir {what} (npm pack, pip download : réseau, npm installé ?) :\n{detail}",
        "en": "could not fetch {what} (npm pack, pip download: network, npm installed?):\n{detail}",
    },
    "kit.node_missing": {
        "fr": "grader kit --web a besoin de Node.js (la commande node, introuvable) : il compile le Python de la "
        "page avec le Python de Pyodide et obtient Pyodide avec npm. Installez Node.js et npm (paquets nodejs et "
        "npm de la distribution, ou nodejs.org), puis relancez la commande ; grader kit --out n'en a pas besoin.",
        "en": "grader kit --web needs Node.js (the node command, not found): it compiles the page's Python with "
        "Pyodide's Python and fetches Pyodide with npm. Install Node.js and npm (the distribution's nodejs and npm "
        "packages, or nodejs.org), then run the command again; grader kit --out does not need them.",
    },
    "kit.integrity": {
        "fr": "{what} obtenu ne correspond pas à l'empreinte attendue : kit web refusé",
        "en": "{what} as fetched does not match its pinned digest: web kit refused",
    },
    "cli.help.kit_web": {
        "fr": "écrire plutôt le kit web (la vérification dans le navigateur) dans ce dossier (nouveau ou vide)",
        "en": "write the web kit instead (the check in the browser) in this folder (new or empty)",
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
    "solve.no_solver": {
        "fr": "`grader solve` est une commande de l'enseignant : le kit des élèves ne contient pas le solveur",
        "en": "`grader solve` is the teacher's command: the students' kit does not hold the solver",
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
    "cli.help.details": {
        "fr": "détailler les couches du bac à sable en place sur ce système",
        "en": "list the layers of the sandbox in force on this system",
    },
    "cli.help.html": {
        "fr": "écrire aussi un rapport HTML dans le dossier OUT",
        "en": "also write an HTML report in the folder OUT",
    },
    "cli.help.replay": {
        "fr": "montrer la recherche de la copie à côté de l'algorithme demandé même quand la vérification est "
        "réussie, sur la partie N (par défaut 1, la plus petite) : le jeu N du groupe « algorithme » de q4, q7 "
        "et q10, les parcours d'IDA* sur l'état profond N de q18, le graphe construit N de x1",
        "en": "show the submission's search beside the requested algorithm also when the check passes, on game "
        "N (default 1, the smallest): game N of the algorithm group of q4, q7 and q10, IDA*'s passes on "
        "q18's deep state N, x1's crafted graph N",
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
    "cli.help.similarity": {
        "fr": "classer les paires de copies semblables, à relire par une personne (calculé sur "
        "cette machine, rien n'est envoyé)",
        "en": "rank pairs of similar submissions for a person to review (computed locally, nothing uploaded)",
    },
    "cli.help.similarity_class": {
        "fr": "le dossier de la classe (comme pour grader grade)",
        "en": "the class folder (as for grader grade)",
    },
    "cli.help.similarity_out": {"fr": "dossier du rapport HTML", "en": "folder of the HTML report"},
    "cli.help.boilerplate": {
        "fr": "code fourni aux élèves, exclu (exercises/<module>.py l'est toujours)",
        "en": "code handed to students, left out (exercises/<module>.py always is)",
    },
    "cli.help.serve": {
        "fr": "démarre le service web de dépôt d'une classe (correcteurs compris)",
        "en": "start a class's web submission service (grading workers included)",
    },
    "cli.help.worker": {
        "fr": "lance les correcteurs de cette machine : ceux d'un service (CLASS_CONFIG) ou ceux de "
        "grader grade --broker (--broker URL)",
        "en": "run this machine's grading workers: a service's (CLASS_CONFIG) or those of "
        "grader grade --broker (--broker URL)",
    },
    "cli.help.broker": {
        "fr": "corrige sur les machines de grader worker --broker URL, par ce Redis (redis://hôte:6379/0)",
        "en": "grade on the machines running grader worker --broker URL, through this Redis (redis://host:6379/0)",
    },
    "cli.help.broker_worker": {
        "fr": "le Redis des travaux de grader grade --broker (redis://hôte:6379/0)",
        "en": "the Redis of grader grade --broker's jobs (redis://host:6379/0)",
    },
    "cli.help.processes": {
        "fr": "processus de correction sur cette machine (par défaut : workers de la configuration, "
        "ou le nombre de cœurs)",
        "en": "grading processes on this machine (default: the configuration's workers, or the number of cores)",
    },
    "cli.help.submit": {
        "fr": "dépose une copie auprès d'un service et affiche le verdict",
        "en": "submit to a service and print the verdict",
    },
    "cli.help.config": {"fr": "configuration de la classe (TOML)", "en": "the class's configuration (TOML)"},
    "cli.help.host": {
        "fr": "adresse d'écoute (127.0.0.1 par défaut)",
        "en": "address to listen on (default 127.0.0.1)",
    },
    "cli.help.port": {"fr": "port d'écoute", "en": "port to listen on"},
    "cli.help.url": {"fr": "adresse du service", "en": "the service's address"},
    "cli.help.token": {"fr": "votre jeton (la fin de votre lien)", "en": "your token (the end of your link)"},
    "cli.help.no_wait": {"fr": "ne pas attendre le verdict", "en": "do not wait for the verdict"},
}
