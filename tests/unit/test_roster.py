"""Class lists as teachers export them, joined to submissions by participant id or by name."""

import pytest

from grader.errors import InputError
from grader.intake.roster import Student, join, read_roster
from grader.results.records import SubmissionResult


def _write(tmp_path, name: str, text: str, encoding: str = "utf-8") -> object:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_moodle_participants_export_comma_utf8_bom(tmp_path):
    path = _write(
        tmp_path,
        "participants.csv",
        "Prénom,Nom,Adresse de courriel,Rôles,Groupes\n"
        "Élodie,Lefèvre,elodie@lycee.fr,Étudiant,MP2I A\n"
        "Paul,Durand,paul@lycee.fr,Étudiant,MP2I B\n",
        "utf-8-sig",
    )
    assert read_roster(path) == [
        Student("Élodie Lefèvre", "", "elodie@lycee.fr", "MP2I A"),
        Student("Paul Durand", "", "paul@lycee.fr", "MP2I B"),
    ]


def test_pronote_class_list_semicolon_windows_1252(tmp_path):
    path = _write(tmp_path, "classe.csv", "Élève;Né(e) le;Classe\nLEFÈVRE Élodie;01/02/2008;MP2I\n", "cp1252")
    assert read_roster(path) == [Student("LEFÈVRE Élodie", "", "", "MP2I")]


def test_simple_csv_without_header_is_nom_prenom_identifiant_email_groupe(tmp_path):
    path = _write(tmp_path, "liste.csv", "Durand;Paul;pdurand;paul@lycee.fr;B\n\nN'Diaye;Zoé;zn;;A\n")
    assert read_roster(path) == [
        Student("Paul Durand", "pdurand", "paul@lycee.fr", "B"),
        Student("Zoé N'Diaye", "zn", "", "A"),
    ]


def test_moodle_grading_worksheet_gives_participant_ids(tmp_path):
    path = _write(
        tmp_path,
        "notes.csv",
        "Identifiant,Nom complet,Adresse de courriel,Statut\nParticipant 1001,Élodie Lefèvre,e@l.fr,Remis\n",
    )
    (student,) = read_roster(path)
    assert (student.name, student.participant) == ("Élodie Lefèvre", "1001")


def test_canvas_gradebook_export_is_a_roster_without_moodle_ids(tmp_path):
    """Canvas's gradebook export (gradebook_importer.rb's header): "Points Possible" and muted rows are
    no students, "Section" is the group, an email login is the email; Canvas's own "ID" is never
    taken for a Moodle participant number (it would be written as "Participant501" to Moodle)."""
    path = _write(
        tmp_path,
        "Grades-MP2I.csv",
        "Student,ID,SIS User ID,SIS Login ID,Section,Taquin (4242)\n"
        "    Points Possible,,,,,20.00\n"
        ",,,,,Muted\n"
        '"Lefèvre, Élodie",501,S-1,elodie@lycee.fr,MP2I A,\n'
        '"Durand, Paul",502,S-2,pdurand,MP2I B,\n',
        "utf-8-sig",
    )
    students = read_roster(path)
    assert students == [
        Student("Lefèvre, Élodie", "", "elodie@lycee.fr", "MP2I A"),
        Student("Durand, Paul", "", "", "MP2I B"),
    ]


def test_prairielearn_roster_uid_is_the_email(tmp_path):
    path = _write(tmp_path, "roster.csv", "UID,UIN,Name\nelodie@lycee.fr,111,Élodie Lefèvre\n")
    assert read_roster(path) == [Student("Élodie Lefèvre", "", "elodie@lycee.fr", "")]


def test_excel_unicode_text_is_utf16_with_tabs(tmp_path):
    path = _write(tmp_path, "liste.txt", "Nom\tPrénom\nLEFÈVRE\tÉlodie\n", "utf-16")
    assert read_roster(path) == [Student("Élodie LEFÈVRE", "", "", "")]


@pytest.mark.parametrize(
    "name, content, key",
    [
        ("liste.xlsx", "PK", "roster.spreadsheet"),
        ("vide.csv", "\n\n", "roster.empty"),
        ("sans-nom.csv", "email;groupe\na@b;1\n", "roster.no_names"),
        ("liste.csv", "PK\x03\x04\x14\x00\x06\x00", "roster.not_text"),  # an .xlsx renamed .csv
        ("photo.csv", "\x89PNG\r\n\x1a\n\x00\x00", "roster.not_text"),
    ],
)
def test_unusable_rosters_are_usage_errors(tmp_path, name, content, key):
    with pytest.raises(InputError) as refused:
        read_roster(_write(tmp_path, name, content))
    assert refused.value.exit_status == 2 and refused.value.key == key


