"""Phone and RTL details (issue 14 item 6): signed numbers isolated in <bdi>, score inputs
with a minus on every keypad, translated 403/404/CSRF pages, translated audit lines."""

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from config.views import server_error
from core.bidi import isolated
from core.models import AuditEntry
from draws.actions import publish_draw
from games.actions import organizer_set_result, submit_result
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture
from tests.roundsupport import make_organizer, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A Hebrew request leaves Hebrew active in this thread; later tests expect English."""
    yield
    translation.activate("en")


HE = {"HTTP_ACCEPT_LANGUAGE": "he"}


def test_isolated_wraps_signed_numbers_in_a_left_to_right_bdi():
    assert isolated(-20) == '<bdi dir="ltr" class="number">-20</bdi>'
    assert isolated([31, -5]) == (
        '<bdi dir="ltr" class="number">31</bdi> / <bdi dir="ltr" class="number">-5</bdi>'
    )
    assert isolated("<b>") == '<bdi dir="ltr" class="number">&lt;b&gt;</bdi>'
    assert isolated(None) == ""


def test_table_page_isolates_every_score_in_hebrew(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[-20, -31, 50, 101])
    client.force_login(b)
    body = client.get(reverse("games:table", args=[table.pk]), **HE).content.decode()
    assert body.count('<bdi dir="ltr" class="number">-31</bdi>') == 2  # current and history


def test_score_inputs_offer_a_minus_on_every_keypad(client, table):
    client.force_login(seated_users(table)[0])
    body = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'inputmode="numeric"' not in body.split('id="enter-h"')[1].split("</form>")[0]
    assert body.count('inputmode="text" pattern="[\\-+]?[0-9]{1,6}"') == 4
    assert body.count('class="sign-toggle" data-for="score-') == 4
    assert "web/score-sign.js" in body


def test_403_page_is_a_translated_page(client, table):
    client.force_login(make_user())
    response = client.get(reverse("games:table", args=[table.pk]), **HE)
    assert response.status_code == 403
    body = response.content.decode()
    assert '<html lang="he" dir="rtl">' in body
    assert "אין הרשאה" in body and "403 Forbidden" not in body


def test_404_page_is_translated(client):
    response = client.get("/no-such-page/", **HE)
    assert response.status_code == 404
    assert "הדף לא נמצא" in response.content.decode()


def test_csrf_failure_is_a_translated_page(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(seated_users(table)[0])
    response = client.post(reverse("games:submit", args=[table.pk]), {"score-0": "1"}, **HE)
    assert response.status_code == 403
    body = response.content.decode()
    assert "פג תוקף הטופס" in body and "CSRF" not in body


def test_audit_lines_are_translated_sentences(client, table):
    organizer = make_organizer(table.round.season)
    table.round.draw_published_at = None  # the fixture's draw is published: publish it here
    table.round.save(update_fields=["draw_published_at"])
    publish_draw(table.round, actor=organizer)
    organizer_set_result(table, actor=organizer, scores=[88, 60, 60, -5])
    AuditEntry.objects.create(league=table.round.season.league, action="draw", summary="old text")
    client.force_login(organizer)
    body = client.get(reverse("manage:audit"), **HE).content.decode()
    assert "publish_draw" not in body and "result set to" not in body
    assert "ההגרלה פורסמה" in body
    assert '<bdi dir="ltr" class="number">-5</bdi>' in body
    assert "old text" in body  # a free-text entry shows as it is


def test_500_page_is_translated():
    with translation.override("he"):
        try:
            raise ValueError("boom")
        except ValueError:
            response = server_error(RequestFactory().get("/tables/5/"))
    body = response.content.decode()
    assert response.status_code == 500 and "Something went wrong" not in body
    assert any("\u0590" <= ch <= "\u05ff" for ch in body)
