"""Player routes: a table's result entry and confirmation, and the seat links (/me/ and
registering are web's)."""

from django.urls import path

from games.views import drafts, results, seat_links

app_name = "games"

urlpatterns = [
    path("tables/<int:table_id>/", results.table_result, name="table"),
    path("tables/<int:table_id>/sheet/", results.table_sheet, name="sheet"),
    path("tables/<int:table_id>/submit/", results.submit, name="submit"),
    path("tables/<int:table_id>/confirm/", results.confirm, name="confirm"),
    path("tables/<int:table_id>/dispute/", results.dispute, name="dispute"),
    path("tables/<int:table_id>/check/", results.check, name="check"),
    path("tables/<int:table_id>/draft/", drafts.save_draft, name="draft"),
    path("links/<str:token>/", seat_links.open_link, name="seat_link"),
]
