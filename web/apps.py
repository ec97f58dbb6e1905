"""App config for the web app: stale cached pages are dropped when their data changes."""

from django.apps import AppConfig
from django.apps import apps as django_apps
from django.db.models.signals import post_delete, post_save

# The models whose rows the public pages show (app label, model name).
PAGE_DATA_MODELS = (
    ("league", "League"),
    ("league", "Season"),
    ("league", "Round"),
    ("league", "Registration"),
    ("league", "Table"),
    ("league", "Seat"),
    ("league", "Player"),
    ("league", "DrawRecord"),
    ("league", "DrawChange"),
    ("games", "Game"),
    ("games", "GameResult"),
    ("publishing", "SeasonSnapshot"),
    ("publishing", "RatingSnapshot"),
    ("rating", "RatingChange"),
)


class WebConfig(AppConfig):
    name = "web"

    def ready(self) -> None:
        from league.signals import season_results_changed
        from web.page_cache import bump_generation

        for app_label, model_name in PAGE_DATA_MODELS:
            model = django_apps.get_model(app_label, model_name)
            for signal in (post_save, post_delete):
                signal.connect(
                    bump_generation, sender=model, dispatch_uid=f"web-pages-{model_name}"
                )
        # A user's save or delete makes every signed-in visitor's pass at the door worthless.
        from django.contrib.auth import get_user_model

        from web.signed_door import users_changed

        for signal in (post_save, post_delete):
            signal.connect(users_changed, sender=get_user_model(), dispatch_uid="web-door-users")
        # Bulk writes (imports, status updates) send no model signals but announce this.
        season_results_changed.connect(bump_generation, dispatch_uid="web-pages-results")
        # The pages' versions (web.versions) follow the domain's announcement.
        from league.signals import season_changed
        from web.versions import on_season_changed

        season_changed.connect(on_season_changed, dispatch_uid="web-page-versions")