def test_a_folder_given_as_the_roster_is_named_as_unreadable_not_missing(tmp_path):
    with pytest.raises(InputError) as refused:
        read_roster(tmp_path)
    assert refused.value.key == "roster.unreadable"
    assert refused.value.message("fr").startswith(f"{tmp_path} : liste de classe illisible")


def _row(sid, name="", participant=""):
    return SubmissionResult(id=sid, total=0.0, max=0.0, name=name, participant=participant)


def test_join_by_participant_then_by_normalised_name_absent_and_unmatched_reported():
    roster = [
        Student("Élodie Lefèvre", "Participant 1001", "e@l.fr", "A"),  # by participant id
        Student("DUPONT Jean-Noël", "", "j@d.fr", "B"),  # by name, order and accents aside
        Student("Paul Durand", "", "p@d.fr", "B"),
    ]  # did not submit
    results = [
        _row("lefevre_1001", "Lefèvre Élodie (compte 2)", "1001"),
        _row("dupont_jean_noel", "dupont jean noel"),
        _row("inconnu", "Intrus Total"),
    ]
    rows, notices = join(results, roster, lambda student, sid: _row(sid, student.name))
    by_id = {r.id: r for r in rows}
    assert sorted(by_id) == ["dupont_jean_noel", "inconnu", "lefevre_1001", "paul-durand"]
    assert (by_id["lefevre_1001"].name, by_id["lefevre_1001"].email, by_id["lefevre_1001"].group) == (
        "Élodie Lefèvre",
        "e@l.fr",
        "A",
    )
    assert by_id["dupont_jean_noel"].email == "j@d.fr"
    assert by_id["paul-durand"].name == "Paul Durand"
    assert notices == [("roster.unmatched", {"id": "inconnu", "name": "Intrus Total"})]


def test_homonyms_are_matched_by_id_only_and_reported():
    roster = [Student("Léa Martin", "Participant 1"), Student("Lea MARTIN", "Participant 2")]
    rows, notices = join(
        [_row("lea-martin_2", "Léa Martin", "2"), _row("lea_martin", "lea martin")],
        roster,
        lambda student, sid: _row(sid, student.name),
    )
    assert ("roster.homonyms", {"name": "Léa Martin", "count": 2}) in notices
    assert ("roster.unmatched", {"id": "lea_martin", "name": "lea martin"}) in notices
    assert sorted(r.id for r in rows) == ["lea-martin_1", "lea-martin_2", "lea_martin"]


@pytest.mark.parametrize("order", [1, -1])
def test_a_roster_line_two_submissions_match_by_name_is_nobodys_whatever_their_order(order):
    """`Léa Martin` and `lea.martin` are two students of a class: neither takes the roster's Léa (her
    email, her Moodle number), whichever comes first; a participant number is decided by the LMS."""
    roster = [Student("Léa Martin", "Participant 7", "lea@l.fr"), Student("Zoé Roux", "Participant 8", "z@l.fr")]
    results = [_row("lea-martin-2fcc1a9c4b", "Léa Martin"), _row("lea.martin", "lea.martin")][::order]
    results.append(_row("zoe-roux-4aeaba4b61", "Zoé Roux"))  # by name: one submission only
    results.append(_row("zoe_8", "Z. R.", "8"))  # by the LMS's number: takes her first
    rows, notices = join(results, roster, lambda student, sid: _row(sid, student.name))
    by_id = {r.id: r for r in rows}
    assert by_id["lea.martin"].participant == by_id["lea-martin-2fcc1a9c4b"].participant == ""
    assert "" == by_id["lea.martin"].email == by_id["lea-martin-2fcc1a9c4b"].email
    assert by_id["zoe_8"].email == "z@l.fr" and by_id["zoe-roux-4aeaba4b61"].email == ""
    assert ("roster.claimed", {"name": "Léa Martin", "ids": ", ".join(r.id for r in results[:2])}) in notices
    assert len(rows) == 4  # nobody absent: Léa handed something in, her row is hers to find
